import BookModel
import XCTest
@testable import Layout

/// Images and figures hold together (issue 17): an image box never splits across pages, a box taller than a page
/// is scaled down to it, a figure's caption stays on its image's page, and the parts of quotes and definition
/// lists sit where the importer's looks put them.
final class FigureTests: XCTestCase {
    let b = Builder()

    /// `count` one-word paragraphs, one line each.
    func filler(_ count: Int) -> [Block] { (1...count).map { b.paragraph("Line\($0)") } }

    func image(_ alt: String, width: Int, height: Int) -> Block {
        b.block(.image(ImageRef(source: "i.png", alt: alt, width: width, height: height)))
    }

    /// The index of the page holding a line that starts (after spaces) with `prefix`.
    func page(of prefix: String, in pages: [Page]) -> Int? {
        pages.firstIndex { $0.lines.contains { $0.text.drop { $0 == " " }.hasPrefix(prefix) } }
    }

    func testImageTallerThanThePageIsScaledDownWithItsWidth() {
        // 400×600 against the 40-cell reference: 30 lines. The page has 15, so the box takes 15 lines and half the
        // line's 40 cells, centred.
        let doc = document([image("Tall", width: 400, height: 600)])
        let pages = paginate(doc, options: options(40, 15))
        XCTAssertEqual(pages.count, 1)
        let lines = pages[0].lines.map(\.text)
        XCTAssertEqual(lines.count, 15)
        XCTAssertEqual(lines.first, String(repeating: " ", count: 10) + "┌" + String(repeating: "─", count: 18) + "┐")
        XCTAssertEqual(lines.last, String(repeating: " ", count: 10) + "└" + String(repeating: "─", count: 18) + "┘")
        XCTAssertTrue(lines.contains(String(repeating: " ", count: 10) + "│[image: Tall]     │"))
        XCTAssertTrue(pages[0].lines.allSatisfy { $0.width == 30 && $0.role == .image })
        // A box that fits keeps the whole line, as before.
        let fits = paginate(document([image("Wide", width: 400, height: 120)]), options: options(40, 15))
        XCTAssertEqual(fits[0].lines.count, 6)
        XCTAssertEqual(fits[0].lines[0].text, "┌" + String(repeating: "─", count: 38) + "┐")
    }

    func testATallBoxFitsUnderARunningHead() {
        // Two paragraphs, then the same tall picture on a 15-line page with a running head: the box is scaled to the
        // 13 lines of text area, on a page of its own, whole.
        var doc = document(filler(2) + [image("Tall", width: 400, height: 600)], title: "Plates")
        doc.chapters[0].title = "Plates"
        var withHead = options(40, 15)
        withHead.runningHead = .chapter
        let pages = paginate(doc, options: withHead)
        let boxLines = pages.flatMap { $0.lines.filter { $0.role == .image } }
        XCTAssertEqual(boxLines.count, 13)
        let holding = pages.filter { $0.lines.contains { $0.role == .image } }
        XCTAssertEqual(holding.count, 1, "the box is not split")
        XCTAssertEqual(holding[0].lines.count, 15)
        XCTAssertEqual(holding[0].lines[0].role, .runningHead)
    }

    func testScaledBoxWidensForItsAltText() {
        // A very tall image would be a sliver; its box grows back until the alt text fits inside a page.
        let alt = "A long description of a very tall and narrow picture"
        let pages = paginate(document([image(alt, width: 10, height: 1000)]), options: options(30, 6))
        XCTAssertEqual(pages.count, 1)
        XCTAssertEqual(pages[0].lines.count, 6)
        XCTAssertEqual(ink(pages[0].lines.map(\.content).joined()), ink(alt))
        XCTAssertLessThan(pages[0].lines[0].width, 30, "still narrower than the line")
        // Alt text that fills more than a page even across the whole line goes unframed: no box to split.
        let long = String(repeating: "word ", count: 60)
        let unframed = paginate(document([image(long, width: 10, height: 10)]), options: options(20, 5))
        XCTAssertFalse(unframed.flatMap(\.lines).contains { $0.text.contains("┌") })
        XCTAssertEqual(ink(unframed.flatMap(\.lines).map(\.content).joined()), ink(long))
    }

    func testBoxMovesToTheNextPageWhole() {
        // Five lines of text (three paragraphs and the blank lines between them), a blank line, then an 8-line box
        // on a 12-line page: the box goes to page 2, never split.
        let doc = document(filler(3) + [image("Box", width: 400, height: 160)])
        let pages = paginate(doc, options: options(20, 12))
        XCTAssertEqual(pages.count, 2)
        XCTAssertEqual(pages[1].lines.first?.text.hasPrefix("┌"), true)
        XCTAssertEqual(pages[1].lines.filter { $0.role == .image }.count, 8)
    }

    func testHeadingBeforeAPageTallBoxDoesNotSplitIt() {
        // A heading keeps the next lines with it, and the box is as tall as the page: every line from the heading
        // on is kept. The heading's keep gives way; the box's never does.
        let doc = document(filler(2) + [b.block(.heading(level: 2, [.text("Plate", [])])), image("Full", width: 100, height: 400)])
        let pages = paginate(doc, options: options(20, 10))
        let box = try? XCTUnwrap(page(of: "┌", in: pages))
        XCTAssertEqual(box, page(of: "└", in: pages))
        XCTAssertEqual(box.map { pages[$0].lines.filter { $0.role == .image }.count }, 10, "the whole box on one page")
        XCTAssertEqual(pages.map { $0.lines.filter { $0.role == .image }.count }.filter { $0 > 0 }, [10])
        XCTAssertEqual(page(of: "Plate", in: pages), box.map { $0 - 1 }, "the heading gave way")
    }

    func testCaptionAfterTheImageAtAPageEndGoesWithIt() {
        // As the importer marks a figure: the image kept with its caption, the caption kept together.
        var picture = image("Map", width: 400, height: 120)
        picture.look.keepWithNext = true
        var caption = b.paragraph("Figure 1: the caption of the map, two lines")
        caption.look.keepTogether = true
        let doc = document(filler(2) + [picture, caption, b.paragraph("After")])
        // 3 lines of text, a blank, a 6-line box, a blank: the 2-line caption would start on the last line of a
        // 12-line page.
        let pages = paginate(doc, options: options(24, 12))
        XCTAssertEqual(page(of: "┌", in: pages), 1, "the box moves to the caption's page")
        XCTAssertEqual(page(of: "Figure", in: pages), 1)
        XCTAssertEqual(page(of: "Line2", in: pages), 0)
        // Without the keep, the caption is left for the next page and the box stays.
        let loose = document(filler(2) + [image("Map", width: 400, height: 120), caption, b.paragraph("After")])
        let apart = paginate(loose, options: options(24, 12))
        XCTAssertEqual(page(of: "┌", in: apart), 0)
        XCTAssertEqual(page(of: "Figure", in: apart), 1)
    }

    func testWhenEverythingIsKeptThePageBreaksBetweenBlocks() {
        // A heading (with its rule), a 6-line box kept with its 3-line caption: 13 lines, all kept, on a 10-line
        // page. The page breaks at the blank line before the caption, never inside the caption or the box.
        var picture = image("Map", width: 400, height: 120)
        picture.look.keepWithNext = true
        var caption = b.paragraph("Figure 2: a caption long enough for three lines")
        caption.look.keepTogether = true
        let doc = document([b.block(.heading(level: 2, [.text("Plate", [])])), picture, caption])
        let pages = paginate(doc, options: options(20, 10))
        XCTAssertEqual(pages.map(\.lines.count), [9, 3])
        XCTAssertEqual(page(of: "Plate", in: pages), 0)
        XCTAssertEqual(page(of: "└", in: pages), 0)
        XCTAssertEqual(pages[1].lines.first?.text, "Figure 2: a caption")
    }

    func testCaptionBeforeTheImageGoesWithIt() {
        var caption = b.paragraph("Plate 2")
        caption.look.keepWithNext = true
        caption.look.keepTogether = true
        let doc = document(filler(5) + [caption, image("Map", width: 400, height: 120)])
        let pages = paginate(doc, options: options(24, 12))
        XCTAssertEqual(page(of: "Plate", in: pages), page(of: "┌", in: pages))
        XCTAssertEqual(page(of: "┌", in: pages), page(of: "└", in: pages))
    }

    func testAttributionSitsAtTheEndAfterTheQuoteBar() {
        var attribution = b.paragraph("— Hamlet")
        attribution.look.align = .end
        let doc = document([b.block(.quote([b.paragraph("To be."), attribution]))])
        let lines = paginate(doc, options: options(20, 10))[0].lines
        XCTAssertEqual(lines.map(\.text), ["│ To be.", "│", "│           — Hamlet"])
        XCTAssertEqual(lines.last?.alignment, .start, "placed inside the quote, not along the page's line")
        XCTAssertEqual(lines.last?.content, "— Hamlet")
    }

    func testDefinitionDescriptionIsIndentedUnderItsTerm() {
        let doc = document([b.paragraph("Term"),
                            b.block(.list(ListBlock(ordered: false, items: [ListItem(blocks: [b.paragraph("A description that wraps")], marker: "   ")])))])
        XCTAssertEqual(paginate(doc, options: options(20, 10))[0].lines.map(\.text),
                       ["Term", "", "    A description", "    that wraps"])
    }
}
