import Quire
import XCTest
@testable import Viewer

final class OverviewTests: XCTestCase {
    let screen = Viewport(columns: 80, lines: 24)

    func book(rtl: Bool = false, chapters: Int = 6) throws -> SpreadResult {
        let options = SpreadOptions(orientation: .landscape, direction: rtl ? .rtl : .ltr, firstPage: .paired)
        return spreads(try document(markdown: markdownBook(chapters: chapters, paragraphs: 4)), options: options)
    }

    /// The cells of a row under the selected thumbnail's highlight.
    func selectedCells(_ overview: Overview, row offset: Int) -> String {
        let picture = overview.picture()
        let first = picture.highlights[0]
        return Cells.slice(picture.rows[first.row + offset], from: first.columns.lowerBound, width: first.columns.count)
    }

    func testThumbnailsShowPageNumbersAndTheFirstWordsOfEachPage() throws {
        let result = try book()
        XCTAssertEqual(result.spreads[0].slots.map(\.page), [1, 2])
        let overview = Overview(result: result, selected: 0, screen: screen, direction: .ltr)
        assertFits(overview.picture(), screen)
        let height = overview.picture().highlights.count
        let bottom = selectedCells(overview, row: height - 1)
        XCTAssertTrue(bottom.hasPrefix("└") && bottom.hasSuffix("┘"), bottom)
        let numbers = bottom.split { !$0.isNumber }
        XCTAssertEqual(numbers, ["1", "2"], "page 1 on the left, page 2 on the right: \(bottom)")
        // The first text row of page 1's mini page: the start of its first line with text.
        let firstLine = try XCTUnwrap(result.pages[0].lines.first { !$0.text.allSatisfy(\.isWhitespace) })
        let top = selectedCells(overview, row: 1)
        XCTAssertTrue(top.hasPrefix("│" + Cells.clip(firstLine.text, to: overview.grid.pageWidth)), top)
    }

    func testRightToLeftGridStartsAtTheTopRightAndRunsLeft() throws {
        let ltr = Overview(result: try book(), selected: 0, screen: screen, direction: .ltr)
        let rtl = Overview(result: try book(rtl: true), selected: 0, screen: screen, direction: .rtl)
        XCTAssertGreaterThan(rtl.grid.perRow, 1)
        for index in 0..<(rtl.grid.perRow - 1) {
            XCTAssertLessThan(ltr.origin(of: index).x, ltr.origin(of: index + 1).x,
                              "ltr: spread \(index + 1) left of the next")
            XCTAssertGreaterThan(rtl.origin(of: index).x, rtl.origin(of: index + 1).x,
                                 "rtl: spread \(index + 1) right of the next")
        }
        XCTAssertEqual(rtl.origin(of: rtl.grid.perRow).x, rtl.origin(of: 0).x,
                       "the second row starts at the right again")
        XCTAssertGreaterThan(rtl.origin(of: rtl.grid.perRow).y, 0)
        // The highlight is drawn where the origin says, and the spread's pages read right to left within it.
        let highlight = rtl.picture().highlights[0]
        XCTAssertEqual(highlight.columns.lowerBound, rtl.origin(of: 0).x)
        XCTAssertGreaterThan(highlight.columns.lowerBound, screen.columns / 2)
        let numbers = selectedCells(rtl, row: rtl.picture().highlights.count - 1).split { !$0.isNumber }
        XCTAssertEqual(numbers, ["2", "1"], "rtl: page 1 is the right-hand page")
    }

    func testArrowsFollowTheScreenSoLeftIsForwardInRightToLeftBooks() throws {
        var ltr = Overview(result: try book(), selected: 0, screen: screen, direction: .ltr)
        var rtl = Overview(result: try book(rtl: true), selected: 0, screen: screen, direction: .rtl)
        ltr.move(.right); rtl.move(.left)
        XCTAssertEqual(ltr.selected, 1)
        XCTAssertEqual(rtl.selected, 1)
        ltr.move(.left); rtl.move(.right)
        XCTAssertEqual(ltr.selected, 0)
        XCTAssertEqual(rtl.selected, 0)
        ltr.move(.left); rtl.move(.right)
        XCTAssertEqual(ltr.selected, 0, "no move before the first spread")
        XCTAssertEqual(rtl.selected, 0)
        ltr.move(.down)
        XCTAssertEqual(ltr.selected, ltr.grid.perRow)
        ltr.move(.up)
        XCTAssertEqual(ltr.selected, 0)
        ltr.move(.up)
        XCTAssertEqual(ltr.selected, 0)
        ltr.move(.end)
        XCTAssertEqual(ltr.selected, ltr.result.spreads.count - 1)
        ltr.move(.right)
        XCTAssertEqual(ltr.selected, ltr.result.spreads.count - 1, "no move past the last spread")
        ltr.move(.home)
        XCTAssertEqual(ltr.selected, 0)
        ltr.move(.pageDown)
        XCTAssertEqual(ltr.selected, min(ltr.result.spreads.count - 1, ltr.grid.perRow * ltr.grid.visibleRows))
    }

    func testDownFromTheRowAboveAShortLastRowLandsOnTheLastSpread() throws {
        let result = try book(chapters: 10)
        var overview = Overview(result: result, selected: 0, screen: screen, direction: .ltr)
        let perRow = overview.grid.perRow
        let count = result.spreads.count
        try XCTSkipIf(count % perRow == 0, "needs a short last row")
        overview.selected = (count / perRow - 1) * perRow + perRow - 1
        overview.move(.down)
        XCTAssertEqual(overview.selected, count - 1)
    }

    func testTheSelectionStaysInViewAsTheGridScrolls() throws {
        let result = try book(chapters: 20)
        let small = Viewport(columns: 50, lines: 14)
        var overview = Overview(result: result, selected: 0, screen: small, direction: .ltr)
        XCTAssertGreaterThan(result.spreads.count, overview.grid.perRow * overview.grid.visibleRows,
                             "more than a screen")
        overview.move(.end)
        var picture = overview.picture()
        assertFits(picture, small)
        XCTAssertFalse(picture.highlights.isEmpty, "the last spread is on the screen")
        XCTAssertTrue(picture.highlights.allSatisfy { $0.row >= 0 && $0.row < small.lines - 1 })
        XCTAssertTrue(picture.status.hasPrefix("Overview: spread \(result.spreads.count) of \(result.spreads.count)"),
                      picture.status)
        // Going back up a row scrolls no further than it must: the top row stays put until the selection leaves it.
        let top = overview.top
        overview.move(.up)
        XCTAssertEqual(overview.top, overview.grid.visibleRows > 1 ? top : top - 1)
        overview.move(.home)
        picture = overview.picture()
        XCTAssertEqual(overview.top, 0)
        XCTAssertEqual(picture.highlights.first?.row, 0)
        // Starting on a spread far into the book shows it at once.
        let far = Overview(result: result, selected: result.spreads.count - 2, screen: small, direction: .ltr)
        XCTAssertFalse(far.picture().highlights.isEmpty)
    }

    func testClicksMapToTheThumbnailUnderTheCell() throws {
        for rtl in [false, true] {
            let result = try book(rtl: rtl, chapters: 10)
            var overview = Overview(result: result, selected: 0, screen: screen, direction: rtl ? .rtl : .ltr)
            overview.move(.pageDown)  // scrolled, so clicks must count from the top row on the screen
            let visible = (overview.top * overview.grid.perRow)..<min(result.spreads.count,
                (overview.top + overview.grid.visibleRows) * overview.grid.perRow)
            XCTAssertFalse(visible.isEmpty)
            for index in visible {
                var probe = overview
                probe.selected = index
                let box = probe.picture().highlights
                XCTAssertEqual(probe.top, overview.top)
                let middle = box[box.count / 2]
                XCTAssertEqual(overview.spread(atCell: middle.columns.lowerBound, row: middle.row), index)
                XCTAssertEqual(overview.spread(atCell: middle.columns.upperBound - 1, row: box[0].row), index)
                XCTAssertNotEqual(overview.spread(atCell: middle.columns.upperBound, row: middle.row), index,
                                  "the gap right of a thumbnail is not it")
            }
            XCTAssertNil(overview.spread(atCell: 0, row: screen.lines - 1), "the status line holds no thumbnail")
            XCTAssertNil(overview.spread(atCell: overview.grid.margin + overview.grid.cellWidth, row: 0), "a gap")
        }
    }

    func testPlaceholderIsAnEmptyFrameWithoutANumber() throws {
        var result = try book(chapters: 3)
        if result.spreads.last?.slots.last?.page != nil {
            result = spreads(try document(markdown: markdownBook(chapters: 4, paragraphs: 4)))
        }
        let last = try XCTUnwrap(result.spreads.last)
        try XCTSkipIf(!last.slots.contains { $0.placeholder }, "page count came out even twice")
        var overview = Overview(result: result, selected: 0, screen: screen, direction: .ltr)
        overview.move(.end)
        let height = overview.picture().highlights.count
        let bottom = selectedCells(overview, row: height - 1)
        XCTAssertEqual(bottom.split { !$0.isNumber }, [Substring(String(result.pages.count))], bottom)
        let w = overview.grid.pageWidth
        XCTAssertTrue(selectedCells(overview, row: 1).hasSuffix("│" + String(repeating: " ", count: w) + "│"))
    }

    func testEveryScreenSizeFits() throws {
        let result = try book()
        for screen in [Viewport(columns: 10, lines: 4), Viewport(columns: 17, lines: 6),
                       Viewport(columns: 132, lines: 50), Viewport(columns: 1, lines: 2)] {
            var overview = Overview(result: result, selected: 3, screen: screen, direction: .rtl)
            assertFits(overview.picture(), screen)
            overview.move(.end)
            assertFits(overview.picture(), screen)
        }
        let vertical = spreads(try document(markdown: markdownBook(chapters: 3, paragraphs: 4)),
                               options: SpreadOptions(orientation: .landscape, direction: .ltr, axis: .vertical))
        let overview = Overview(result: vertical, selected: 0, screen: screen, direction: .ltr)
        assertFits(overview.picture(), screen)
        XCTAssertEqual(overview.grid.cellHeight, 2 * (overview.grid.pageLines + 2),
                       "stacked pages on the vertical axis")
    }

    func testABookWithoutPagesShowsAnEmptyGrid() {
        let empty = makeSpreads(pages: [])
        var overview = Overview(result: empty, selected: 5, screen: screen, direction: .ltr)
        overview.move(.down)
        XCTAssertEqual(overview.selected, 0)
        assertFits(overview.picture(), screen)
        XCTAssertTrue(overview.picture().highlights.isEmpty)
        XCTAssertNil(overview.spread(atCell: 5, row: 2))
    }
}
