import BookModel

/// The marker text of a list item in a predefined counter style (CSS Counter Styles 3): the counter's
/// representation followed by the style's suffix (". " for the Latin styles, "、" for the CJK ones, " " for the
/// bullets), or the string of a string marker as written. Every rule of a style (its symbols, range, negative
/// sign, padding, suffix and fallback) lives in `spec(of:)`, read off the spec's `@counter-style` definitions.
enum CounterStyles {
    /// The marker of counter value `n` in `style`, suffix included; "" for `none` (no marker, no space taken).
    static func marker(_ n: Int, style: ListStyle) -> String {
        switch style {
        case .none: return ""
        case .string(let text): return text
        default:
            let spec = spec(of: style)
            return representation(n, spec) + spec.suffix
        }
    }

    /// How a counter style turns a number into symbols (CSS Counter Styles 3 §3.1 `system`).
    enum System {
        /// Symbols repeat, whatever the number (§3.1.1): the bullets.
        case cyclic([String])
        /// Place-value digits, `symbols[0]` being zero (§3.1.4).
        case numeric([String])
        /// Bijective base-n letters with no zero: a…z, aa, ab… (§3.1.3).
        case alphabetic([String])
        /// Sums of weighted symbols, largest first (§3.1.6): roman numerals, Japanese informal numbers.
        case additive([(Int, String)])
    }

    /// A predefined counter style: the descriptors of its `@counter-style` rule that Quire uses.
    struct Spec {
        var system: System
        /// Counter values the style can show (§3.4); others use `fallback`.
        var range: ClosedRange<Int>
        var suffix = ". "
        /// Put before the representation of a negative value (§3.2, only for styles that use one).
        var negative = "-"
        /// Minimum length in symbols, filled with `symbols[0]` (§3.6 `pad`; `decimal-leading-zero` pads to 2).
        var pad = 0
        /// The style used for values out of `range` (§3.7): decimal unless the style says otherwise.
        var fallback: ListStyle = .decimal
    }

    static func spec(of style: ListStyle) -> Spec {
        let all = Int.min...Int.max
        switch style {
        case .disc: return Spec(system: .cyclic(["•"]), range: all, suffix: " ")
        case .circle: return Spec(system: .cyclic(["◦"]), range: all, suffix: " ")
        case .square: return Spec(system: .cyclic(["▪"]), range: all, suffix: " ")
        case .decimal, .none, .string: return Spec(system: .numeric(decimalDigits), range: all)
        case .decimalLeadingZero: return Spec(system: .numeric(decimalDigits), range: all, pad: 2)
        case .lowerRoman: return Spec(system: .additive(lowerRoman), range: 1...3999)
        case .upperRoman: return Spec(system: .additive(roman), range: 1...3999)
        case .lowerAlpha: return Spec(system: .alphabetic(lowerLatin), range: 1...Int.max)
        case .upperAlpha: return Spec(system: .alphabetic(upperLatin), range: 1...Int.max)
        case .lowerGreek: return Spec(system: .alphabetic(greek), range: 1...Int.max)
        case .cjkDecimal: return Spec(system: .numeric(cjkDigits), range: 0...Int.max, suffix: "、")
        case .cjkIdeographic:
            return Spec(system: .additive(japaneseInformal), range: -9999...9999, suffix: "、", negative: "マイナス",
                        fallback: .cjkDecimal)
        case .hiragana: return Spec(system: .alphabetic(hiragana), range: 1...Int.max, suffix: "、")
        case .katakana: return Spec(system: .alphabetic(katakana), range: 1...Int.max, suffix: "、")
        case .hiraganaIroha: return Spec(system: .alphabetic(hiraganaIroha), range: 1...Int.max, suffix: "、")
        case .katakanaIroha: return Spec(system: .alphabetic(katakanaIroha), range: 1...Int.max, suffix: "、")
        }
    }

    /// The representation of `n` without suffix, falling back (to decimal, or `cjk-decimal` for Japanese
    /// numbers) when `n` is out of the style's range (§3.7). Only the representation falls back: the marker keeps
    /// its own style's suffix, as browsers draw it (hiragana's 0 is "0、").
    static func representation(_ n: Int, _ spec: Spec) -> String {
        guard spec.range.contains(n) else { return representation(n, self.spec(of: spec.fallback)) }
        // Negative values take the sign before the symbols of their magnitude (§3.2); cyclic styles have none.
        let usesNegative: Bool
        switch spec.system {
        case .cyclic: usesNegative = false
        default: usesNegative = n < 0
        }
        let magnitude = n.magnitude
        var symbols: [String]
        switch spec.system {
        case .cyclic(let cycle): symbols = [cycle[(n % cycle.count - 1 + cycle.count) % cycle.count]]
        case .numeric(let digits): symbols = numeric(magnitude, digits)
        case .alphabetic(let letters): symbols = alphabetic(magnitude, letters)
        case .additive(let weights): symbols = additive(magnitude, weights)
        }
        if case .numeric(let digits) = spec.system {
            // The pad shrinks by the negative sign's length so -5 in decimal-leading-zero is "-5" (§3.6).
            let width = spec.pad - (usesNegative ? spec.negative.count : 0)
            if symbols.count < width { symbols.insert(contentsOf: repeatElement(digits[0], count: width - symbols.count), at: 0) }
        }
        return (usesNegative ? spec.negative : "") + symbols.joined()
    }

    private static func numeric(_ n: UInt, _ digits: [String]) -> [String] {
        let base = UInt(digits.count)
        var n = n
        var out = [digits[Int(n % base)]]
        n /= base
        while n > 0 {
            out.append(digits[Int(n % base)])
            n /= base
        }
        return out.reversed()
    }

    /// Values start at 1 (alphabetic styles' range), so `n` is never 0 here.
    private static func alphabetic(_ n: UInt, _ letters: [String]) -> [String] {
        let base = UInt(letters.count)
        var n = n
        var out: [String] = []
        while n > 0 {
            n -= 1
            out.append(letters[Int(n % base)])
            n /= base
        }
        return out.reversed()
    }

    /// Zero is the weight-0 symbol when the style has one (〇 for Japanese); otherwise additive ranges exclude it.
    private static func additive(_ n: UInt, _ weights: [(Int, String)]) -> [String] {
        if n == 0 { return weights.last.map { $0.0 == 0 ? [$0.1] : [] } ?? [] }
        var n = n
        var out: [String] = []
        for (weight, symbol) in weights where weight > 0 {
            while n >= UInt(weight) {
                out.append(symbol)
                n -= UInt(weight)
            }
        }
        return out
    }

    private static func symbols(_ letters: String) -> [String] { letters.map(String.init) }

    // The symbols of CSS Counter Styles 3 §6.1 (numeric) and §6.2 (alphabetic), built once.
    private static let decimalDigits = symbols("0123456789")
    private static let cjkDigits = symbols("〇一二三四五六七八九")
    private static let lowerLatin = symbols("abcdefghijklmnopqrstuvwxyz")
    private static let upperLatin = symbols("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    /// No final sigma: ς is not a numeral letter.
    private static let greek = symbols("αβγδεζηθικλμνξοπρστυφχψω")
    private static let hiragana = symbols("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわゐゑをん")
    private static let katakana = symbols("アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヰヱヲン")
    private static let hiraganaIroha = symbols("いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえてあさきゆめみしゑひもせす")
    private static let katakanaIroha = symbols("イロハニホヘトチリヌルヲワカヨタレソツネナラムウヰノオクヤマケフコエテアサキユメミシヱヒモセス")

    private static let roman: [(Int, String)] = [
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"),
        (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]
    private static let lowerRoman = roman.map { ($0, $1.lowercased()) }

    /// `japanese-informal` (§7.1.1), which Quire uses for `cjk-ideographic`: 十, 百 and 千 without a leading 一
    /// (百十 for 110), zero digits dropped (百一 for 101), 〇 alone for zero.
    private static let japaneseInformal: [(Int, String)] = {
        let digits = symbols("一二三四五六七八九")
        var weights: [(Int, String)] = []
        for (unit, marker) in [(1000, "千"), (100, "百"), (10, "十"), (1, "")] {
            for d in (1...9).reversed() {
                weights.append((d * unit, d == 1 && unit > 1 ? marker : digits[d - 1] + marker))
            }
        }
        return weights + [(0, "〇")]
    }()
}
