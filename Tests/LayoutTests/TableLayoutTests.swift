import BookModel
import XCTest
@testable import Layout

/// Tables laid out as CSS automatic table layout does (CSS 2.1 §17.5.2.2): whole words when the columns' minimum
/// widths fit, wrapped cells rather than records, rows spanned, header rows repeated on a continuation page.
final class TableLayoutTests: XCTestCase {
    private let b = Builder()

    private func cell(_ text: String, header: Bool = false, rowSpan: Int = 1, columnSpan: Int = 1) -> TableCell {
        TableCell(blocks: [b.paragraph(text)], header: header, columnSpan: columnSpan, rowSpan: rowSpan)
    }

    private func table(_ rows: [[TableCell]]) -> Block {
        b.block(.table(Table(rows: rows.map { TableRow(cells: $0) })))
    }

    /// The cell texts of a grid line: what stands between its borders, trimmed.
    private func fragments(_ line: String) -> [String] {
        line.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Every character of the cells is on the pages once (a grid reads row by row, so not in source order).
    private func assertConserved(_ pages: [Page], _ source: [String], file: StaticString = #filePath, line: UInt = #line) {
        let text = pages.flatMap { $0.lines.map(\.content) }.joined()
        XCTAssertEqual(ink(text).map(\.value).sorted(), ink(source.joined()).map(\.value).sorted(), file: file, line: line)
    }

    /// Shaped like the Rust book's Table 3-1: one long hyphenated header-less cell and short words elsewhere. On
    /// a 38-cell page the maxima (22 + 6 + 8 cells, and 10 of borders) do not fit, the minima (13 + 6 + 8) do:
    /// every word stays whole, the spare cell goes to the column with room to grow.
    func testIntegerTypesTableKeepsWordsWhole() {
        let rows = [["Length", "Signed", "Unsigned"], ["8-bit", "i8", "u8"], ["128-bit", "i128", "u128"],
                    ["Architecture-dependent", "isize", "usize"]]
        let doc = document([table(rows.enumerated().map { r, row in row.map { cell($0, header: r == 0) } })])
        let pages = paginate(doc, options: options(38, 20))
        let lines = allLines(pages)
        XCTAssertEqual(lines.first, "┌────────────────┬────────┬──────────┐")
        XCTAssertEqual(lines[1], "│ Length         │ Signed │ Unsigned │")
        XCTAssertTrue(lines.contains("│ Architecture-  │ isize  │ usize    │"), "\(lines)")
        XCTAssertTrue(lines.contains("│ dependent      │        │          │"), "\(lines)")
        let shown = Set(lines.flatMap(fragments))
        for word in rows.joined() where word != "Architecture-dependent" {
            XCTAssertTrue(shown.contains(word), "\(word) is split: \(lines)")
        }
        XCTAssertTrue(pages.allSatisfy { $0.lines.allSatisfy { $0.width <= 38 } })
        assertConserved(pages, rows.joined().map { $0 })
    }

    /// Two columns, a number and a line of prose, as in War and Peace: the prose wraps in its column rather than
    /// the rows turning into loose paragraphs, though the grid is taller than the records would be.
    func testTwoColumnTableWithLongTextWrapsInAGrid() {
        let rows = [["24", "guns of the artillery of the Guards"], ["30", "guns of the first division, and"],
                    ["8", "guns of the second and third divisions"]]
        let doc = document([table(rows.map { $0.map { cell($0) } })])
        let pages = paginate(doc, options: options(38, 30))
        let lines = allLines(pages)
        XCTAssertEqual(lines, [
            "┌────┬───────────────────────────────┐",
            "│ 24 │ guns of the artillery of the  │",
            "│    │ Guards                        │",
            "├────┼───────────────────────────────┤",
            "│ 30 │ guns of the first division,   │",
            "│    │ and                           │",
            "├────┼───────────────────────────────┤",
            "│ 8  │ guns of the second and third  │",
            "│    │ divisions                     │",
            "└────┴───────────────────────────────┘",
        ])
        assertConserved(pages, rows.joined().map { $0 })
    }

    /// A table longer than a page: each page it runs on to begins with its header rows (frame, header, rule),
    /// which are decoration, so the book's text is still on the pages exactly once, and no page grows.
    func testHeaderRowRepeatsOnEachContinuationPage() {
        var rows = [[cell("Name", header: true), cell("Year", header: true)]]
        for n in 1...14 { rows.append([cell("Person \(n)"), cell("\(1800 + n)")]) }
        let doc = document([b.paragraph("Before."), table(rows), b.paragraph("After.")])
        let pages = paginate(doc, options: options(24, 8))
        XCTAssertGreaterThan(pages.count, 2)
        let header = ["┌───────────┬──────┐", "│ Name      │ Year │", "├───────────┼──────┤"]
        for page in pages.dropFirst() where page.lines.contains(where: { $0.text.contains("Person") }) {
            XCTAssertEqual(Array(page.lines.prefix(3).map(\.text)), header, "page \(page.number)")
            XCTAssertTrue(page.lines.prefix(3).allSatisfy { $0.content.isEmpty }, "the repeat is decoration")
        }
        XCTAssertTrue(pages.allSatisfy { $0.lines.count <= 8 && $0.lines.allSatisfy { $0.width <= 24 } })
        XCTAssertEqual(allLines(pages).filter { $0.contains("Person 14") }.count, 1)
        assertConserved(pages, ["Before.", "Name", "Year"] + (1...14).flatMap { ["Person \($0)", "\(1800 + $0)"] } + ["After."])
        // The header shows once per page, and its own lines (with text) only on the first.
        XCTAssertEqual(pages.flatMap(\.lines).filter { $0.content.contains("Name") }.count, 1)
    }

    /// A header taller than half the page is not repeated: it would leave too little room for the rows.
    func testTallHeaderIsNotRepeated() {
        var rows = [[cell("Name of the person", header: true), cell("Year", header: true)]]
        for n in 1...6 { rows.append([cell("P\(n)"), cell("\(1800 + n)")]) }
        let pages = paginate(document([table(rows)]), options: options(20, 6))
        XCTAssertGreaterThan(pages.count, 1)
        XCTAssertEqual(pages[0].lines.first?.text.hasPrefix("┌"), true, "a grid: \(texts(pages))")
        XCTAssertTrue(pages.allSatisfy { $0.lines.count <= 6 })
        XCTAssertFalse(pages.dropFirst().contains { $0.lines.first?.text.hasPrefix("┌") == true })
    }

    /// Inside a quote the repeated header carries the quote's bar, as the table's own lines do.
    func testRepeatedHeaderInAQuoteHasTheBar() {
        var rows = [[cell("Name", header: true), cell("Year", header: true)]]
        for n in 1...10 { rows.append([cell("Person \(n)"), cell("\(1800 + n)")]) }
        let pages = paginate(document([b.block(.quote([table(rows)]))]), options: options(26, 8))
        XCTAssertGreaterThan(pages.count, 1)
        XCTAssertEqual(pages[1].lines.first?.text, "│ ┌───────────┬──────┐")
        XCTAssertEqual(pages[1].lines[1].text, "│ │ Name      │ Year │")
    }

    /// A cell spanning two rows flows down through them with no rule in its column; when its lines outnumber
    /// the rows' (and the rule between them), the last row grows.
    func testRowSpan() {
        let doc = document([table([[cell("A", rowSpan: 2), cell("B")], [cell("C")], [cell("D"), cell("E")]])])
        XCTAssertEqual(allLines(paginate(doc, options: options(20, 20))), [
            "┌───┬───┐",
            "│ A │ B │",
            "│   ├───┤",
            "│   │ C │",
            "├───┼───┤",
            "│ D │ E │",
            "└───┴───┘",
        ])
        let words = "alpha beta gamma delta epsilon zeta"
        let tall = document([table([[cell(words, rowSpan: 2), cell("B")], [cell("C")], [cell("D"), cell("E")]])])
        let pages = paginate(tall, options: options(18, 20))
        XCTAssertEqual(allLines(pages), [
            "┌────────────┬───┐",
            "│ alpha beta │ B │",
            "│ gamma      ├───┤",
            "│ delta      │ C │",
            "│ epsilon    │   │",
            "│ zeta       │   │",
            "├────────────┼───┤",
            "│ D          │ E │",
            "└────────────┴───┘",
        ])
        assertConserved(pages, [words, "B", "C", "D", "E"])
    }

    /// Rows spanned by one cell stay on one page: no page break falls inside the cell.
    func testRowsOfASpanningCellStayTogether() {
        let doc = document([b.paragraph("One"), b.paragraph("Two"), b.paragraph("Three"),
                            table([[cell("alpha beta gamma delta epsilon zeta", rowSpan: 2), cell("B")], [cell("C")]])])
        let pages = paginate(doc, options: options(18, 9))
        let page = pages.first { $0.lines.contains { $0.text.contains("│ alpha beta") } }
        XCTAssertTrue(page?.lines.contains { $0.text.contains("│ zeta") } == true, "\(texts(pages))")
    }

    /// A column-spanning cell spreads the width it lacks over its columns (in proportion to their maxima, here
    /// equal); cells after a row-spanning cell take the next free column, and a short row is closed by an empty
    /// cell.
    func testSpansShareTheGrid() {
        let doc = document([table([[cell("Wide heading cell", columnSpan: 2)], [cell("x", rowSpan: 2), cell("y")],
                                   [cell("z")], [cell("w")]])])
        XCTAssertEqual(allLines(paginate(doc, options: options(30, 20))), [
            "┌───────────────────┐",
            "│ Wide heading cell │",
            "├─────────┬─────────┤",
            "│ x       │ y       │",
            "│         ├─────────┤",
            "│         │ z       │",
            "├─────────┼─────────┤",
            "│ w       │         │",
            "└─────────┴─────────┘",
        ])
    }

    /// A table of one cell (a formula or a note laid out with a table) is its content, with no frame.
    func testOneCellTableIsItsContent() {
        let lines = allLines(paginate(document([table([[cell("(x, y) = (1, 2)")]])]), options: options(38, 20)))
        XCTAssertEqual(lines, ["(x, y) = (1, 2)"])
    }

    /// Too many columns for the page even at a few cells each: records, as before.
    func testRecordsWhenNotEvenSqueezedColumnsFit() {
        let rows = [["Alpha", "Beta", "Gamma", "Delta", "Epsilon"].map { cell($0, header: true) },
                    ["one", "two", "three", "four", "five"].map { cell($0) }]
        let pages = paginate(document([table(rows)]), options: options(20, 20))
        let lines = allLines(pages)
        XCTAssertFalse(lines.contains { $0.contains("│") }, "\(lines)")
        XCTAssertTrue(lines.contains("Alpha: one"))
        XCTAssertTrue(lines.contains("Epsilon: five"))
    }

    /// The records of a table with a row-spanning cell: each cell once, labelled by the column it stands in.
    func testRecordsWithARowSpanLabelByColumn() {
        let rows = [["A", "B", "C", "D", "E"].map { cell($0, header: true) },
                    [cell("tall", rowSpan: 2), cell("b1"), cell("c1"), cell("d1"), cell("e1")],
                    [cell("b2"), cell("c2"), cell("d2"), cell("e2")]]
        let lines = allLines(paginate(document([table(rows)]), options: options(18, 30)))
        XCTAssertFalse(lines.contains { $0.contains("│") }, "\(lines)")
        XCTAssertEqual(lines.filter { $0.contains("tall") }, ["A: tall"])
        XCTAssertTrue(lines.contains("B: b2") && lines.contains("E: e2"), "\(lines)")
    }
}

/// The width rules themselves.
final class TableWidthTests: XCTestCase {
    private func limits(_ pairs: [(Int, Int)]) -> [ColumnLimits] {
        pairs.map { ColumnLimits(minimum: $0.0, maximum: $0.1) }
    }

    func testMaximaWhenTheyFit() {
        XCTAssertEqual(TableWidths.columnWidths(limits([(3, 10), (2, 5)]), available: 20)?.widths, [10, 5])
    }

    /// Table 3-1 on a 38-cell page: 28 cells for three columns whose minima take 27.
    func testSpareCellsGoInProportionToMaximumMinusMinimum() {
        let result = TableWidths.columnWidths(limits([(13, 22), (6, 6), (8, 8)]), available: 28)
        XCTAssertEqual(result?.widths, [14, 6, 8])
        XCTAssertEqual(result?.fit, .readable)
        // Raised to 8 cells first when that fits: (12 − 8, 24 − 8) share 7 cells.
        XCTAssertEqual(TableWidths.columnWidths(limits([(2, 12), (4, 24)]), available: 23)?.widths, [9, 14])
        // Else from the minima: (10, 20) share 9 cells.
        let cramped = TableWidths.columnWidths(limits([(2, 12), (4, 24)]), available: 15)
        XCTAssertEqual(cramped?.widths, [5, 10])
        XCTAssertEqual(cramped?.fit, .cramped)
    }

    func testSqueezedBelowTheMinimaThenNothing() {
        let result = TableWidths.columnWidths(limits([(10, 20), (3, 3)]), available: 9)
        XCTAssertEqual(result?.widths, [6, 3])
        XCTAssertEqual(TableWidths.columnWidths(limits([(10, 20), (8, 12)]), available: 16)?.widths, [12, 4])
        XCTAssertEqual(result?.fit, .squeezed)
        XCTAssertNil(TableWidths.columnWidths(limits([(10, 20), (8, 8)]), available: 7))
    }

    func testDistributeRoundsByLargestRemainder() {
        XCTAssertEqual(TableWidths.distribute(4, weights: [5, 2]), [3, 1])
        XCTAssertEqual(TableWidths.distribute(3, weights: [0, 0, 0]), [1, 1, 1])
        XCTAssertEqual(TableWidths.distribute(0, weights: [1, 2]), [0, 0])
    }

    /// A cell spanning two columns adds what they lack, beyond the border and padding between them.
    func testSpanningCellWidensItsColumns() {
        let cells = [CellLimits(column: 0, span: 1, limits: ColumnLimits(minimum: 3, maximum: 5)),
                     CellLimits(column: 1, span: 1, limits: ColumnLimits(minimum: 2, maximum: 2)),
                     CellLimits(column: 0, span: 2, limits: ColumnLimits(minimum: 12, maximum: 20))]
        XCTAssertEqual(TableWidths.columnLimits(cells, columns: 2, gap: 3), limits([(6, 12), (3, 5)]))
    }

    /// The minimum content width is the widest run between break opportunities as the line breaker finds them:
    /// a hyphen ends a run, a soft hyphen's break draws a hyphen, a no-break space joins.
    func testMinimumContentWidth() {
        let context = LayoutContext(options: LayoutOptions(), vertical: false)
        func minimum(_ text: String) -> Int {
            context.contentWidths([CellParagraph(input: ParagraphInput([.text(text, [])], offset: 0, ruby: .paren),
                                                 language: "en", direction: nil)],
                                  env: BlockEnv(width: 40, language: "en", direction: .ltr, inCell: true)).minimum
        }
        XCTAssertEqual(minimum("Architecture-dependent"), 13)
        XCTAssertEqual(minimum("Signed and unsigned"), 8)
        XCTAssertEqual(minimum("Unsig\u{AD}ned"), 6)
        XCTAssertEqual(minimum("10\u{A0}km away"), 5)
        XCTAssertEqual(minimum("  lead  "), 4)
    }
}
