/// `mtable` (MathML 3 §3.5): inside brackets a matrix, anywhere else an equation array. Inline, both are UTN #28's
/// one-line forms: `■(1&0@0&1)` for a matrix (in its brackets) and `█(x&=1@y&=2)` for an equation array (§3.19:
/// `&` between cells, `@` between rows). In display math they are drawn as a grid: a matrix as rows of aligned
/// cells between tall brackets (`MathLinear.stretch`), an equation array one row per line, its columns aligned as
/// `columnalign` says, so that rows meet at their relation (`x + y = 3` over `    y = 1`).
extension MathLinear {
    func table(_ node: MathNode, _ context: Context) -> Piece {
        let matrix = context.inFence
        let rows = node.elements.map { row -> (MathNode?, [MathNode]) in
            switch row.name {
            case "mtr": return (row, row.elements)
            case "mlabeledtr": return (row, Array(row.elements.dropFirst()))
            default: return (nil, [row])
            }
        }
        // Each cell is converted once for the drawing and its one-line form taken from a converter that does not
        // draw: a piece's `flat` never depends on `display` (only tables draw, and write the same `flat` either
        // way). Converting every cell twice in display math, once for each, doubled the work at every level of
        // nested tables: linear-algebra's equation arrays of matrices spent half their render there (issue 19).
        // A matrix's cells are drawn tight, as its one-line form is written, so their pieces serve both.
        // An equation array drawn in display math makes its one-line form only when something reads it (in a
        // script, a fraction, a one-line row): nothing does in most books (`DeferredFlat`).
        func flatForm(_ cells: [[String]]) -> String {
            (matrix ? "■(" : "█(") + cells.map { $0.joined(separator: "&") }.joined(separator: "@") + ")"
        }
        func undrawnCells() -> [[String]] {
            let oneLine = MathLinear(display: false)
            return rows.map { $0.1.map { oneLine.piece($0, .tight).box.flat } }
        }
        var drawn: [[Piece]]?
        if display && matrix { drawn = rows.map { $0.1.map { piece($0, .tight) } } }
        guard display, !rows.isEmpty else { return Piece(box: MathBox(flatForm(undrawnCells())), kind: .fenced) }

        var cells = drawn ?? rows.map { $0.1.map { piece($0, .top) } }
        // Columns empty in every row (equation labels left blank, spacing cells) are dropped.
        let columns = cells.map(\.count).max() ?? 0
        let used = (0..<columns).filter { c in cells.contains { $0.indices.contains(c) && !$0[c].box.flatIsBlank } }
        cells = cells.map { row in used.map { row.indices.contains($0) ? row[$0] : Piece.empty } }
        // So are rows with nothing in them (a trailing empty row closes many converted arrays).
        let kept = cells.indices.filter { r in cells[r].contains { !$0.box.flatIsBlank } }
        cells = kept.map { cells[$0] }
        let sources = kept.map { rows[$0] }
        let widths = used.indices.map { c in cells.map { $0[c].box.width }.max() ?? 0 }
        let tableAligns = alignList(node.attribute("columnalign"))
        // One space between columns; three after a column whose cells end in space (`<mspace width="2em"/>`
        // between the equations of one row, before a label), so the gap still reads as one.
        let gaps = used.indices.map { c in
            c > 0 && cells.contains { $0[c - 1].spaceAfter } ? String(repeating: pad, count: 3) : String(pad)
        }

        var lines: [String] = []
        for (r, row) in cells.enumerated() {
            let rowAligns = alignList(sources[r].0?.attribute("columnalign"))
            let above = row.map(\.box.baseline).max() ?? 0
            let below = row.map { $0.box.lines.count - 1 - $0.box.baseline }.max() ?? 0
            var rowLines = Array(repeating: "", count: above + below + 1)
            for (c, cell) in row.enumerated() {
                let source = sources[r].1.indices.contains(used[c]) ? sources[r].1[used[c]] : nil
                let align = source?.attribute("columnalign").flatMap { alignList($0).first }
                    ?? pick(rowAligns, used[c]) ?? pick(tableAligns, used[c])
                    ?? defaultAlign(column: c, cells: cells, matrix: matrix)
                let top = above - cell.box.baseline
                for i in rowLines.indices {
                    let line = cell.box.lines.indices.contains(i - top) ? cell.box.lines[i - top] : ""
                    if c > 0 { rowLines[i] += gaps[c] }
                    rowLines[i] += line.padded(to: widths[c], align: align)
                }
            }
            lines += rowLines
        }
        let baseline = (lines.count - 1) / 2
        if let drawn {
            return Piece(box: MathBox(lines: lines, baseline: baseline, flat: flatForm(drawn.map { $0.map(\.box.flat) })),
                         kind: .fenced)
        }
        // Its first character is `█`, which nothing joins; its last is `)` unless the last cell ends in a
        // character that joins what follows, so it is left unknown.
        let deferred = DeferredFlat(first: "█", last: nil, firstScalar: "█") { flatForm(undrawnCells()) }
        return Piece(box: MathBox(lines: lines, baseline: baseline, deferred: deferred), kind: .fenced)
    }

    private func alignList(_ value: String?) -> [MathAlign] {
        (value ?? "").split(separator: " ").compactMap { MathAlign(String($0)) }
    }

    /// The list's entry for a column; the last entry repeats (MathML 3 §3.5.1.2).
    private func pick(_ list: [MathAlign], _ column: Int) -> MathAlign? {
        list.isEmpty ? nil : list[min(column, list.count - 1)]
    }

    /// Without `columnalign`: a matrix centres its cells (MathML's default); an equation array puts a column whose
    /// cells begin with a relation at the start and the column before it at the end, so the rows meet there.
    private func defaultAlign(column: Int, cells: [[Piece]], matrix: Bool) -> MathAlign {
        if matrix { return .center }
        func startsWithRelation(_ c: Int) -> Bool {
            cells.contains { row in
                guard row.indices.contains(c), let first = row[c].box.flatFirstScalar else { return false }
                return MathOperators.relations.contains(first)
            }
        }
        if startsWithRelation(column) { return .start }
        if startsWithRelation(column + 1) { return .end }
        return .start
    }
}
