import BookModel
import Layout
@testable import Spreads
import XCTest

/// `page-spread-left/right/center` on chapter starts in the middle of the book.
final class PageSpreadTests: XCTestCase {
    let paired = SpreadOptions(spine: .mid, firstPage: .paired)

    func testRightStartAlreadyOnTheRightInsertsNothing() {
        let result = makeSpreads(pages: book(6, chapters: [4: .right]), options: with(paired) { $0.direction = .ltr })
        XCTAssertEqual(kinds(result), "cccccc")
        XCTAssertEqual(describe(result), ["L1 R2", "L3 R4", "L5 R6"])
    }

    func testLeftStartOnTheRightGetsABlankPageBefore() {
        let result = makeSpreads(pages: book(6, chapters: [4: .left]), options: with(paired) { $0.direction = .ltr })
        XCTAssertEqual(kinds(result), "cccbccc")
        XCTAssertEqual(result.pages.map(\.number), [1, 2, 3, 4, 5, 6, 7])
        XCTAssertTrue(result.pages[4].startsChapter)
        XCTAssertEqual(result.pages[3].source.start, result.pages[4].source.start, "blank stands in the chapter's place")
        XCTAssertEqual(describe(result), ["L1 R2", "L3 R4", "L5 R6", "L7 R-"])
    }

    func testRightToLeftRightStartLandingLeftGetsABlankPage() {
        // rtl paired: odd pages sit on the right, so input page 4 would be on the left.
        let result = makeSpreads(pages: book(6, chapters: [4: .right]), options: with(paired) { $0.direction = .rtl })
        XCTAssertEqual(kinds(result), "cccbccc")
        XCTAssertEqual(describe(result), ["L2 R1", "L4 R3", "L6 R5", "L- R7"])
    }

    func testSoloOpeningRightStart() {
        let solo = SpreadOptions(spine: .mid, direction: .ltr, firstPage: .solo)
        XCTAssertEqual(describe(makeSpreads(pages: book(4, chapters: [3: .right]), options: solo)),
                       ["R1", "L2 R3", "L4 R-"])
        let moved = makeSpreads(pages: book(4, chapters: [3: .left]), options: solo)
        XCTAssertEqual(kinds(moved), "ccbcc")
        XCTAssertEqual(describe(moved), ["R1", "L2 R3", "L4 R5"])
    }

    func testFirstPageAskingForLeftInSoloBookGetsABlankCover() {
        let result = makeSpreads(pages: book(3, chapters: [1: .left]),
                                 options: SpreadOptions(spine: .mid, direction: .ltr))
        XCTAssertEqual(result.layout.firstPage, .solo, "a page-spread on the first item makes the opening solo")
        XCTAssertEqual(kinds(result), "bccc")
        XCTAssertEqual(describe(result), ["R1", "L2 R3", "L4 R-"])
    }

    func testVerticalAxisReadsLeftAsTopAndRightAsBottom() {
        let result = makeSpreads(pages: book(4, chapters: [2: .left]),
                                 options: with(paired) { $0.direction = .ltr; $0.axis = .vertical })
        XCTAssertEqual(kinds(result), "cbccc")
        XCTAssertEqual(describe(result), ["T1 B2", "T3 B4", "T5 B-"])
    }

    func testDoubleSidedLeavesPutRightStartsOnTheFront() {
        let leaves = SpreadOptions(spine: .min, doubleSided: true, direction: .ltr)
        let result = makeSpreads(pages: book(5, chapters: [4: .right]), options: leaves)
        XCTAssertEqual(kinds(result), "cccbcc")
        XCTAssertEqual(describe(result), ["S1/2", "S3/4", "S5/6"])
        XCTAssertEqual(describe(makeSpreads(pages: book(5, chapters: [3: .right]), options: leaves)),
                       ["S1/2", "S3/4", "S5"])
    }

    func testSinglePagesHaveNoSidesSoNothingIsInserted() {
        for spine in [SpineLocation.min, .max, .none] {
            let result = makeSpreads(pages: book(4, chapters: [2: .right, 3: .left]),
                                     options: SpreadOptions(spine: spine, doubleSided: false))
            XCTAssertEqual(kinds(result), "cccc", "\(spine)")
        }
    }

    func testPageSpreadOnlyCountsOnAChapterStart() {
        var pages = book(4)
        pages[3].pageSpread = .left  // not a chapter start: a copied attribute must not move pages
        XCTAssertEqual(kinds(makeSpreads(pages: pages, options: with(paired) { $0.direction = .ltr })), "cccc")
    }

    func testCenterPageStandsAloneAndPairingRestarts() {
        let ltr = with(paired) { $0.direction = .ltr }
        XCTAssertEqual(describe(makeSpreads(pages: book(6, chapters: [3: .center]), options: ltr)),
                       ["L1 R2", "S3", "L4 R5", "L6 R-"])
        XCTAssertEqual(describe(makeSpreads(pages: book(6, chapters: [2: .center]), options: ltr)),
                       ["L1 R-", "S2", "L3 R4", "L5 R6"])
        XCTAssertEqual(describe(makeSpreads(pages: book(3, chapters: [1: .center]),
                                            options: SpreadOptions(spine: .mid, direction: .rtl, firstPage: .solo))),
                       ["S1", "L3 R2"])
        XCTAssertEqual(describe(makeSpreads(pages: book(4, chapters: [2: .center]),
                                            options: SpreadOptions(spine: .min, doubleSided: true))),
                       ["S1", "S2", "S3/4"])
    }

    func testRenditionSpread() {
        func spine(_ hint: BookMetadata.SpreadHint, _ orientation: Orientation) -> SpineLocation {
            makeSpreads(pages: book(4), hints: BookHints(spread: hint),
                        options: SpreadOptions(orientation: orientation, direction: .ltr)).layout.spine
        }
        XCTAssertEqual(spine(.none, .landscape), .min, "none: never two pages")
        XCTAssertEqual(spine(.none, .portrait), .min)
        XCTAssertEqual(spine(.landscape, .landscape), .mid)
        XCTAssertEqual(spine(.landscape, .portrait), .min)
        XCTAssertEqual(spine(.both, .portrait), .mid, "both: two pages in portrait too")
        XCTAssertEqual(spine(.both, .landscape), .mid)
        XCTAssertEqual(spine(.auto, .landscape), .mid)
        XCTAssertEqual(spine(.auto, .portrait), .min)
        let none = makeSpreads(pages: book(3), hints: BookHints(spread: .none),
                               options: SpreadOptions(orientation: .landscape))
        XCTAssertEqual(describe(none), ["S1", "S2", "S3"])
        XCTAssertEqual(none.layout.orientation, .portrait, "the layout says what is drawn: one page")
        // An explicit spine beats the book's hint.
        XCTAssertEqual(makeSpreads(pages: book(2), hints: BookHints(spread: .none),
                                   options: SpreadOptions(spine: .mid)).layout.spine, .mid)
    }
}
