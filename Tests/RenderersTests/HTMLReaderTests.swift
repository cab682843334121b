import BookModel
import Layout
@testable import Renderers
import Spreads
import XCTest

/// The HTML reader's two orientations in one site (issue 22): landscape spread files that also carry the portrait
/// order Spreads built, so a narrow window shows one page at a time and turning it keeps the page.
final class HTMLReaderTests: XCTestCase {
    /// Six pages; chapter two (page 4) asks for a left-hand page, so landscape inserts a blank page before it.
    func pages() -> [Page] {
        (1...6).map { n in
            var page = Fixture.page(n, [Fixture.line("page \(n)")], href: n < 4 ? "c1.xhtml" : "c2.xhtml")
            if n == 4 { page.startsChapter = true; page.pageSpread = .left }
            return page
        }
    }

    func liveSite() -> (HTMLSite, SpreadResult) {
        let landscape = makeSpreads(pages: pages(), options: SpreadOptions(orientation: .landscape, direction: .ltr, firstPage: .paired))
        let portrait = landscape.rotated(to: .portrait)
        return (HTMLSite(book: Fixture.summary(), pageSize: Fixture.size, spreads: landscape, portrait: portrait), landscape)
    }

    func testRotationMatchesPagesByTheirInputPage() {
        let (_, landscape) = liveSite()
        // 1–2, 3–blank, 5(chapter two)–6 … : the blank stands before chapter two's first page.
        XCTAssertEqual(landscape.pages.map(\.kind), [.content, .content, .content, .blank, .content, .content, .content])
        let portrait = landscape.rotated(to: .portrait)
        XCTAssertEqual(portrait.pages.count, 6, "portrait is single-sided: no blank page")
        XCTAssertEqual(landscape.matchingPages(in: portrait), [1, 2, 3, 4, 4, 5, 6])
        XCTAssertEqual(portrait.matchingPages(in: landscape), [1, 2, 3, 5, 6, 7])
    }

    func testSlotsCarryTheirOnePageNeighbours() {
        let (site, landscape) = liveSite()
        XCTAssertEqual(landscape.spreads.map(\.pages), [[1, 2], [3, 4], [5, 6], [7]])
        let first = site.text("spread-0001.html")!
        XCTAssertTrue(first.contains("<div class=\"slot s-left first\" data-next=\"#p2\">"), first)
        XCTAssertTrue(first.contains("<div class=\"slot s-right\" data-prev=\"#p1\" data-next=\"spread-0002.html#p3\">"))
        XCTAssertTrue(first.contains("id=\"p1\""))
        // The blank page is never shown alone; page 3 leads over it to chapter two.
        let second = site.text("spread-0002.html")!
        XCTAssertTrue(second.contains("<div class=\"slot s-left first\" data-prev=\"spread-0001.html#p2\" data-next=\"spread-0003.html#p5\">"), second)
        XCTAssertTrue(second.contains("<div class=\"slot s-right nb\">"))
        XCTAssertTrue(site.text("spread-0003.html")!.contains("data-prev=\"spread-0002.html#p3\" data-next=\"#p6\""))
        XCTAssertTrue(first.contains(" data-orientation=\"auto\" "))
        XCTAssertTrue(first.contains(" data-two=\"(min-aspect-ratio: "))
    }

    func testThumbnailsHaveNoIDs() {
        let (site, _) = liveSite()
        let index = site.text("index.html")!
        XCTAssertFalse(index.contains("id=\"p1\""), "a page drawn twice in one document would repeat its id")
        XCTAssertFalse(index.contains("data-next="))
    }

    func testSingleFileLinksPagesByFragment() {
        let (site, _) = liveSite()
        var single = site
        single.options.singleFile = true
        let html = single.text("index.html")!
        XCTAssertTrue(html.contains("data-prev=\"#p2\" data-next=\"#p5\""), "page 3 in one document")
        XCTAssertEqual(html.components(separatedBy: "id=\"p3\"").count, 2, "each page named once")
    }

    func testPinnedOrientationHasNoPortraitOrder() {
        let (book, result) = Fixture.ltrBook()
        let html = HTMLSite(book: book, pageSize: Fixture.size, spreads: result).text("spread-0001.html")!
        XCTAssertFalse(html.contains("data-two="))
        XCTAssertFalse(html.contains("data-next=\"#"))
        XCTAssertTrue(html.contains(" data-orientation=\"landscape\" "))
    }

    /// A 38×20 page: a 1400×900 window shows two pages and 700×1000 one, by the same query the script watches.
    func testTwoPagesWhenTheWindowIsWide() throws {
        let sizing = HTMLSizing(size: PageSize(columns: 38, lines: 20), axis: .horizontal, gap: 0, verticalPages: false, rubySpace: false)
        let query = sizing.twoPageQuery
        let numbers = query.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        XCTAssertEqual(numbers.count, 4, query)
        let ratio = Double(numbers[0]) / Double(numbers[1]), minimumWidth = numbers[2], minimumHeight = numbers[3]
        func two(_ width: Int, _ height: Int) -> Bool {
            Double(width) / Double(height) >= ratio && width >= minimumWidth && height >= minimumHeight
        }
        XCTAssertTrue(two(1400, 900))
        XCTAssertTrue(two(1400, 1000))
        XCTAssertTrue(two(1024, 768))
        XCTAssertFalse(two(700, 1000))
        XCTAssertFalse(two(800, 1280))
        XCTAssertFalse(two(844, 390), "a phone on its side: two pages would be too small")
        // Stacked pages (the vertical axis) want a tall window.
        var stacked = sizing
        stacked.axis = .vertical
        XCTAssertTrue(stacked.twoPageQuery.hasPrefix("(max-aspect-ratio: "))
        XCTAssertEqual(HTMLSizing.number(1.25), "1.25")
        XCTAssertEqual(HTMLSizing.number(3), "3")
        XCTAssertEqual(HTMLSizing.number(0.62 * 43), "26.66")
    }

    func testRubyIsDrawnAsRubyWhenAsked() {
        var line = Fixture.line("漢字です")
        line.rubies = [RubySpan(base: 0..<6, annotation: "かんじ", shown: nil)]
        let page = Fixture.page(1, [line], language: "ja")
        let result = SpreadResult(pages: [page], spreads: [Spread(number: 1, slots: [Slot(side: .single, page: 1)])],
                                  layout: Fixture.layout(spine: .min))
        let hidden = HTMLSite(book: Fixture.summary(language: "ja"), pageSize: Fixture.size, spreads: result)
        XCTAssertTrue(hidden.text("spread-0001.html")!.contains("<rt class=\"h\">かんじ</rt>"))
        let shown = HTMLSite(book: Fixture.summary(language: "ja"), pageSize: Fixture.size, spreads: result,
                             options: .init(rubyAsRuby: true))
        let html = shown.text("spread-0001.html")!
        XCTAssertTrue(html.contains("<rt>かんじ</rt></ruby>"), html)
        XCTAssertTrue(html.contains("class=\"files p-ltr h ruby-on\""))
        XCTAssertTrue(shown.text("assets/reader.css")!.contains(".ruby-on .htb .l{height:1.85em"), "each line keeps room for its ruby")
    }

    /// A reading longer than its base is squeezed onto the base, so it never runs past the end of its line or
    /// column (独 read ひとり: three half-size kana over one character).
    func testLongReadingsAreSqueezedOntoTheirBase() {
        var line = Fixture.line("独り")
        line.rubies = [RubySpan(base: 0..<3, annotation: "ひとり", shown: nil)]
        for mode in [WritingMode.horizontalTB, .verticalRL] {
            let page = Fixture.page(1, [line], writingMode: mode, language: "ja")
            let result = SpreadResult(pages: [page], spreads: [Spread(number: 1, slots: [Slot(side: .single, page: 1)])],
                                      layout: Fixture.layout(spine: .min))
            let html = HTMLSite(book: Fixture.summary(language: "ja"), pageSize: Fixture.size, spreads: result,
                                options: .init(rubyAsRuby: true)).text("spread-0001.html")!
            // Horizontal: 1.2 em of base for 1.5 em of reading; vertical: 1.25 em.
            XCTAssertTrue(html.contains("<rt class=\"z8\">ひとり</rt>"), "\(mode): \(html)")
        }
    }
}
