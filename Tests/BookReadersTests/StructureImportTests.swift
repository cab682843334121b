import BookModel
import XCTest
@testable import BookReaders

/// Block structure whose parts play roles (issue 17): figures and their captions, captions holding blocks, asides,
/// details, definition lists, quote attributions and subtitles. One tiny XHTML fixture each.
final class StructureImportTests: XCTestCase {
    private func kinds(_ blocks: [Block]) -> [String] {
        blocks.map { block in
            switch block.kind {
            case .heading(let level, _): return "h\(level)"
            case .paragraph: return "p"
            case .list: return "list"
            case .quote: return "quote"
            case .preformatted: return "pre"
            case .rule: return "rule"
            case .image: return "image"
            case .table: return "table"
            case .note: return "note"
            }
        }
    }

    private func quoted(_ block: Block?) -> [Block] {
        if case .quote(let inner)? = block?.kind { return inner }
        XCTFail("not a quote: \(String(describing: block?.kind))")
        return []
    }

    func testFigureCaptionWithAHeadingAndATableKeepsItsBlocks() throws {
        let c = try chapter(body: """
        <figure><img src="f.png" alt="Chart" width="40" height="20"/>
        <figcaption><h3>Figure 1</h3><p>Rainfall by month.</p>
        <table><tr><th>Month</th><th>mm</th></tr><tr><td>May</td><td>12</td></tr></table></figcaption></figure>
        <p>After.</p>
        """)
        XCTAssertEqual(kinds(c.blocks), ["image", "h3", "p", "table", "p"])
        XCTAssertEqual(c.blocks.map(text), ["[image Chart]", "Figure 1", "Rainfall by month.", "Month | mm / May | 12", "After."])
        // The figure is held together: each of its blocks kept with the next, the last one free.
        XCTAssertEqual(c.blocks.map(\.look.keepWithNext), [true, true, true, false, false])
        XCTAssertEqual(c.blocks.map(\.look.keepTogether), [false, true, true, true, false], "the caption's blocks never split")
    }

    func testPlainCaptionStaysOneParagraphBeforeOrAfterTheImage() throws {
        let c = try chapter(body: """
        <figure><figcaption>Plate <em>one</em>: the harbour.</figcaption><img src="a.png" alt="Harbour"/></figure>
        <figure><img src="b.png" alt="Hill"/><p>A plain paragraph as caption.</p></figure>
        <p>Text.</p>
        """)
        XCTAssertEqual(kinds(c.blocks), ["p", "image", "image", "p", "p"])
        XCTAssertEqual(text(c.blocks[0]), "Plate one: the harbour.")
        XCTAssertEqual(c.blocks.map(\.look.keepWithNext), [true, false, true, false, false])
        XCTAssertTrue(c.blocks[0].look.keepTogether)
    }

    func testDefinitionListTermsKeptWithIndentedDescriptions() throws {
        let c = try chapter(body: """
        <dl><dt>Apple</dt><dd>A fruit.</dd>
        <dt>Pear</dt><dt>Quince</dt><dd>Yellow.</dd><dd><p>Hard.</p><p>Sour.</p></dd>
        <div><dt>Plum</dt><dd>Purple.</dd></div></dl>
        """)
        XCTAssertEqual(kinds(c.blocks), ["p", "list", "p", "p", "list", "p", "list"])
        XCTAssertEqual(c.blocks.map(text), ["Apple", "A fruit.", "Pear", "Quince", "Yellow. | Hard. | Sour.", "Plum", "Purple."])
        XCTAssertEqual(inlines(c.blocks[0]), [.text("Apple", .strong)])
        XCTAssertEqual(inlines(c.blocks[5]), [.text("Plum", .strong)], "a group wrapped in a div is looked through")
        XCTAssertEqual(c.blocks.map(\.look.keepWithNext), [true, false, true, true, false, true, false])
        guard case .list(let list) = c.blocks[4].kind else { return XCTFail() }
        XCTAssertEqual(list.items.count, 2, "two descriptions in a row: one item each")
        XCTAssertEqual(list.items.map(\.marker), ["   ", "   "], "blank markers: an indent")
    }

    func testDetailsSummaryIsAStrongLineKeptWithTheBody() throws {
        let c = try chapter(body: "<details><summary>More</summary><p>Shown open.</p></details>")
        XCTAssertEqual(kinds(c.blocks), ["p", "p"])
        XCTAssertEqual(inlines(c.blocks[0]), [.text("More", .strong)])
        XCTAssertTrue(c.blocks[0].look.keepWithNext)
        XCTAssertFalse(c.blocks[1].look.keepWithNext)
    }

    func testBlockquoteAttributionAtTheEnd() throws {
        let c = try chapter(body: """
        <blockquote><p>To be, or not to be.</p><footer>— <cite>Hamlet</cite></footer></blockquote>
        <blockquote><p>Brevity is the soul of wit.</p><cite>Polonius</cite></blockquote>
        <blockquote><p>Plain, with <cite>a title</cite> inside.</p></blockquote>
        <figure><blockquote><p>Words.</p></blockquote><figcaption>— Someone</figcaption></figure>
        """)
        XCTAssertEqual(kinds(c.blocks), ["quote", "quote", "quote", "quote", "p"])
        let first = quoted(c.blocks[0])
        XCTAssertEqual(first.map(text), ["To be, or not to be.", "— Hamlet"])
        XCTAssertEqual(first.map(\.look.align), [nil, .end])
        XCTAssertEqual(first.map(\.look.keepWithNext), [true, false])
        let second = quoted(c.blocks[1])
        XCTAssertEqual(second.map(text), ["Brevity is the soul of wit.", "Polonius"])
        XCTAssertEqual(second.map(\.look.align), [nil, .end])
        XCTAssertEqual(inlines(second.last), [.text("Polonius", .emphasis)], "a cite keeps its own style")
        XCTAssertEqual(quoted(c.blocks[2]).map(\.look.align), [nil], "a cite inside a paragraph is not an attribution")
        XCTAssertEqual(text(c.blocks[4]), "— Someone")
        XCTAssertEqual(c.blocks[4].look.align, .end, "a figure's caption under a lone quote is its attribution")
    }

    func testAsideIsSetOffButNotesAreNot() throws {
        let c = try chapter(body: """
        <p>Text.</p><aside><h4>Tip</h4><p>A sidebar.</p></aside>
        <aside epub:type="footnote" id="n1"><p>A footnote.</p></aside>
        <aside role="doc-endnote"><p>An endnote.</p></aside>
        """)
        // A note with an id is a note block (Layout may move it to a page's foot); one without an id is a container.
        XCTAssertEqual(kinds(c.blocks), ["p", "quote", "note", "p"])
        XCTAssertEqual(kinds(quoted(c.blocks[1])), ["h4", "p"])
        XCTAssertEqual(c.blocks.map(text), ["Text.", "Tip | A sidebar.", "A footnote.", "An endnote."])
    }

    func testHgroupSubtitleIsAHeadingOneLevelDown() throws {
        let c = try chapter(body: """
        <hgroup><p>Book One</p><h2>The Title</h2><p>A subtitle</p></hgroup><p>Text.</p>
        <h3>Part</h3><p role="doc-subtitle">Its subtitle</p><p>More text.</p>
        """)
        XCTAssertEqual(kinds(c.blocks), ["p", "h2", "h3", "p", "h3", "h4", "p"])
        XCTAssertEqual(c.blocks.map(text), ["Book One", "The Title", "A subtitle", "Text.", "Part", "Its subtitle", "More text."])
        XCTAssertTrue(c.blocks[0].look.keepWithNext, "a label before the title is kept with it")
        XCTAssertEqual(c.title, "The Title", "the chapter is still named by its heading")
    }

    func testOffsetsStayInSourceOrder() throws {
        let c = try chapter(body: """
        <figure><figcaption><h3>F</h3><p>cap</p></figcaption><img src="a.png" alt="x"/></figure>
        <blockquote><p>q</p><cite>c</cite></blockquote><dl><div><dt>t</dt><dd>d</dd></div></dl>
        """)
        func flat(_ blocks: [Block]) -> [Block] {
            blocks.flatMap { block -> [Block] in
                switch block.kind {
                case .quote(let inner): return flat(inner)
                case .list(let list): return list.items.flatMap { flat($0.blocks) }
                default: return [block]
                }
            }
        }
        let offsets = flat(c.blocks).map(\.location.offset)
        XCTAssertEqual(offsets, offsets.sorted())
        XCTAssertEqual(Set(offsets).count, offsets.count)
    }
}
