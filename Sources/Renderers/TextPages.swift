import BookModel
import Layout

/// Draws pages as framed boxes of character cells, for terminals and `less`.
public struct TextPageDrawer: Sendable {
    public var ambiguousWide: Bool

    public init(ambiguousWide: Bool = false) { self.ambiguousWide = ambiguousWide }

    /// Cells the frame adds around a page: one on each side, and a folio line below the bottom border.
    public static let frameWidth = 2
    public static let frameHeight = 3

    /// The page as rows of exactly `size.columns + 2` cells: top border, text rows, bottom border, folio.
    public func rows(_ page: Page?, size: PageSize, folio: String?) -> [String] {
        let width = size.columns
        var rows = ["┌" + String(repeating: "─", count: width) + "┐"]
        let body = page.map { bodyRows($0, size: size) } ?? Array(repeating: String(repeating: " ", count: width), count: size.lines)
        rows += body.map { "│" + $0 + "│" }
        rows.append("└" + String(repeating: "─", count: width) + "┘")
        let label = folio ?? ""
        let labelWidth = cellWidth(of: label)
        let left = max(0, (width + 2 - labelWidth) / 2)
        rows.append(String(repeating: " ", count: left) + label + String(repeating: " ", count: max(0, width + 2 - left - labelWidth)))
        return rows
    }

    /// Text rows of exactly `size.columns` cells each, `size.lines` of them.
    func bodyRows(_ page: Page, size: PageSize) -> [String] {
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
}

/// The stream of pages `quire render` printed before spreads: framed pages separated by form feeds.
public enum TextPages {
    public static func render(_ pages: [Page], size: PageSize) -> String {
        let drawer = TextPageDrawer()
        var out = ""
        for (index, page) in pages.enumerated() {
            if index > 0 { out += "\u{0C}\n" }
            let folio = page.kind == .blank ? "\(page.number) (blank)" : String(page.number)
            out += drawer.rows(page, size: size, folio: folio).map(trimmed).joined(separator: "\n") + "\n"
        }
        return out
    }

    /// Trailing spaces are not needed in a file or a pager.
    static func trimmed(_ row: String) -> String {
        var s = Substring(row)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
