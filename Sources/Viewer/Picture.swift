import Quire

/// What the terminal shows, as a value: rows of text already fitted to the screen, the cells drawn in reverse
/// video (a search match, the chosen thumbnail or contents entry), and the status line at the bottom. Every
/// screen of the reader (paged view, overview, contents, help) is computed as a picture, so each can be tested
/// without a terminal; ViewerTerminal only draws pictures.
public struct Picture: Sendable, Hashable {
    /// The rows above the status line, each at most the screen's width in cells.
    public var rows: [String]
    /// Cells drawn in reverse video.
    public var highlights: [Highlight]
    /// The bottom line: title, chapter, page n of N, percentage; or a prompt being typed.
    public var status: String

    public init(rows: [String] = [], highlights: [Highlight] = [], status: String = "") {
        self.rows = rows
        self.highlights = highlights
        self.status = status
    }
}

/// A run of cells on one row of a picture.
public struct Highlight: Sendable, Hashable {
    public var row: Int
    /// Cell columns, counted from the left edge of the screen.
    public var columns: Range<Int>

    public init(row: Int, columns: Range<Int>) {
        self.row = row
        self.columns = columns
    }
}

/// Cell arithmetic on rows of text, with UAX #11 widths as the paginator counts them (`cellWidth`).
public enum Cells {
    /// Cells `text` takes on a terminal.
    public static func width(_ text: String, ambiguousWide: Bool = false) -> Int {
        cellWidth(of: text, ambiguousWide: ambiguousWide)
    }

    /// The cells `from ..< from + width` of `row`, padded with spaces to exactly `width` cells. A wide character
    /// cut by either edge becomes spaces, so a slice never overflows its place on the screen.
    public static func slice(_ row: String, from: Int, width: Int, ambiguousWide: Bool = false) -> String {
        guard width > 0 else { return "" }
        var out = ""
        var column = 0
        let end = from + width
        for character in row {
            let w = cellWidth(of: String(character), ambiguousWide: ambiguousWide)
            defer { column += w }
            if column + w <= from { continue }
            if column >= end { break }
            if column < from || column + w > end {
                // Partly inside: its visible cells become blanks.
                out += String(repeating: " ", count: min(column + w, end) - max(column, from))
            } else {
                out.append(character)
            }
        }
        let shown = max(0, min(column, end) - from)
        if shown < width { out += String(repeating: " ", count: width - shown) }
        return out
    }

    /// `row` cut to at most `width` cells (no padding).
    public static func clip(_ row: String, to width: Int, ambiguousWide: Bool = false) -> String {
        var out = ""
        var column = 0
        for character in row {
            let w = cellWidth(of: String(character), ambiguousWide: ambiguousWide)
            if column + w > width { break }
            out.append(character)
            column += w
        }
        return out
    }

    /// The cell column where the character at `index` of `row` starts.
    public static func column(of index: String.Index, in row: String, ambiguousWide: Bool = false) -> Int {
        width(String(row[..<index]), ambiguousWide: ambiguousWide)
    }
}
