/// The longhand properties Quire computes. Shorthands (`margin`, `list-style`, `text-emphasis`, `font`, …) and
/// aliases (`-epub-writing-mode`, `page-break-before`, …) are expanded into these when a sheet is parsed, so the
/// cascade only ever sees longhands. Logical margins and paddings are their own longhands, as in CSS Logical
/// Properties 1 §4: they are mapped to a physical side when the element's writing mode and direction are known.
public enum Property: UInt8, Sendable, CaseIterable {
    case writingMode, direction, display, visibility, whiteSpace, textAlign, textIndent
    case marginTop, marginRight, marginBottom, marginLeft
    case marginInlineStart, marginInlineEnd, marginBlockStart, marginBlockEnd
    case paddingTop, paddingRight, paddingBottom, paddingLeft
    case paddingInlineStart, paddingInlineEnd, paddingBlockStart, paddingBlockEnd
    case breakBefore, breakAfter, breakInside
    case textCombineUpright, textOrientation, textTransform, smallCaps, listStyleType, verticalAlign
    case textEmphasisStyle, fontWeight, fontStyle, hyphens

    /// Inherited properties (each property's definition table, "Inherited: yes").
    public var isInherited: Bool {
        switch self {
        case .writingMode, .direction, .visibility, .whiteSpace, .textAlign, .textIndent, .textCombineUpright,
             .textOrientation, .textTransform, .smallCaps, .listStyleType, .textEmphasisStyle, .fontWeight,
             .fontStyle, .hyphens:
            return true
        default:
            return false
        }
    }
}

/// A specified value, typed when the sheet is parsed; a value Quire cannot read makes the declaration invalid, so
/// it is dropped and an earlier valid declaration of the same property still counts (CSS Syntax 3 §5.4.6 and
/// CSS Cascade 4 §4.1).
public enum Value: Sendable, Equatable {
    /// `inherit`, `initial`, `unset` (CSS Cascade 4 §7.3); `revert` and `revert-layer` are read as `unset`, since
    /// Quire has no user-agent sheet of its own beyond what the lead passes.
    case inherit, initial, unset
    case writingMode(ComputedStyle.WritingMode)
    case direction(ComputedStyle.Direction)
    case display(ComputedStyle.Display)
    case visibility(ComputedStyle.Visibility)
    case whiteSpace(ComputedStyle.WhiteSpace)
    /// nil is `match-parent`.
    case textAlign(ComputedStyle.TextAlign?)
    case length(ComputedStyle.Length)
    case margin(ComputedStyle.Margin)
    case breakValue(ComputedStyle.Break)
    case breakInside(ComputedStyle.BreakInside)
    case textCombine(ComputedStyle.TextCombine)
    case textOrientation(ComputedStyle.TextOrientation)
    case textTransform(ComputedStyle.TextTransform)
    case smallCaps(Bool)
    case listStyleType(ComputedStyle.ListStyleType)
    case verticalAlign(ComputedStyle.VerticalAlign)
    case textEmphasis(ComputedStyle.TextEmphasis)
    case fontWeight(FontWeight)
    case fontStyle(ComputedStyle.FontStyle)
    case hyphens(ComputedStyle.Hyphens)

    /// `font-weight` as specified: `bolder`/`lighter` are relative to the parent (CSS Fonts 4 §2.2).
    public enum FontWeight: Sendable, Equatable { case absolute(Int), bolder, lighter }
}

/// One longhand declaration of a rule or a `style` attribute.
public struct Declaration: Sendable, Equatable {
    public var property: Property
    public var value: Value
    public var important: Bool

    public init(_ property: Property, _ value: Value, important: Bool = false) {
        self.property = property; self.value = value; self.important = important
    }

    /// The declarations of a `style` attribute (CSS Style Attributes §3: a declaration list, no braces).
    public static func list(styleAttribute text: String) -> [Declaration] {
        typed(Parser.declarations(Parser(tokens: Tokenizer.tokens(text)).allValues))
    }

    /// Types raw declarations, expanding shorthands and aliases and dropping the unknown and the invalid.
    static func typed(_ raw: [RawDeclaration]) -> [Declaration] {
        var out: [Declaration] = []
        out.reserveCapacity(raw.count)
        for d in raw {
            guard let expanded = PropertyParser.parse(name: d.name, value: d.value) else { continue }
            for (property, value) in expanded { out.append(Declaration(property, value, important: d.important)) }
        }
        return out
    }
}

extension Parser {
    /// Every component value of the input (for a `style` attribute, which is one declaration list).
    var allValues: [ComponentValue] { var copy = self; return copy.remaining() }
}
