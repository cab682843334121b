import BookModel
import XCTest
@testable import Layout

/// Issue 17: `--running-head chapter|title` puts a head line and a blank line first on every content page but a
/// chapter's opening one, and the text gets two lines fewer, so a page stays exactly C × L.
final class RunningHeadTests: XCTestCase {
    /// One-line paragraphs run on (`--paragraph indent`), so every text line is one paragraph.
    private func heads(_ doc: Document, _ columns: Int, _ lines: Int,
                       _ configure: (inout LayoutOptions) -> Void = { _ in }) -> [Page] {
        paginate(doc, options: options(columns, lines) {
            $0.runningHead = .chapter
            $0.paragraph = .indent
            configure(&$0)
        })
    }

    private func numberedParagraphs(_ count: Int, _ b: Builder = Builder()) -> [Block] {
        (0..<count).map { b.paragraph("line \($0)") }
    }

    func testEveryPageButTheChaptersFirstCarriesTheChapterTitle() {
        let pages = heads(document(numberedParagraphs(10), title: "Loomings"), 20, 6)
        XCTAssertEqual(texts(pages).map { Array($0.prefix(3)) }, [
            ["", "", "  line 0"],
            ["Loomings", "", "  line 4"],
            ["Loomings", "", "  line 8"],
        ])
        XCTAssertEqual(pages[1].lines[0].role, .runningHead)
        XCTAssertEqual(pages[1].lines[1].role, .blank)
        // The opening page's head line is empty but still the head's: text starts on the same line everywhere.
        XCTAssertEqual(pages[0].lines[0].role, .runningHead)
        XCTAssertEqual(pages[1].lines[0].content, "", "the head is a decoration, not book text")
    }

    func testTheHeadIsOffByDefaultAndOnATinyPage() {
        let doc = document(numberedParagraphs(10), title: "Loomings")
        XCTAssertEqual(texts(paginate(doc, options: options(20, 6) { $0.paragraph = .indent }))[1].first, "  line 6")
        // Three lines leave no room for a head, a blank line and two lines of text: no head, nothing lost.
        let tiny = heads(doc, 20, 3)
        XCTAssertEqual(tiny.count, 4)
        XCTAssertFalse(tiny.flatMap(\.lines).contains { $0.role == .runningHead })
    }

    func testTitleModeNamesTheBookAndALongTitleIsShortenedWithAnEllipsis() {
        var doc = document(numberedParagraphs(10), title: "Loomings")
        doc.metadata.titles = ["Moby-Dick; or, The Whale"]
        let pages = heads(doc, 16, 6) { $0.runningHead = .title }
        // Cut at a character, white space before the "…" dropped: the rule of every repeated title.
        XCTAssertEqual(pages[1].lines[0].text, "Moby-Dick; or,…")
        XCTAssertEqual(pages[1].lines[0].text, runningTitle("Moby-Dick; or, The Whale", columns: 16))
        XCTAssertEqual(pages[1].lines[0].width, 15)
        // A chapter without a title is named by the book's.
        let untitled = heads(document(numberedParagraphs(10)), 16, 6)
        XCTAssertEqual(untitled[1].lines[0].text, "")
        var named = document(numberedParagraphs(10))
        named.metadata.titles = ["Moby-Dick"]
        XCTAssertEqual(heads(named, 16, 6)[1].lines[0].text, "Moby-Dick")
    }

    /// Print page labels: the label in effect at the page's top (a marker where the page begins counts), and
    /// when more print pages begin on it, the last of them: `pp. 1–3`.
    func testThePrintPageLabelGoesAtTheEndOfTheLine() {
        let b = Builder()
        var blocks = numberedParagraphs(14, b)
        blocks[0] = b.block(.paragraph([.pageBreak(label: "1"), .text("line 0", [])]))
        blocks[5] = b.block(.paragraph([.pageBreak(label: "2"), .text("line 5", [])]))
        blocks[6] = b.block(.paragraph([.text("line ", []), .pageBreak(label: "3"), .text("6", [])]))
        // Page 3 begins with line 8: the marker of print page 4 is where it begins.
        blocks[8] = b.block(.paragraph([.pageBreak(label: "4"), .text("line 8", [])]))
        let pages = heads(document(blocks, title: "Loomings"), 20, 6)
        XCTAssertEqual(pages.map { $0.lines[0].text }, [
            "",
            "Loomings     pp. 1–3",
            "Loomings        p. 4",
            "Loomings        p. 4",
        ])
        XCTAssertEqual(pages[1].printPages, ["2", "3"])
        XCTAssertEqual(pages[2].printPages, ["4"])
        for page in pages.dropFirst() { XCTAssertEqual(page.lines[0].width, 20) }
        // A narrow page keeps the label and cuts the title; narrower still, the label gets shorter.
        XCTAssertEqual(heads(document(blocks, title: "Loomings"), 14, 6)[1].lines[0].text, "Loom…  pp. 1–3")
        XCTAssertEqual(heads(document(blocks, title: "Loomings"), 12, 6)[1].lines[0].text, "Loomi…  p. 1")
    }

    func testBeforeTheFirstMarkerThePageShowsTheFirstPrintPageThatBeginsOnIt() {
        let b = Builder()
        var blocks = numberedParagraphs(10, b)
        blocks[6] = b.block(.paragraph([.pageBreak(label: "xi"), .text("line 6", [])]))
        let pages = heads(document(blocks, title: "Loomings"), 20, 6)
        XCTAssertEqual(pages[1].lines[0].text, "Loomings       p. xi")
        XCTAssertEqual(pages[2].lines[0].text, "Loomings       p. xi")
        // Two print pages begin on the page: both are named.
        blocks[7] = b.block(.paragraph([.pageBreak(label: "xii"), .text("line 7", [])]))
        XCTAssertEqual(heads(document(blocks, title: "Loomings"), 20, 6)[1].lines[0].text, "Loomings  pp. xi–xii")
    }

    /// A book of many markers: each page's label is found by bisection, and every page names the right one.
    func testManyMarkersNameEveryPage() {
        let b = Builder()
        let blocks = (0..<400).map { b.block(.paragraph([.pageBreak(label: "\($0 + 1)"), .text("line \($0)", [])])) }
        let pages = heads(document(blocks, title: "T"), 20, 6)
        XCTAssertEqual(pages.count, 100)
        for page in pages.dropFirst() {
            // Four one-line paragraphs a page, each a print page: the page begins on one and three more begin on it.
            let first = (page.number - 1) * 4 + 1
            XCTAssertEqual(page.lines[0].text, "T" + String(repeating: " ", count: 20 - 1 - "pp. \(first)–\(first + 3)".count)
                           + "pp. \(first)–\(first + 3)")
        }
    }

    func testAPageStaysExactlyCByLAndNothingIsLost() {
        let b = Builder()
        let blocks: [Block] = [
            b.block(.heading(level: 1, [.text("A heading that wraps on a narrow page", [])])),
            b.paragraph(String(repeating: "words that fill a long paragraph ", count: 30)),
            b.block(.preformatted("let x = 1\n  return x")),
            b.paragraph(String(repeating: "more words ", count: 40)),
        ]
        var doc = document(blocks, title: "A chapter title that is long")
        doc.chapters.append(Chapter(spineIndex: 1, href: "two.xhtml", title: "Two", blocks: numbered(blocks)))
        for (columns, lines) in [(20, 6), (30, 10), (12, 4), (38, 20)] {
            let plain = paginate(doc, options: options(columns, lines))
            let headed = paginate(doc, options: options(columns, lines) { $0.runningHead = .chapter })
            for page in headed {
                XCTAssertLessThanOrEqual(page.lines.count, lines)
                XCTAssertEqual(page.lines.first?.role, .runningHead)
                for line in page.lines { XCTAssertLessThanOrEqual(line.width, columns, line.text) }
            }
            XCTAssertGreaterThanOrEqual(headed.count, plain.count)
            let content = { (pages: [Page]) in pages.flatMap { $0.lines.map(\.content) }.filter { !$0.isEmpty } }
            XCTAssertEqual(content(headed), content(plain), "\(columns)x\(lines)")
        }
    }

    /// A hostile book's title and print page label are bounded once, never carried whole onto every page.
    func testHugeTitlesAndLabelsAreBounded() {
        let b = Builder()
        var blocks = numberedParagraphs(10, b)
        blocks[0] = b.block(.paragraph([.pageBreak(label: String(repeating: "9", count: 100_000)), .text("line 0", [])]))
        let pages = heads(document(blocks, title: String(repeating: "Loomings ", count: 100_000)), 20, 6)
        for page in pages {
            XCTAssertLessThanOrEqual(page.lines[0].width, 20)
            XCTAssertLessThanOrEqual(page.lines[0].text.utf8.count, 20 * runningTitleBytesPerCell)
        }
        // The label cannot fit: the title takes the line alone.
        XCTAssertEqual(pages[1].lines[0].text, "Loomings Loomings L…")
    }

    func testRightToLeftPagesMirrorTheHead() {
        let b = Builder()
        var blocks = (0..<10).map { b.paragraph("שורה \($0)", direction: .rtl) }
        blocks[5] = b.block(.paragraph([.pageBreak(label: "7"), .text("שורה 5", [])]), direction: .rtl)
        let pages = heads(document(blocks, direction: .rtl, title: "בראשית"), 20, 6)
        let head = pages[1].lines[0]
        XCTAssertEqual(head.direction, .rtl)
        // In logical order, title first: the rtl line puts it at the right edge and the label at the left.
        XCTAssertTrue(head.text.hasPrefix("בראשית"), head.text)
        XCTAssertTrue(head.text.hasSuffix("p. 7"), head.text)
        XCTAssertEqual(head.offset(inInlineSize: 20), 0)
        XCTAssertEqual(head.width, 20)
    }

    /// Vertical-rl: the head is the first (rightmost) column, the title at its top and the label at its foot;
    /// every character takes one row.
    func testVerticalPagesHaveAHeadColumn() {
        let b = Builder()
        var blocks = (0..<30).map { _ in b.paragraph("吾輩は猫である。") }
        blocks[12] = b.block(.paragraph([.pageBreak(label: "2"), .text("吾輩は猫である。", [])]))
        let doc = document(blocks, language: "ja", title: "吾輩は猫である", writingMode: .verticalRL)
        let pages = heads(doc, 12, 10)
        XCTAssertEqual(pages[0].writingMode, .verticalRL)
        for page in pages { XCTAssertLessThanOrEqual(page.lines.count, 6) }
        XCTAssertEqual(pages[0].lines[0].text, "")
        XCTAssertEqual(pages[1].lines[0].text, "吾輩は猫である")
        XCTAssertEqual(pages[1].lines[0].width, 7)
        // Ten rows: the label (four) at the foot, two rows free, the title cut to four rows with its "…".
        let labelled = pages.first { $0.lines[0].text.hasSuffix("p. 2") }
        XCTAssertEqual(labelled?.lines[0].text, "吾輩は…  p. 2")
        XCTAssertEqual(labelled?.lines[0].width, 10)
    }
}
