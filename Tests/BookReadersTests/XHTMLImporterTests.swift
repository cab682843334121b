import Foundation
import XCTest
@testable import BookReaders
import BookModel

final class XHTMLImporterTests: XCTestCase {
    func testHeadings() throws {
        let c = try chapter(body: (1...6).map { "<h\($0)>Level \($0)</h\($0)>" }.joined())
        XCTAssertEqual(c.blocks.count, 6)
        for (i, block) in c.blocks.enumerated() {
            guard case .heading(let level, let inlines) = block.kind else { return XCTFail("\(block.kind)") }
            XCTAssertEqual(level, i + 1)
            XCTAssertEqual(inlines, [.text("Level \(i + 1)", [])])
        }
        XCTAssertEqual(c.title, "Level 1")
    }

    func testParagraphsAndAnonymousBlocks() throws {
        let c = try chapter(body: """
        <p>First paragraph.</p>
        <div>Loose text <em>here</em><p>Inner paragraph.</p>tail text</div>
        <section><article>Article text</article></section>
        Body text
        """)
        XCTAssertEqual(c.blocks.map(text), ["First paragraph.", "Loose text here", "Inner paragraph.", "tail text", "Article text", "Body text"])
        XCTAssertTrue(c.blocks.allSatisfy { if case .paragraph = $0.kind { return true } else { return false } })
    }

    func testLists() throws {
        let c = try chapter(body: """
        <ul><li>Apple</li><li>Banana<ul><li>Nested</li></ul></li></ul>
        <ol start="5"><li>Five</li><li>Six</li></ol>
        <ol><li>one</li><li value="10">ten</li><li>eleven</li></ol>
        <ol reversed="reversed"><li>three</li><li>two</li><li>one</li></ol>
        <ol type="i" start="3"><li>x</li><li>y</li></ol>
        <ol type="A"><li>first</li><li>second</li></ol>
        """)
        let lists: [ListBlock] = c.blocks.compactMap { if case .list(let l) = $0.kind { return l } else { return nil } }
        XCTAssertEqual(lists.count, 6)
        guard lists.count == 6 else { return }
        XCTAssertFalse(lists[0].ordered)
        XCTAssertEqual(lists[0].items.count, 2)
        XCTAssertEqual(lists[0].items[1].blocks.map(text), ["Banana", "Nested"])
        guard case .list(let nested)? = lists[0].items[1].blocks.last?.kind else { return XCTFail("no nested list") }
        XCTAssertFalse(nested.ordered)
        XCTAssertEqual(nested.items.count, 1)

        XCTAssertTrue(lists[1].ordered)
        XCTAssertEqual(lists[1].start, 5)
        XCTAssertEqual(lists[1].items.map(\.marker), [nil, nil])
        XCTAssertEqual(lists[2].items.map(\.marker), ["1.", "10.", "11."])
        XCTAssertEqual(lists[3].start, 3)
        XCTAssertEqual(lists[3].items.map(\.marker), ["3.", "2.", "1."])
        XCTAssertEqual(lists[4].items.map(\.marker), ["iii.", "iv."])
        XCTAssertEqual(lists[5].items.map(\.marker), ["A.", "B."])
    }

    func testBlockquotePreRuleAndLineBreak() throws {
        let c = try chapter(body: """
        <blockquote><p>Quoted.</p>Loose quote</blockquote>
        <pre>
          line one
            line  two</pre>
        <hr/>
        <p>Line one<br/>Line two</p>
        """)
        XCTAssertEqual(c.blocks.count, 4)
        guard c.blocks.count == 4 else { return }
        guard case .quote(let inner) = c.blocks[0].kind else { return XCTFail() }
        XCTAssertEqual(inner.map(text), ["Quoted.", "Loose quote"])
        XCTAssertEqual(c.blocks[1].kind, .preformatted("  line one\n    line  two"))
        XCTAssertEqual(c.blocks[2].kind, .rule)
        XCTAssertEqual(c.blocks[3].kind, .paragraph([.text("Line one", []), .lineBreak, .text("Line two", [])]))
    }

    func testImagesWithAttributesAndHeaders() throws {
        var b = EPUBBuilder.book([EPUBBuilder.xhtml("""
        <p><img src="img/attr.png" alt="Sized by  attributes" width="40" height="30"/></p>
        <img src="img/a%20b.png" alt="PNG"/>
        <img src="img/x.gif" alt="GIF"/>
        <img src="img/x.jpg" alt="JPEG"/>
        <img src="img/x.svg" alt="SVG"/>
        <img src="img/box.svg" alt="viewBox"/>
        <img src="img/missing.png"/>
        """)])
        b.add("OEBPS/img/attr.png", bytes: Self.png(width: 999, height: 999))
        b.add("OEBPS/img/a b.png", bytes: Self.png(width: 640, height: 480))
        b.add("OEBPS/img/x.gif", bytes: Array("GIF89a".utf8) + [0x20, 0x01, 0x10, 0x00] + [0, 0, 0])
        b.add("OEBPS/img/x.jpg", bytes: Self.jpeg(width: 1200, height: 900))
        b.add("OEBPS/img/x.svg", "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"80px\"></svg>")
        b.add("OEBPS/img/box.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 300 200\"></svg>")
        let blocks = try XCTUnwrap(b.read().document.chapters.first).blocks
        let images = blocks.compactMap { if case .image(let i) = $0.kind { return i } else { return nil } }
        XCTAssertEqual(images, [
            ImageRef(source: "OEBPS/img/attr.png", alt: "Sized by attributes", width: 40, height: 30),
            ImageRef(source: "OEBPS/img/a b.png", alt: "PNG", width: 640, height: 480),
            ImageRef(source: "OEBPS/img/x.gif", alt: "GIF", width: 288, height: 16),
            ImageRef(source: "OEBPS/img/x.jpg", alt: "JPEG", width: 1200, height: 900),
            ImageRef(source: "OEBPS/img/x.svg", alt: "SVG", width: 120, height: 80),
            ImageRef(source: "OEBPS/img/box.svg", alt: "viewBox", width: 300, height: 200),
            ImageRef(source: "OEBPS/img/missing.png", alt: "", width: nil, height: nil),
        ])
    }

    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    }

    static func jpeg(width: Int, height: Int) -> [UInt8] {
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let sof: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF),
                            UInt8(width >> 8), UInt8(width & 0xFF), 0x03] + [UInt8](repeating: 0x11, count: 9)
        return [0xFF, 0xD8] + app0 + sof + [0xFF, 0xD9]
    }

    func testSVGImageAndFigure() throws {
        let c = try chapter(body: """
        <div><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
          <image xlink:href="img/cover.png" width="600" height="900"/></svg></div>
        <figure><img src="img/fig.png" alt="Figure one"/><figcaption>A <em>caption</em>.</figcaption></figure>
        """)
        XCTAssertEqual(c.blocks.map(\.kind), [
            .image(ImageRef(source: "OEBPS/img/cover.png", alt: "", width: 600, height: 900)),
            .image(ImageRef(source: "OEBPS/img/fig.png", alt: "Figure one")),
            .paragraph([.text("A ", []), .text("caption", .emphasis), .text(".", [])]),
        ])
    }

    func testImageInsideParagraphFollowsIt() throws {
        let c = try chapter(body: "<p>Before <img src=\"i.png\" alt=\"pic\"/> after.</p>")
        XCTAssertEqual(c.blocks.map(text), ["Before after.", "[image pic]"])
        XCTAssertEqual(c.blocks.map(\.location.offset), [0, 13])
    }

    func testTables() throws {
        let c = try chapter(body: """
        <table><caption>Prices</caption>
          <thead><tr><th>Item</th><th>Cost</th></tr></thead>
          <tbody><tr><td colspan="2">Wide cell</td></tr><tr><td>Tea</td><td><p>3</p></td></tr></tbody>
        </table>
        """)
        XCTAssertEqual(c.blocks.count, 2)
        XCTAssertEqual(c.blocks.first.map(text), "Prices")
        guard case .table(let table)? = c.blocks.last?.kind else { return XCTFail() }
        XCTAssertEqual(table.rows.map { $0.cells.map(\.header) }, [[true, true], [false], [false, false]])
        XCTAssertEqual(table.rows.map { $0.cells.map(\.columnSpan) }, [[1, 1], [2], [1, 1]])
        XCTAssertEqual(table.rows.map { $0.cells.map { $0.blocks.map(text).joined() } }, [["Item", "Cost"], ["Wide cell"], ["Tea", "3"]])
    }

    func testRuby() throws {
        let c = try chapter(body: "<p><ruby>漢<rp>(</rp><rt>かん</rt><rp>)</rp>字<rp>(</rp><rt>じ</rt><rp>)</rp></ruby>です</p>")
        XCTAssertEqual(inlines(c.blocks.first), [.ruby(base: "漢", annotation: "かん"), .ruby(base: "字", annotation: "じ"), .text("です", [])])
        XCTAssertEqual(c.characterCount, 4)
        XCTAssertFalse(inlines(c.blocks.first).plainText.contains("("))
    }

    func testRubyWithRbElements() throws {
        let c = try chapter(body: "<p><ruby><rb>東京</rb><rt>とうきょう</rt></ruby></p>")
        XCTAssertEqual(inlines(c.blocks.first), [.ruby(base: "東京", annotation: "とうきょう")])
    }

    func testInlineStyles() throws {
        let c = try chapter(body: "<p>plain <em>emph</em> <strong>bold</strong> <code>x()</code> <a href=\"c1.xhtml\">link</a> <b><i>both</i></b></p>")
        XCTAssertEqual(inlines(c.blocks.first), [
            .text("plain ", []), .text("emph", .emphasis), .text(" ", []), .text("bold", .strong), .text(" ", []),
            .text("x()", .code), .text(" ", []), .text("link", .link), .text(" ", []), .text("both", [.strong, .emphasis]),
        ])
    }

    func testPageBreakMarkers() throws {
        let c = try chapter(body: """
        <p>Before<span epub:type="pagebreak" id="page12" title="12"/> after</p>
        <div role="doc-pagebreak" aria-label="xiv"></div>
        <p>Next</p>
        <span epub:type="pagebreak">99</span>
        """)
        XCTAssertEqual(c.blocks.map { inlines($0) }, [
            [.text("Before", []), .pageBreak(label: "12"), .text(" after", [])],
            [.pageBreak(label: "xiv"), .text("Next", [])],
            [.pageBreak(label: "99")],
        ])
        // Markers carry no visible text.
        XCTAssertEqual(c.characterCount, "Before after".count + "Next".count)
    }

    func testLanguageAndDirection() throws {
        let c = try chapter(body: """
        <p>Default</p>
        <p xml:lang="ja">日本語</p>
        <p lang="ar" dir="rtl">مرحبا</p>
        <div dir="rtl" lang="he"><p>inherited</p><p dir="ltr">override</p></div>
        """, htmlAttributes: "xml:lang=\"fr\" lang=\"fr\"")
        XCTAssertEqual(c.language, "fr")
        XCTAssertEqual(c.blocks.map(\.language), ["fr", "ja", "ar", "he", "he"])
        XCTAssertEqual(c.blocks.map(\.direction), [nil, nil, .rtl, .rtl, .ltr])
    }

    func testChapterDirectionFromBody() throws {
        let book = try EPUBBuilder.book([EPUBBuilder.xhtml("<p>x</p>").replacingOccurrences(of: "<body>", with: "<body dir=\"rtl\">")]).read()
        XCTAssertEqual(book.document.chapters.first?.direction, .rtl)
        XCTAssertEqual(book.document.chapters.first?.language, "en")  // from the package's dc:language
    }

    func testSkippedElements() throws {
        let c = try chapter(body: """
        <script>var bad = "SCRIPT";</script><style>p { color: red }</style>
        <template><p>TEMPLATE</p></template>
        <p hidden="hidden">HIDDEN</p>
        <p style="color: red; display : none">DISPLAYNONE</p>
        <p>shown<span style="display:none"> INLINEHIDDEN</span></p>
        <noscript>NOSCRIPT</noscript>
        """, head: "<style>body { margin: 0 }</style><script>HEADSCRIPT</script>")
        XCTAssertEqual(c.blocks.map(text), ["shown"])
    }

    func testWhitespaceCollapsing() throws {
        let c = try chapter(body: """
        <p>
           Many    spaces\tand\ttabs
           here   </p>
        <p>a <em> b </em> c</p>
        <p>x&#160;&#160;y</p>
        <p>   </p>
        """)
        XCTAssertEqual(c.blocks.map(text), ["Many spaces and tabs here", "a b c", "x\u{A0}\u{A0}y"])
    }

    func testSourceLocations() throws {
        let book = try EPUBBuilder.book([
            EPUBBuilder.xhtml("""
            <h1>Title</h1>
            <p>Some <em>styled</em> text.</p>
            <ul><li>one</li><li>two <b>2</b></li></ul>
            <pre>a  b</pre>
            <img src="x.png" alt="alt text"/>
            <blockquote><p>q1</p><p>q2</p></blockquote>
            <table><tr><td>c1</td><td>c2</td></tr></table>
            <p><ruby>漢<rt>かん</rt></ruby>字</p>
            <div>tail</div>
            """),
            EPUBBuilder.xhtml("<p>Second document.</p><p>More.</p>"),
        ]).read()
        let first = try XCTUnwrap(book.document.chapters.first)
        XCTAssertEqual(first.blocks.count, 9)
        var running = 0
        for block in first.blocks {
            XCTAssertEqual(block.location, SourceLocation(spine: 0, href: "OEBPS/c1.xhtml", offset: running), text(block))
            running += block.characterCount
        }
        XCTAssertEqual(running, first.characterCount)
        XCTAssertEqual(first.blocks.map(\.location.offset), [0, 5, 22, 30, 34, 42, 46, 50, 52])
        // Blocks inside containers have offsets too, continuing the running count.
        guard case .list(let list) = first.blocks[2].kind else { return XCTFail() }
        XCTAssertEqual(list.items.flatMap(\.blocks).map(\.location.offset), [22, 25])
        guard case .quote(let quote) = first.blocks[5].kind else { return XCTFail() }
        XCTAssertEqual(quote.map(\.location.offset), [42, 44])

        let second = try XCTUnwrap(book.document.chapters.last)
        XCTAssertEqual(second.blocks.map(\.location), [SourceLocation(spine: 1, href: "OEBPS/c2.xhtml", offset: 0),
                                                       SourceLocation(spine: 1, href: "OEBPS/c2.xhtml", offset: 16)])
    }
}
