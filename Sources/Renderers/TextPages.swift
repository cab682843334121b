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
        let width = size.columns
        let top = binding.contains(.top) ? "━" : "─"
        let bottom = binding.contains(.bottom) ? "━" : "─"
        let left = binding.contains(.left) ? "┃" : "│"
        let right = binding.contains(.right) ? "┃" : "│"
        var rows = [corner("┌", binding, [.left, .top]) + String(repeating: top, count: width) + corner("┐", binding, [.right, .top])]
        let body = page.map { bodyRows($0, size: size) } ?? Array(repeating: String(repeating: " ", count: width), count: size.lines)
        rows += body.map { left + $0 + right }
        rows.append(corner("└", binding, [.left, .bottom]) + String(repeating: bottom, count: width) + corner("┘", binding, [.right, .bottom]))
        rows.append(centered(folio ?? "", width: width + 2))
        return rows
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
        let textWidth = cellWidth(of: text, ambiguousWide: ambiguousWide)
        let left = max(0, (width - textWidth) / 2)
        return String(repeating: " ", count: left) + text + String(repeating: " ", count: max(0, width - left - textWidth))
    }

    /// Text rows of exactly `size.columns` cells each, `size.lines` of them.
    func bodyRows(_ page: Page, size: PageSize) -> [String] {
        if page.writingMode == .verticalRL { return verticalRows(page, size: size) }
        var rows: [String] = []
        rows.reserveCapacity(size.lines)
        for line in page.lines.prefix(size.lines) {
            let lead = line.offset(inInlineSize: size.columns)
            let used = lead + line.width
            rows.append(String(repeating: " ", count: lead) + line.text + String(repeating: " ", count: max(0, size.columns - used)))
        }
        while rows.count < size.lines { rows.append(String(repeating: " ", count: size.columns)) }
        return rows
    }

    /// Vertical-rl: each line is a column two cells wide, the first column at the right, read top to bottom.
    func verticalRows(_ page: Page, size: PageSize) -> [String] {
        let columnCount = max(1, size.columns / 2)
        let columns = page.lines.prefix(columnCount).map { Layout.verticalRows(of: $0.text) }
        let spare = String(repeating: " ", count: size.columns - 2 * columnCount)
        var rows: [String] = []
        rows.reserveCapacity(size.lines)
        for row in 0..<size.lines {
            var text = spare
            for index in stride(from: columnCount - 1, through: 0, by: -1) {
                if index < columns.count, row < columns[index].count {
                    text += VerticalForms.cell(columns[index][row], ambiguousWide: ambiguousWide)
                } else {
                    text += "  "
                }
            }
            rows.append(text)
        }
        return rows
    }
}

/// Trailing spaces are not needed in a file or a pager.
func trimmedRow(_ row: String) -> String {
    var s = Substring(row)
    while s.last == " " { s.removeLast() }
    return String(s)
}
