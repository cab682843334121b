import BookModel
import Layout
@testable import Spreads
import XCTest

/// `break-before: left|right|recto|verso` (`Page.breakSide`): the spreads stage starts the page on that side,
/// inserting one blank page when needed, in the same place it honours `page-spread-*`.
final class PageSideBreakSpreadTests: XCTestCase {
    private func pages(_ sides: [Int: PageBreak]) -> [Page] {
        var pages = book(5)
        for (position, side) in sides { pages[position - 1].breakSide = side }
        return pages
    }

    private let paired = SpreadOptions(spine: .mid, direction: .ltr, firstPage: .paired)

    /// A two-page layout: `break-before: right` on page 3 (a left page) gets a blank before it.
    func testRightOnALeftPageGetsABlank() {
        let result = makeSpreads(pages: pages([3: .right]), options: paired)
        XCTAssertEqual(kinds(result), "ccbccc")
        XCTAssertEqual(describe(result), ["L1 R2", "L3 R4", "L5 R6"])
        XCTAssertEqual(result.pages[3].breakSide, .right)
        // Already on the right: nothing inserted.
        XCTAssertEqual(kinds(makeSpreads(pages: pages([2: .right]), options: paired)), "ccccc")
    }

    /// `recto`/`verso` follow the page progression: in rtl the recto is the left page.
    func testRectoFollowsTheProgression() {
        XCTAssertEqual(kinds(makeSpreads(pages: pages([3: .recto]), options: paired)), "ccbccc")
        var rtl = paired
        rtl.direction = .rtl
        let result = makeSpreads(pages: pages([3: .recto]), options: rtl)
        XCTAssertEqual(kinds(result), "ccbccc")
        XCTAssertEqual(describe(result)[1], "L4 R3")
        XCTAssertEqual(kinds(makeSpreads(pages: pages([3: .verso]), options: rtl)), "ccccc")
        XCTAssertEqual(kinds(makeSpreads(pages: pages([3: .verso]), options: paired)), "ccccc")
    }

    /// Double-sided leaves: a recto is the front of a leaf.
    func testLeaves() {
        let leaves = SpreadOptions(spine: .min, doubleSided: true, direction: .ltr)
        XCTAssertEqual(kinds(makeSpreads(pages: pages([2: .recto]), options: leaves)), "cbcccc")
    }

    /// One page at a time, single-sided: pages have no side, so nothing is inserted (as for `page-spread-*`).
    func testSinglesInsertNothing() {
        let single = SpreadOptions(orientation: .portrait, doubleSided: false, direction: .ltr)
        XCTAssertEqual(kinds(makeSpreads(pages: pages([2: .left, 3: .right]), options: single)), "ccccc")
    }

    /// A chapter's own `page-spread-*` wins over the CSS side on its first page.
    func testPageSpreadWins() {
        var input = book(5, chapters: [3: .right])
        input[2].breakSide = .left
        XCTAssertEqual(kinds(makeSpreads(pages: input, options: paired)), "ccbccc")
    }
}
