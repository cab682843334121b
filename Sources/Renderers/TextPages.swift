import BookModel
import Layout

/// Draws one page as a framed box of character cells; the binding edge is drawn heavy.
public struct TextPageDrawer: Sendable {
    public var ambiguousWide: Bool
    /// `visual`: each horizontal line that runs right to left is written in display order (`VisualLine`), for
    /// terminals that do no bidi; vertical pages are drawn as they are.
    public var bidi: BidiMode

    public init(ambiguousWide: Bool = false, bidi: BidiMode = .logical) {
        self.ambiguousWide = ambiguousWide
        self.bidi = bidi
    }

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
        var out = DrawnRows()
        draw(page, size: size, folio: folio, binding: binding, into: &out)
        return out
    }

    /// Appends the `size.lines + 3` rows of `rows(_:size:folio:binding:)` to `out`, written in one pass into
    /// space sized for the page.
    func draw(_ page: Page?, size: PageSize, folio: String?, binding: Binding = [], into out: inout DrawnRows) {
        let width = size.columns
        let top = PackedUTF8(binding.contains(.top) ? "━" : "─")
        let bottom = PackedUTF8(binding.contains(.bottom) ? "━" : "─")
        let left = PackedUTF8(binding.contains(.left) ? "┃" : "│")
        let right = PackedUTF8(binding.contains(.right) ? "┃" : "│")
        let lines = page.map { $0.lines.prefix(size.lines) } ?? []
        let columnCount = size.blockSize(.verticalRL)
        let columns = page?.writingMode == .verticalRL ? VerticalColumns(page!.lines.prefix(columnCount), rows: size.lines)
            : nil
        let folio = folio ?? ""
        // The lines reordered for `--bidi visual`, before the space below is asked for: shaping can lengthen their
        // UTF-8 (U+06xx letters are two bytes, their presentation forms three). Empty unless a line runs right to
        // left, so a logical page or one without such lines allocates nothing.
        var visual: [VisualLine?] = []
        if bidi == .visual && columns == nil {
            for index in lines.indices {
                guard let shown = VisualLine(text: lines[index].text, direction: lines[index].direction,
                                             width: lines[index].width, ambiguousWide: ambiguousWide) else { continue }
                if visual.isEmpty { visual = Array(repeating: nil, count: lines.count) }
                visual[index - lines.startIndex] = shown
            }
        }
        // Frame rows are 3 bytes a cell, a folio line a byte a cell and the folio; a text row is its edges, a
        // space a cell of padding and its text, or in a vertical column at most 6 bytes and the text of a cell.
        var text = folio.utf8.count
        if let columns {
            text += columns.text.count + size.lines * (5 * columnCount)
        } else {
            for index in lines.indices { text += lines[index].text.utf8.count }
            for line in visual { text += line?.text.utf8.count ?? 0 }
        }
        let limit = 3 * 2 * (width + 2) + (width + 2) + max(size.lines, lines.count) * (8 + width + 1) + text
        let start = out.bytes.count
        // Row ends go straight into `out.ends`, a stored property apart from the bytes being written (a local
        // array cost an allocation a page and a copy).
        out.bytes.appendUpTo(limit) { writer in
            writer.put(corner("┌", binding, [.left, .top]))
            writer.put(top, count: width)
            writer.put(corner("┐", binding, [.right, .top]))
            out.ends.append(start + writer.count)
            if let columns {
                verticalRows(columns, size: size, left: left, right: right, into: &writer) { out.ends.append(start + $0) }
            } else {
                var drawn = 0
                for index in lines.indices {
                    // Field by field: taking `lines[index]` whole would copy the line (a retain and release per
                    // field), on every line of every page.
                    let shown = visual.isEmpty ? nil : visual[index - lines.startIndex]
                    // Placed where the logical line would be (an rtl line stays flush right), at its shaped width;
                    // clamped to the row, whatever width a caller's line claims.
                    let lineWidth = shown?.width ?? lines[index].width
                    var lead = Line.offset(width: lineWidth, alignment: lines[index].alignment,
                                           direction: lines[index].direction, inInlineSize: width)
                    lead = min(max(0, lead), width)
                    writer.put(left)
                    writer.spaces(lead)
                    if let shown { writer.put(contentsOf: shown.text) } else { writer.put(contentsOf: lines[index].text) }
                    writer.spaces(min(width - lead, width - lead - lineWidth))
                    writer.put(right)
                    out.ends.append(start + writer.count)
                    drawn += 1
                }
                for _ in drawn..<max(drawn, size.lines) {
                    writer.put(left)
                    writer.spaces(width)
                    writer.put(right)
                    out.ends.append(start + writer.count)
                }
            }
            writer.put(corner("└", binding, [.left, .bottom]))
            writer.put(bottom, count: width)
            writer.put(corner("┘", binding, [.right, .bottom]))
            out.ends.append(start + writer.count)
            let folioWidth = cellWidth(of: folio, ambiguousWide: ambiguousWide)
            let lead = max(0, (width + 2 - folioWidth) / 2)
            writer.spaces(lead)
            writer.put(contentsOf: folio)
            writer.spaces(width + 2 - lead - folioWidth)
            out.ends.append(start + writer.count)
        }
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

    /// Vertical-rl: each line is a column two cells wide, the first column at the right, read top to bottom;
    /// `endRow` gets the writer's count after each of the `size.lines` rows.
    func verticalRows(_ columns: VerticalColumns, size: PageSize, left: PackedUTF8, right: PackedUTF8,
                      into writer: inout ByteWriter, endRow: (Int) -> Void) {
        let columnCount = size.blockSize(.verticalRL)
        let cells = VerticalForms.Cells(ambiguousWide: ambiguousWide)
        let spare = max(0, size.columns - verticalColumnCells * columnCount)
        columns.text.withUnsafeBufferPointer { text in
            columns.bounds.withUnsafeBufferPointer { bounds in
                columns.leads.withUnsafeBufferPointer { leads in
                    for row in 0..<size.lines {
                        writer.put(left)
                        writer.spaces(spare)
                        for index in stride(from: columnCount - 1, through: 0, by: -1) {
                            // The column's row drawn here: `leads` empty rows above a centred or 地付き column.
                            let r = index < columns.count ? row - (leads.isEmpty ? 0 : leads[index]) : -1
                            if r >= 0, r < columns.rowCount(index) {
                                let b = columns.firsts[index] + r
                                cells.draw(UnsafeBufferPointer(rebasing: text[Int(bounds[b])..<Int(bounds[b + 1])]),
                                           into: &writer)
                            } else {
                                writer.spaces(verticalColumnCells)
                            }
                        }
                        writer.put(right)
                        endRow(writer.count)
                    }
                }
            }
        }
    }
}

/// Rows of text as UTF-8 in one buffer; `ends[i]` is one past the last byte of row `i`.
struct DrawnRows {
    var bytes: [UInt8] = []
    var ends: [Int] = []

    var count: Int { ends.count }

    func row(_ i: Int) -> ArraySlice<UInt8> { bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]] }
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
        let v = scalar.value
        switch v {
        case 0..<0x80:
            bytes = v
            count = 1
        case 0x80..<0x800:
            bytes = (0xC0 | v >> 6) | (0x80 | v & 0x3F) << 8
            count = 2
        case 0x800..<0x10000:
            bytes = (0xE0 | v >> 12) | (0x80 | v >> 6 & 0x3F) << 8 | (0x80 | v & 0x3F) << 16
            count = 3
        default:
            bytes = (0xF0 | v >> 18) | (0x80 | v >> 12 & 0x3F) << 8 | (0x80 | v >> 6 & 0x3F) << 16 | (0x80 | v & 0x3F) << 24
            count = 4
        }
    }
}

/// Trailing spaces are not needed in a file or a pager.
func trimmedRow(_ row: String) -> String {
    var s = Substring(row)
    while s.last == " " { s.removeLast() }
    return String(s)
}
