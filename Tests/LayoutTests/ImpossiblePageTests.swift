import BookModel
import XCTest
@testable import Layout

/// Issue 13: a page too small for the book's widest unbreakable character (a wide character on a one-cell page,
/// a vertical column two cells wide on a one-cell page) is reported with the smallest page that works, and any
/// page at least that wide shows every line within it: decorations give way before a character overflows.
final class ImpossiblePageTests: XCTestCase {
    /// "kaḥḥ" in Devanagari: a base and two spacing marks, one grapheme cluster three cells wide (wcwidth).
    static let threeCells = "कःः"

    func testWideCharacterOnAOneCellPage() throws {
        let doc = paragraphs(["日本語の本です。"], language: "ja")
        let problem = try XCTUnwrap(layOut(doc, options: options(1, 3)).problem)
        XCTAssertEqual(problem.requested, PageSize(columns: 1, lines: 3))
        XCTAssertEqual(problem.minimum, PageSize(columns: 2, lines: 3))
        XCTAssertEqual(problem.widestCharacter, 2)
        XCTAssertEqual(problem.reason, "its widest character takes 2 cells")
        let fits = layOut(doc, options: options(2, 3))
        XCTAssertNil(fits.problem)
        XCTAssertTrue(fits.pages.allSatisfy { $0.lines.allSatisfy { $0.width <= 2 } })
    }

    func testNarrowTextOnAOneCellPageIsFine() {
        XCTAssertNil(layOut(paragraphs(["abc def"]), options: options(1, 1)).problem)
    }

    func testVerticalColumnsNeedTwoCells() throws {
        let doc = paragraphs(["縦書きの本。"], language: "ja")
        let problem = try XCTUnwrap(layOut(doc, options: options(1, 5) { $0.writingMode = .verticalRL }).problem)
        XCTAssertEqual(problem.minimum, PageSize(columns: 2, lines: 5))
        XCTAssertTrue(problem.hasVerticalColumns)
        XCTAssertEqual(problem.widestCharacter, 0)
        XCTAssertEqual(problem.reason, "its vertical columns take 2 cells each")
        // One character a row: a column one line tall still shows everything.
        XCTAssertNil(layOut(doc, options: options(2, 1) { $0.writingMode = .verticalRL }).problem)
        // Latin text set vertically needs the same two-cell columns.
        XCTAssertNotNil(layOut(paragraphs(["abc"]), options: options(1, 1) { $0.writingMode = .verticalRL }).problem)
    }

    /// A three-cell character everywhere a decoration takes room: in a quote, a list, code with a continuation
    /// marker, an image's alt text, a table and an indented paragraph. Every page width from 1 to 9: refused
    /// exactly below 3 cells, and from 3 on no line is wider than the page and the text is whole.
    func testDecorationsGiveWayToACharacterThatFitsThePage() {
        let b = Builder()
        let c = Self.threeCells
        let doc = document([
            b.block(.quote([b.paragraph("\(c)\(c) a \(c)")])),
            b.block(.quote([b.block(.quote([b.paragraph("ab\(c)")]))])),
            b.block(.list(ListBlock(ordered: true, start: 9, items: [ListItem(blocks: [b.paragraph("x \(c)")])]))),
            b.block(.preformatted("ab\(c)\(c)")),
            b.block(.image(ImageRef(source: "i.png", alt: "\(c) \(c)"))),
            b.block(.table(Table(rows: [TableRow(cells: [TableCell(blocks: [b.paragraph("\(c)\(c)\(c)\(c)\(c)")]),
                                                         TableCell(blocks: [b.paragraph("\(c) \(c)")])])]))),
            b.paragraph("\(c) b"),
        ])
        // The book's text (not the list's marker "9."), compared as a multiset: a table row interleaves its cells.
        let text = "\(c)\(c)a\(c)" + "ab\(c)" + "x\(c)" + "ab\(c)\(c)" + "\(c)\(c)" + String(repeating: c, count: 7) + "\(c)b"
        let expected = ink(text).map(\.value).sorted()
        for columns in 1...9 {
            for paragraph in ParagraphSeparation.allCases {
                let result = layOut(doc, options: options(columns, 6) { $0.paragraph = paragraph })
                let context = "\(columns) columns, \(paragraph)"
                XCTAssertEqual(result.problem?.minimum.columns, columns < 3 ? 3 : nil, context)
                XCTAssertEqual(result.problem.map { $0.widestCharacter }, columns < 3 ? 3 : nil, context)
                if result.problem != nil { continue }
                for line in result.pages.flatMap(\.lines) {
                    XCTAssertLessThanOrEqual(line.width, columns, "\"\(line.text)\" on \(context)")
                    XCTAssertLessThanOrEqual(cellWidth(of: line.text), columns, "\"\(line.text)\" on \(context)")
                }
                let printed = result.pages.flatMap(\.lines).flatMap { ink($0.content) }.map(\.value).sorted()
                XCTAssertEqual(printed, expected, context)
            }
        }
    }
}
