import BookModel
import Layout
@testable import Spreads
import XCTest

final class NavigatorTests: XCTestCase {
    let portrait = SpreadOptions(orientation: .portrait, direction: .ltr, firstPage: .paired)

    func testRotationKeepsTheCurrentPageVisible() {
        var navigator = Navigator(pages: book(10), options: portrait, page: 8)
        XCTAssertEqual(navigator.current?.pages, [8])
        navigator.rotate(to: .landscape)
        XCTAssertEqual(navigator.result.layout.spine, .mid)
        XCTAssertEqual(navigator.current.map(describe), "L7 R8")
        XCTAssertEqual(navigator.currentPage, 7)
        navigator.rotate(to: .portrait)
        XCTAssertEqual(navigator.result.layout.spine, .min)
        XCTAssertEqual(navigator.current?.pages, [7], "the first page of the spread in reading order")
    }

    func testRotationRightToLeft() {
        var navigator = Navigator(pages: book(10), options: with(portrait) { $0.direction = .rtl }, page: 8)
        navigator.rotate(to: .landscape)
        XCTAssertEqual(navigator.current.map(describe), "L8 R7")
        navigator.rotate(to: .portrait)
        XCTAssertEqual(navigator.current.map(describe), "S7")
        XCTAssertEqual(navigator.result.layout.spine, .max)
    }

    func testRotationFindsPagesAcrossInsertedBlankPages() {
        // Input page 4 asks for the left: landscape inserts a blank page, portrait does not.
        var navigator = Navigator(pages: book(8, chapters: [4: .left]), options: portrait, page: 4)
        XCTAssertEqual(navigator.result.pages.count, 8)
        navigator.rotate(to: .landscape)
        XCTAssertEqual(navigator.result.pages.count, 9)
        XCTAssertEqual(navigator.current.map(describe), "L5 R6")
        XCTAssertTrue(navigator.result.pages[4].startsChapter)
        navigator.rotate(to: .portrait)
        XCTAssertEqual(navigator.current.map(describe), "S4")
        XCTAssertTrue(navigator.result.pages[3].startsChapter)
        // A blank page gives way to the page it stood before.
        navigator.rotate(to: .landscape)
        navigator.go(to: 3)
        XCTAssertEqual(navigator.current.map(describe), "L3 R4")
        XCTAssertEqual(navigator.result.pages[3].kind, .blank)
        navigator.next()
        navigator.previous()
        navigator.rotate(to: .portrait)
        XCTAssertEqual(navigator.current.map(describe), "S3")
    }

    func testNextAndPreviousStopAtTheEnds() {
        var navigator = Navigator(pages: book(5), options: SpreadOptions(spine: .mid, direction: .ltr,
                                                                         firstPage: .paired))
        XCTAssertEqual(navigator.current.map(describe), "L1 R2")
        XCTAssertNil(navigator.previousSpread)
        XCTAssertNil(navigator.previous())
        XCTAssertEqual(navigator.current?.number, 1, "no move at the start")
        XCTAssertEqual(navigator.next().map(describe), "L3 R4")
        XCTAssertEqual(navigator.next().map(describe), "L5 R-")
        XCTAssertNil(navigator.nextSpread)
        XCTAssertNil(navigator.next())
        XCTAssertEqual(navigator.current?.number, 3, "no move at the end")
        XCTAssertEqual(navigator.previous().map(describe), "L3 R4")
    }

    func testPageAfterAndBefore() {
        let navigator = Navigator(pages: book(5))
        XCTAssertEqual(navigator.page(after: 1), 2)
        XCTAssertEqual(navigator.page(after: 4), 5)
        XCTAssertNil(navigator.page(after: 5), "none after the last")
        XCTAssertNil(navigator.page(after: 0))
        XCTAssertEqual(navigator.page(before: 5), 4)
        XCTAssertNil(navigator.page(before: 1), "none before the first")
        XCTAssertNil(navigator.page(before: 6))
    }

    func testGoToClamps() {
        var navigator = Navigator(pages: book(5), options: SpreadOptions(spine: .mid, direction: .ltr,
                                                                         firstPage: .solo))
        XCTAssertEqual(navigator.go(to: 3), Navigator.Landing(page: 3, clamped: false))
        XCTAssertEqual(navigator.current.map(describe), "L2 R3")
        XCTAssertEqual(navigator.go(to: 0), Navigator.Landing(page: 1, clamped: true))
        XCTAssertEqual(navigator.current.map(describe), "R1")
        XCTAssertEqual(navigator.go(to: 99), Navigator.Landing(page: 5, clamped: true))
        XCTAssertEqual(navigator.current.map(describe), "L4 R5")
        XCTAssertNil(navigator.spread(containing: 6))
        XCTAssertEqual(navigator.spread(containing: 1).map(describe), "R1")
    }

    func testBackOfALeafIsFoundInItsSpread() {
        var navigator = Navigator(pages: book(5), options: SpreadOptions(spine: .min, doubleSided: true))
        XCTAssertEqual(navigator.spread(containing: 4).map(describe), "S3/4")
        navigator.go(to: 4)
        XCTAssertEqual(navigator.currentPage, 3)
        XCTAssertEqual(navigator.next().map(describe), "S5")
    }

    func testEmptyBook() {
        var navigator = Navigator(pages: [])
        XCTAssertTrue(navigator.result.spreads.isEmpty)
        XCTAssertNil(navigator.current)
        XCTAssertNil(navigator.currentPage)
        XCTAssertNil(navigator.next())
        XCTAssertNil(navigator.previous())
        XCTAssertNil(navigator.page(after: 1))
        XCTAssertNil(navigator.page(before: 1))
        XCTAssertEqual(navigator.go(to: 1), Navigator.Landing(page: nil, clamped: true))
        navigator.rotate(to: .landscape)
        XCTAssertNil(navigator.current)
    }
}

final class HandMadeResultTests: XCTestCase {
    /// Renderer tests build results by hand; lookups and navigation must work on them too.
    func testHandMadeResultNavigates() {
        let layout = SpreadLayout(orientation: .landscape, spine: .mid, doubleSided: true, direction: .rtl,
                                  axis: .horizontal, firstPage: .paired, gap: 2)
        let spreads = [Spread(number: 1, slots: [Slot(side: .left, page: 2), Slot(side: .right, page: 1)]),
                       Spread(number: 2, slots: [Slot(side: .left, page: nil), Slot(side: .right, page: 3)])]
        let result = SpreadResult(pages: book(3), spreads: spreads, layout: layout)
        XCTAssertEqual(result.spreadIndex(containing: 3), 1)
        XCTAssertTrue(result.spreads[1].slots[0].placeholder)
        var navigator = Navigator(result: result, page: 3)
        XCTAssertEqual(navigator.current.map(describe), "L- R3")
        navigator.rotate(to: .portrait)
        XCTAssertEqual(navigator.current.map(describe), "S3")
        XCTAssertEqual(navigator.result.layout.spine, .max)
    }
}
