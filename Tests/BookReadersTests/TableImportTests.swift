import BookModel
import XCTest
@testable import BookReaders

/// `rowspan` as HTML reads it (§4.9.11): 1 when missing or not a number, 0 to the end of the row group, never past
/// the group's last row; `thead` cells are header cells.
final class TableImportTests: XCTestCase {
    func testRowSpansAndHeadRows() throws {
        let c = try chapter(body: """
        <table>
          <thead><tr><td>Item</td><th>Cost</th></tr></thead>
          <tbody>
            <tr><td rowspan="2">Tea</td><td>3</td></tr>
            <tr><td>4</td></tr>
            <tr><td rowspan="0">All</td><td rowspan="9">5</td></tr>
            <tr><td rowspan="x">6</td></tr>
          </tbody>
          <tbody><tr><td rowspan="3">Last</td></tr></tbody>
        </table>
        """)
        guard case .table(let table)? = c.blocks.last?.kind else { return XCTFail("\(c.blocks)") }
        XCTAssertEqual(table.rows.map { $0.cells.map(\.header) }, [[true, true], [false, false], [false], [false, false],
                                                                   [false], [false]])
        XCTAssertEqual(table.rows.map { $0.cells.map(\.rowSpan) }, [[1, 1], [2, 1], [1], [2, 2], [1], [1]])
        XCTAssertEqual(table.rows.map { $0.cells.map(\.columnSpan) }, [[1, 1], [1, 1], [1], [1, 1], [1], [1]])
    }
}
