import Foundation
import Quire
@testable import Viewer
import XCTest

/// The reader without a terminal: keys go into a `ViewerSession`, pictures and positions come out (issue 18).
/// The book is made here: chapters of numbered sentences, so every page holds different words and a place in
/// the text can be found again after the pages are set anew.
final class ViewerSessionTests: XCTestCase {
    /// Three chapters of `sentences` sentences each; "zebra" appears once in chapter 1 and once in chapter 3.
    static func book(direction: Direction? = nil, sentences: Int = 40) -> Book {
        func chapter(_ index: Int, _ title: String) -> Chapter {
            let href = "c\(index).xhtml"
            var blocks = [Block(.heading(level: 1, [.text(title, [])]), location: SourceLocation(spine: index, href: href, offset: 0))]
            var offset = title.count
            for paragraph in 0..<(sentences / 5) {
                var text = (0..<5).map { "Sentence \(index + 1)-\(paragraph * 5 + $0) has a few more words in it." }
                    .joined(separator: " ")
                if index != 1 && paragraph == sentences / 10 { text += " A zebra walks by." }
                blocks.append(Block(.paragraph([.text(text, [])]), location: SourceLocation(spine: index, href: href, offset: offset)))
                offset += text.count
            }
            return Chapter(spineIndex: index, href: href, title: title, blocks: blocks)
        }
        let document = Document(metadata: BookMetadata(titles: ["Sample"], pageProgression: direction),
                                chapters: [chapter(0, "One"), chapter(1, "Two"), chapter(2, "Three")])
        return Book(format: .epub, document: document, diagnostics: [])
    }

    static func session(_ book: Book = book(), complete: Bool = true, screen: Viewport = Viewport(columns: 80, lines: 20),
                        settings: ViewerSettings = ViewerSettings()) -> ViewerSession {
        ViewerSession(book: book, complete: complete, settings: settings, screen: screen)
    }

    func type(_ text: String, into session: inout ViewerSession) {
        for character in text { _ = session.handle(.character(character)) }
    }

    // MARK: Keys

    func testTurningKeysFollowTheBooksDirection() {
        let ltr = KeyMap(direction: .ltr, axis: .horizontal)
        XCTAssertEqual(ltr.action(for: .right), .forward)
        XCTAssertEqual(ltr.action(for: .left), .backward)
        XCTAssertEqual(ltr.action(for: .character("l")), .forward)
        let rtl = KeyMap(direction: .rtl, axis: .horizontal)
        XCTAssertEqual(rtl.action(for: .left), .forward)
        XCTAssertEqual(rtl.action(for: .right), .backward)
        XCTAssertEqual(rtl.action(for: .character("h")), .forward)
        let vertical = KeyMap(direction: .rtl, axis: .vertical)
        XCTAssertEqual(vertical.action(for: .down), .forward)
        XCTAssertNil(vertical.action(for: .left), "on the vertical axis the pages do not turn sideways")
        for map in [ltr, rtl, vertical] {
            XCTAssertEqual(map.action(for: .character(" ")), .forward)
            XCTAssertEqual(map.action(for: .pageDown), .forward)
            XCTAssertEqual(map.action(for: .backspace), .backward)
            XCTAssertEqual(map.action(for: .pageUp), .backward)
        }
        let screen = Viewport(columns: 80, lines: 24)
        XCTAssertEqual(ltr.action(forClickAt: 70, row: 5, screen: screen), .forward)
        XCTAssertEqual(rtl.action(forClickAt: 70, row: 5, screen: screen), .backward)
        XCTAssertEqual(rtl.action(forClickAt: 5, row: 5, screen: screen), .forward)
    }

    func testAnRightToLeftBookTurnsForwardWithTheLeftArrow() {
        var session = Self.session(Self.book(direction: .rtl))
        XCTAssertEqual(session.navigator.result.layout.direction, .rtl)
        XCTAssertEqual(session.handle(.right), .nothing, "→ goes back, and there is nothing before the first spread")
        XCTAssertEqual(session.navigator.spreadIndex, 0)
        XCTAssertEqual(session.handle(.left), .turned(forward: true))
        XCTAssertEqual(session.navigator.spreadIndex, 1)
        XCTAssertEqual(session.handle(.right), .turned(forward: false))
        XCTAssertEqual(session.navigator.spreadIndex, 0)
    }

    // MARK: Resize

    /// A resize shows the page holding the first character of the page that was current: the same text, not the
    /// same page number (issue 18, "Rotation = resize").
    func testResizeKeepsTheReadingPlace() throws {
        var session = Self.session()
        for _ in 0..<5 { _ = session.handle(.character(" ")) }
        XCTAssertGreaterThan(try XCTUnwrap(session.navigator.currentPage), 4)
        for screen in [Viewport(columns: 50, lines: 40), Viewport(columns: 120, lines: 16), Viewport(columns: 40, lines: 12)] {
            let before = try XCTUnwrap(session.place)
            session.resize(to: screen)
            XCTAssertNil(session.problem)
            let spread = try XCTUnwrap(session.navigator.current)
            let holding = spread.pages.map { session.navigator.result.pages[$0 - 1].source }.filter {
                $0.href == before.href && $0.start <= before.offset && before.offset < $0.end
            }
            XCTAssertFalse(holding.isEmpty, "at \(screen) the spread \(spread.pages) holds offset \(before.offset) of \(before.href)")
        }
    }

    func testResizeToTheSameSizeChangesNothing() {
        var session = Self.session()
        _ = session.handle(.right)
        let navigator = session.navigator
        session.resize(to: session.screen)
        XCTAssertEqual(session.navigator, navigator)
    }

    func testTooSmallATerminalSaysSo() {
        var session = Self.session()
        session.resize(to: Viewport(columns: 6, lines: 3))
        XCTAssertNotNil(session.problem)
        XCTAssertTrue(session.problem?.contains("too small") ?? false)
        XCTAssertEqual(session.picture().status, "q quits")
        session.resize(to: Viewport(columns: 80, lines: 20))
        XCTAssertNil(session.problem)
    }

    // MARK: Search

    func testSearchFindsHighlightsAndWraps() throws {
        var session = Self.session()
        XCTAssertEqual(session.handle(.character("/")), .redraw)
        type("ZEBRA", into: &session)
        XCTAssertEqual(session.picture().status, "/ZEBRA")
        XCTAssertEqual(session.handle(.enter), .redraw)
        let first = try XCTUnwrap(session.search?.match)
        XCTAssertEqual(session.navigator.result.pages[first.page - 1].source.href, "c0.xhtml")
        XCTAssertTrue(session.navigator.current?.contains(page: first.page) ?? false)
        // The match is drawn in reverse video, on the cells showing the word (case ignored).
        let picture = session.picture()
        let highlight = try XCTUnwrap(picture.highlights.first)
        let cells = Cells.slice(picture.rows[highlight.row], from: highlight.columns.lowerBound, width: highlight.columns.count)
        XCTAssertEqual(cells, "zebra")

        XCTAssertEqual(session.handle(.character("n")), .redraw)
        let second = try XCTUnwrap(session.search?.match)
        XCTAssertEqual(session.navigator.result.pages[second.page - 1].source.href, "c2.xhtml")
        XCTAssertGreaterThan(second.page, first.page)

        XCTAssertEqual(session.handle(.character("n")), .redraw)
        XCTAssertEqual(session.search?.match, first, "past the last match the search starts again at the first")
        XCTAssertTrue(session.picture().status.contains("wrapped"), session.picture().status)

        XCTAssertEqual(session.handle(.character("N")), .redraw)
        XCTAssertEqual(session.search?.match, second, "N goes back, wrapping to the end")
    }

    func testSearchForAbsentWordSaysNotFound() {
        var session = Self.session()
        _ = session.handle(.character("/"))
        type("okapi", into: &session)
        XCTAssertEqual(session.handle(.enter), .redraw)
        XCTAssertEqual(session.navigator.spreadIndex, 0)
        XCTAssertTrue(session.picture().status.contains("Not found: okapi"), session.picture().status)
        XCTAssertEqual(session.handle(.character("n")), .redraw)
        XCTAssertEqual(session.navigator.spreadIndex, 0)
    }

    // MARK: Go to page

    func testGoToPagePrompt() throws {
        var session = Self.session()
        let count = session.navigator.pageCount
        XCTAssertGreaterThan(count, 8)
        XCTAssertEqual(session.handle(.character("g")), .redraw)
        XCTAssertEqual(session.mode, .prompt(.page, ""))
        type("7x", into: &session)
        XCTAssertEqual(session.mode, .prompt(.page, "7"), "a page number takes digits only")
        XCTAssertEqual(session.picture().status, "Go to page: 7")
        XCTAssertEqual(session.handle(.enter), .redraw)
        XCTAssertEqual(session.mode, .reading)
        XCTAssertTrue(session.navigator.current?.pages.contains(7) ?? false)
        XCTAssertTrue(session.picture().status.contains("of \(count)"))

        _ = session.handle(.character(":"))
        type("9999", into: &session)
        _ = session.handle(.enter)
        XCTAssertTrue(session.navigator.current?.pages.contains(count) ?? false)
        XCTAssertTrue(session.picture().status.contains("The book has \(count) pages"), session.picture().status)

        _ = session.handle(.character("g"))
        type("3", into: &session)
        _ = session.handle(.escape)
        XCTAssertEqual(session.mode, .reading)
        XCTAssertTrue(session.navigator.current?.pages.contains(count) ?? false, "Escape cancels the prompt")
        XCTAssertEqual(session.handle(.home), .redraw)
        XCTAssertEqual(session.navigator.spreadIndex, 0)
        XCTAssertEqual(session.handle(.character("G")), .redraw)
        XCTAssertTrue(session.navigator.current?.pages.contains(count) ?? false)
    }

    // MARK: Orientation and sides

    /// `o` is the same page on a turned device: exactly `Navigator.rotate`, the current page kept in view.
    /// With `--page`, `o` regroups the same pages exactly as `Navigator.rotate` does.
    func testRotateWithAFixedPageSizeIsNavigatorRotate() throws {
        var session = Self.session(screen: Viewport(columns: 100, lines: 24),
                                   settings: ViewerSettings(pageSize: PageSize(columns: 40, lines: 18)))
        XCTAssertEqual(session.navigator.result.layout.orientation, .landscape)
        for _ in 0..<3 { _ = session.handle(.right) }
        let page = try XCTUnwrap(session.navigator.currentPage)
        var expected = session.navigator
        expected.rotate(to: .portrait)
        XCTAssertEqual(session.handle(.character("o")), .redraw)
        XCTAssertEqual(session.navigator, expected)
        XCTAssertEqual(session.navigator.result.layout.orientation, .portrait)
        XCTAssertTrue(session.navigator.current?.pages.contains(page) ?? false)

        expected.rotate(to: .landscape)
        _ = session.handle(.character("o"))
        XCTAssertEqual(session.navigator, expected)
        XCTAssertTrue(session.navigator.current?.pages.contains(page) ?? false)
    }

    /// Pages sized to the terminal are set again for one page a screen (then two), at the same text.
    func testRotateWithTerminalSizedPagesKeepsTheText() throws {
        var session = Self.session(screen: Viewport(columns: 100, lines: 24))
        XCTAssertEqual(session.navigator.result.layout.orientation, .landscape)
        for _ in 0..<3 { _ = session.handle(.right) }
        let place = try XCTUnwrap(session.place)
        XCTAssertEqual(session.handle(.character("o")), .redraw)
        XCTAssertEqual(session.navigator.result.layout.orientation, .portrait)
        XCTAssertEqual(session.pageSize, PageSize(columns: 98, lines: 20))
        func holdsPlace(_ session: ViewerSession) -> Bool {
            session.navigator.current?.pages.contains { number in
                let source = session.navigator.result.pages[number - 1].source
                return source.href == place.href && source.start <= place.offset && place.offset < max(source.end, source.start + 1)
            } ?? false
        }
        XCTAssertTrue(holdsPlace(session))
        _ = session.handle(.character("o"))
        XCTAssertEqual(session.navigator.result.layout.orientation, .landscape)
        XCTAssertEqual(session.place, place, "rotating back and forth does not drift")
        XCTAssertTrue(holdsPlace(session))
    }

    func testDoubleSidedToggles() throws {
        var session = Self.session(settings: ViewerSettings(spreads: SpreadOptions(orientation: .portrait)))
        for _ in 0..<3 { _ = session.handle(.right) }
        let place = try XCTUnwrap(session.place)
        let before = session.navigator.result.layout.doubleSided
        XCTAssertEqual(session.handle(.character("d")), .redraw)
        XCTAssertEqual(session.navigator.result.layout.doubleSided, !before)
        XCTAssertTrue(session.picture().status.contains(before ? "single-sided" : "double-sided"))
        // The page read before is still in the spread: shown, or on the back of the leaf shown (as
        // `Navigator.rearrange` keeps it; double-sided leaves can add blank pages, so it is found by its text).
        let pages = session.navigator.result.pages
        let page = try XCTUnwrap(pages.firstIndex { $0.kind == .content && $0.source.href == place.href
            && $0.source.start == place.offset }) + 1
        XCTAssertTrue(session.navigator.current?.contains(page: page) ?? false)
        _ = session.handle(.character("d"))
        XCTAssertEqual(session.navigator.result.layout.doubleSided, before)
    }

    // MARK: A book still being read

    /// Before the background read ends, only the first document is set: keys that need page numbers or the
    /// book's end wait for the whole book (the loop gives them again) instead of acting on a part.
    func testAPartialBookAsksForTheWholeBook() throws {
        let whole = Self.book()
        var first = whole
        first.document.chapters = [whole.document.chapters[0]]
        var session = Self.session(first, complete: false)
        XCTAssertNil(session.pageCount)
        XCTAssertTrue(session.picture().status.contains("page ?"), session.picture().status)
        XCTAssertEqual(session.handle(.end), .needsWholeBook)
        XCTAssertEqual(session.handle(.character("G")), .needsWholeBook)
        _ = session.handle(.character("g"))
        type("9", into: &session)
        XCTAssertEqual(session.handle(.enter), .needsWholeBook)
        XCTAssertEqual(session.mode, .prompt(.page, "9"), "the prompt stays until the book is there")

        session.finishLoading(whole)
        XCTAssertEqual(session.pageCount, session.navigator.pageCount)
        XCTAssertEqual(session.handle(.enter), .redraw)
        XCTAssertTrue(session.navigator.current?.pages.contains(9) ?? false)
        XCTAssertEqual(session.handle(.end), .redraw)
        XCTAssertNil(session.navigator.nextSpread)
    }

    func testTurningPastTheFirstDocumentWaitsForTheRest() {
        let whole = Self.book(sentences: 10)
        var first = whole
        first.document.chapters = [whole.document.chapters[0]]
        var session = Self.session(first, complete: false)
        var outcome = Outcome.nothing
        for _ in 0..<20 {
            outcome = session.handle(.right)
            if outcome != .turned(forward: true) { break }
        }
        XCTAssertEqual(outcome, .needsWholeBook)
        let place = session.place
        session.finishLoading(whole)
        XCTAssertEqual(session.place, place, "the whole book opens where the first document was being read")
        XCTAssertEqual(session.handle(.right), .turned(forward: true))
    }

    func testQuitAndHelp() {
        var session = Self.session()
        XCTAssertEqual(session.handle(.character("?")), .redraw)
        XCTAssertTrue(session.picture().rows.contains { $0.contains("next spread") })
        XCTAssertEqual(session.handle(.character("x")), .redraw)
        XCTAssertEqual(session.mode, .reading)
        XCTAssertEqual(session.handle(.character("q")), .quit)
    }
}
