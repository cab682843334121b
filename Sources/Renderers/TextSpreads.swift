import BookModel
import Layout
import Spreads

/// The default output: each spread as its pages side by side (or stacked) in visual order, spreads separated
/// by form feeds so `quire render book.epub | less` turns pages.
public struct TextSpreads: Sendable {
    public var drawer: TextPageDrawer

    /// `bidi`: `visual` writes right-to-left lines in display order for terminals that do no bidi (`BidiMode`).
    public init(ambiguousWide: Bool = false, bidi: BidiMode = .logical) {
        drawer = TextPageDrawer(ambiguousWide: ambiguousWide, bidi: bidi)
    }

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
        // Every page of the spread drawn into one buffer: page `p` holds rows `p * height ..< (p + 1) * height`.
        // Room for all of them made first, so the second page does not move the first.
        var drawn = DrawnRows()
        drawn.bytes.reserveCapacity(spread.slots.count * Self.pageCapacity(size))
        drawn.ends.reserveCapacity(spread.slots.count * (size.lines + 3))
        for slot in spread.slots {
            let page = slot.page.map { result.pages[$0 - 1] }
            drawer.draw(page, size: size, folio: folio(slot, page), binding: binding(slot.side, layout), into: &drawn)
        }
        let pages = spread.slots.count
        guard pages > 0, drawn.count > 0 else {
            out.append(0x0A)
            return
        }
        let height = drawn.count / pages
        let gap = max(0, layout.gap)
        // A lone page in a two-page layout stands centred, where the pair would be.
        let indent = pages == 1 && layout.orientation == .landscape ? max(0, (size.columns + 2 + gap) / 2) : 0
        let sideBySide = layout.axis == .horizontal || pages == 1
        let limit = drawn.bytes.count + drawn.count * (indent + gap + 1) + (sideBySide ? 0 : gap * pages)
        drawn.bytes.withUnsafeBufferPointer { bytes in
            func row(_ i: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[(i == 0 ? 0 : drawn.ends[i - 1])..<drawn.ends[i]])
            }
            out.appendUpTo(limit) { writer in
                if sideBySide {
                    for r in 0..<height {
                        let start = writer.count
                        writer.spaces(indent)
                        for p in 0..<pages {
                            if p > 0 { writer.spaces(gap) }
                            writer.put(row(p * height + r))
                        }
                        writer.trimSpaces(downTo: start)
                        writer.put(0x0A)
                    }
                } else {
                    for p in 0..<pages {
                        if p > 0 { for _ in 0..<gap { writer.put(0x0A) } }
                        for r in 0..<height {
                            let start = writer.count
                            writer.put(row(p * height + r))
                            writer.trimSpaces(downTo: start)
                            writer.put(0x0A)
                        }
                    }
                }
            }
        }
    }

    /// Room for the text of a page of `size`, drawn: four bytes a cell and a row's edges, on its rows, frame and
    /// folio line. A frame cell is three bytes, and a line of text mostly far fewer; the buffer of a page that needs
    /// more (many combining marks) grows.
    public static func pageCapacity(_ size: PageSize) -> Int {
        (size.lines + 3) * (4 * size.columns + 16)
    }

    /// Page number under each page; a blank page says so; a leaf shows the page on its back.
    private func folio(_ slot: Slot, _ page: Page?) -> String? {
        guard let page else { return nil }
        var text = page.number > 0 ? String(page.number) : "?"
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
