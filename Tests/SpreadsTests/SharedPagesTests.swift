import BookModel
import Layout
@testable import Spreads
import XCTest

/// A result whose pages are the input's, unchanged, keeps the input's array (issue 19, peak memory); one that
/// inserts or renumbers pages has its own, numbered 1… in order.
final class SharedPagesTests: XCTestCase {
    private func base(_ pages: [Page]) -> UnsafeRawPointer? {
        pages.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    func testUnchangedPagesShareTheInputArray() {
        let pages = book(9)
        for options in [SpreadOptions(spine: .mid), SpreadOptions(orientation: .portrait), SpreadOptions(spine: .none)] {
            let result = makeSpreads(pages: pages, options: options)
            XCTAssertEqual(result.pages.map(\.number), Array(1...9))
            XCTAssertEqual(base(result.pages), base(pages), "\(options)")
        }
    }

    func testInsertedOrRenumberedPagesAreTheResultsOwn() {
        // A chapter asking for the right side on a left page: a blank page is inserted before it.
        let pages = book(6, chapters: [3: .right])
        let result = makeSpreads(pages: pages, options: SpreadOptions(spine: .mid))
        XCTAssertGreaterThan(result.pages.count, pages.count)
        XCTAssertNotEqual(base(result.pages), base(pages))
        XCTAssertEqual(result.pages.map(\.number), Array(1...result.pages.count))
        // Pages numbered from 5 (an excerpt): renumbered from 1 in a copy.
        let excerpt = Array(book(8).dropFirst(4))
        let renumbered = makeSpreads(pages: excerpt, options: SpreadOptions(spine: .none))
        XCTAssertEqual(renumbered.pages.map(\.number), [1, 2, 3, 4])
        XCTAssertEqual(excerpt.map(\.number), [5, 6, 7, 8])
    }
}
