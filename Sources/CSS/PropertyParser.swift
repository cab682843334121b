/// Reads a declaration's value into typed longhands. Each property's grammar is the one of its spec, reduced to
/// what Quire keeps (see `ComputedStyle`); a value outside it makes the declaration invalid (nil).
enum PropertyParser {
    typealias Longhands = [(Property, Value)]
    typealias S = ComputedStyle

    /// Every property name Quire understands (lower-case), for `@supports` and for the parser's lookup.
    static func isKnown(_ name: String) -> Bool { parsers[name.asciiLowercased] != nil }

    static func parse(name: String, value: [ComponentValue]) -> Longhands? {
        guard let parser = parsers[name.asciiLowercased] else { return nil }
        let words = value.filter { !$0.isWhitespace }
        guard !words.isEmpty else { return nil }
        return parser(words)
    }

    private static let parsers: [String: @Sendable ([ComponentValue]) -> Longhands?] = {
        var table = Table()
        addLayoutProperties(&table)
        addBoxProperties(&table)
        addTextProperties(&table)
        return table.parsers
    }()

    /// The name → value-parser table, filled by the `add…Properties` groups.
    struct Table {
        var parsers: [String: @Sendable ([ComponentValue]) -> Longhands?] = [:]

        /// A longhand whose value is one component (or a CSS-wide keyword).
        mutating func single(_ names: [String], _ property: Property, _ read: @escaping @Sendable (ComponentValue) -> Value?) {
            for name in names {
                parsers[name] = { words in
                    if let global = globalKeyword(words) { return [(property, global)] }
                    guard words.count == 1, let v = read(words[0]) else { return nil }
                    return [(property, v)]
                }
            }
        }

        /// A shorthand or a longhand with a longer grammar; a CSS-wide keyword alone sets every property in `all`.
        mutating func many(_ names: [String], _ parse: @escaping @Sendable ([ComponentValue]) -> Longhands?, _ all: [Property]) {
            for name in names {
                parsers[name] = { words in
                    if let global = globalKeyword(words) { return all.map { ($0, global) } }
                    return parse(words)
                }
            }
        }
    }

    private static func prefixed(_ name: String) -> [String] { [name, "-epub-" + name, "-webkit-" + name] }

    /// writing-mode, direction, display, visibility, white-space and the breaks.
    private static func addLayoutProperties(_ t: inout Table) {
        t.single(prefixed("writing-mode"), .writingMode) { keyword($0, writingModes).map(Value.writingMode) }
        t.single(["direction"], .direction) { keyword($0, S.Direction.init(rawValue:)).map(Value.direction) }
        t.many(["display"], { displayValue($0).map { [(.display, .display($0))] } }, [.display])
        t.single(["visibility"], .visibility) { v in
            keyword(v) { $0 == "collapse" ? .hidden : S.Visibility(rawValue: $0) }.map(Value.visibility)
        }
        t.single(["white-space"], .whiteSpace) { keyword($0, S.WhiteSpace.init(rawValue:)).map(Value.whiteSpace) }
        t.single(["break-before"], .breakBefore) { keyword($0, breaks).map(Value.breakValue) }
        t.single(["break-after"], .breakAfter) { keyword($0, breaks).map(Value.breakValue) }
        t.single(["page-break-before"], .breakBefore) { keyword($0, pageBreaks).map(Value.breakValue) }
        t.single(["page-break-after"], .breakAfter) { keyword($0, pageBreaks).map(Value.breakValue) }
        t.single(["break-inside", "page-break-inside"], .breakInside) { v in
            keyword(v) { ["avoid", "avoid-page"].contains($0) ? .avoid : ["auto", "avoid-column", "avoid-region"].contains($0) ? .auto : nil }
                .map(Value.breakInside)
        }
    }

    /// text-align, text-indent, margins and paddings (physical, logical, and their shorthands).
    private static func addBoxProperties(_ t: inout Table) {
        t.single(["text-align"], .textAlign) { keyword($0, textAligns).map(Value.textAlign) }
        t.many(["text-indent"], { words in
            // <length-percentage> && hanging? && each-line?: the keywords are read and ignored.
            let rest = words.filter { !($0.token?.isIdent("hanging") ?? false) && !($0.token?.isIdent("each-line") ?? false) }
            guard rest.count == 1, let l = length(rest[0]) else { return nil }
            return [(.textIndent, .length(l))]
        }, [.textIndent])
        let margins: [Property] = [.marginTop, .marginRight, .marginBottom, .marginLeft]
        let paddings: [Property] = [.paddingTop, .paddingRight, .paddingBottom, .paddingLeft]
        for (i, side) in ["top", "right", "bottom", "left"].enumerated() {
            t.single(["margin-" + side], margins[i]) { margin($0).map(Value.margin) }
            t.single(["padding-" + side], paddings[i]) { padding($0).map(Value.length) }
        }
        t.many(["margin"], { boxSides($0, margins) { margin($0).map(Value.margin) } }, margins)
        t.many(["padding"], { boxSides($0, paddings) { padding($0).map(Value.length) } }, paddings)
        let logical: [(String, String, Property, Property)] = [
            ("inline-start", "start", .marginInlineStart, .paddingInlineStart),
            ("inline-end", "end", .marginInlineEnd, .paddingInlineEnd),
            ("block-start", "before", .marginBlockStart, .paddingBlockStart),
            ("block-end", "after", .marginBlockEnd, .paddingBlockEnd),
        ]
        for (side, webkit, m, p) in logical {
            t.single(["margin-" + side, "-webkit-margin-" + webkit], m) { margin($0).map(Value.margin) }
            t.single(["padding-" + side, "-webkit-padding-" + webkit], p) { padding($0).map(Value.length) }
        }
        t.many(["margin-inline"], { pair($0, .marginInlineStart, .marginInlineEnd) { margin($0).map(Value.margin) } },
             [.marginInlineStart, .marginInlineEnd])
        t.many(["margin-block"], { pair($0, .marginBlockStart, .marginBlockEnd) { margin($0).map(Value.margin) } },
             [.marginBlockStart, .marginBlockEnd])
        t.many(["padding-inline"], { pair($0, .paddingInlineStart, .paddingInlineEnd) { padding($0).map(Value.length) } },
             [.paddingInlineStart, .paddingInlineEnd])
        t.many(["padding-block"], { pair($0, .paddingBlockStart, .paddingBlockEnd) { padding($0).map(Value.length) } },
             [.paddingBlockStart, .paddingBlockEnd])
    }

    /// Tate-chu-yoko, orientation, transforms, lists, emphasis, fonts and hyphens.
    private static func addTextProperties(_ t: inout Table) {
        // `-epub-text-combine-horizontal` is the name in EPUB 3.0.1's CSS profile (same values).
        t.many(["text-combine-upright", "-webkit-text-combine-upright", "-epub-text-combine-horizontal"], { textCombine($0).map { [(.textCombineUpright, .textCombine($0))] } },
             [.textCombineUpright])
        t.single(["-epub-text-combine", "-webkit-text-combine"], .textCombineUpright) { v in
            keyword(v) { $0 == "horizontal" ? S.TextCombine.all : $0 == "none" ? S.TextCombine.none : nil }.map(Value.textCombine)
        }
        t.single(prefixed("text-orientation"), .textOrientation) { keyword($0, textOrientations).map(Value.textOrientation) }
        t.many(["text-transform", "-epub-text-transform"], { textTransform($0).map { [(.textTransform, .textTransform($0))] } },
             [.textTransform])
        t.many(["font-variant"], { words in
            [(.smallCaps, .smallCaps(words.contains { $0.token?.isIdent("small-caps") == true || $0.token?.isIdent("all-small-caps") == true }))]
        }, [.smallCaps])
        t.single(["font-variant-caps"], .smallCaps) { v in
            keyword(v) { ["small-caps", "all-small-caps", "petite-caps", "all-petite-caps", "unicase", "titling-caps"].contains($0) ? true
                : $0 == "normal" ? false : nil }.map(Value.smallCaps)
        }
        t.single(["list-style-type"], .listStyleType) { listStyleType($0).map(Value.listStyleType) }
        t.many(["list-style"], { listStyle($0).map { [(.listStyleType, .listStyleType($0))] } }, [.listStyleType])
        t.single(["vertical-align"], .verticalAlign) { verticalAlign($0).map(Value.verticalAlign) }
        t.many(prefixed("text-emphasis-style"), { textEmphasis($0, allowOthers: false).map { [(.textEmphasisStyle, .textEmphasis($0))] } },
             [.textEmphasisStyle])
        t.many(prefixed("text-emphasis"), { textEmphasis($0, allowOthers: true).map { [(.textEmphasisStyle, .textEmphasis($0))] } },
             [.textEmphasisStyle])
        t.single(["font-weight"], .fontWeight) { fontWeight($0).map(Value.fontWeight) }
        t.many(["font-style"], { words in
            guard let first = words.first, let style = keyword(first, S.FontStyle.init(rawValue:)) else { return nil }
            guard words.count == 1 || (style == .oblique && words.count == 2) else { return nil }
            return [(.fontStyle, .fontStyle(style))]
        }, [.fontStyle])
        t.many(["font"], fontShorthand, [.fontStyle, .fontWeight, .smallCaps])
        t.single(prefixed("hyphens"), .hyphens) { keyword($0, S.Hyphens.init(rawValue:)).map(Value.hyphens) }
    }

    // MARK: Helpers shared by several properties

    /// `inherit`, `initial`, `unset`, `revert`, `revert-layer`: valid only alone (CSS Values 4 §3.3).
    private static func globalKeyword(_ words: [ComponentValue]) -> Value? {
        guard words.count == 1, case .token(.ident(let name)) = words[0] else { return nil }
        switch name.asciiLowercased {
        case "inherit": return .inherit
        case "initial": return .initial
        case "unset", "revert", "revert-layer": return .unset
        default: return nil
        }
    }

    /// The lower-cased ident of a single keyword, mapped by `read`.
    static func keyword<T>(_ v: ComponentValue, _ read: (String) -> T?) -> T? {
        guard case .token(.ident(let name)) = v else { return nil }
        return read(name.asciiLowercased)
    }

    private static func writingModes(_ k: String) -> S.WritingMode? {
        switch k {
        case "horizontal-tb", "lr", "lr-tb", "rl", "rl-tb": return .horizontalTB
        case "vertical-rl", "tb", "tb-rl": return .verticalRL
        case "vertical-lr", "tb-lr": return .verticalLR
        case "sideways-rl": return .sidewaysRL
        case "sideways-lr": return .sidewaysLR
        default: return nil
        }
    }

    private static func textAligns(_ k: String) -> S.TextAlign?? {
        switch k {
        case "match-parent": return .some(nil)
        case "justify-all": return .justify
        case "-webkit-left": return .left
        case "-webkit-right": return .right
        case "-webkit-center": return .center
        case "-webkit-auto": return .start
        default: return S.TextAlign(rawValue: k).map { .some($0) }
        }
    }

    private static func breaks(_ k: String) -> S.Break? {
        switch k {
        case "column", "region", "avoid-column", "avoid-region": return .auto
        case "all": return .page
        default: return S.Break(rawValue: k)
        }
    }

    /// `page-break-before`/`-after` (CSS Fragmentation 3 §3.4): `always` is `page`; only these five values.
    private static func pageBreaks(_ k: String) -> S.Break? {
        switch k {
        case "always": return .page
        case "auto", "avoid", "left", "right": return S.Break(rawValue: k)
        default: return nil
        }
    }

    private static func textOrientations(_ k: String) -> S.TextOrientation? {
        switch k {
        case "mixed", "vertical-right", "use-glyph-orientation": return .mixed
        case "upright": return .upright
        case "sideways", "sideways-right": return .sideways
        default: return nil
        }
    }
}
