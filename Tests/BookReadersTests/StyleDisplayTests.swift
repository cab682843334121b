import BookModel
@testable import BookReaders
import XCTest

/// `display` from the book's CSS (issue 15): what the cascade hides is not shown, and an inline element the CSS
/// makes block-level gets a line of its own, as a browser-based reading system shows it.
final class StyleDisplayTests: XCTestCase {
    private let link = "<link rel=\"stylesheet\" type=\"text/css\" href=\"css/book.css\"/>"

    private func texts(_ body: String, css: String) throws -> [String] {
        try chapter(body: body, head: link, extra: [("OEBPS/css/book.css", css)]).blocks.map(text)
    }

    /// The EBPAJ template's `.hidden`, a running header hidden by class, and a type rule that hides elements with
    /// no attributes of their own.
    func testClassAndTypeRulesHide() throws {
        let css = ".hidden { display: none; } div.oeb-header { display: none } aside { display: none }"
        let body = """
            <div class="oeb-header">Running head</div><p>Kept.</p><p class="hidden">Hidden by class.</p>
            <aside><p>Hidden by type.</p></aside><p>Also <span class="hidden">not this, </span>kept.</p>
            """
        XCTAssertEqual(try texts(body, css: css), ["Kept.", "Also kept."])
    }

    /// `nav[epub|type~="landmarks"]` through `@namespace`, as EPUB 3 books hide their landmarks.
    func testNamespacedAttributeSelectorHides() throws {
        let css = """
            @namespace epub "http://www.idpf.org/2007/ops";
            nav[epub|type~="landmarks"] { display: none }
            """
        let body = "<p>Text.</p><nav epub:type=\"landmarks\"><ol><li>Cover</li></ol></nav>"
        XCTAssertEqual(try texts(body, css: css), ["Text."])
    }

    /// What applies to print or to Kindle (`amzn-*`) does not apply to Quire's paginated screen.
    func testMediaThatDoesNotApplyDoesNotHide() throws {
        let css = "@media print { .screen-only { display: none } } @media amzn-kf8 { p { display: none } }"
        XCTAssertEqual(try texts("<p class=\"screen-only\">Shown.</p>", css: css), ["Shown."])
    }

    /// A later, more specific rule shows what an earlier one hid; `!important` wins over both.
    func testCascadeOrderDecides() throws {
        let css = "p { display: none } p.keep { display: block } .gone { display: none !important } p#x.keep { display: block }"
        let body = "<p>No.</p><p class=\"keep\">Yes.</p><p id=\"x\" class=\"keep gone\">Important.</p>"
        XCTAssertEqual(try texts(body, css: css), ["Yes."])
    }

    /// Shaped like Standard Ebooks' verse: each line a `<span>` made a block by the CSS, with the `<br/>` after it
    /// hidden. Every line starts a new line, once: no line break is lost and none is doubled.
    func testVerseLinesAsBlockSpans() throws {
        let css = "p > span { display: block } p > span + br { display: none }"
        let body = "<p><span>The first line,</span><br/><span>the second line,</span><br/><span>the last.</span></p>"
        let chapter = try chapter(body: body, head: link, extra: [("OEBPS/css/book.css", css)])
        XCTAssertEqual(chapter.blocks.count, 1)
        let lines = inlines(chapter.blocks.first).split { $0 == .lineBreak }.map { Array($0).plainText }
        XCTAssertEqual(lines, ["The first line,", "the second line,", "the last."])
    }

    /// Without the CSS the same markup keeps its `<br/>`s: the lines come from the markup alone.
    func testVerseWithoutStylesheetKeepsBreaks() throws {
        let body = "<p><span>One,</span><br/><span>two.</span></p>"
        let lines = inlines(try chapter(body: body).blocks.first).split { $0 == .lineBreak }.map { Array($0).plainText }
        XCTAssertEqual(lines, ["One,", "two."])
    }

    /// Images keep their own handling whatever their `display`: `img { display: block }` is common and must not
    /// turn a picture into text.
    func testBlockImagesStayImages() throws {
        let kinds = try chapter(body: "<p>Before <img src=\"a.png\" alt=\"A map\"/> after.</p>", head: link,
                                extra: [("OEBPS/css/book.css", "img { display: block }")]).blocks.map(text)
        XCTAssertEqual(kinds, ["Before after.", "[image A map]"])
    }

    /// A `style` attribute hides as before, with or without sheets.
    func testStyleAttributeHides() throws {
        XCTAssertEqual(try chapter(body: "<p style=\"display: none\">No.</p><p>Yes.</p>").blocks.map(text), ["Yes."])
    }
}
