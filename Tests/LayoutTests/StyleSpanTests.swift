import BookModel
import Layout
import XCTest

/// Lines carry the book's inline styles as byte ranges of their text, through line ends, justification and
/// decorations; a `text-combine-upright` run of at most two half-width characters takes one row of a column, and
/// the paginator and the renderers' rows agree on it.
final class StyleSpanTests: XCTestCase {
    func styled(_ line: Line) -> [(String, InlineStyle)] {
        let bytes = Array(line.text.utf8)
        return line.styles.map { (String(decoding: bytes[$0.range], as: UTF8.self), $0.style) }
    }

    func testPlainParagraphsCarryNoStyles() {
        let lines = paginate(paragraphs(["A plain paragraph that wraps over a few lines of text."]),
                             options: options(20, 10) { $0.align = .justify }).flatMap(\.lines)
        XCTAssertTrue(lines.allSatisfy { $0.styles.isEmpty })
        let b = Builder()
        let linked = document([b.block(.paragraph([.text("see ", []), .text("the notes", .link), .text(".", [])]))])
        XCTAssertTrue(paginate(linked, options: options(30, 5)).flatMap(\.lines).allSatisfy { $0.styles.isEmpty },
                      "links are not drawn, so they make no span")
    }

    func testItalicsAcrossALineBreakInAJustifiedParagraph() {
        let b = Builder()
        let doc = document([b.block(.paragraph([
            .text("It was ", []), .text("a very long and stormy night", .emphasis), .text(" at sea, and ", []),
            .text("bold", [.strong, .link]), .text(" men slept.", []),
        ]))])
        let lines = paginate(doc, options: options(16, 10) { $0.align = .justify }).flatMap(\.lines)
        XCTAssertEqual(lines.map(\.text), ["It  was  a  very", "long  and stormy", "night   at  sea,", "and   bold   men", "slept."])
        // Each line's spans cover exactly the styled words, justification spaces between them included and the
        // ones after the run left out.
        XCTAssertEqual(styled(lines[0]).map(\.0), ["a  very"])
        XCTAssertEqual(styled(lines[1]).map(\.0), ["long  and stormy"])
        XCTAssertEqual(styled(lines[2]).map(\.0), ["night"])
        let bold = lines.flatMap { styled($0) }.filter { $0.1.contains(.strong) }
        XCTAssertEqual(bold.map(\.0), ["bold"])
        XCTAssertEqual(bold.first?.1, .strong, "the link bit is dropped")
        XCTAssertTrue(lines.flatMap(\.styles).allSatisfy { $0.style.contains(.emphasis) || $0.style == .strong })
    }

    func testSlicedLinesMatchWrittenOnes() {
        // The same paragraph set as slices (start alignment) and rewritten (justified), at many widths: the styled
        // text of every line is the styled words, whatever path built the line.
        let b = Builder()
        let doc = document([b.block(.paragraph([
            .text("Plain words then ", []), .text("styled words here", .strong), .text(" and plain ", []),
            .text("cafe\u{301} noir", .emphasis), .text(" again.", []),
        ]))])
        for width in 6...40 {
            for align in [TextAlign.start, .justify] {
                let lines = paginate(doc, options: options(width, 40) { $0.align = align }).flatMap(\.lines)
                let words = lines.flatMap { styled($0).map(\.0) }.joined(separator: " ")
                    .split(separator: " ").joined(separator: " ")
                XCTAssertEqual(words, "styled words here cafe\u{301} noir", "width \(width), \(align)")
            }
        }
    }

    func testSpansMoveWithIndentsAndListMarkers() {
        let b = Builder()
        let list = ListBlock(ordered: false, items: [ListItem(blocks: [b.block(.paragraph([.text("an ", []), .text("item", .strong)]))])])
        let doc = document([b.block(.paragraph([.text("Indented ", []), .text("word", .emphasis)])), b.block(.list(list))])
        let lines = paginate(doc, options: options(30, 10) { $0.paragraph = .indent }).flatMap(\.lines)
        let spans = lines.flatMap { styled($0) }
        XCTAssertEqual(spans.map(\.0), ["word", "item"])
    }

    // MARK: vertical columns

    /// A Japanese vertical paragraph as an EBPAJ book sets it: `.tcy` on "!!" and "AB", `.em-sesame` dots, bold.
    func japanese() -> Document {
        let b = Builder()
        var sesame = InlineStyle()
        sesame.emphasisMark = EmphasisMark(.sesame)
        return document([b.block(.paragraph([
            .text("彼は", []), .text("!!", .combineUpright), .text("と叫び、", []), .text("AB", .combineUpright),
            .text("型の", []), .text("大事", sesame), .text("な", []), .text("箱", .strong), .text("を", []),
            .text("ABC", .combineUpright), .text("に渡した。", []),
        ]), language: "ja")], language: "ja", writingMode: .verticalRL)
    }

    func testCombinedRunsTakeOneRow() {
        let pages = paginate(japanese(), options: options(20, 30))
        let line = pages[0].lines[0]
        XCTAssertEqual(line.text, "彼は!!と叫び、AB型の大事な箱をABCに渡した。")
        let rows = verticalRows(of: line.text, combined: line.combinedRanges)
        XCTAssertEqual(rows, ["彼", "は", "!!", "と", "叫", "び", "、", "AB", "型", "の", "大", "事", "な", "箱", "を",
                              "A", "B", "C", "に", "渡", "し", "た", "。"])
        XCTAssertEqual(line.width, rows.count, "the paginator counted the rows the renderers draw")
        XCTAssertEqual(verticalRows(of: line.text).count, rows.count + 1, "without the ranges \"AB\" would take two rows")
        var sesame = InlineStyle()
        sesame.emphasisMark = EmphasisMark(.sesame)
        XCTAssertEqual(styled(line).map(\.0), ["!!", "AB", "大事", "箱", "ABC"])
        XCTAssertEqual(styled(line).map(\.1), [.combineUpright, .combineUpright, sesame, .strong, .combineUpright])
    }

    func testColumnsBreakAsTheRowsCount() {
        // At every column height the rows of each column are its width, and no column is taller than the page.
        for height in 3...25 {
            for page in paginate(japanese(), options: options(20, height)) {
                for line in page.lines {
                    XCTAssertEqual(verticalRows(of: line.text, combined: line.combinedRanges).count, line.width, "\(height)")
                    XCTAssertLessThanOrEqual(line.width, height)
                }
            }
        }
    }

    func testForcedRunsTakePrecedenceOverAutomaticPairs() {
        // "2024": no automatic pair (four digits); combining "20" makes it one row and "24" stays two rows,
        // since "0" before it is a digit neighbour.
        XCTAssertEqual(verticalRows(of: "2024年", combined: [0..<2]), ["20", "2", "4", "年"])
        // An automatic pair never reaches into a combined range.
        XCTAssertEqual(verticalRows(of: "12!?", combined: [1..<3]), ["1", "2!", "?"])
        // A one-character range keeps its neighbour from pairing with it.
        XCTAssertEqual(verticalRows(of: "第12回", combined: [3..<4]), ["第", "1", "2", "回"])
        // Wide characters are never combined.
        XCTAssertEqual(verticalRows(of: "第ＡＢ回", combined: [3..<9]), ["第", "Ａ", "Ｂ", "回"])
    }

    func testTwoCombinedElementsSideBySideStayApart() {
        let b = Builder()
        let doc = document([b.block(.paragraph([.text("第", []), .text("12", .combineUpright), .text("34", .combineUpright),
                                                .text("回", [])]), language: "ja")], language: "ja", writingMode: .verticalRL)
        let line = paginate(doc, options: options(20, 30))[0].lines[0]
        XCTAssertEqual(verticalRows(of: line.text, combined: line.combinedRanges), ["第", "12", "34", "回"])
        XCTAssertEqual(line.width, 4)
    }

    // MARK: text output

    func testAozoraModeNotesEmphasisMarksAsAozoraBunkoDoes() {
        let b = Builder()
        var sesame = InlineStyle()
        sesame.emphasisMark = EmphasisMark(.sesame)
        var bold = sesame
        bold.insert(.strong)
        var circle = InlineStyle()
        circle.emphasisMark = EmphasisMark(.circle, filled: false)
        let doc = document([b.block(.paragraph([
            .text("これは", []), .text("大事", sesame), .text("な", bold), .text("話で", []), .text("ここ", circle), .text("だ。", []),
        ]), language: "ja")], language: "ja")
        let aozora = paginate(doc, options: options(80, 5) { $0.ruby = .aozora }).flatMap(\.lines)
        XCTAssertEqual(aozora.map(\.text), ["これは大事な［＃「大事な」に傍点］話でここ［＃「ここ」に白丸傍点］だ。"])
        XCTAssertEqual(aozora[0].content, "これは大事な話でここだ。", "the notes are decorations")
        XCTAssertEqual(styled(aozora[0]).map(\.0), ["大事", "な", "ここ"])
        for mode in [RubyMode.paren, .drop] {
            let lines = paginate(doc, options: options(80, 5) { $0.ruby = mode }).flatMap(\.lines)
            XCTAssertEqual(lines.map(\.text), ["これは大事な話でここだ。"], "\(mode)")
        }
    }
}
