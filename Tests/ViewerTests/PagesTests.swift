import Quire
import TestSupport
import XCTest
@testable import Viewer

/// The page size a terminal holds, the two-step read, and pages laid out before the book is whole.
final class PagesTests: XCTestCase {
    let sample = Run.packageRoot.appendingPathComponent("Samples/lighthouse-keeper").path

    func testAWideTerminalHoldsTwoFramedPagesAndANarrowOneOne() throws {
        let wide = try XCTUnwrap(ScreenGeometry.page(for: Viewport(columns: 100, lines: 30), axis: .horizontal, gap: 0,
                                                     orientation: .auto))
        XCTAssertEqual(wide.0, PageSize(columns: 48, lines: 26))   // 2 × (48 + 2) = 100; 26 + frame 2 + folio + status = 30
        XCTAssertEqual(wide.1, .landscape)
        let narrow = try XCTUnwrap(ScreenGeometry.page(for: Viewport(columns: 50, lines: 40), axis: .horizontal, gap: 0,
                                                       orientation: .auto))
        XCTAssertEqual(narrow.0, PageSize(columns: 48, lines: 36))
        XCTAssertEqual(narrow.1, .portrait)
        let pinned = try XCTUnwrap(ScreenGeometry.page(for: Viewport(columns: 100, lines: 30), axis: .horizontal, gap: 0,
                                                       orientation: .portrait))
        XCTAssertEqual(pinned.0, PageSize(columns: 98, lines: 26))
        let stacked = try XCTUnwrap(ScreenGeometry.page(for: Viewport(columns: 60, lines: 41), axis: .vertical, gap: 0,
                                                        orientation: .auto))
        XCTAssertEqual(stacked.0, PageSize(columns: 58, lines: 17))   // 2 × (17 + 3) = 40 lines over the status line
        XCTAssertNil(ScreenGeometry.page(for: Viewport(columns: 9, lines: 5), axis: .horizontal, gap: 0, orientation: .auto))
    }

    func testTheFirstStepReadsOnlyTheDocumentOfThePlace() throws {
        let loader = BookLoader(paths: [sample], options: OpenOptions())
        XCTAssertTrue(loader.readsInTwoSteps)
        let whole = try loader.whole()
        XCTAssertGreaterThan(whole.document.chapters.count, 2)
        let first = try loader.first(at: nil)
        XCTAssertEqual(first.document.chapters.map(\.href), [whole.document.chapters[0].href])
        let third = whole.document.chapters[2]
        let opened = try loader.first(at: Place(href: third.href, offset: 10))
        XCTAssertEqual(opened.document.chapters.map(\.href), [third.href])
        // A place in no document of the book opens at the first.
        XCTAssertEqual(try loader.first(at: Place(href: "nowhere.xhtml", offset: 0)).document.chapters.map(\.href),
                       [whole.document.chapters[0].href])
    }

    func testPagesOfAPartialBookHaveNoNumbersUntilTheWholeBookArrives() throws {
        let loader = BookLoader(paths: [sample], options: OpenOptions())
        let whole = try loader.whole()
        let third = whole.document.chapters[2]
        let screen = Viewport(columns: 60, lines: 20)
        var session = ViewerSession(book: try loader.first(at: Place(href: third.href, offset: 0)), complete: false,
                                    settings: ViewerSettings(), screen: screen, at: Place(href: third.href, offset: 0))
        XCTAssertTrue(session.navigator.result.pages.allSatisfy { $0.number == 0 })
        XCTAssertNil(session.pageCount)
        XCTAssertTrue(session.picture().status.contains("page ? of ?"), session.picture().status)
        XCTAssertTrue(session.picture().rows.contains { $0.contains("?") })
        // Keys that need page numbers wait for the whole book.
        XCTAssertEqual(session.handle(.end), .needsWholeBook)
        let before = try XCTUnwrap(session.place)
        session.finishLoading(whole, laidOut: Pages.lay(whole, complete: true, for: session.pagesRequest))
        XCTAssertEqual(session.place, before, "the same text stays on screen when the page numbers arrive")
        let current = try XCTUnwrap(session.navigator.currentPage)
        XCTAssertGreaterThan(current, 1)
        XCTAssertEqual(session.navigator.result.pages[current - 1].number, current)
        XCTAssertTrue(session.picture().status.contains("of \(session.navigator.pageCount)"), session.picture().status)
    }

    func testResizeShowsThePageHoldingTheSameText() throws {
        let book = try BookLoader(paths: [sample], options: OpenOptions()).whole()
        var session = ViewerSession(book: book, complete: true, settings: ViewerSettings(),
                                    screen: Viewport(columns: 100, lines: 30))
        for _ in 0..<4 { _ = session.handle(.right) }
        let place = try XCTUnwrap(session.place)
        session.resize(to: Viewport(columns: 44, lines: 18))
        let page = session.navigator.result.pages[try XCTUnwrap(session.navigator.currentPage) - 1]
        XCTAssertEqual(page.source.href, place.href)
        XCTAssertLessThanOrEqual(page.source.start, place.offset)
        XCTAssertGreaterThan(page.source.end, place.offset, "the page shown holds the first character of the old one")
        XCTAssertEqual(session.pageSize, PageSize(columns: 42, lines: 14))
    }
}
