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
        var out: [UInt8] = []
        for index in indexes {
            if index != indexes.first { out.append(0x0C); out.append(0x0A) }
            render(result.spreads[index], in: result, size: size, into: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One spread as text lines, trailing spaces trimmed.
    public func render(_ spread: Spread, in result: SpreadResult, size: PageSize) -> String {
        var out: [UInt8] = []
        render(spread, in: result, size: size, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// One spread as UTF-8 text lines appended to `out`, trailing spaces trimmed.
    public func render(_ spread: Spread, in result: SpreadResult, size: PageSize, into out: inout [UInt8]) {
        let layout = result.layout
        let boxes = spread.slots.map { slot -> DrawnRows in
            let page = slot.page.map { result.pages[$0 - 1] }
            return drawer.draw(page, size: size, folio: folio(slot, page), binding: binding(slot.side, layout))
        }
        out.reserveCapacity(out.count + boxes.reduce(0) { $0 + $1.bytes.count } + 256)
        // Appends a row without its trailing spaces, then a line feed.
        func finishRow(from start: Int) {
            while out.count > start && out[out.count - 1] == 0x20 { out.removeLast() }
            out.append(0x0A)
        }
        if boxes.isEmpty || boxes.allSatisfy({ $0.count == 0 }) {
            out.append(0x0A)
        } else if layout.axis == .horizontal || boxes.count == 1 {
            // A lone page in a two-page layout stands centred, where the pair would be.
            let indent = boxes.count == 1 && layout.orientation == .landscape ? (size.columns + 2 + layout.gap) / 2 : 0
            for row in 0..<(boxes.first?.count ?? 0) {
                let start = out.count
                for _ in 0..<indent { out.append(0x20) }
                for (index, box) in boxes.enumerated() {
                    if index > 0 { for _ in 0..<layout.gap { out.append(0x20) } }
                    out.append(contentsOf: box.row(row))
                }
                finishRow(from: start)
            }
        } else {
            for (index, box) in boxes.enumerated() {
                if index > 0 { for _ in 0..<layout.gap { out.append(0x0A) } }
                for row in 0..<box.count {
                    let start = out.count
                    out.append(contentsOf: box.row(row))
                    finishRow(from: start)
                }
            }
        }
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
