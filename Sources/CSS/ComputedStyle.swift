/// The computed values of the properties Quire honours, for one element. Computed from the parent's computed style
/// (inherited properties are copied, the others start at their initial value) and the element's own declarations.
///
/// Reading logical sides: CSS keeps margins, paddings and `text-align: left/right` physical; `start`/`end` depend
/// on the element's `writingMode` and `direction` (CSS Writing Modes 3 §6). Use the logical accessors
/// (`marginInlineStart`, `paddingInlineStart`, `logicalTextAlign`, …): in horizontal-tb the inline start is the
/// left side (right when `direction: rtl`); in vertical-rl and vertical-lr it is the top (bottom when rtl); the
/// block start is the top in horizontal-tb, the right in vertical-rl and the left in vertical-lr.
/// Logical properties (`margin-inline-start`, `-webkit-margin-start`, …) were already mapped to their physical
/// side, in cascade order, when the style was computed.
public struct ComputedStyle: Sendable, Equatable {
    // Inherited properties.
    public var writingMode: WritingMode = .horizontalTB
    /// Which declaration decided `writingMode` (nil: nothing did, it is the initial value). Inherited with the value.
    public var writingModeSource: Provenance?
    public var direction: Direction = .ltr
    public var visibility: Visibility = .visible
    public var whiteSpace: WhiteSpace = .normal
    public var textAlign: TextAlign = .start
    public var textIndent: Length = .zero
    public var textCombineUpright: TextCombine = .none
    public var textOrientation: TextOrientation = .mixed
    public var textTransform: TextTransform = .none
    /// `font-variant: small-caps` (and `font-variant-caps`): Quire shows it as upper case in text.
    public var smallCaps = false
    public var listStyleType: ListStyleType = .disc
    public var textEmphasis: TextEmphasis = .none
    /// 100…900 (CSS Fonts 4 §2.2); `bold` is 700, `isBold` is the test the viewer needs.
    public var fontWeight = 400
    public var fontStyle: FontStyle = .normal
    public var hyphens: Hyphens = .manual

    // Not inherited.
    /// nil when no declaration set `display` on this element: the element keeps the role its name gives it
    /// (Quire has no user-agent sheet that would say `p { display: block }`).
    public var display: Display?
    public var marginTop: Margin = .zero, marginRight: Margin = .zero
    public var marginBottom: Margin = .zero, marginLeft: Margin = .zero
    public var paddingTop: Length = .zero, paddingRight: Length = .zero
    public var paddingBottom: Length = .zero, paddingLeft: Length = .zero
    public var breakBefore: Break = .auto
    public var breakAfter: Break = .auto
    public var breakInside: BreakInside = .auto
    public var verticalAlign: VerticalAlign = .baseline

    /// The properties a declaration set on this very element (not inherited ones), so the lead can tell an author's
    /// `font-weight: normal` on `<b>` from a weight merely inherited from the body.
    public var declared = PropertySet()

    /// Types, ids and classes of this element and its ancestors, for the matcher's cheap rejection; nil when the
    /// style was computed without its parent's (then nothing is rejected early in that subtree).
    @usableFromInline var ancestorFilter: AncestorFilter?

    public init() {}

    /// The style a child starts from: inherited properties copied, the others at their initial values.
    public init(inheritingFrom parent: ComputedStyle) {
        self = parent
        display = nil
        marginTop = .zero; marginRight = .zero; marginBottom = .zero; marginLeft = .zero
        paddingTop = .zero; paddingRight = .zero; paddingBottom = .zero; paddingLeft = .zero
        breakBefore = .auto; breakAfter = .auto; breakInside = .auto
        verticalAlign = .baseline
        declared = PropertySet()
    }

    public var isBold: Bool { fontWeight >= 600 }
    public var isHidden: Bool { display == Display.none }

    /// The physical side of a logical one for this element's writing mode and direction.
    public enum Side: Sendable { case top, right, bottom, left }
    public enum LogicalSide: Sendable { case inlineStart, inlineEnd, blockStart, blockEnd }

    public func physical(_ side: LogicalSide) -> Side {
        let rtl = direction == .rtl
        switch (writingMode, side) {
        case (.horizontalTB, .inlineStart): return rtl ? .right : .left
        case (.horizontalTB, .inlineEnd): return rtl ? .left : .right
        case (.horizontalTB, .blockStart): return .top
        case (.horizontalTB, .blockEnd): return .bottom
        case (.sidewaysLR, .inlineStart): return rtl ? .top : .bottom
        case (.sidewaysLR, .inlineEnd): return rtl ? .bottom : .top
        case (_, .inlineStart): return rtl ? .bottom : .top
        case (_, .inlineEnd): return rtl ? .top : .bottom
        case (.verticalLR, .blockStart), (.sidewaysLR, .blockStart): return .left
        case (.verticalLR, .blockEnd), (.sidewaysLR, .blockEnd): return .right
        case (_, .blockStart): return .right
        case (_, .blockEnd): return .left
        }
    }

    public func margin(_ side: Side) -> Margin {
        switch side { case .top: marginTop; case .right: marginRight; case .bottom: marginBottom; case .left: marginLeft }
    }
    public func padding(_ side: Side) -> Length {
        switch side { case .top: paddingTop; case .right: paddingRight; case .bottom: paddingBottom; case .left: paddingLeft }
    }
    public var marginInlineStart: Margin { margin(physical(.inlineStart)) }
    public var marginInlineEnd: Margin { margin(physical(.inlineEnd)) }
    public var paddingInlineStart: Length { padding(physical(.inlineStart)) }
    public var paddingInlineEnd: Length { padding(physical(.inlineEnd)) }

    /// `text-align` on the inline axis: `left`/`right` are line-left/line-right (CSS Writing Modes 3 §6.3), which in
    /// vertical-rl and vertical-lr are the top and the bottom of the column, so `right` there is the end (地付き).
    public var logicalTextAlign: LogicalAlign {
        let lineLeftIsStart = direction == .ltr  // line-left is the inline start of ltr text in every mode
        switch textAlign {
        case .start: return .start
        case .end: return .end
        case .center: return .center
        case .justify: return .justify
        case .left: return lineLeftIsStart ? .start : .end
        case .right: return lineLeftIsStart ? .end : .start
        }
    }

    mutating func setMargin(_ side: Side, _ value: Margin) {
        switch side { case .top: marginTop = value; case .right: marginRight = value; case .bottom: marginBottom = value; case .left: marginLeft = value }
    }
    mutating func setPadding(_ side: Side, _ value: Length) {
        switch side { case .top: paddingTop = value; case .right: paddingRight = value; case .bottom: paddingBottom = value; case .left: paddingLeft = value }
    }
}

/// Where a computed value came from: a rule's selector in a sheet, or a `style` attribute.
public struct Provenance: Sendable, Equatable, CustomStringConvertible {
    /// The matching selector as written; nil for a `style` attribute.
    public var selector: String?
    /// The sheet's label: its path in the container, or `<style>` for a style element.
    public var sheet: String
    /// `.vrtl in style-standard.css`, or `style attribute` (the sheet's file name, without its folders).
    public var description: String {
        guard let selector else { return "style attribute" }
        let name = sheet.split(separator: "/").last.map(String.init) ?? sheet
        return "\(selector) in \(name)"
    }
}

/// A set of `Property`, as bits.
public struct PropertySet: Sendable, Equatable {
    var bits: UInt64 = 0
    public init() {}
    public func contains(_ p: Property) -> Bool { bits & (1 << UInt64(p.rawValue)) != 0 }
    public mutating func insert(_ p: Property) { bits |= 1 << UInt64(p.rawValue) }
}
