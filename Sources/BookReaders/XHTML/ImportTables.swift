import BookModel

/// Tables in `ContentImporter`: the caption becomes a paragraph before the table; rows are gathered from the
/// table and its row groups (`thead`, `tbody`, `tfoot`), cells keep `colspan` (clamped to 1…1000).
extension ContentImporter {
    mutating func table(_ e: E, context: Context, into out: inout [Block]) {
        if let caption = doc.element(e, Known.caption, namespace: doc.namespaceID(e)), isRendered(caption) {
            leaf(caption, context: inherit(context, from: caption), into: &out) { .paragraph($0) }
        }
        let start = location()
        var rows: [TableRow] = []
        func collectRows(_ parent: E) {
            for c in doc.children(parent) where !doc.isText(c) && isRendered(c) {
                switch doc.lowercasedName(c) {
                case "tr": rows.append(row(c, context: inherit(context, from: c)))
                case "thead", "tbody", "tfoot": collectRows(c)
                default: continue
                }
            }
        }
        collectRows(e)
        guard !rows.isEmpty else { return }
        out.append(block(.table(Table(rows: rows)), at: start, context: context))
    }

    private mutating func row(_ tr: E, context: Context) -> TableRow {
        var cells: [TableCell] = []
        for c in doc.children(tr) where !doc.isText(c) && isRendered(c) {
            let name = doc.lowercasedName(c)
            guard name == "td" || name == "th" else { continue }
            let span = max(1, min(Int(doc.attribute(c, Known.colspan)?.trimmingSpaces ?? "") ?? 1, 1000))
            cells.append(TableCell(blocks: blocks(in: c, context: inherit(context, from: c)), header: name == "th", columnSpan: span))
        }
        return TableRow(cells: cells)
    }
}
