import BookModel

/// Tables in `ContentImporter`: the caption becomes a paragraph before the table; rows are gathered from the
/// table and its row groups (`thead`, `tbody`, `tfoot`). Cells keep `colspan` (clamped to 1…1000) and `rowspan`
/// (HTML §4.9.11: 0 reaches to the end of the row group, and no cell reaches past its group's last row); the
/// cells of a `thead` are header cells, as `th` cells are.
extension ContentImporter {
    mutating func table(_ e: E, context: Context, into out: inout [Block]) {
        if let caption = doc.element(e, Known.caption, namespace: doc.namespaceID(e)), isRendered(caption) {
            leaf(caption, context: inherit(context, from: caption), into: &out) { .paragraph($0) }
        }
        let start = location()
        var rows: [TableRow] = []
        // Rows straight under the table form one group, as an HTML parser's implied `tbody` would.
        var group = 0
        func collectRows(_ parent: E, head: Bool) {
            for c in doc.children(parent) where !doc.isText(c) && isRendered(c) {
                switch doc.lowercasedName(c) {
                case "tr":
                    rows.append(row(c, context: inherit(context, from: c), head: head))
                case "thead", "tbody", "tfoot":
                    Self.closeRowGroup(&rows, from: group)
                    group = rows.count
                    collectRows(c, head: doc.lowercasedName(c) == "thead")
                    Self.closeRowGroup(&rows, from: group)
                    group = rows.count
                default: continue
                }
            }
        }
        collectRows(e, head: false)
        Self.closeRowGroup(&rows, from: group)
        guard !rows.isEmpty else { return }
        out.append(block(.table(Table(rows: rows)), at: start, context: context))
    }

    private mutating func row(_ tr: E, context: Context, head: Bool) -> TableRow {
        var cells: [TableCell] = []
        for c in doc.children(tr) where !doc.isText(c) && isRendered(c) {
            let name = doc.lowercasedName(c)
            guard name == "td" || name == "th" else { continue }
            let span = max(1, min(Int(doc.attribute(c, Known.colspan)?.trimmingSpaces ?? "") ?? 1, 1000))
            // rowspan: a non-negative integer, 1 when missing or invalid, at most 65534 (0: to the group's end).
            var rowSpan = Int(doc.attribute(c, named: "rowspan")?.trimmingSpaces ?? "") ?? 1
            if rowSpan < 0 { rowSpan = 1 }
            let content = blocks(in: c, context: inherit(context, from: c))
            cells.append(TableCell(blocks: content, header: head || name == "th", columnSpan: span,
                                   rowSpan: min(rowSpan, 65534)))
        }
        return TableRow(cells: cells)
    }

    /// The rows from `first` on are one row group: a cell's `rowspan` stops at the group's last row, and 0 reaches it.
    private static func closeRowGroup(_ rows: inout [TableRow], from first: Int) {
        for r in first..<rows.count {
            let left = rows.count - r
            for c in rows[r].cells.indices {
                let span = rows[r].cells[c].rowSpan
                rows[r].cells[c].rowSpan = span == 0 ? left : min(span, left)
            }
        }
    }
}
