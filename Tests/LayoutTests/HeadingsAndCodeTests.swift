import BookModel
import XCTest
@testable import Layout

/// Issue 17: headings get a rule under them (═ level 1, ─ level 2, none below), code blocks a bar; both are
/// decorations, kept with what they belong to, never justified.
final class HeadingsAndCodeTests: XCTestCase {
    private let b = Builder()

    private func heading(_ level: Int, _ text: String, direction: Direction? = nil) -> Block {
        b.block(.heading(level: level, [.text(text, [])]), direction: direction)
    }

    func testLevelOneAndTwoHeadingsAreUnderlinedAsWideAsTheirWidestLine() {
        let doc = document([heading(1, "Loomings"), b.paragraph("Call me Ishmael."),
                            heading(2, "The Carpet-Bag of Ishmael"), b.paragraph("I stuffed a shirt."),
                            heading(3, "Notes"), b.paragraph("None.")])
        let pages = paginate(doc, options: options(16, 40))
        XCTAssertEqual(texts(pages), [[
            "Loomings", "════════", "", "Call me Ishmael.", "",
            "The Carpet-Bag", "of Ishmael", "──────────────", "", "I stuffed a", "shirt.", "",
            "Notes", "", "None.",
        ]])
        let rules = pages[0].lines.filter { $0.text.hasPrefix("═") || $0.text.hasPrefix("─") }
        XCTAssertEqual(rules.map(\.role), [.heading(level: 1), .heading(level: 2)])
        XCTAssertEqual(rules.map(\.content), ["", ""], "a rule is a decoration, not book text")
    }

    func testARuleIsKeptWithItsHeadingAndTheHeadingWithWhatFollows() {
        // Nine lines of text, then a heading: heading, rule, blank and two lines of the next paragraph move on.
        let filler = (0..<9).map { b.paragraph("line \($0)") }
        let doc = document(filler + [heading(2, "Title"), b.paragraph("alpha beta gamma delta")])
        let pages = paginate(doc, options: options(10, 12) { $0.paragraph = .indent })
        XCTAssertEqual(pages.count, 2)
        XCTAssertEqual(Array(pages.last!.lines.map(\.text).prefix(4)), ["Title", "─────", "", "  alpha"])
        XCTAssertTrue(pages[0].lines.last?.text.hasPrefix("  line") == true)
    }

    func testAnRtlOrCentredHeadingsRuleSitsUnderIt() {
        let rtl = paginate(document([heading(1, "בראשית ברא", direction: .rtl)]), options: options(20, 10))
        XCTAssertEqual(rtl[0].lines.map(\.text), ["בראשית ברא", "══════════"])
        XCTAssertEqual(rtl[0].lines[1].direction, .rtl)
        XCTAssertEqual(rtl[0].lines[1].offset(inInlineSize: 20), 10, "flush with the heading at the right edge")

        var centred = heading(1, "Loomings")
        centred.look.align = .center
        let pages = paginate(document([centred]), options: options(20, 10))
        XCTAssertEqual(pages[0].lines.map(\.text), ["Loomings", "════════"])
        XCTAssertEqual(pages[0].lines.map { $0.offset(inInlineSize: 20) }, [6, 6])
    }

    /// Vertical-rl: the rule is a column beside the heading's, as many rows as the heading's longest column;
    /// renderers turn ═ into ║ (VerticalForms).
    func testAVerticalHeadingGetsARuleColumn() {
        let doc = document([heading(1, "吾輩は猫である"), b.paragraph("名前はまだ無い。")], language: "ja",
                           writingMode: .verticalRL)
        let pages = paginate(doc, options: options(20, 10))
        XCTAssertEqual(pages[0].lines.map(\.text), ["吾輩は猫である", "═══════", "", "名前はまだ無い。"])
        XCTAssertEqual(pages[0].lines[1].width, 7)
        XCTAssertEqual(pages[0].lines[1].role, .heading(level: 1))
    }

    func testWithWideAmbiguousCharactersTheRulesAreASCII() {
        let doc = document([heading(1, "One"), heading(2, "Two")])
        XCTAssertEqual(allLines(paginate(doc, options: options(20, 10) { $0.ambiguousWide = true })),
                       ["One", "===", "", "Two", "---"])
    }

    func testCodeBlocksGetABarAndAreNeverJustified() {
        let code = b.block(.preformatted("let x = 1\n\nif x  {  go() }\n"))
        let doc = document([b.paragraph("Before the code block comes prose."), code])
        let pages = paginate(doc, options: options(16, 20) { $0.align = .justify })
        XCTAssertEqual(allLines(pages), ["Before  the code", "block      comes", "prose.", "",
                                         "│ let x = 1", "│", "│ if x  {  go()", "│ ↪}"])
        let lines = pages[0].lines.filter { $0.role == .preformatted }
        XCTAssertEqual(lines.map(\.alignment), [.start, .start, .start, .start])
        XCTAssertEqual(lines.map(\.content), ["let x = 1", "", "if x  {  go()", "}"])
    }

    func testADisplayGridKeepsItsLookAndAVerticalBarTurnsWithTheColumn() {
        var grid = b.block(.preformatted("⎛1 0⎞\n⎝0 1⎠"))
        grid.look.align = .center
        XCTAssertEqual(allLines(paginate(document([grid]), options: options(15, 10))), ["     ⎛1 0⎞", "     ⎝0 1⎠"])
        let vertical = paginate(document([b.block(.preformatted("一二\n三"))], writingMode: .verticalRL),
                                options: options(20, 10))
        XCTAssertEqual(allLines(vertical), ["│ 一二", "│ 三"])
    }

    /// A page too narrow for the bar and two cells of code sets the code without it.
    func testANarrowPageSetsCodeWithoutTheBar() {
        let doc = document([b.block(.preformatted("漢字"))])
        XCTAssertEqual(allLines(paginate(doc, options: options(3, 10))), ["漢", "↪字"])
        XCTAssertEqual(allLines(paginate(doc, options: options(4, 10))), ["│ 漢", "│ 字"])
    }

    func testInlineCodeKeepsItsSpaces() {
        let doc = document([b.block(.paragraph([.text("Run ", []), .text("a  =  b", [.code]), .text(" now.", [])]))])
        XCTAssertEqual(allLines(paginate(doc, options: options(30, 10))), ["Run a  =  b now."])
    }
}
