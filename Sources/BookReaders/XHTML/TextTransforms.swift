import Foundation

/// `text-transform` (CSS Text 3 §2.1) and `font-variant: small-caps`, applied to the text of the book as the
/// importer reads it: Quire draws characters, not glyphs, so a transform changes the characters themselves.
///
/// The order is the spec's: the case transform, then `full-width`, then `full-size-kana` (§2.1). Small caps are
/// shown as upper case (a small capital of a lower-case letter is drawn as its capital), whatever the case
/// transform, since cells have a single size.
///
/// Case mappings are Unicode's full ones (`ß` → `SS`) and follow the language (§2.1.1: "language-sensitive"):
/// with Foundation's (ICU's) locale-aware mappings, Turkish and Azeri dotted/dotless i, Greek upper case without
/// accents, and the final sigma (`ΟΔΟΣ` → `οδος`); ASCII text in any other language takes Swift's own mapping,
/// which is the same there and ten times cheaper. A transform may change the text's length (`ß` → `SS`, `ｶﾞ` →
/// `ガ`): the importer advances its source offset by the original text.
///
/// `capitalize` titlecases the first typographic letter unit of each word (§2.1.1). Whether the text so far ends
/// inside a word is kept between calls (`insideWord`), so a word split over two text nodes (`hel<b>lo</b>`) is
/// capitalized once; text of the same block shown without the transform should go through `skip(_:)`.
public struct TextTransformer: Sendable {
    public enum Case: Sendable, Equatable {
        case none, uppercase, lowercase, capitalize
    }

    public let textCase: Case
    public let fullWidth: Bool
    public let fullSizeKana: Bool
    /// Whether the text before the next call ends inside a word (for `capitalize`).
    public var insideWord = false
    private let locale: Locale?
    /// Turkish and Azeri map i/İ and ı/I differently, even in ASCII text.
    private let turkic: Bool

    public init(case textCase: Case, fullWidth: Bool = false, fullSizeKana: Bool = false, smallCaps: Bool = false,
                language: String? = nil) {
        self.textCase = smallCaps ? .uppercase : textCase
        self.fullWidth = fullWidth
        self.fullSizeKana = fullSizeKana
        let primary = language.map { $0.split(separator: "-").first.map(String.init) ?? $0 }?.lowercased()
        turkic = primary == "tr" || primary == "az"
        locale = self.textCase == .none ? nil : Locale(identifier: language ?? "")
    }

    /// True when `apply` returns every text unchanged, so the importer can skip the call.
    public var isIdentity: Bool { textCase == .none && !fullWidth && !fullSizeKana }

    public mutating func apply(_ text: String) -> String {
        if isIdentity { return text }
        var result = text
        switch textCase {
        case .none: break
        case .uppercase: result = fastASCII(result) ? result.uppercased() : result.uppercased(with: locale)
        case .lowercase: result = fastASCII(result) ? result.lowercased() : result.lowercased(with: locale)
        case .capitalize: result = capitalized(result)
        }
        if fullWidth { result = Self.fullWidth(result) }
        if fullSizeKana { result = Self.fullSizeKana(result) }
        return result
    }

    /// Text of the same block that this transformer does not change: only moves the word state along.
    public mutating func skip(_ text: String) {
        for character in text.reversed() where !Self.isApostrophe(character) {
            insideWord = Self.isWordCharacter(character)
            return
        }
    }

    private func fastASCII(_ text: String) -> Bool {
        !turkic && text.utf8.allSatisfy { $0 < 0x80 }
    }

    // MARK: capitalize

    private mutating func capitalized(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if Self.isApostrophe(character) {
                // don't, l'homme: an apostrophe neither starts nor ends a word (UAX #29 MidNumLet).
                out.append(character)
            } else if Self.isWordCharacter(character) {
                out += insideWord ? String(character) : titlecased(character)
                // Each ideograph or kana is a word of its own (UAX #29), so Latin after it starts a new word.
                insideWord = !Self.isCJK(character.unicodeScalars.first!)
            } else {
                out.append(character)
                insideWord = false
            }
        }
        return out
    }

    /// The letter unit in titlecase when it is lower case (§2.1.1: "if lowercase"): its first scalar titlecased
    /// (`ǆ` → `ǅ`, `ß` → `Ss`, Turkish `i` → `İ`), its marks kept.
    private func titlecased(_ character: Character) -> String {
        let scalars = character.unicodeScalars
        let first = scalars.first!
        guard first.properties.isLowercase else { return String(character) }
        let head = turkic && first == "i" ? "\u{130}" : first.properties.titlecaseMapping
        return head + String(String.UnicodeScalarView(scalars.dropFirst()))
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        switch character.unicodeScalars.first!.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark:
            return true
        default:
            return false
        }
    }

    private static func isApostrophe(_ character: Character) -> Bool {
        character == "'" || character == "\u{2019}" || character == "\u{2BC}"
    }

    private static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value) || (0x31F0...0x31FF).contains(scalar.value)
    }
}

// MARK: full-width and full-size-kana

extension TextTransformer {
    /// `full-width` (CSS Text 3 §2.1.2): every character that has a fullwidth form takes it: ASCII printable
    /// characters their U+FF01… forms, the space U+3000, ¢ £ ¬ ¯ ¦ ¥ ₩ ⦅ ⦆ theirs, and the halfwidth katakana and
    /// Hangul letters their ordinary (wide) forms, a halfwidth voiced mark composing with the kana before it
    /// (`ｶﾞ` → `ガ`). The halfwidth symbols U+FFE8…U+FFEE stay: their counterparts are narrow or ambiguous.
    static func fullWidth(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x20: out.append("\u{3000}")
            case 0x21...0x7E: out.append(Unicode.Scalar(v + 0xFEE0)!)
            case 0xFF61...0xFF9D:
                out.append(halfwidthKatakana[Int(v - 0xFF61)])
            case 0xFF9E, 0xFF9F:
                let mark: Unicode.Scalar = v == 0xFF9E ? "\u{3099}" : "\u{309A}"
                if let base = out.last, let composed = compose(base, mark) {
                    out.removeLast()
                    out.append(composed)
                } else {
                    out.append(v == 0xFF9E ? "\u{309B}" : "\u{309C}")  // the spacing marks ゛ ゜
                }
            case 0xFFA0...0xFFDC: out.append(halfwidthHangul(v) ?? scalar)
            default: out.append(fullwidthSigns[v].flatMap(Unicode.Scalar.init) ?? scalar)
            }
        }
        return String(out)
    }

    /// `full-size-kana` (CSS Text 3 §2.1.3 and its Appendix G table): small kana become their full-size forms.
    static func fullSizeKana(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { smallKana[$0.value] != nil }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(smallKana[scalar.value].flatMap(Unicode.Scalar.init) ?? scalar)
        }
        return String(out)
    }

    /// The canonical composition of a kana and a combining voiced mark (カ + ゛ → ガ), when Unicode has one.
    private static func compose(_ base: Unicode.Scalar, _ mark: Unicode.Scalar) -> Unicode.Scalar? {
        let composed = (String(base) + String(mark)).precomposedStringWithCanonicalMapping.unicodeScalars
        return composed.count == 1 ? composed.first : nil
    }

    /// U+FF61…U+FF9D in order: their <narrow> decompositions (UnicodeData.txt).
    private static let halfwidthKatakana = Array("。「」、・ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン".unicodeScalars)

    /// Halfwidth Hangul letters (U+FFA0…U+FFDC) to the compatibility jamo they decompose to (U+3164, U+3131…).
    private static func halfwidthHangul(_ v: UInt32) -> Unicode.Scalar? {
        switch v {
        case 0xFFA0: return "\u{3164}"
        case 0xFFA1...0xFFBE: return Unicode.Scalar(v - 0xFFA1 + 0x3131)
        case 0xFFC2...0xFFC7: return Unicode.Scalar(v - 0xFFC2 + 0x314F)
        case 0xFFCA...0xFFCF: return Unicode.Scalar(v - 0xFFCA + 0x3155)
        case 0xFFD2...0xFFD7: return Unicode.Scalar(v - 0xFFD2 + 0x315B)
        case 0xFFDA...0xFFDC: return Unicode.Scalar(v - 0xFFDA + 0x3161)
        default: return nil
        }
    }

    /// The characters whose <wide> forms sit in U+FF5F…U+FF60 and U+FFE0…U+FFE6.
    private static let fullwidthSigns: [UInt32: UInt32] = [
        0xA2: 0xFFE0, 0xA3: 0xFFE1, 0xAC: 0xFFE2, 0xAF: 0xFFE3, 0xA6: 0xFFE4, 0xA5: 0xFFE5, 0x20A9: 0xFFE6,
        0x2985: 0xFF5F, 0x2986: 0xFF60,
    ]

    /// Small kana to full-size kana (CSS Text 3 Appendix G).
    private static let smallKana: [UInt32: UInt32] = {
        var table: [UInt32: UInt32] = [:]
        // ぁぃぅぇぉっゃゅょゎゕゖ and ァィゥェォッャュョヮヵヶ
        for (small, full) in [(0x3041, 0x3042), (0x3043, 0x3044), (0x3045, 0x3046), (0x3047, 0x3048), (0x3049, 0x304A),
                              (0x3063, 0x3064), (0x3083, 0x3084), (0x3085, 0x3086), (0x3087, 0x3088), (0x308E, 0x308F),
                              (0x3095, 0x304B), (0x3096, 0x3051)] as [(UInt32, UInt32)] {
            table[small] = full
            table[small + 0x60] = full + 0x60
        }
        // ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ: クシストヌハヒフヘホムラリルレロ
        for (i, full) in Array("クシストヌハヒフヘホムラリルレロ".unicodeScalars).enumerated() {
            table[0x31F0 + UInt32(i)] = full.value
        }
        // Halfwidth ｧｨｩｪｫｬｭｮｯ: ｱｲｳｴｵﾔﾕﾖﾂ
        for (small, full) in zip(0xFF67...0xFF6F as ClosedRange<UInt32>, [0xFF71, 0xFF72, 0xFF73, 0xFF74, 0xFF75, 0xFF94, 0xFF95, 0xFF96, 0xFF82] as [UInt32]) {
            table[small] = full
        }
        // Kana Small Extension: small ko (hiragana, katakana), small wi, we, wo (hiragana), wi, we, wo, n (katakana).
        for (small, full) in [(0x1B132, 0x3053), (0x1B150, 0x3090), (0x1B151, 0x3091), (0x1B152, 0x3092), (0x1B155, 0x30B3),
                              (0x1B164, 0x30F0), (0x1B165, 0x30F1), (0x1B166, 0x30F2), (0x1B167, 0x30F3)] as [(UInt32, UInt32)] {
            table[small] = full
        }
        return table
    }()
}
