import BookModel
import XCTest
@testable import Layout

/// Preformatted text with tabs on pages a few cells wide (issue 20, finding 01): a tab stop past the edge of a
/// narrow page once asked for a negative number of spaces and trapped. Every page size from 1x1 to 4x4, both
/// writing modes, must lay the text out whole, no line wider than the page.
final class NarrowPageTests: XCTestCase {
    /// Tabs where they hurt: leading runs, between words, after wide characters and emoji, in a quote and a
    /// list (narrower still), and a line of nothing but tabs.
    static func tabbedDocument() -> Document {
        let b = Builder()
        let pre = "\t\t\tx\n全\ty\t\tz\n a\tb\tc\td\n\t\n👍🏽\t\t12\t!?\n\t\t\t\t\t\tend\r\n±½\t①"
        return document([
            b.block(.preformatted(pre)),
            b.block(.quote([b.block(.preformatted("\t\tquoted\tx"))])),
            b.block(.list(ListBlock(ordered: true, items: [ListItem(blocks: [b.block(.preformatted("\t\t\titem"))])]))),
        ])
    }

    func testTabsOnPagesOneToFourCellsAcross() {
        let document = Self.tabbedDocument()
        let expected = document.chapters[0].blocks.map(Self.preformattedInk).joined()
        for mode in [WritingMode.horizontalTB, .verticalRL] {
            for columns in 1...4 {
                for lines in 1...4 {
                    for ambiguousWide in [false, true] {
                        let result = layOut(document, options: options(columns, lines) {
                            $0.writingMode = mode
                            $0.ambiguousWide = ambiguousWide
                        })
                        let pages = result.pages
                        let context = "\(columns)x\(lines) \(mode) ambiguousWide=\(ambiguousWide)"
                        // The text holds two-cell characters (全, 👍🏽), and a vertical column is two cells wide:
                        // one cell across is too narrow (issue 13); any other size shows every line within the page.
                        XCTAssertEqual(result.problem?.minimum.columns, columns == 1 ? 2 : nil, context)
                        for page in pages where result.problem == nil {
                            for line in page.lines {
                                XCTAssertTrue(line.width <= page.inlineSize, "\"\(line.text)\" is \(line.width) cells on \(context)")
                            }
                        }
                        let actual = String(String.UnicodeScalarView(pages.flatMap { $0.lines }.flatMap { ink($0.content) }))
                        XCTAssertEqual(actual, expected, "text not conserved on \(context)")
                    }
                }
            }
        }
    }

    /// A tab takes the cells up to the next stop of 4, clamped to the page's edge (a full line gives it none);
    /// text after a full line goes on after the "↪" marker, where the page has room for one.
    func testTabStopsClampToTheLineWidth() {
        let b = Builder()
        let doc = document([b.block(.preformatted("a\tb\n\t\tx\n全\tx"))])
        // Eight cells: six behind the code bar (issue 17); three and fewer leave no room for it.
        XCTAssertEqual(allLines(paginate(doc, options: options(8, 10))), ["│ a   b", "│", "│ ↪x", "│ 全  x"])
        XCTAssertEqual(allLines(paginate(doc, options: options(6, 10))), ["│ a", "│ ↪b", "│", "│ ↪x", "│ 全", "│ ↪x"])
        XCTAssertEqual(allLines(paginate(doc, options: options(3, 10))), ["a", "↪b", "", "↪x", "全", "↪x"])
        XCTAssertEqual(allLines(paginate(doc, options: options(2, 10))), ["a", "b", "", "x", "全", "x"])
        XCTAssertEqual(allLines(paginate(doc, options: options(1, 10))), ["a", "b", "", "x", "全", "x"])
    }

    /// The non-white-space text of the preformatted blocks, in order (a tab is white space).
    static func preformattedInk(_ block: Block) -> String {
        switch block.kind {
        case .preformatted(let text): return String(String.UnicodeScalarView(ink(text)))
        case .quote(let blocks): return blocks.map(preformattedInk).joined()
        case .list(let list): return list.items.flatMap(\.blocks).map(preformattedInk).joined()
        default: return ""
        }
    }
}
