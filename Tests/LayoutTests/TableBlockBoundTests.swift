import BookModel
import XCTest
@testable import Layout

/// A squeezed grid is compared with the same rows set as blocks only when the blocks might be shorter:
/// `BlockRowLabels.fewestLines` must never exceed the lines `layoutTableAsBlocks` sets, or a table that reads
/// better as blocks would stay a grid (issue 19).
final class TableBlockBoundTests: XCTestCase {
    private let b = Builder()
    private static let texts = ["", " ", "Term", "A longer cell that wraps over several lines of a narrow page",
                                "漢字かな交じり文の説明", "x²", "\u{200B}", "12", "See the note below, then the table."]

    private func randomTable(_ rng: inout some RandomNumberGenerator) -> [TableRow] {
        let columns = Int.random(in: 1...5, using: &rng)
        let header = Bool.random(using: &rng)
        return (0..<Int.random(in: 1...8, using: &rng)).map { r in
            TableRow(cells: (0..<Int.random(in: max(1, columns - 2)...columns, using: &rng)).map { _ in
                let text = Self.texts.randomElement(using: &rng)!
                return TableCell(blocks: text.isEmpty && Bool.random(using: &rng) ? [] : [b.paragraph(text)],
                                 header: r == 0 && header,
                                 columnSpan: Int.random(in: 0...5, using: &rng) == 0 ? 2 : 1,
                                 rowSpan: Int.random(in: 0...5, using: &rng) == 0 ? 2 : 1)
            })
        }
    }

    func testFewestLinesNeverExceedsTheBlocks() {
        var rng = SystemRandomNumberGenerator()
        var positive = 0
        for vertical in [false, true] {
            let context = LayoutContext(options: LayoutOptions(), vertical: vertical)
            for _ in 0..<1_000 {
                let rows = randomTable(&rng)
                let width = Int.random(in: 6...40, using: &rng)
                let env = BlockEnv(width: width, language: "en", direction: .ltr, inCell: true)
                let paragraphs = rows.map { row in
                    row.cells.map { cell -> [CellParagraph] in
                        var list: [CellParagraph] = []
                        context.cellParagraphs(cell.blocks, language: "en", into: &list)
                        return list
                    }
                }
                let labels = BlockRowLabels(rows, paragraphs: paragraphs)
                var out: [FlowLine] = []
                context.layoutTableAsBlocks(rows, paragraphs: paragraphs, labels: labels, env: env, origin: 0, out: &out)
                XCTAssertLessThanOrEqual(labels.fewestLines, out.count, "\(rows.map { $0.cells.count }) at \(width)")
                if labels.fewestLines > 0 { positive += 1 }
            }
        }
        // Tables with header rows, whose labels give the bound its lines, were among them.
        XCTAssertGreaterThan(positive, 500)
    }

    /// A header row labels three body rows of two cells: six labelled cells and two blank lines between rows.
    func testFewestLinesOfAHeadedTable() {
        let rows = [TableRow(cells: [TableCell(blocks: [b.paragraph("Name")], header: true),
                                     TableCell(blocks: [b.paragraph("Value")], header: true)])]
            + (0..<3).map { _ in TableRow(cells: [TableCell(blocks: [b.paragraph("a")]), TableCell(blocks: [])]) }
        let context = LayoutContext(options: LayoutOptions(), vertical: false)
        let paragraphs = rows.map { row in
            row.cells.map { cell -> [CellParagraph] in
                var list: [CellParagraph] = []
                context.cellParagraphs(cell.blocks, language: "en", into: &list)
                return list
            }
        }
        XCTAssertEqual(BlockRowLabels(rows, paragraphs: paragraphs).fewestLines, 8)
    }
}
