import Quire
import Viewer
import XCTest

/// A small Markdown book: `chapters` chapters of `paragraphs` numbered paragraphs each, every chapter a `#`
/// heading (so a chapter of its own, all in one file).
func markdownBook(chapters: Int, paragraphs: Int, title: String = "Chapter") -> String {
    (1...chapters).map { c in
        "# \(title) \(c)\n\n" + (1...paragraphs).map { p in "Para \(c).\(p) has a few words to wrap.\n" }
            .joined(separator: "\n")
    }.joined(separator: "\n")
}

/// The document of a Markdown text, opened as `quire view` opens standard input.
func document(markdown: String) throws -> Document {
    try Quire.open(bytes: Array(markdown.utf8), name: "book.md").document
}

/// Pages laid out by Layout on a small page, grouped by `makeSpreads`.
func spreads(_ document: Document, page: PageSize = PageSize(columns: 20, lines: 5),
             options: SpreadOptions = SpreadOptions(orientation: .landscape, direction: .ltr, firstPage: .paired))
    -> SpreadResult {
    let laidOut = layOut(document, options: LayoutOptions(pageSize: page))
    return makeSpreads(pages: laidOut.pages, options: options)
}

/// Every row of a picture fits the screen, and there is exactly one row a line above the status.
func assertFits(_ picture: Picture, _ screen: Viewport, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(picture.rows.count, screen.lines - 1, "rows fill the screen above the status",
                   file: file, line: line)
    for (index, row) in picture.rows.enumerated() {
        XCTAssertLessThanOrEqual(Cells.width(row), screen.columns, "row \(index): \(row)", file: file, line: line)
    }
    XCTAssertLessThanOrEqual(Cells.width(picture.status), screen.columns, file: file, line: line)
}
