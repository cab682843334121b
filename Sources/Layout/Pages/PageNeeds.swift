import BookModel

/// What a page size must allow for the book to fit, learnt while laying out (no second pass).

/// A page too small to show all of a book's text: the one layout failure. Found while laying out, from the
/// cluster widths the line breaker measures anyway, and returned as a value; the command line renders it.
public struct PageTooSmall: Sendable, Hashable, Error {
    /// The page that was asked for.
    public var requested: PageSize
    /// The smallest page of the same height that holds every character of the book.
    public var minimum: PageSize
    /// Cells of the book's widest character when it is wider than the page's lines (horizontal writing), else 0.
    public var widestCharacter: Int
    /// Some chapter is set in vertical writing, whose columns are two cells wide.
    public var hasVerticalColumns: Bool

    /// Why the page cannot be used, e.g. "its widest character takes 2 cells".
    public var reason: String {
        if widestCharacter > requested.columns { return "its widest character takes \(widestCharacter) cells" }
        return "its vertical columns take 2 cells each"
    }

    /// The one message for it, wherever it is reported (render, info, batch), naming the option that set the page:
    /// "--page 1x3 is too narrow for this book: its widest character takes 2 cells; use at least 2x3".
    public var message: String {
        "--page \(requested.columns)x\(requested.lines) is too narrow for this book: \(reason); "
            + "use at least \(minimum.columns)x\(minimum.lines)"
    }
}

/// Pages, or what makes the page size unusable (`problem`): then `pages` would show lines wider than the page
/// and must not be written.
public struct LayoutResult: Sendable {
    public var pages: [Page]
    public var problem: PageTooSmall?
}

/// What one chapter needs of a page's width, from its layout.
struct ChapterNeeds {
    /// The widest cluster that did not fit the line it was set in, 0 when every one fit (horizontal writing).
    var widestOverflow = 0
    /// Set in vertical writing with some text: a column takes two cells.
    var verticalColumns = false

    mutating func merge(_ other: ChapterNeeds) {
        widestOverflow = max(widestOverflow, other.widestOverflow)
        verticalColumns = verticalColumns || other.verticalColumns
    }

    /// Nil when a page of `size` shows everything; a character can only fit a page at least as wide as it, and a
    /// vertical column (two cells, one character a row) needs two columns and one line.
    func problem(for size: PageSize) -> PageTooSmall? {
        let columns = max(1, widestOverflow, verticalColumns ? verticalColumnCells : 1)
        guard columns > size.columns else { return nil }
        return PageTooSmall(requested: size, minimum: PageSize(columns: columns, lines: size.lines),
                            widestCharacter: widestOverflow > size.columns ? widestOverflow : 0,
                            hasVerticalColumns: verticalColumns)
    }
}
