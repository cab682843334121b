import BookModel
import Layout
import Spreads

/// The default output: each spread as its pages side by side (or stacked) in visual order, spreads separated
/// by form feeds so `quire render book.epub | less` turns pages.
public struct TextSpreads: Sendable {
    public var drawer: TextPageDrawer

    public init(ambiguousWide: Bool = false) { drawer = TextPageDrawer(ambiguousWide: ambiguousWide) }

    /// All spreads (or those in `range` of spread indexes), one after another.
    public func render(_ result: SpreadResult, size: PageSize, spreads range: Range<Int>? = nil) -> String {
        let indexes = range ?? result.spreads.indices
        var out = ""
        for index in indexes {
            if index != indexes.first { out += "\u{0C}\n" }
            out += render(result.spreads[index], in: result, size: size)
        }
        return out
    }

    /// One spread as text lines, trailing spaces trimmed.
    public func render(_ spread: Spread, in result: SpreadResult, size: PageSize) -> String {
        let layout = result.layout
        let boxes = spread.slots.map { slot -> [String] in
            let page = slot.page.map { result.pages[$0 - 1] }
            return drawer.rows(page, size: size, folio: folio(slot, page), binding: binding(slot.side, layout))
        }
        var rows: [String] = []
        let gap = String(repeating: " ", count: layout.gap)
        if layout.axis == .horizontal || boxes.count == 1 {
            // A lone page in a two-page layout stands centred, where the pair would be.
            let indent = boxes.count == 1 && layout.orientation == .landscape
                ? String(repeating: " ", count: (size.columns + 2 + layout.gap) / 2) : ""
            for row in 0..<(boxes.first?.count ?? 0) {
                rows.append(indent + boxes.map { $0[row] }.joined(separator: gap))
            }
        } else {
            for (index, box) in boxes.enumerated() {
                if index > 0 { rows += Array(repeating: "", count: layout.gap) }
                rows += box
            }
        }
        return rows.map(trimmedRow).joined(separator: "\n") + "\n"
    }

    /// Page number under each page; a blank page says so; a leaf shows the page on its back.
    private func folio(_ slot: Slot, _ page: Page?) -> String? {
        guard let page else { return nil }
        var text = String(page.number)
        if page.kind == .blank { text += " (blank)" }
        if let back = slot.back { text += " · \(back) on the back" }
        return text
    }

    /// The frame edge that touches the spine: between the pages for `mid`, the outer edge for `min`/`max`.
    private func binding(_ side: Side, _ layout: SpreadLayout) -> TextPageDrawer.Binding {
        let horizontal = layout.axis == .horizontal
        switch layout.spine {
        case .none: return []
        case .min: return horizontal ? .left : .top
        case .max: return horizontal ? .right : .bottom
        case .mid:
            switch side {
            case .left: return .right
            case .right: return .left
            case .top: return .bottom
            case .bottom: return .top
            case .single: return []
            }
        }
    }
}
