import BookModel
@testable import BookReaders
import XCTest

/// One fixture per property mapping (issue 15): what the book's CSS declares reaches the model as `BlockLook`,
/// `InlineStyle` bits, `ListStyle` and transformed text, through classes and selectors as real books write them.
final class StyleLookTests: XCTestCase {
    private let link = "<link rel=\"stylesheet\" type=\"text/css\" href=\"css/book.css\"/>"

    private func blocks(_ body: String, css: String, html: String = "") throws -> [Block] {
        try chapter(body: body, head: link, htmlAttributes: html, extra: [("OEBPS/css/book.css", css)]).blocks
    }

    /// The styles of the text runs of the first block, as (text, style) pairs.
    private func runs(_ body: String, css: String, html: String = "") throws -> [(String, InlineStyle)] {
        inlines(try blocks(body, css: css, html: html).first).compactMap {
            if case .text(let t, let s) = $0 { return (t, s) }
            return nil
        }
    }

    func testTextAlignByClassAndLogicalSides() throws {
        let css = ".center { text-align: center } .right { text-align: right } .align-end { text-align: end }"
            + " div.j { text-align: justify }"
        let b = try blocks("<p class=\"center\">a</p><p class=\"right\">b</p><p class=\"align-end\">c</p>"
                           + "<div class=\"j\"><p>d</p></div><p>e</p>"
                           + "<p class=\"right\" style=\"direction: rtl\">f</p>", css: css)
        XCTAssertEqual(b.map(\.look.align), [.center, .end, .end, .justify, nil, .start])
        XCTAssertEqual(b[5].direction, .rtl)
    }

    /// 地付き in a vertical book: `text-align: right` is line-right, the bottom of a vertical-rl column (CSS
    /// Writing Modes 3 §6.3), the same logical end as `.align-end`.
    func testRightIsTheEndOfAVerticalColumn() throws {
        let css = "html { writing-mode: vertical-rl } .right { text-align: right } .align-end { text-align: end }"
        let b = try blocks("<p class=\"right\">署名</p><p class=\"align-end\">以上</p>", css: css)
        XCTAssertEqual(b.map(\.look.align), [.end, .end])
    }

    /// Standard Ebooks' `p { text-indent: 1em }` with `h2 + p { text-indent: 0 }`; unset stays nil so Quire's own
    /// `--paragraph indent` applies.
    func testTextIndentFromSelectors() throws {
        let css = "p { margin: 0; text-indent: 1em } h2 + p { text-indent: 0 } .hang { text-indent: -1em; padding-left: 1em }"
        let b = try blocks("<h2>One</h2><p>first</p><p>second</p><p class=\"hang\">「dialogue」</p>", css: css)
        XCTAssertEqual(b.map(\.look.textIndent), [nil, Measure(ems: 0), Measure(ems: 1), Measure(ems: -1)])
        XCTAssertEqual(b[3].look.startIndent, Measure(ems: 1))
        let plain = try blocks("<p>x</p>", css: "h1 { color: red }")
        XCTAssertNil(plain[0].look.textIndent)
    }

    /// The EBPAJ template's `.start-2em` on a `div` indents the paragraphs inside it; nested indents add up, px
    /// and percent are kept as ems and percent; the body's margins (the page's) and a blockquote's (Quire draws a
    /// bar) are not added.
    func testStartIndentsAddUp() throws {
        let css = ".start-2em { margin-left: 2em } .pad { padding-left: 16px } .pct { margin-left: 10% }"
            + " body { margin: 0 5% } blockquote { margin: 1em 2.5em }"
        let b = try blocks("<div class=\"start-2em\"><p>a</p><div class=\"pad\"><p>b</p></div></div>"
                           + "<p class=\"pct\">c</p><blockquote><p>d</p></blockquote>", css: css)
        XCTAssertEqual(b[0].look.startIndent, Measure(ems: 2))
        XCTAssertEqual(b[1].look.startIndent, Measure(ems: 3))
        XCTAssertEqual(b[2].look.startIndent, Measure(percent: 10))
        guard case .quote(let inner) = b[3].kind else { return XCTFail("no quote") }
        XCTAssertEqual(inner[0].look.startIndent, .zero)
    }

    /// A vertical book's start is the top of the column: `margin-top` there, and `margin-left` is not the start.
    func testStartIndentInAVerticalDocumentIsTheTop() throws {
        let css = "html { writing-mode: vertical-rl } .start-2em { margin-top: 2em } .left { margin-left: 3em }"
        let b = try blocks("<p class=\"start-2em\">あ</p><p class=\"left\">い</p>", css: css)
        XCTAssertEqual(b.map(\.look.startIndent), [Measure(ems: 2), .zero])
    }

    func testWeightStyleAndScriptsFromCSS() throws {
        let css = ".bold { font-weight: bold } b { font-weight: normal } .it { font-style: italic } cite { font-style: normal }"
            + " .super { vertical-align: super } .sub { vertical-align: sub } sup { vertical-align: baseline }"
        let r = try runs("<p><span class=\"bold\">B</span><b>n</b><span class=\"it\">I</span><cite>C</cite>"
                         + "<span class=\"super\">2</span><span class=\"sub\">i</span><sup>3</sup></p>", css: css)
        // Raised and lowered runs are written in Unicode's script forms (issue 16); `sup` kept its own despite the reset.
        XCTAssertEqual(r.map(\.0), ["B", "n", "I", "C", "²", "ᵢ", "³"])
        XCTAssertEqual(r.map(\.1), [.strong, [], .emphasis, [], .superscript, .subscript, .superscript])
    }

    /// The EBPAJ template's `.tcy`, `.sideways`, `.upright` and `.em-sesame` classes.
    func testVerticalInlineClasses() throws {
        let css = "html { -epub-writing-mode: vertical-rl } .tcy { -epub-text-combine: horizontal; text-combine-upright: all }"
            + " .sideways { -epub-text-orientation: sideways; text-orientation: sideways }"
            + " .upright { text-orientation: upright } .em-sesame { -epub-text-emphasis-style: filled sesame }"
            + " .em-open { text-emphasis-style: open circle } .em-default { text-emphasis-style: filled }"
        let r = try runs("<p>第<span class=\"tcy\">12</span>回<span class=\"sideways\">EPUB</span>"
                         + "<span class=\"upright\">NHK</span><span class=\"em-sesame\">傍点</span>"
                         + "<span class=\"em-open\">丸</span><span class=\"em-default\">既</span></p>", css: css)
        XCTAssertEqual(r.map(\.0), ["第", "12", "回", "EPUB", "NHK", "傍点", "丸", "既"])
        XCTAssertEqual(r[1].1, .combineUpright)
        XCTAssertEqual(r[3].1, .sideways)
        XCTAssertEqual(r[4].1, .upright)
        XCTAssertEqual(r[5].1.emphasisMark, EmphasisMark(.sesame))
        XCTAssertEqual(r[6].1.emphasisMark, EmphasisMark(.circle, filled: false))
        XCTAssertEqual(r[7].1.emphasisMark, EmphasisMark(.sesame), "a lone `filled` is a sesame in vertical text")
    }

    /// The list's own `list-style-type`, or its items'; one set further up does not reach it (a browser's own sheet
    /// sets `ol`'s and `ul`'s), and `type`/`value` attributes keep their own markers.
    func testListStyleTypeReachesTheList() throws {
        let css = "ol.roman { list-style-type: lower-roman } ul.plain { list-style: none } .kanji { list-style-type: cjk-ideographic }"
            + " ol.items > li { list-style-type: upper-alpha }"
        let b = try blocks("<ol class=\"roman\"><li>a</li></ol><ul class=\"plain\"><li>b</li></ul>"
                           + "<div class=\"kanji\"><ol><li>c</li></ol></div><ol><li>d</li></ol>"
                           + "<ol class=\"roman\" type=\"A\"><li>e</li></ol><ol class=\"items\"><li>f</li></ol>", css: css)
        let styles: [ListStyle?] = b.map { if case .list(let l) = $0.kind { return l.style }; return .string("not a list") }
        XCTAssertEqual(styles, [.lowerRoman, ListStyle.none, nil, nil, nil, .upperAlpha])
    }

    func testWhiteSpacePreAndPreLine() throws {
        let css = ".poem { white-space: pre-line } .code { white-space: pre }"
        let b = try blocks("<p class=\"poem\">one\n  two\nthree</p><p class=\"code\">a  b\n  c</p>", css: css)
        XCTAssertEqual(inlines(b[0]), [.text("one", []), .lineBreak, .text("two", []), .lineBreak, .text("three", [])])
        XCTAssertEqual(inlines(b[1]), [.text("a  b", []), .lineBreak, .text("  c", [])])
    }

    /// `visibility: hidden` keeps the text's room and shows nothing: one blank of the same width per character.
    func testVisibilityHiddenKeepsRoom() throws {
        let b = try blocks("<p>a<span class=\"v\">bc</span>d<span class=\"v\">漢字</span></p>", css: ".v { visibility: hidden }")
        XCTAssertEqual(inlines(b[0]).plainText, "a\u{A0}\u{A0}d\u{3000}\u{3000}")
    }

    func testDisplayInlineRunsBlocksOn() throws {
        let css = "p.run-in, h3.inline { display: inline }"
        let b = try blocks("<h3 class=\"inline\">Note.</h3> <p class=\"run-in\">The text runs on.</p><p>Next.</p>", css: css)
        XCTAssertEqual(b.map(text), ["Note. The text runs on.", "Next."])
    }

    func testAvoidBreaksBecomeKeeps() throws {
        let css = "h2 { break-after: avoid } .together { break-inside: avoid } .before { page-break-before: avoid }"
        let b = try blocks("<h2>Title</h2><p>a</p><div class=\"together\"><p>b</p><p>c</p></div><p>d</p><p class=\"before\">e</p>",
                           css: css)
        XCTAssertEqual(b.map(\.look.keepWithNext), [true, false, true, false, true, false])
        XCTAssertEqual(b.map(\.look.keepTogether), [false, false, false, true, false, false])
    }

    func testBreakSidesAreKept() throws {
        let css = "h1 { break-before: recto } .verso { break-after: left }"
        let b = try blocks("<p>x</p><h1>Part</h1><p class=\"verso\">y</p><p>z</p>", css: css)
        XCTAssertEqual(b.map(\.look.pageBreak), [nil, .recto, nil, .left])
    }

    /// A block in another writing mode than its page is set in the page's mode, with one warning per document.
    func testBlockInAnotherWritingModeIsWarnedAbout() throws {
        let css = "html { writing-mode: vertical-rl } .yoko { writing-mode: horizontal-tb }"
        let builder = EPUBBuilder.book([EPUBBuilder.xhtml("<p>縦</p><div class=\"yoko\"><p>A</p></div><p class=\"yoko\">B</p>",
                                                          head: link)], extra: [("OEBPS/css/book.css", css)])
        let book = try builder.read()
        let warnings = book.diagnostics.map(\.message).filter { $0.contains("writing mode per document") }
        XCTAssertEqual(warnings.count, 1, "\(book.diagnostics)")
        XCTAssertTrue(warnings[0].contains("horizontal-tb (.yoko in book.css)"), warnings[0])
        XCTAssertEqual(book.document.chapters[0].writingMode, .verticalRL)
    }

    /// The same declarations in a `style` attribute, with no stylesheet at all (Markdown's raw HTML, books without
    /// CSS) take the no-sheet path.
    func testStyleAttributesAlone() throws {
        let b = try chapter(body: "<p style=\"text-align: center; text-indent: 2em\">a <span style=\"font-weight: 700\">b</span></p>").blocks
        XCTAssertEqual(b[0].look.align, .center)
        XCTAssertEqual(b[0].look.textIndent, Measure(ems: 2))
        XCTAssertEqual(inlines(b[0]), [.text("a ", []), .text("b", .strong)])
    }

    /// `@media (orientation: …)` is answered with the orientation asked for (`--orientation`), portrait otherwise:
    /// a book that shows a one-page note only in portrait and hides it in landscape.
    func testOrientationMediaQueries() throws {
        let css = "@media (orientation: landscape) { .portrait-only { display: none } }"
            + " @media (orientation: portrait) { .landscape-only { display: none } }"
        let doc = EPUBBuilder.xhtml("<p class=\"portrait-only\">P</p><p class=\"landscape-only\">L</p>", head: link)
        let builder = EPUBBuilder.book([doc], extra: [("OEBPS/css/book.css", css)])
        XCTAssertEqual(try builder.read().document.chapters[0].blocks.map(text), ["P"])
        XCTAssertEqual(try builder.read(landscape: true).document.chapters[0].blocks.map(text), ["L"])
    }

    /// A `<style>` element in the body applies to the whole document, after the head's sheets.
    func testStyleElementInTheBody() throws {
        let body = "<p class=\"c\">a</p><div><style>.c { text-align: center } p { font-weight: bold }</style></div><p>b</p>"
        let b = try blocks(body, css: "p { text-align: end }")
        XCTAssertEqual(b.map(\.look.align), [.center, .end])
        XCTAssertEqual(inlines(b[1]), [.text("b", .strong)])
    }

    /// Shaped like `w3c/css-epub-text-combine-horizontal`: adjacent spans set upright together stay separate runs
    /// (two digits a row each), and EPUB 3.0.1's `-epub-text-combine-horizontal` is read.
    func testAdjacentCombinedSpansStayApart() throws {
        let css = "html { writing-mode: vertical-rl } .a { -epub-text-combine-horizontal: all } .b { -epub-text-combine: horizontal }"
        let r = try runs("<p>第<span class=\"a\">10</span><span class=\"a\">11</span><span class=\"b\">12</span>回</p>", css: css)
        XCTAssertEqual(r.map(\.0), ["第", "10", "11", "12", "回"])
        XCTAssertEqual(r.map { $0.1.contains(.combineUpright) }, [false, true, true, true, false])
    }

    /// Shaped like `w3c/css-epub-writing-mode`'s third document: `vertical-lr` on the body is set horizontally
    /// (Quire sets vertical text right to left only), and the source says so.
    func testVerticalLRIsSetHorizontallyAndSaidSo() throws {
        let c = try chapter(body: "<p>これはテストです。</p>", htmlAttributes: "")
        XCTAssertNil(c.writingModeSource)
        let doc = EPUBBuilder.xhtml("<div style=\"writing-mode: vertical-rl\"><p>x</p></div>", head: link)
        let book = try EPUBBuilder.book([doc], extra: [("OEBPS/css/book.css", "body { -epub-writing-mode: vertical-lr }")]).read()
        XCTAssertEqual(book.document.chapters[0].writingMode, .horizontalTB)
        XCTAssertEqual(book.document.chapters[0].writingModeSource,
                       "vertical-lr in body in book.css, which Quire sets as horizontal-tb")
    }

    /// Standard Ebooks' `body { hyphens: auto }` with `h1 … { hyphens: none }`, recorded for hyphenation.
    func testHyphensAreRecorded() throws {
        let b = try blocks("<h2>Title</h2><p>text</p>", css: "body { hyphens: auto } h2 { -webkit-hyphens: none; hyphens: none }")
        XCTAssertEqual(b.map(\.look.hyphens), [Hyphens.none, .auto])
        XCTAssertNil(try blocks("<p>x</p>", css: "p { color: red }")[0].look.hyphens)
    }

    /// Shaped like `w3c/css-epub-text-transform`: `-epub-fullwidth` in a style attribute of a vertical page; and
    /// `capitalize` across elements, small caps as capitals.
    func testTextTransformsReachTheText() throws {
        let b = try blocks("<p style=\"text-transform: -epub-fullwidth\">これはテストです。<br/>123456abcdef</p>"
                           + "<p class=\"cap\">hel<b>lo</b> wor<i>ld</i></p><p><span class=\"sc\">Leo Tolstoy</span></p>",
                           css: "html { writing-mode: vertical-rl } .cap { text-transform: capitalize } .sc { font-variant: small-caps }")
        XCTAssertEqual(inlines(b[0]).plainText, "これはテストです。\n１２３４５６ａｂｃｄｅｆ")
        XCTAssertEqual(inlines(b[1]).plainText, "Hello World")
        XCTAssertEqual(inlines(b[2]).plainText, "LEO TOLSTOY")
    }
}
