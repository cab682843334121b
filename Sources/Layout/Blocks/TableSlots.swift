import BookModel

/// Where a table's cells stand: a grid of slots, rows by columns, each slot held by one cell (HTML §4.9.12,
/// "forming a table", without the row-group details the importer already settled). A row's cells take the
/// first slots left free by cells spanning down from the rows above; a slot no cell holds belongs to a filler
/// cell (a row with fewer cells than the table has columns), so every slot has a cell and borders close.
struct TableSlots {
    /// A placed cell: `source` is its position in `rows[row].cells`, nil for a filler.
    struct Cell {
        var row: Int
        var column: Int
        var rowSpan: Int
        var columnSpan: Int
        var source: Int?
        var header: Bool
    }

    var cells: [Cell] = []
    /// `slots[r][c]`: the index in `cells` of the cell holding row r, column c.
    var slots: [[Int]] = []
    var columns = 0

    /// Nil when the table has more than `maxColumns` columns (a page could not show them as a grid anyway; the
    /// bound keeps a hostile table's slots few).
    init?(_ rows: [TableRow], maxColumns: Int) {
        var taken: [[Int]] = Array(repeating: [], count: rows.count)
        for (r, row) in rows.enumerated() {
            var c = 0
            for (k, cell) in row.cells.enumerated() {
                while c < taken[r].count && taken[r][c] >= 0 { c += 1 }
                let columnSpan = max(1, cell.columnSpan)
                guard c + columnSpan <= maxColumns else { return nil }
                // A cell reaching down into a slot another cell holds (a table model error in HTML) stops above
                // it, so no slot below its first row is written twice.
                var rowSpan = 1
                while rowSpan < min(max(1, cell.rowSpan), rows.count - r)
                        && !taken[r + rowSpan].dropFirst(c).prefix(columnSpan).contains(where: { $0 >= 0 }) {
                    rowSpan += 1
                }
                let index = cells.count
                cells.append(Cell(row: r, column: c, rowSpan: rowSpan, columnSpan: columnSpan, source: k,
                                  header: cell.header))
                for rr in r..<(r + rowSpan) {
                    if taken[rr].count < c + columnSpan {
                        taken[rr] += repeatElement(-1, count: c + columnSpan - taken[rr].count)
                    }
                    for cc in c..<(c + columnSpan) { taken[rr][cc] = index }
                }
                c += columnSpan
            }
        }
        columns = max(1, taken.map(\.count).max() ?? 1)
        for r in rows.indices {
            if taken[r].count < columns { taken[r] += repeatElement(-1, count: columns - taken[r].count) }
            var c = 0
            while c < columns {
                guard taken[r][c] < 0 else {
                    c += 1
                    continue
                }
                var end = c
                while end < columns && taken[r][end] < 0 { end += 1 }
                let index = cells.count
                cells.append(Cell(row: r, column: c, rowSpan: 1, columnSpan: end - c, source: nil, header: false))
                for cc in c..<end { taken[r][cc] = index }
                c = end
            }
        }
        slots = taken
    }

    /// Whether a vertical border runs at column boundary `b` (0 is the start edge, `columns` the end) in row r.
    func isBoundary(_ r: Int, _ b: Int) -> Bool {
        b == 0 || b == columns || slots[r][b - 1] != slots[r][b]
    }

    /// Row r is a header row: every cell starting in it is a header cell (and some cell does).
    func isHeader(_ r: Int) -> Bool {
        var any = false
        for cell in cells where cell.row == r && cell.source != nil {
            if !cell.header { return false }
            any = true
        }
        return any
    }

    /// How many rows at the top are header rows that a continued table can repeat: no cell of theirs reaches
    /// below them, and some row follows. 0 when there are none.
    var repeatableHeaderRows: Int {
        var count = 0
        while count < slots.count && isHeader(count) { count += 1 }
        guard count > 0, count < slots.count else { return 0 }
        for cell in cells where cell.row < count && cell.row + cell.rowSpan > count { return 0 }
        return count
    }
}
