import BookModel
import Layout
import Renderers
import Spreads
import XCTest

/// Ruby is real `<ruby>` markup in HTML whatever `--ruby` printed; the cells keep their place and width.
final class RubyMarkupTests: XCTestCase {
    func page(_ line: Line, writingMode: WritingMode = .horizontalTB) throws -> String {
        let pages = [Fixture.page(1, [line], writingMode: writingMode, language: "ja")]
        let result = SpreadResult(pages: pages, spreads: [Spread(number: 1, slots: [Slot(side: .single, page: 1)])],
                                  layout: Fixture.layout(spine: .min))
        let site = HTMLSite(book: Fixture.summary(language: "ja"), pageSize: PageSize(columns: 20, lines: 3), spreads: result)
        return try XCTUnwrap(site.text("spread-0001.html"))
    }

    func testShownAnnotationBecomesRpAndRt() throws {
        // "漢字(かん)は": base bytes 0..<6, shown annotation 6..<17.
        var line = Line(text: "漢字(かん)は", width: 12, decorations: [6..<14], language: "ja")
        line.rubies = [RubySpan(base: 0..<6, annotation: "かん", shown: 6..<14)]
        let html = try page(line)
        XCTAssertTrue(html.contains("<div class=\"l\" lang=\"ja\" dir=\"ltr\"><ruby><span class=\"w\">漢</span><span class=\"w\">字</span><rp><span class=\"d\">(</span></rp><rt><span class=\"w d\">か</span><span class=\"w d\">ん</span></rt><rp><span class=\"d\">)</span></rp></ruby><span class=\"w\">は</span></div>"), html)
    }

    func testDroppedAnnotationIsAHiddenRt() throws {
        var line = Line(text: "漢字は", width: 6, language: "ja")
        line.rubies = [RubySpan(base: 0..<6, annotation: "かん")]
        let html = try page(line)
        XCTAssertTrue(html.contains("<ruby><span class=\"w\">漢</span><span class=\"w\">字</span><rt class=\"h\">かん</rt></ruby><span class=\"w\">は</span>"), html)
        var last = Line(text: "は漢字", width: 6, language: "ja")
        last.rubies = [RubySpan(base: 3..<9, annotation: "かん")]
        XCTAssertTrue(try page(last).contains("<span class=\"w\">字</span><rt class=\"h\">かん</rt></ruby></div>"), "a base at the line end is closed")
    }

    func testVerticalColumnsCarryRubyToo() throws {
        var line = Line(text: "漢字《かん》", width: 6, decorations: [6..<18], language: "ja")
        line.rubies = [RubySpan(base: 0..<6, annotation: "かん", shown: 6..<18)]
        let html = try page(line, writingMode: .verticalRL)
        XCTAssertTrue(html.contains("<ruby><span class=\"r\">漢</span><span class=\"r\">字</span><rp><span class=\"r d\">《</span></rp><rt><span class=\"r d\">か</span><span class=\"r d\">ん</span></rt><rp><span class=\"r d\">》</span></rp></ruby>"), html)
    }
}
