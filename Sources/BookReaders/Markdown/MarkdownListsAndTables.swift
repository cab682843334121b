import BookModel

/// Lists and GFM tables of `MarkdownBlockBuilder`: list items hold blocks (a task item gets ☑ or ☐ as its
/// marker); table cells hold one leaf block each, the header row marked as such.
extension MarkdownBlockBuilder {
    mutating func list(_ index: Int, ordered: Bool, start: Int) -> Block {
        var items: [ListItem] = []
        for child in tree.children(index) {
            var marker: String?
            if case .item(let task?) = tree.nodes[child].kind { marker = task ? "☑" : "☐" }
            items.append(ListItem(blocks: blocks(tree.children(child)), marker: marker))
        }
        return Block(.list(ListBlock(ordered: ordered, start: ordered ? start : 1, items: items)), location: Self.unplaced)
    }

    mutating func table(_ index: Int) -> Block {
        var rows: [TableRow] = []
        for row in tree.children(index) {
            guard case .tableRow(let header) = tree.nodes[row].kind else { continue }
            var cells: [TableCell] = []
            for cell in tree.children(row) {
                var cellBlocks: [Block] = []
                leaf(cell, into: &cellBlocks)
                cells.append(TableCell(blocks: cellBlocks, header: header))
            }
            rows.append(TableRow(cells: cells))
        }
        return Block(.table(Table(rows: rows)), location: Self.unplaced)
    }
}
