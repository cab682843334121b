import BookModel
import XCTest
@testable import Layout

/// A table with more columns than a page can hold, even at one cell each, is set as records: the header cells once,
/// then each row as lines "Header: value". Nothing is dropped or cut.
final class WideTableTests: XCTestCase {
    private func wideTable(columns: Int, rows: Int) -> Document {
        let b = Builder()
        var tableRows = [TableRow(cells: (1...columns).map { TableCell(blocks: [b.paragraph("H\($0)")], header: true) })]
        for r in 1...rows {
            tableRows.append(TableRow(cells: (1...columns).map { TableCell(blocks: [b.paragraph("r\(r)c\($0)")]) }))
        }
        return document([b.paragraph("Before."), b.block(.table(Table(rows: tableRows))), b.paragraph("After.")])
    }

    func testSixtyColumnsOnAThirtyEightCellPageAreRecords() {
        let doc = wideTable(columns: 60, rows: 3)
        let pages = paginate(doc, options: options(38, 20))
        let lines = allLines(pages)
        XCTAssertFalse(lines.contains { $0.contains("│") || $0.contains("┌") }, "no grid")
        XCTAssertTrue(pages.allSatisfy { $0.lines.allSatisfy { $0.width <= 38 } })
        // The header once, then a group of 60 labelled lines per row, groups apart.
        let start = lines.firstIndex(of: "H1")!
        XCTAssertEqual(Array(lines[start..<(start + 60)]), (1...60).map { "H\($0)" })
        for r in 1...3 {
            let group = lines.firstIndex(of: "H1: r\(r)c1")!
            XCTAssertEqual(lines[group - 1], "", "row \(r) starts a group")
            XCTAssertEqual(Array(lines[group..<(group + 60)]), (1...60).map { "H\($0): r\(r)c\($0)" })
        }
        XCTAssertEqual(lines.last, "After.")
        // Every character of the book is on a page, in order.
        let text = pages.flatMap { $0.lines.map(\.content) }.joined()
        XCTAssertEqual(ink(text).count, ink("Before." + (1...60).map { "H\($0)" }.joined()
            + (1...3).flatMap { r in (1...60).map { "r\(r)c\($0)" } }.joined() + "After.").count)
    }

    /// The same holds however narrow the page: records wrap like paragraphs.
    func testRecordsOnANarrowPage() {
        let lines = allLines(paginate(wideTable(columns: 60, rows: 1), options: options(8, 10)))
        XCTAssertFalse(lines.contains { $0.contains("│") })
        XCTAssertTrue(lines.contains("H60:"), "\(lines.suffix(4))")
        XCTAssertTrue(lines.contains("r1c60"), "\(lines.suffix(4))")
    }
}
