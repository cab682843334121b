/// Unicode's superscript and subscript characters, and the linear notation used when a text has none
/// (issue 16). Character cells cannot raise a glyph, so "2⁷" must stay "2⁷" and never become "27": a
/// raised or lowered run is written with the Unicode forms when every one of its characters has one, and as
/// `^(…)`/`_(…)` (UnicodeMath, UTN #28 §2.2) when not. One table serves the XHTML importer, the Markdown
/// reader, the MathML converter and the HTML renderer (which maps the forms back inside real `<sup>`/`<sub>`).
public enum ScriptForms {
    public enum Position: Sendable { case superscript, `subscript` }

    /// The superscript form of each character that has one (Unicode blocks Superscripts and Subscripts, Latin-1
    /// ², ³, ¹, Spacing Modifier Letters and Phonetic Extensions; only letters whose form is a true superscript
    /// of the same letter).
    public static let superscripts: [Character: Character] = [
        "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹",
        "+": "⁺", "-": "⁻", "\u{2212}": "⁻", "=": "⁼", "(": "⁽", ")": "⁾",
        "a": "ᵃ", "b": "ᵇ", "c": "ᶜ", "d": "ᵈ", "e": "ᵉ", "f": "ᶠ", "g": "ᵍ", "h": "ʰ", "i": "ⁱ", "j": "ʲ",
        "k": "ᵏ", "l": "ˡ", "m": "ᵐ", "n": "ⁿ", "o": "ᵒ", "p": "ᵖ", "r": "ʳ", "s": "ˢ", "t": "ᵗ", "u": "ᵘ",
        "v": "ᵛ", "w": "ʷ", "x": "ˣ", "y": "ʸ", "z": "ᶻ",
        "A": "ᴬ", "B": "ᴮ", "D": "ᴰ", "E": "ᴱ", "G": "ᴳ", "H": "ᴴ", "I": "ᴵ", "J": "ᴶ", "K": "ᴷ", "L": "ᴸ",
        "M": "ᴹ", "N": "ᴺ", "O": "ᴼ", "P": "ᴾ", "R": "ᴿ", "T": "ᵀ", "U": "ᵁ", "V": "ⱽ", "W": "ᵂ",
    ]

    /// The subscript form of each character that has one (Superscripts and Subscripts block, U+2080–U+209C, and
    /// the Latin subscript letters of Phonetic Extensions).
    public static let subscripts: [Character: Character] = [
        "0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇", "8": "₈", "9": "₉",
        "+": "₊", "-": "₋", "\u{2212}": "₋", "=": "₌", "(": "₍", ")": "₎",
        "a": "ₐ", "e": "ₑ", "h": "ₕ", "i": "ᵢ", "j": "ⱼ", "k": "ₖ", "l": "ₗ", "m": "ₘ", "n": "ₙ", "o": "ₒ",
        "p": "ₚ", "r": "ᵣ", "s": "ₛ", "t": "ₜ", "u": "ᵤ", "v": "ᵥ", "x": "ₓ",
    ]

    /// Each superscript or subscript form mapped back to its base character (U+2212 maps back to "-"'s form's
    /// first source, so the reverse of "⁻" is "-"), for renderers that can raise text themselves.
    public static let bases: [Character: Character] = {
        var out: [Character: Character] = [:]
        for table in [superscripts, subscripts] {
            for (base, form) in table where out[form] == nil || base == "-" { out[form] = base }
        }
        return out
    }()

    /// The Unicode forms of `text` when every character has one, nil otherwise (and for empty text). Spaces
    /// next to an operator (`n - 1`, a book's typographic spacing) are dropped, since a raised space has no form
    /// and the operator already separates its operands; any other space (two words) leaves the text without forms.
    public static func unicodeForms(_ text: String, _ position: Position) -> String? {
        guard !text.isEmpty else { return nil }
        let table = position == .superscript ? superscripts : subscripts
        let characters = Array(text)
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for (i, character) in characters.enumerated() {
            if character == " " {
                let before = characters[..<i].last { $0 != " " }
                let after = characters[(i + 1)...].first { $0 != " " }
                guard let before, let after, operators.contains(before) || operators.contains(after) else { return nil }
                continue
            }
            guard let form = table[character] else { return nil }
            out.append(form)
        }
        return out
    }

    /// Characters around which a script's spaces are typographic only.
    private static let operators: Set<Character> = ["+", "-", "\u{2212}", "=", "(", ")"]

    /// `text` written for a character cell in `position`: its Unicode forms when every character has one, else
    /// UnicodeMath's `^`/`_` with the text in parentheses unless it is a single character (`e^(iπ)`, `x^*`).
    /// Spaces around the text are trimmed first: they cannot be raised and would read as a gap.
    public static func linear(_ text: String, _ position: Position) -> String {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { return text }
        if let forms = unicodeForms(trimmed, position) { return forms }
        let mark = position == .superscript ? "^" : "_"
        return trimmed.count == 1 ? mark + trimmed : mark + "(" + trimmed + ")"
    }

    /// `bases` keyed by scalar: every form is one scalar, so a Character is a key of `bases` exactly when it is one
    /// scalar that is a key here (`CharacterLookupTests` holds the two to each other over the BMP). A `Character` key
    /// costs about 1,200 instructions to hash, a scalar's value a tenth of it (issue 19).
    private static let scalarBases: [UInt32: Character] = Dictionary(uniqueKeysWithValues: bases.map { form, base in
        (form.unicodeScalars.first!.value, base)
    })

    /// `bases[c]`, found by the scalar.
    static func base(of c: Character) -> Character? {
        let scalars = c.unicodeScalars
        guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else { return nil }
        return scalarBases[first.value]
    }

    /// `text` with every superscript or subscript form replaced by its base character. Every form is beyond ASCII,
    /// so ASCII text (a note's own number, "1.") is returned without a lookup; notes ask twice each (issue 19).
    public static func baseText(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        guard text.contains(where: { base(of: $0) != nil }) else { return text }
        return String(text.map { base(of: $0) ?? $0 })
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces, tabs and newlines (Foundation is kept out of
    /// BookModel's hot paths).
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
