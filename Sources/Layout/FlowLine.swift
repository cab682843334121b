import BookModel

/// A line on its way to a page, with what page flow needs: keeps, source offsets, page-break labels.
///
/// Paragraphs and blocks (`Paragraph/`, `Blocks/`) append these; `Pages/` tidies them and cuts them into pages.
struct FlowLine {
    var line: Line
    /// No page break may fall between this line and the next (widows, orphans, headings, table rows).
    var keep = false
    /// No page break may fall between this line and the next even when the page has no other place to break: the
    /// lines of an image box (`Images.swift`). `keep` is a preference that page cutting gives up, when every line
    /// of a page is kept, before it gives up this one (CSS Fragmentation 3 §4.4: `avoid` rules are relaxed in
    /// order); a box is never taller than a page, so there is always such a place.
    var unbreakable = false
    /// A separating blank line, dropped at the top or bottom of a page.
    var collapsible = false
    /// Source offsets of the book text on the line, -1 when it holds none.
    var start = -1
    var end = -1
    var labels: [String] = []
    /// Holds only page-break labels of an empty paragraph; folded into a neighbour before page flow.
    var markerOnly = false
    /// The book forces a new page before this line (`Block.look.pageBreak`): a page ends before it, and the page
    /// it starts records the side asked for (`Page.breakSide`).
    var pageBreak: PageBreak?
    /// The footnotes first referred to on this line (indexes into its chapter's `ChapterFlow.footnotes`), set at the
    /// foot of the page that holds it (`Pages/Footnotes.swift`).
    var notes: [Int32] = []
    /// On the lines of a grid table's body rows when the table has header rows: the header's lines (its top
    /// frame, the header rows and the rule under them), all decoration, which a page beginning with this line
    /// repeats first (Pages/RepeatedHeaders.swift), as printed tables do when they run on to a new page.
    var repeatedHeader: [Line] = []

    static func blank(direction: Direction) -> FlowLine {
        FlowLine(line: Line(text: "", width: 0, direction: direction, role: .blank), collapsible: true)
    }
}
