/// How an operator of `<mo>` sits in UnicodeMath's linear format (UTN #28 §2.1, §3.2): relations and binary
/// operators get a space on each side at the top level of a formula, punctuation a space after it, n-ary operators
/// and functions a space before their operand; inside scripts, fractions and roots there are none, as UTN #28 writes
/// `a_(i+1)` and `(a+b)/c`. The classes follow the MathML operator dictionary (MathML 3 Appendix C) for the
/// operators books use; an `<mo>` the tables do not know is an ordinary symbol.
enum MathOperators {
    enum Role: Equatable {
        /// `=`, `≤`, `∈`, `→`, …: a space on each side.
        case relation
        /// `+`, `−`, `×`, `∪`, …: a space on each side, none when used as a prefix (a unary minus).
        case binary
        /// `,` `;`: a space after.
        case punctuation
        case open, close
        /// `∑`, `∫`, `∏`, …: limits written as scripts, a space before the operand.
        case largeOperator
        /// U+2061–U+2064: nothing is written (function application becomes a space before a letter).
        case invisible
        /// Any other symbol or a word (`det`, `lim`): an operand.
        case ordinary
    }

    static func role(of text: String) -> Role {
        guard text.unicodeScalars.count == 1, let c = text.unicodeScalars.first else { return .ordinary }
        if relations.contains(c) { return .relation }
        if binaries.contains(c) { return .binary }
        if largeOperators.contains(c) { return .largeOperator }
        if c == "," || c == ";" { return .punctuation }
        if opening.contains(c) { return .open }
        if closing.contains(c) { return .close }
        if (0x2061...0x2064).contains(c.value) { return .invisible }
        return .ordinary
    }

    static let relations: Set<Unicode.Scalar> = Set("=<>≠≤≥≦≧≪≫≈≡≢≅≃∼≁∝≺≻≼≽∈∉∋∌⊂⊃⊆⊇⊊⊋⊄⊅⊈⊉⊏⊐⊑⊒→←↔⇒⇐⇔↦⟶⟵⟷⟹⟸⟺↪↩⇀⇁↑↓⊢⊨⊥∥∦∣∤≔≕≐≍≺≻∽≲≳⊲⊳⊴⊵⫽:".unicodeScalars)
    static let binaries: Set<Unicode.Scalar> = Set("+-−±∓×÷·⋅∗∘∙∪∩∧∨⊕⊖⊗⊘⊙⊠⊞⊟⊡∖⋆⋄⋃⋂⊎⊓⊔⋈★△▽⋉⋊⊛⊚⊝".unicodeScalars)
    static let largeOperators: Set<Unicode.Scalar> = Set("∑∏∐∫∬∭∮∯∰∱∲∳⋀⋁⋂⋃⨀⨁⨂⨄⨆⨉⨋⨌⨍⨏".unicodeScalars)
    static let opening: Set<Unicode.Scalar> = Set("([{⟨〈⌈⌊⟦⟮⦃".unicodeScalars)
    static let closing: Set<Unicode.Scalar> = Set(")]}⟩〉⌉⌋⟧⟯⦄".unicodeScalars)

    /// Names written upright with limits below in display (`lim_(x→0)`, UTN #28 §3.3) and a space before their
    /// argument.
    static let functionNames: Set<String> = ["lim", "liminf", "limsup", "max", "min", "sup", "inf", "det", "dim",
                                             "gcd", "lcm", "arg", "deg", "exp", "ker", "log", "ln", "lg", "sin",
                                             "cos", "tan", "cot", "sec", "csc", "sinh", "cosh", "tanh", "coth",
                                             "arcsin", "arccos", "arctan", "Pr", "hom", "rank", "tr", "mod"]
    /// Names whose under/over scripts are limits (`lim_(n→∞)`), as n-ary operators' are.
    static let limitNames: Set<String> = ["lim", "liminf", "limsup", "max", "min", "sup", "inf", "det", "gcd", "Pr"]

    /// The combining mark UTN #28 §3.6 writes after a base for an accent character set over it by `<mover>`
    /// (under it, for `<munder>`: only the low line).
    static let overAccents: [Character: Character] = [
        "¯": "\u{0304}", "‾": "\u{0305}", "\u{0305}": "\u{0305}", "\u{0304}": "\u{0304}",
        "→": "\u{20D7}", "⃗": "\u{20D7}", "←": "\u{20D6}", "↔": "\u{20E1}",
        "^": "\u{0302}", "ˆ": "\u{0302}", "\u{0302}": "\u{0302}", "~": "\u{0303}", "˜": "\u{0303}", "\u{0303}": "\u{0303}",
        "˙": "\u{0307}", "\u{0307}": "\u{0307}", "¨": "\u{0308}", "\u{0308}": "\u{0308}", "ˇ": "\u{030C}",
        "\u{030C}": "\u{030C}", "´": "\u{0301}", "`": "\u{0300}", "˘": "\u{0306}", "\u{0306}": "\u{0306}",
        "˚": "\u{030A}", "⃛": "\u{20DB}",
    ]
    static let underAccents: [Character: Character] = ["_": "\u{0332}", "‾": "\u{0332}", "\u{0332}": "\u{0332}", "¯": "\u{0331}",
                                                       "~": "\u{0330}", "∼": "\u{0330}", "˜": "\u{0330}", "\u{0330}": "\u{0330}"]

    /// Vulgar fractions for a digit over a digit (Unicode Number Forms), used by `<mfrac>` when one exists.
    static let vulgarFractions: [String: String] = [
        "1/2": "½", "1/3": "⅓", "2/3": "⅔", "1/4": "¼", "3/4": "¾", "1/5": "⅕", "2/5": "⅖", "3/5": "⅗",
        "4/5": "⅘", "1/6": "⅙", "5/6": "⅚", "1/7": "⅐", "1/8": "⅛", "3/8": "⅜", "5/8": "⅝", "7/8": "⅞", "1/9": "⅑",
    ]
}
