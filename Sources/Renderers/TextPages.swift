import BookModel
import Layout

/// Draws one page as a framed box of character cells; the binding edge is drawn heavy.
public struct TextPageDrawer: Sendable {
    public var ambiguousWide: Bool

    public init(ambiguousWide: Bool = false) { self.ambiguousWide = ambiguousWide }

    /// Which edges of the frame are the spine (the binding): drawn with heavy lines.
    public struct Binding: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let left = Binding(rawValue: 1)
        public static let right = Binding(rawValue: 2)
        public static let top = Binding(rawValue: 4)
        public static let bottom = Binding(rawValue: 8)
    }

    /// The page as rows of exactly `size.columns + 2` cells: top border, text rows, bottom border, folio line.
    /// A nil page is a placeholder: an empty box with no folio.
    public func rows(_ page: Page?, size: PageSize, folio: String?, binding: Binding = []) -> [String] {
        let drawn = draw(page, size: size, folio: folio, binding: binding)
        return (0..<drawn.count).map { String(decoding: drawn.row($0), as: UTF8.self) }
    }

    /// The rows of `rows(_:size:folio:binding:)` as UTF-8 in one buffer: no String per row or cell.
    func draw(_ page: Page?, size: PageSize, folio: String?, binding: Binding = []) -> DrawnRows {
        let width = size.columns
        let top = binding.contains(.top) ? "━" : "─"
        let bottom = binding.contains(.bottom) ? "━" : "─"
        let left = binding.contains(.left) ? "┃" : "│"
        let right = binding.contains(.right) ? "┃" : "│"
        var out = DrawnRows()
        out.bytes.reserveCapacity((size.lines + 3) * (width + 2) * 3)
        out.ends.reserveCapacity(size.lines + 3)
        out.append(corner("┌", binding, [.left, .top]))
        out.append(top, count: width)
        out.append(corner("┐", binding, [.right, .top]))
        out.endRow()
        if let page {
            bodyRows(page, size: size, left: left, right: right, into: &out)
        } else {
            for _ in 0..<size.lines {
                out.append(left)
                out.spaces(width)
                out.append(right)
                out.endRow()
            }
        }
        out.append(corner("└", binding, [.left, .bottom]))
        out.append(bottom, count: width)
        out.append(corner("┘", binding, [.right, .bottom]))
        out.endRow()
        centered(folio ?? "", width: width + 2, into: &out)
        out.endRow()
        return out
    }

    private func corner(_ light: String, _ binding: Binding, _ edges: Binding) -> String {
        let heavyVertical = binding.contains(edges.intersection([.left, .right]))
        let heavyHorizontal = binding.contains(edges.intersection([.top, .bottom]))
        guard heavyVertical || heavyHorizontal else { return light }
        let table: [String: (v: String, h: String, both: String)] = [
            "┌": ("┎", "┍", "┏"), "┐": ("┒", "┑", "┓"), "└": ("┖", "┕", "┗"), "┘": ("┚", "┙", "┛"),
        ]
        let forms = table[light]!
        return heavyVertical && heavyHorizontal ? forms.both : (heavyVertical ? forms.v : forms.h)
    }

    func centered(_ text: String, width: Int) -> String {
        var out = DrawnRows()
        centered(text, width: width, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    func centered(_ text: String, width: Int, into out: inout DrawnRows) {
        let textWidth = cellWidth(of: text, ambiguousWide: ambiguousWide)
        let left = max(0, (width - textWidth) / 2)
        out.spaces(left)
        out.append(text)
        out.spaces(max(0, width - left - textWidth))
    }

    /// Text rows of exactly `size.columns` cells each, `size.lines` of them, between the frame's side edges.
    func bodyRows(_ page: Page, size: PageSize, left: String, right: String, into out: inout DrawnRows) {
        if page.writingMode == .verticalRL {
            verticalRows(page, size: size, left: left, right: right, into: &out)
            return
        }
        var drawn = 0
        for line in page.lines.prefix(size.lines) {
            let lead = line.offset(inInlineSize: size.columns)
            let used = lead + line.width
            out.append(left)
            out.spaces(lead)
            out.append(line.text)
            out.spaces(max(0, size.columns - used))
            out.append(right)
            out.endRow()
            drawn += 1
        }
        while drawn < size.lines {
            out.append(left)
            out.spaces(size.columns)
            out.append(right)
            out.endRow()
            drawn += 1
        }
    }

    /// Vertical-rl: each line is a column two cells wide, the first column at the right, read top to bottom.
    func verticalRows(_ page: Page, size: PageSize, left: String, right: String, into out: inout DrawnRows) {
        let columnCount = max(1, size.columns / 2)
        // Each column's text as bytes with the byte range of each row.
        let columns = page.lines.prefix(columnCount).map { line -> (bytes: [UInt8], rows: [Range<Int>]) in
            let bytes = Array(line.text.utf8)
            return (bytes, bytes.withUnsafeBufferPointer { verticalRowRanges(of: $0) })
        }
        let spare = size.columns - 2 * columnCount
        for row in 0..<size.lines {
            out.append(left)
            out.spaces(spare)
            for index in stride(from: columnCount - 1, through: 0, by: -1) {
                if index < columns.count, row < columns[index].rows.count {
                    let range = columns[index].rows[row]
                    columns[index].bytes.withUnsafeBufferPointer {
                        VerticalForms.cell(UnsafeBufferPointer(rebasing: $0[range]), ambiguousWide: ambiguousWide, into: &out.bytes)
                    }
                } else {
                    out.spaces(2)
                }
            }
            out.append(right)
            out.endRow()
        }
    }
}

/// Rows of text as UTF-8 in one buffer; `ends[i]` is one past the last byte of row `i`.
struct DrawnRows {
    var bytes: [UInt8] = []
    var ends: [Int] = []

    var count: Int { ends.count }

    func row(_ i: Int) -> ArraySlice<UInt8> { bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]] }

    mutating func endRow() { ends.append(bytes.count) }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(_ text: String, count: Int) {
        var text = text
        text.withUTF8 { piece in
            for _ in 0..<max(0, count) { bytes.append(contentsOf: piece) }
        }
    }

    mutating func spaces(_ count: Int) {
        for _ in 0..<max(0, count) { bytes.append(0x20) }
    }
}

/// Trailing spaces are not needed in a file or a pager.
func trimmedRow(_ row: String) -> String {
    var s = Substring(row)
    while s.last == " " { s.removeLast() }
    return String(s)
}
