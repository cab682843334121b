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
        let top = PackedUTF8(binding.contains(.top) ? "━" : "─")
        let bottom = PackedUTF8(binding.contains(.bottom) ? "━" : "─")
        let left = PackedUTF8(binding.contains(.left) ? "┃" : "│")
        let right = PackedUTF8(binding.contains(.right) ? "┃" : "│")
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

    /// A frame corner, heavy on the sides that are the spine: a switch, as it is drawn four times a page.
    private func corner(_ light: Unicode.Scalar, _ binding: Binding, _ edges: Binding) -> PackedUTF8 {
        let heavyVertical = binding.contains(edges.intersection([.left, .right]))
        let heavyHorizontal = binding.contains(edges.intersection([.top, .bottom]))
        guard heavyVertical || heavyHorizontal else { return PackedUTF8(light) }
        let forms: (v: Unicode.Scalar, h: Unicode.Scalar, both: Unicode.Scalar)
        switch light {
        case "┌": forms = ("┎", "┍", "┏")
        case "┐": forms = ("┒", "┑", "┓")
        case "└": forms = ("┖", "┕", "┗")
        default: forms = ("┚", "┙", "┛")
        }
        return PackedUTF8(heavyVertical && heavyHorizontal ? forms.both : (heavyVertical ? forms.v : forms.h))
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
    func bodyRows(_ page: Page, size: PageSize, left: PackedUTF8, right: PackedUTF8, into out: inout DrawnRows) {
        if page.writingMode == .verticalRL {
            verticalRows(page, size: size, left: left, right: right, into: &out)
            return
        }
        var drawn = 0
        for index in page.lines.indices.prefix(size.lines) {
            // By index, so only the text is retained, not every field of the line.
            let lead = page.lines[index].offset(inInlineSize: size.columns)
            let used = lead + page.lines[index].width
            out.append(left)
            out.spaces(lead)
            out.append(page.lines[index].text)
            out.spaces(size.columns - used)
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
    func verticalRows(_ page: Page, size: PageSize, left: PackedUTF8, right: PackedUTF8, into out: inout DrawnRows) {
        let columnCount = max(1, size.columns / 2)
        let columns = VerticalColumns(page.lines.prefix(columnCount))
        let cells = VerticalForms.Cells(ambiguousWide: ambiguousWide)
        let spare = max(0, size.columns - 2 * columnCount)
        // A row is its edges, the spare cells and two cells a column; a cell is at most its text plus 6 bytes.
        let limit = size.lines * (8 + spare + 6 * columnCount) + columns.text.count
        let start = out.bytes.count
        var ends: [Int] = []
        ends.reserveCapacity(size.lines)
        columns.text.withUnsafeBufferPointer { text in
            columns.bounds.withUnsafeBufferPointer { bounds in
                out.bytes.appendUpTo(limit) { writer in
                    for row in 0..<size.lines {
                        writer.put(left)
                        writer.spaces(spare)
                        for index in stride(from: columnCount - 1, through: 0, by: -1) {
                            if index < columns.count, row < columns.rowCount(index) {
                                let b = columns.firsts[index] + row
                                cells.draw(UnsafeBufferPointer(rebasing: text[Int(bounds[b])..<Int(bounds[b + 1])]), into: &writer)
                            } else {
                                writer.spaces(2)
                            }
                        }
                        writer.put(right)
                        ends.append(start + writer.count)
                    }
                }
            }
        }
        out.ends.append(contentsOf: ends)
    }
}

/// Rows of text as UTF-8 in one buffer; `ends[i]` is one past the last byte of row `i`.
struct DrawnRows {
    var bytes: [UInt8] = []
    var ends: [Int] = []

    var count: Int { ends.count }

    func row(_ i: Int) -> ArraySlice<UInt8> { bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]] }

    mutating func endRow() { ends.append(bytes.count) }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ piece: PackedUTF8) { piece.append(to: &bytes) }

    /// `count` copies of `piece`: the bytes are added in one step and then overwritten in place.
    mutating func append(_ piece: PackedUTF8, count: Int) {
        guard count > 0 else { return }
        let start = bytes.count
        let size = Int(piece.count)
        bytes.append(contentsOf: repeatElement(0, count: count * size))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var i = start
            while i < buffer.count {
                var b = piece.bytes
                for _ in 0..<size {
                    buffer[i] = UInt8(truncatingIfNeeded: b)
                    b >>= 8
                    i += 1
                }
            }
        }
    }

    mutating func spaces(_ count: Int) {
        if count > 0 { bytes.append(contentsOf: repeatElement(0x20, count: count)) }
    }
}

/// One character of at most four UTF-8 bytes packed in an integer, so drawing a frame edge or a turned form
/// copies no String or array.
struct PackedUTF8: Sendable {
    var bytes: UInt32 = 0
    var count: UInt8 = 0

    init(_ utf8: [UInt8]) {
        precondition(utf8.count <= 4)
        for (i, b) in utf8.enumerated() { bytes |= UInt32(b) << (8 * UInt32(i)) }
        count = UInt8(utf8.count)
    }

    init(_ scalar: Unicode.Scalar) {
        for (i, b) in scalar.utf8.enumerated() { bytes |= UInt32(b) << (8 * UInt32(i)) }
        count = UInt8(scalar.utf8.count)
    }

    func append(to out: inout [UInt8]) {
        var b = bytes
        for _ in 0..<count {
            out.append(UInt8(truncatingIfNeeded: b))
            b >>= 8
        }
    }
}

/// Trailing spaces are not needed in a file or a pager.
func trimmedRow(_ row: String) -> String {
    var s = Substring(row)
    while s.last == " " { s.removeLast() }
    return String(s)
}
