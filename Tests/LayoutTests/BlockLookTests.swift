import BookModel
import XCTest
@testable import Layout

/// `Block.look` in Layout: alignment (`text-align`), start and first-line indents (`padding-left`,
/// `text-indent`), in fixtures shaped like real books.
final class BlockLookTests: XCTestCase {
    private let b = Builder()

    private func paragraph(_ text: String, language: String? = nil, _ look: BlockLook) -> Block {
        var block = b.paragraph(text, language: language)
        block.look = look
        return block
    }

    private func lines(_ blocks: [Block], _ options: LayoutOptions, language: String? = nil) -> [Line] {
        paginate(document(blocks, language: language), options: options).flatMap(\.lines)
    }

    // MARK: Alignment

    /// A centred chapter heading and a `text-align: right` signature: no padding in the text, the offset says
    /// where each line starts.
    func testCentredHeadingAndRightSignature() {
        var heading = b.block(.heading(level: 1, [.text("Chapter One", [])]))
        heading.look.align = .center
        let blocks = [heading, b.paragraph("Body text."), paragraph("— A. Writer", BlockLook(align: .end))]
        let lines = lines(blocks, options(20, 10))
        // The heading's rule (issue 17) is centred with it.
        XCTAssertEqual(lines.map(\.text), ["Chapter One", "═══════════", "", "Body text.", "", "— A. Writer"])
        XCTAssertEqual(lines.map(\.alignment), [.center, .center, .start, .start, .start, .end])
        XCTAssertEqual(lines[0].offset(inInlineSize: 20), 4)  // floor((20 - 11) / 2)
        XCTAssertEqual(lines[1].offset(inInlineSize: 20), 4)
        XCTAssertEqual(lines[3].offset(inInlineSize: 20), 0)
        XCTAssertEqual(lines[5].offset(inInlineSize: 20), 20 - 11)
    }

    /// Right-to-left mirrors: `end` is the left edge, a centred line leaves floor(spare / 2) on its right.
    func testRightToLeftMirrors() {
        let end = Line(text: "abc", width: 3, direction: .rtl, alignment: .end)
        let center = Line(text: "abcd", width: 4, direction: .rtl, alignment: .center)
        XCTAssertEqual(end.offset(inInlineSize: 10), 0)
        XCTAssertEqual(center.offset(inInlineSize: 11), 11 - 4 - 3)
        // A column is always read top down: its start is the top whatever its direction.
        XCTAssertEqual(end.offset(inInlineSize: 10, vertical: true), 7)
    }

    /// `justify` on a block justifies it under `--align start`; `start` on a block keeps it ragged under
    /// `--align justify`.
    func testJustifyIsTheBlocksOwn() {
        let text = "aa bb cc dd ee"
        let justified = lines([paragraph(text, BlockLook(align: .justify))], options(10, 5))
        XCTAssertEqual(justified.map(\.alignment), [.justify, .start])
        XCTAssertEqual(justified[0].width, 10)
        let ragged = lines([paragraph(text, BlockLook(align: .start))], options(10, 5) { $0.align = .justify })
        XCTAssertEqual(ragged.map(\.alignment), [.start, .start])
        // The last line of a centred block is centred too, and a justified block's last line sits at the start.
        let centred = lines([paragraph(text, BlockLook(align: .center))], options(10, 5))
        XCTAssertEqual(centred.map(\.alignment), [.center, .center])
    }

    /// 地付き: `end` in a vertical column is its bottom.
    func testAlignEndInAColumn() {
        let lines = lines([b.paragraph("本文です。"), paragraph("以上", language: "ja", BlockLook(align: .end))],
                          options(10, 8) { $0.writingMode = .verticalRL }, language: "ja")
        let last = lines.last!
        XCTAssertEqual(last.text, "以上")
        XCTAssertEqual(last.alignment, .end)
        XCTAssertEqual(last.offset(inInlineSize: 8, vertical: true), 6)
    }

    // MARK: Indents

    /// `.start-2em` in Japanese: every line behind two full-width cells (four columns), as a decoration.
    func testStartIndentInJapanese() {
        let look = BlockLook(startIndent: Measure(ems: 2))
        let lines = lines([paragraph("あいうえおかきくけこ", language: "ja", look)], options(12, 10))
        XCTAssertEqual(lines.map(\.text), ["    あいうえ", "    おかきく", "    けこ"])
        XCTAssertEqual(lines.map(\.content), ["あいうえ", "おかきく", "けこ"])
        XCTAssertEqual(lines.map(\.width), [12, 12, 8])
    }

    /// Latin text: 1em is one cell; percent is of the line.
    func testEmsAndPercentInLatin() {
        XCTAssertEqual(lines([paragraph("aa bb", BlockLook(startIndent: Measure(ems: 3)))], options(20, 5)).map(\.text),
                       ["   aa bb"])
        XCTAssertEqual(lines([paragraph("aa bb", BlockLook(startIndent: Measure(percent: 10)))], options(20, 5))
                        .map(\.text), ["  aa bb"])
    }

    /// Dialogue with `text-indent: -1em; padding-left: 1em`: the first line hangs out of the start indent.
    func testJapaneseHangingIndent() {
        let look = BlockLook(startIndent: Measure(ems: 1), textIndent: Measure(ems: -1))
        let lines = lines([paragraph("「あいうえおかきくけこ」", language: "ja", look)], options(10, 10))
        XCTAssertEqual(lines.map(\.text), ["「あいう", "  えおかき", "  くけこ」"])
    }

    /// A vertical column counts indents in rows: 1em is one row.
    func testVerticalStartIndentIsRows() {
        let look = BlockLook(startIndent: Measure(ems: 2))
        let lines = lines([paragraph("あいうえおか", language: "ja", look)],
                          options(4, 5) { $0.writingMode = .verticalRL }, language: "ja")
        XCTAssertEqual(lines.map(\.text), ["  あいう", "  えおか"])
        XCTAssertEqual(lines.map(\.width), [5, 5])
    }

    /// The book's text-indent replaces Quire's `--paragraph indent` one (0 removes it); under `--paragraph space`
    /// a positive one is dropped (the blank line already sets paragraphs apart), a hanging one kept.
    func testTextIndentAgainstQuiresParagraphOption() {
        let plain = paragraph("aa bb", BlockLook())
        let indented = paragraph("aa bb", BlockLook(textIndent: Measure(ems: 3)))
        let none = paragraph("aa bb", BlockLook(textIndent: Measure()))
        let indentMode = options(20, 10) { $0.paragraph = .indent }
        XCTAssertEqual(lines([plain, indented, none], indentMode).map(\.text), ["  aa bb", "   aa bb", "aa bb"])
        XCTAssertEqual(lines([plain, indented], options(20, 10)).map(\.text), ["aa bb", "", "aa bb"])
        // The hanging first line is set as wide as the others (the cells the start indent leaves stay empty).
        let hanging = paragraph("aa bb cc", BlockLook(startIndent: Measure(ems: 2), textIndent: Measure(ems: -2)))
        XCTAssertEqual(lines([hanging], options(6, 10)).map(\.text), ["aa", "  bb", "  cc"])
        // A heading keeps its positive indent whatever `--paragraph` says.
        var heading = b.block(.heading(level: 2, [.text("Head", [])]))
        heading.look.textIndent = Measure(ems: 2)
        XCTAssertEqual(lines([heading], options(20, 10)).map(\.text), ["  Head", "  ────"])
    }

    /// The start indent never takes more than half the line, and is given up when it squeezes a character that
    /// fits the line without it.
    func testStartIndentLimits() {
        XCTAssertEqual(lines([paragraph("ab", BlockLook(startIndent: Measure(ems: 30)))], options(10, 5)).map(\.text),
                       ["     ab"])
        let fits = lines([paragraph("あ", language: "ja", BlockLook(startIndent: Measure(ems: 1)))], options(3, 5))
        XCTAssertEqual(fits.map(\.text), [" あ"])
        let squeezed = lines([paragraph("あ", language: "ja", BlockLook(startIndent: Measure(ems: 1)))], options(2, 5))
        XCTAssertEqual(squeezed.map(\.text), ["あ"])
    }

    /// A centred block behind a start indent is centred in what the indent leaves: the indent travels with it.
    func testCentredAndIndented() {
        let look = BlockLook(align: .center, startIndent: Measure(ems: 4))
        let line = lines([paragraph("ab", look)], options(20, 5))[0]
        XCTAssertEqual(line.text, "    ab")
        XCTAssertEqual(line.offset(inInlineSize: 20) + 4, 4 + (20 - 4 - 2) / 2)
    }

    /// A table cell takes the alignment of its own paragraphs: the line sits in its cell, the row stays `start`.
    func testTableCellAlignment() {
        let cells = [paragraph("a", BlockLook()), paragraph("b", BlockLook(align: .end)), paragraph("c", BlockLook(align: .center))]
        let rows = [TableRow(cells: cells.map { TableCell(blocks: [$0]) }),
                    TableRow(cells: ["xxxxx", "yyyyy", "zzzzz"].map { TableCell(blocks: [b.paragraph($0)]) })]
        let lines = lines([b.block(.table(Table(rows: rows)))], options(30, 10))
        XCTAssertEqual(lines[1].text, "│ a     │     b │   c   │")
        XCTAssertEqual(lines[1].alignment, .start)
    }

    /// Nothing changes for a block whose look is plain.
    func testPlainLookChangesNothing() {
        let text = "The quick brown fox jumps over the lazy dog, again and again."
        let plain = paginate(paragraphs([text, text]), options: options(20, 10) { $0.paragraph = .indent })
        let looked = paginate(document([paragraph(text, BlockLook()), paragraph(text, .plain)]),
                              options: options(20, 10) { $0.paragraph = .indent })
        XCTAssertEqual(plain, looked)
    }
}
