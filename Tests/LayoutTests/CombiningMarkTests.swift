import BookModel
import Layout
import XCTest

/// A combining mark with no base of its own (character tables in books about typography) is book text too.
final class CombiningMarkTests: XCTestCase {
    func testMarkAfterASpaceIsNotTrimmedAtTheLineEnd() {
        let b = Builder()
        let doc = document([b.paragraph("grave \u{300}")])
        let lines = paginate(doc, options: options(7, 5)).flatMap(\.lines)
        XCTAssertEqual(lines.map(\.content).joined(), "grave \u{300}")
    }

    func testMarkAfterATableLabelStaysContent() {
        let b = Builder()
        // Too wide for a grid at 12 cells: set as "Header: value" blocks, the label a decoration.
        let table = Table(rows: [
            TableRow(cells: [TableCell(blocks: [b.paragraph("Glyph")], header: true),
                             TableCell(blocks: [b.paragraph("Code point")], header: true),
                             TableCell(blocks: [b.paragraph("Name of the mark")], header: true)]),
            TableRow(cells: [TableCell(blocks: [b.paragraph("\u{302}")]),
                             TableCell(blocks: [b.paragraph("U+0302")]),
                             TableCell(blocks: [b.paragraph("COMBINING CIRCUMFLEX ACCENT")])]),
        ])
        let lines = paginate(document([b.block(.table(table))]), options: options(12, 40)).flatMap(\.lines)
        let content = lines.map(\.content).joined()
        XCTAssertTrue(content.unicodeScalars.contains("\u{302}"), "the mark is on a page: \(lines.map(\.text))")
        XCTAssertFalse(lines.contains { $0.decorations.isEmpty == false && $0.content.isEmpty && $0.text.unicodeScalars.contains("\u{302}") })
    }
}
