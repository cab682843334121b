import BookModel
import CSS

/// What the book's CSS declares on one element, in the importer's terms (issue 15). Only values declared on the
/// element itself are kept: the importer carries inheritance in `ContentImporter.Context` as it walks the same
/// tree, so a look is small and most elements have none. Declared values are the cascade's computed ones, so
/// `inherit`, `initial` and logical sides are already resolved.
struct ElementLook: Sendable {
    /// `display` as it changes the element's role (CSS Display 3 §2): hidden, block-level, or inline.
    enum Role: UInt8, Sendable { case unchanged, hidden, block, inline }
    var role = Role.unchanged
    var breakBefore: PageBreak?
    var breakAfter: PageBreak?
    var avoidBreakBefore = false, avoidBreakAfter = false, avoidBreakInside = false
    var align: BlockAlign?
    var textIndent: Measure?
    /// The start margin plus the start padding of this element (not of its ancestors).
    var startIndent: Measure?
    var direction: Direction?
    /// Inline styles the element turns on and off (`font-weight`, `font-style`, `vertical-align`,
    /// `text-combine-upright`, `text-orientation`).
    var adds: InlineStyle = []
    var removes: InlineStyle = []
    /// `text-emphasis-style` declared here: `.some(nil)` is `none`.
    var emphasis: EmphasisMark??
    var transform: ComputedStyle.TextTransform?
    var smallCaps: Bool?
    var listStyle: ListStyle?
    var whiteSpace: ComputedStyle.WhiteSpace?
    /// `visibility: hidden` (true) or `visible` (false) declared here.
    var invisible: Bool?
    var hyphens: Hyphens?

    var isEmpty: Bool {
        role == .unchanged && breakBefore == nil && breakAfter == nil && !avoidBreakBefore && !avoidBreakAfter
            && !avoidBreakInside && align == nil && textIndent == nil && startIndent == nil && direction == nil
            && adds.isEmpty && removes.isEmpty && emphasis == nil && transform == nil && smallCaps == nil
            && listStyle == nil && whiteSpace == nil && invisible == nil && hyphens == nil
    }

    /// The look of a computed style: what its `declared` set says was set on this very element.
    init(_ style: ComputedStyle, vertical: Bool) {
        let declared = style.declared
        switch style.display {
        case .none?: role = .hidden
        case .block?, .listItem?, .table?, .tableRowGroup?, .tableHeaderGroup?, .tableFooterGroup?, .tableRow?,
             .tableCaption?:
            role = .block
        case .inline?: role = .inline
        default: break
        }
        breakBefore = Self.pageBreak(style.breakBefore)
        breakAfter = Self.pageBreak(style.breakAfter)
        avoidBreakBefore = style.breakBefore == .avoid || style.breakBefore == .avoidPage
        avoidBreakAfter = style.breakAfter == .avoid || style.breakAfter == .avoidPage
        avoidBreakInside = style.breakInside == .avoid
        if declared.contains(.textAlign) {
            switch style.logicalTextAlign {
            case .start: align = .start
            case .end: align = .end
            case .center: align = .center
            case .justify: align = .justify
            }
        }
        if declared.contains(.textIndent) { textIndent = Self.measure(style.textIndent) }
        if Self.boxProperties.contains(where: declared.contains) {
            let margin = style.marginInlineStart.length.map(Self.measure) ?? .zero
            startIndent = margin + Self.measure(style.paddingInlineStart)
        }
        if declared.contains(.direction) { direction = style.direction == .rtl ? .rtl : .ltr }
        if declared.contains(.fontWeight) {
            if style.isBold { adds.insert(.strong) } else { removes.insert(.strong) }
        }
        if declared.contains(.fontStyle) {
            if style.fontStyle == .normal { removes.insert(.emphasis) } else { adds.insert(.emphasis) }
        }
        if declared.contains(.verticalAlign) {
            // `baseline` is not read as "not a superscript": reset sheets write `sup { vertical-align: baseline }`
            // and raise it with `position` instead, and the number must still read as one.
            switch style.verticalAlign {
            case .super: adds.insert(.superscript); removes.insert(.subscript)
            case .sub: adds.insert(.subscript); removes.insert(.superscript)
            default: break
            }
        }
        if declared.contains(.textCombineUpright) {
            // `digits N` is Quire's own rule already (a lone pair of digits shares a row; wider runs cannot fit
            // one cell), so only `all` marks the run.
            switch style.textCombineUpright {
            case .all: adds.insert(.combineUpright)
            case .none: removes.insert(.combineUpright)
            case .digits: break
            }
        }
        if declared.contains(.textOrientation) {
            switch style.textOrientation {
            case .sideways: adds.insert(.sideways); removes.insert(.upright)
            case .upright: adds.insert(.upright); removes.insert(.sideways)
            case .mixed: removes.formUnion([.sideways, .upright])
            }
        }
        if declared.contains(.textEmphasisStyle) { emphasis = .some(Self.mark(style.textEmphasis, vertical: vertical)) }
        if declared.contains(.textTransform) { transform = style.textTransform }
        if declared.contains(.smallCaps) { smallCaps = style.smallCaps }
        if declared.contains(.listStyleType) { listStyle = Self.listStyle(style.listStyleType) }
        if declared.contains(.whiteSpace) { whiteSpace = style.whiteSpace }
        if declared.contains(.visibility) { invisible = style.visibility == .hidden }
        if declared.contains(.hyphens) { hyphens = Hyphens(rawValue: style.hyphens.rawValue) }
    }

    private static let boxProperties: [Property] = [
        .marginTop, .marginRight, .marginBottom, .marginLeft, .marginInlineStart, .marginInlineEnd,
        .paddingTop, .paddingRight, .paddingBottom, .paddingLeft, .paddingInlineStart, .paddingInlineEnd,
    ]

    static func pageBreak(_ b: ComputedStyle.Break) -> PageBreak? {
        switch b {
        case .page: .page
        case .left: .left
        case .right: .right
        case .recto: .recto
        case .verso: .verso
        case .auto, .avoid, .avoidPage: nil
        }
    }

    /// A CSS length in ems and percent of the line. Absolute units go through CSS pixels (CSS Values 4 §6.2:
    /// 1in = 96px) at the 16px of a default font; `ex` and `ch` are half an em; viewport units mean nothing on a
    /// cell page.
    static func measure(_ l: ComputedStyle.Length) -> Measure {
        let v = l.value
        switch l.unit {
        case .em, .rem: return Measure(ems: v)
        case .ex, .ch: return Measure(ems: v / 2)
        case .px: return Measure(ems: v / 16)
        case .pt: return Measure(ems: v / 12)
        case .pc: return Measure(ems: v)
        case .in: return Measure(ems: v * 6)
        case .cm: return Measure(ems: v * 96 / 2.54 / 16)
        case .mm: return Measure(ems: v * 96 / 25.4 / 16)
        case .q: return Measure(ems: v * 96 / 101.6 / 16)
        case .percent: return Measure(percent: v)
        case .vw, .vh, .vmin, .vmax: return .zero
        }
    }

    /// The mark of `text-emphasis-style`; a lone `filled`/`open` is a dot in horizontal text and a sesame in
    /// vertical text (CSS Text Decoration 3 §3.1), and a string mark, which a cell cannot carry, is a filled dot.
    static func mark(_ e: ComputedStyle.TextEmphasis, vertical: Bool) -> EmphasisMark? {
        switch e {
        case .none: return nil
        case .string: return EmphasisMark(.dot)
        case .mark(let shape, let filled):
            let s: EmphasisMark.Shape
            switch shape {
            case .dot?: s = .dot
            case .circle?: s = .circle
            case .doubleCircle?: s = .doubleCircle
            case .triangle?: s = .triangle
            case .sesame?: s = .sesame
            case nil: s = vertical ? .sesame : .dot
            }
            return EmphasisMark(s, filled: filled)
        }
    }

    static func listStyle(_ t: ComputedStyle.ListStyleType) -> ListStyle {
        switch t {
        case .none: .none
        case .disc: .disc
        case .circle: .circle
        case .square: .square
        case .decimal: .decimal
        case .decimalLeadingZero: .decimalLeadingZero
        case .lowerRoman: .lowerRoman
        case .upperRoman: .upperRoman
        case .lowerAlpha: .lowerAlpha
        case .upperAlpha: .upperAlpha
        case .lowerGreek: .lowerGreek
        case .cjkIdeographic: .cjkIdeographic
        case .cjkDecimal: .cjkDecimal
        case .hiragana: .hiragana
        case .katakana: .katakana
        case .hiraganaIroha: .hiraganaIroha
        case .katakanaIroha: .katakanaIroha
        case .string(let s): .string(s)
        }
    }
}

/// What the cascade says of each element of one document, computed in one walk, parents first, holding only the
/// styles of the current element's ancestors. Elements that declare nothing Quire reads have no look.
struct ElementStyles: Sendable {
    /// Per node: 0, or 1 + the index of its look in `looks`.
    private var index: [Int32]
    private var looks: [ElementLook] = []
    /// Blocks whose writing mode differs from the document's (CSS Writing Modes 3 §8 sets them in the page's
    /// mode here): said once per document.
    private(set) var warnings: [String] = []

    init(of doc: XMLNodes, tree: StyledNodes, resolver: StyleResolver, mode: WritingMode? = nil, path: String = "") {
        index = [Int32](repeating: 0, count: doc.nodeCount)
        guard doc.root >= 0 else { return }
        let vertical = mode == .verticalRL
        if resolver.ruleCount == 0 {
            // No sheet: only `style` attributes declare anything, and each element is computed alone (its look
            // keeps declared values only, so the parent's style is not needed): Markdown's raw HTML, books
            // without CSS.
            for node in 0..<Int32(doc.nodeCount) where !doc.isText(node) && tree.styleAttribute(node) != nil {
                record(resolver.style(for: node, in: tree, parent: nil), of: node, vertical: vertical)
            }
            return
        }
        // Depth-first with an explicit stack (a hostile book may nest deeper than a worker thread's stack allows);
        // `ancestors[d]` is the open element at depth d, so each element is computed from its parent's style. The
        // styles stay in `memo` (`StyleResolver.SiblingMemo`), named by serial, and are read there in place; the
        // look each gave is `lookOfSerial[serial]` (`looks` index + 1, or 0).
        var ancestors: [StyleResolver.Computed] = []
        var stack: [(node: XMLNodes.NodeID, depth: Int)] = [(doc.root, 0)]
        var modeWarned = false
        var memo = StyleResolver.SiblingMemo()
        var lookOfSerial: [Int32] = []
        let hasMath = doc.hasMath
        while let (node, depth) = stack.popLast() {
            ancestors.removeSubrange(depth...)
            let (element, reused) = resolver.style(for: node, in: tree, parent: ancestors.last, siblings: &memo)
            let serial = element.serial
            if reused {
                index[Int(node)] = lookOfSerial[serial]
            } else {
                record(memo.styles[serial], of: node, vertical: vertical)
                lookOfSerial.append(index[Int(node)])
            }
            if memo.styles[serial].isHidden { continue }  // nothing inside a hidden element is shown, whatever it says
            if let mode, !modeWarned, depth > 1, memo.styles[serial].declared.contains(.writingMode),
               (memo.styles[serial].writingMode == .verticalRL) != (mode == .verticalRL) {
                let style = memo.styles[serial]
                let source = style.writingModeSource.map { " (\($0))" } ?? ""
                warnings.append("\(path): a block in \(style.writingMode.rawValue)\(source) is set in the page's "
                                + "\(mode.rawValue); Quire lays out one writing mode per document")
                modeWarned = true
            }
            // Inside `<math>` nothing reads a look: the formula is converted from its MathML alone (ImportMath.swift).
            // Its elements were nearly a tenth of linear-algebra.epub's render here (issue 19).
            if hasMath && doc.isMath(node) { continue }
            let childrenStart = stack.count
            for child in doc.children(node) where !doc.isText(child) { stack.append((child, depth + 1)) }
            if stack.count > childrenStart { ancestors.append(element) }
        }
    }

    /// Only `style` attributes apply (no stylesheet): HTML met inside Markdown, where a reader shows no `<style>`.
    init(attributesOf doc: XMLNodes) {
        self.init(of: doc, tree: StyledNodes(doc), resolver: StyleResolver(sheets: [], properties: BookStyles.used))
    }

    /// What the element declares; nil when it declares nothing Quire reads.
    @inline(__always) func look(_ node: XMLNodes.NodeID) -> ElementLook? {
        let i = Int(node) < index.count ? index[Int(node)] : 0
        return i == 0 ? nil : looks[Int(i) - 1]
    }

    func isHidden(_ node: XMLNodes.NodeID) -> Bool { look(node)?.role == .hidden }

    private mutating func record(_ style: ComputedStyle, of node: XMLNodes.NodeID, vertical: Bool) {
        let look = ElementLook(style, vertical: vertical)
        guard !look.isEmpty else { return }
        looks.append(look)
        index[Int(node)] = Int32(looks.count)
    }
}
