/// The value grammars of `PropertyParser` that are more than one keyword.
extension PropertyParser {
    /// `display`: one keyword, or the two-keyword forms of CSS Display 3 (`block flow`, `inline flow-root`,
    /// `block list-item`), read by their outer role.
    static func displayValue(_ words: [ComponentValue]) -> S.Display? {
        let keys = words.compactMap { keyword($0) { $0 } }
        guard keys.count == words.count, (1...3).contains(keys.count) else { return nil }
        if keys.count == 1 {
            switch keys[0] {
            case "flex", "grid", "flow-root", "run-in", "flow", "-webkit-box": return .block
            case "inline-flex", "inline-grid", "-webkit-inline-box": return .inlineBlock
            case "ruby-base", "ruby-base-container", "ruby-text-container": return .inline
            default: return S.Display(rawValue: keys[0])
            }
        }
        if keys.contains("list-item") { return .listItem }
        if keys.contains("none") || keys.contains("contents") { return nil }
        let inline = keys.contains("inline"), flowRoot = keys.contains("flow-root")
        if keys.contains("table") { return inline ? .inlineTable : .table }
        return inline ? (flowRoot ? .inlineBlock : .inline) : .block
    }

    /// `<length-percentage>`; a unitless zero is a length (CSS Values 4 §6.1), other unitless numbers are invalid.
    static func length(_ v: ComponentValue) -> S.Length? {
        switch v {
        case .token(.dimension(let value, let unit, _)):
            return S.Length.Unit(rawValue: unit.asciiLowercased).map { S.Length(value, $0) }
        case .token(.percentage(let value)): return S.Length(value, .percent)
        case .token(.number(0, _)): return .zero
        default: return nil
        }
    }

    static func margin(_ v: ComponentValue) -> S.Margin? {
        if v.token?.isIdent("auto") == true { return .auto }
        return length(v).map(S.Margin.length)
    }

    /// Paddings are never negative (CSS Box 3 §4).
    static func padding(_ v: ComponentValue) -> S.Length? {
        guard let l = length(v), l.value >= 0 else { return nil }
        return l
    }

    /// The 1–4 value box shorthands: top, right, bottom, left, with the usual copying (CSS Box 3 §3.2).
    static func boxSides(_ words: [ComponentValue], _ sides: [Property], _ read: (ComponentValue) -> Value?) -> Longhands? {
        guard (1...4).contains(words.count) else { return nil }
        var values: [Value] = []
        for w in words { guard let v = read(w) else { return nil }; values.append(v) }
        let top = values[0], right = values.count > 1 ? values[1] : top
        let bottom = values.count > 2 ? values[2] : top, left = values.count > 3 ? values[3] : right
        return zip(sides, [top, right, bottom, left]).map { ($0, $1) }
    }

    /// The 1–2 value logical shorthands (`margin-inline: start end?`).
    static func pair(_ words: [ComponentValue], _ start: Property, _ end: Property, _ read: (ComponentValue) -> Value?) -> Longhands? {
        guard (1...2).contains(words.count), let a = read(words[0]) else { return nil }
        guard let b = words.count == 2 ? read(words[1]) : a else { return nil }
        return [(start, a), (end, b)]
    }

    /// `none | all | digits <integer [2,4]>?` (CSS Writing Modes 4 §9.1).
    static func textCombine(_ words: [ComponentValue]) -> S.TextCombine? {
        guard let first = words.first else { return nil }
        if words.count == 1 {
            return keyword(first) { $0 == "none" ? S.TextCombine.none : $0 == "all" ? .all : $0 == "digits" ? .digits(2) : nil }
        }
        guard words.count == 2, first.token?.isIdent("digits") == true,
              case .token(.number(let n, isInteger: true)) = words[1], (2...4).contains(n) else { return nil }
        return .digits(Int(n))
    }

    /// `none | [capitalize | uppercase | lowercase] || full-width || full-size-kana` (CSS Text 3 §2.1).
    static func textTransform(_ words: [ComponentValue]) -> S.TextTransform? {
        var result = S.TextTransform()
        var sawCase = false
        for w in words {
            guard let k = keyword(w, { $0 }) else { return nil }
            switch k {
            case "none": guard words.count == 1 else { return nil }; return S.TextTransform.none
            case "full-width", "-epub-fullwidth": guard !result.fullWidth else { return nil }; result.fullWidth = true
            case "full-size-kana": guard !result.fullSizeKana else { return nil }; result.fullSizeKana = true
            default:
                guard !sawCase, let c = S.TextTransform.Case(rawValue: k) else { return nil }
                result.case = c
                sawCase = true
            }
        }
        return result
    }

    static func listStyleType(_ v: ComponentValue) -> S.ListStyleType? {
        if case .token(.string(let s)) = v { return .string(s) }
        return keyword(v) { k in
            switch k {
            case "none": return S.ListStyleType.none
            case "disc": return .disc
            case "circle": return .circle
            case "square": return .square
            case "decimal": return .decimal
            case "decimal-leading-zero": return .decimalLeadingZero
            case "lower-roman": return .lowerRoman
            case "upper-roman": return .upperRoman
            case "lower-alpha", "lower-latin": return .lowerAlpha
            case "upper-alpha", "upper-latin": return .upperAlpha
            case "lower-greek": return .lowerGreek
            case "cjk-ideographic", "trad-chinese-informal", "japanese-informal": return .cjkIdeographic
            case "cjk-decimal": return .cjkDecimal
            case "hiragana": return .hiragana
            case "katakana": return .katakana
            case "hiragana-iroha": return .hiraganaIroha
            case "katakana-iroha": return .katakanaIroha
            case "inherit", "initial", "unset", "default": return nil
            default: return .decimal  // an undefined counter style (CSS Counter Styles 3 §3)
            }
        }
    }

    /// `list-style: <type> || <position> || <image>`; only the type is kept. A lone `none` sets the type to none;
    /// an omitted type is reset to `disc` (a shorthand sets every longhand).
    static func listStyle(_ words: [ComponentValue]) -> S.ListStyleType? {
        var type: S.ListStyleType?
        var nones = 0
        for w in words {
            if w.token?.isIdent("none") == true { nones += 1; continue }
            if keyword(w, { ["inside", "outside"].contains($0) ? true : nil }) != nil { continue }
            if case .token(.url) = w { continue }
            if case .function(let name, _) = w, name.asciiCaseInsensitiveEquals("url") { continue }
            guard type == nil, let t = listStyleType(w) else { return nil }
            type = t
        }
        if let type { return nones <= 1 ? type : nil }
        return nones > 0 ? S.ListStyleType.none : .disc
    }

    static func verticalAlign(_ v: ComponentValue) -> S.VerticalAlign? {
        if length(v) != nil { return .other }
        return keyword(v) { k in
            switch k {
            case "baseline", "sub", "super": return S.VerticalAlign(rawValue: k)
            case "top", "middle", "bottom", "text-top", "text-bottom": return .other
            default: return nil
            }
        }
    }

    /// `none | [filled | open] || [dot | circle | double-circle | triangle | sesame] | <string>`; in the
    /// `text-emphasis` shorthand (`allowOthers`) a colour may follow and is ignored.
    static func textEmphasis(_ words: [ComponentValue], allowOthers: Bool) -> S.TextEmphasis? {
        var fill: Bool?, shape: S.TextEmphasis.Shape?, string: String?, none = false
        for w in words {
            if case .token(.string(let s)) = w, string == nil { string = s; continue }
            let k = keyword(w, { $0 })
            switch k {
            case "none"?: none = true
            case "filled"? where fill == nil: fill = true
            case "open"? where fill == nil: fill = false
            case let k? where shape == nil && S.TextEmphasis.Shape(rawValue: k) != nil: shape = S.TextEmphasis.Shape(rawValue: k)
            default: if !allowOthers { return nil }
            }
        }
        if let string { return fill == nil && shape == nil && !none ? .string(string) : nil }
        if none { return fill == nil && shape == nil ? S.TextEmphasis.none : nil }
        guard fill != nil || shape != nil else { return allowOthers ? S.TextEmphasis.none : nil }
        return .mark(shape, filled: fill ?? true)
    }

    static func fontWeight(_ v: ComponentValue) -> Value.FontWeight? {
        if case .token(.number(let n, _)) = v { return (1...1000).contains(n) ? .absolute(Int(n)) : nil }
        return keyword(v) { k in
            switch k {
            case "normal": return .absolute(400)
            case "bold": return .absolute(700)
            case "bolder": return .bolder
            case "lighter": return .lighter
            default: return nil
            }
        }
    }

    /// `font`: the style, variant and weight keywords before the size are read; the rest (size, family) is not
    /// Quire's. Omitted ones are reset to `normal`, as a shorthand does. System fonts (`caption`, …) are invalid here.
    static func fontShorthand(_ words: [ComponentValue]) -> Longhands? {
        var style = S.FontStyle.normal, smallCaps = false, weight = Value.FontWeight.absolute(400)
        var sawSize = false
        for w in words {
            if case .token(.number(let n, _)) = w, (1...1000).contains(n) { weight = .absolute(Int(n)); continue }
            guard let k = keyword(w, { $0 }) else { sawSize = true; break }
            switch k {
            case "italic", "oblique": style = S.FontStyle(rawValue: k)!
            case "small-caps": smallCaps = true
            case "normal": break
            case "bold", "bolder", "lighter": weight = fontWeight(w)!
            default: sawSize = true
            }
            if sawSize { break }
        }
        guard sawSize else { return nil }  // a size and a family are required
        return [(.fontStyle, .fontStyle(style)), (.fontWeight, .fontWeight(weight)), (.smallCaps, .smallCaps(smallCaps))]
    }
}
