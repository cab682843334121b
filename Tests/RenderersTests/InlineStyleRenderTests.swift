import BookModel
import Layout
@testable import Renderers
import Spreads
import XCTest

/// The book's inline styles reach the page: HTML draws them in the cells the text has (classes, `<sup>`/`<sub>`,
/// emphasis marks, combined rows), the text output draws combined rows, and the page map lists styled runs;
/// books without styles keep their bytes.
final class InlineStyleRenderTests: XCTestCase {
    func site(_ lines: [Line], writingMode: WritingMode = .horizontalTB, language: String = "en") -> HTMLSite {
        let pages = [Fixture.page(1, lines, writingMode: writingMode, language: language)]
        let result = SpreadResult(pages: pages, spreads: [Spread(number: 1, slots: [Slot(side: .single, page: 1)])],
                                  layout: Fixture.layout(spine: .min))
        return HTMLSite(book: Fixture.summary(language: language), pageSize: PageSize(columns: 20, lines: 3), spreads: result)
    }

    func html(_ lines: [Line], writingMode: WritingMode = .horizontalTB) throws -> String {
        try XCTUnwrap(site(lines, writingMode: writingMode).text("spread-0001.html"))
    }

    var sesame: InlineStyle {
        var style = InlineStyle()
        style.emphasisMark = EmphasisMark(.sesame)
        return style
    }

    func testHorizontalStylesAreClassesOnTheirCells() throws {
        // "a bold 字 and it x2": bold over "bold 字", italic "it", superscript "2".
        let text = "a bold 字 and it x2"
        var line = Line(text: text, width: cellWidth(of: text), language: "en")
        line.styles = [StyleSpan(range: 2..<10, style: .strong), StyleSpan(range: 15..<17, style: .emphasis),
                       StyleSpan(range: 19..<20, style: .superscript)]
        let page = try html([line])
        XCTAssertTrue(page.contains(">a <span class=\"sb\">bold </span><span class=\"w sb\">字</span> and <span class=\"si\">it</span> x<sup>2</sup></div>"), page)
    }

    func testEmphasisMarksGetOneElementPerCell() throws {
        let text = "大事な"
        var line = Line(text: text, width: 6, language: "ja")
        line.styles = [StyleSpan(range: 0..<6, style: sesame)]
        let k = "k\(HTMLInlineStyle.index(of: EmphasisMark(.sesame)))"
        let page = try html([line])
        XCTAssertTrue(page.contains("<div class=\"l mk\" lang=\"ja\" dir=\"ltr\"><span class=\"w \(k)\">大</span><span class=\"w \(k)\">事</span><span class=\"w\">な</span></div>"), page)
        let css = try XCTUnwrap(site([line]).text("assets/reader.css"))
        XCTAssertTrue(css.contains(".\(k)::after{content:\"\\FE45\"}"), "the mark's character is in the stylesheet")
    }

    func testVerticalColumnsDrawCombinedRowsAndStyles() throws {
        // 彼は!!と AB型: "!!" and "AB" combined, 型 bold.
        let text = "彼は!!とAB型"
        var line = Line(text: text, width: 6, language: "ja")
        line.styles = [StyleSpan(range: 6..<8, style: .combineUpright), StyleSpan(range: 11..<13, style: .combineUpright),
                       StyleSpan(range: 13..<16, style: .strong)]
        let page = try html([line], writingMode: .verticalRL)
        XCTAssertTrue(page.contains("<span class=\"r\">彼</span><span class=\"r\">は</span><span class=\"r t\">!!</span><span class=\"r\">と</span><span class=\"r t\">AB</span><span class=\"r sb\">型</span>"), page)
        // The text output draws the same six rows.
        let rows = TextPageDrawer().rows(Fixture.page(1, [line], writingMode: .verticalRL), size: PageSize(columns: 4, lines: 6),
                                         folio: nil)
        XCTAssertEqual(rows[1...6].map { trimmedRow($0) }, ["│  彼│", "│  は│", "│  !!│", "│  と│", "│  AB│", "│  型│"])
    }

    func testUnstyledSitesKeepTheirStylesheet() throws {
        let plain = site([Fixture.line("plain")])
        XCTAssertFalse(try XCTUnwrap(plain.text("assets/reader.css")).contains(".sb{"))
        var line = Fixture.line("bold")
        line.styles = [StyleSpan(range: 0..<4, style: .strong)]
        XCTAssertTrue(try XCTUnwrap(site([line]).text("assets/reader.css")).contains(".sb{font-weight:bold}"))
    }

    func testPageMapListsStyledRunsOnlyWhenThereAreAny() {
        let plain = PageMap.page(Fixture.page(1, [Fixture.line("plain")])).serialized()
        XCTAssertFalse(plain.contains("styles"))
        var line = Fixture.line("été au 大事")
        line.styles = [StyleSpan(range: 0..<5, style: [.strong, .emphasis]), StyleSpan(range: 9..<15, style: sesame)]
        let page = Fixture.page(1, [Fixture.line("first"), line])
        let json = PageMap.page(page).serialized()
        XCTAssertTrue(json.hasSuffix(",\"styles\":[{\"line\":1,\"start\":0,\"end\":3,\"style\":[\"strong\",\"emphasis\"]},{\"line\":1,\"start\":7,\"end\":9,\"style\":[],\"mark\":\"filled sesame\"}]}"), json)
        // The streaming writer and the value agree.
        var written: [UInt8] = []
        PageMap.writePage(page, into: &written)
        var serialized: [UInt8] = []
        PageMap.page(page).write(to: &serialized, pretty: true, indent: 2)
        XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: serialized, as: UTF8.self))
    }
}
