import BookModel
import Layout
import XCTest
@testable import Spreads

/// `rearrange`: the same pages regrouped with other options, the current page still in view.
final class NavigatorRearrangeTests: XCTestCase {
    func pages(_ count: Int) -> [Page] {
        (1...count).map { Page(number: $0, source: PageSource(spine: 0, href: "c.xhtml", start: $0 * 10, end: $0 * 10 + 10)) }
    }

    func testTogglingSidesKeepsTheCurrentPage() {
        var options = SpreadOptions()
        options.orientation = .portrait
        options.spine = .min
        var navigator = Navigator(pages: pages(9), options: options, page: 5)
        XCTAssertEqual(navigator.currentPage, 5)
        options.doubleSided = true
        navigator.rearrange(options)
        XCTAssertEqual(navigator.options.doubleSided, true)
        XCTAssertTrue(navigator.current?.contains(page: 5) ?? false)
        options.doubleSided = false
        navigator.rearrange(options)
        XCTAssertEqual(navigator.currentPage, 5)
    }

    func testRotateIsARearrangementWithTheOrientationsSpine() {
        var options = SpreadOptions()
        options.orientation = .portrait
        var navigator = Navigator(pages: pages(9), options: options, page: 3)
        navigator.rotate(to: .landscape)
        XCTAssertEqual(navigator.result.layout.orientation, .landscape)
        XCTAssertEqual(navigator.options.spine, nil)
        XCTAssertTrue(navigator.current?.contains(page: 3) ?? false)
        navigator.rotate(to: .portrait)
        XCTAssertEqual(navigator.currentPage, 3)
    }
}
