import BookModel

/// Tables: a box-drawn grid when its columns fit the page, their widths found as CSS automatic table layout finds
/// them (TableWidths.swift), the cells placed on slots (TableSlots.swift) and drawn (TableGrid.swift); else each
/// row as a block of "Header: value" lines. Cells are set as plain wrapped text, through paragraphs.

/// One paragraph of a table cell with the language and direction it was written in.
struct CellParagraph {
    var input: ParagraphInput
    var language: String?
    var direction: Direction?
    /// The look of the block it came from: its alignment places its lines in the cell.
    var look = BlockLook.plain
}

extension LayoutContext {
    /// The leaf paragraphs of a cell, flattened: a cell is set as plain wrapped text.
    func cellParagraphs(_ blocks: [Block], language: String?, into out: inout [CellParagraph]) {
        for block in blocks {
            let language = block.language ?? language
            switch block.kind {
            case .paragraph(let inlines), .heading(_, let inlines):
                out.append(CellParagraph(input: ParagraphInput(inlines, offset: block.location.offset, ruby: options.ruby),
                                         language: language, direction: block.direction, look: block.look))
            case .list(let list):
                for item in list.items { cellParagraphs(item.blocks, language: language, into: &out) }
            case .quote(let blocks):
                cellParagraphs(blocks, language: language, into: &out)
            case .preformatted(let text):
                var input = ParagraphInput(offset: block.location.offset)
                input.bytes = Array(text.utf8)
                // Its lines stay lines, unbroken (a display formula's grid, issue 16; code): a forced break after
                // each line feed, none inside a line.
                var lineStart = 0
                for (i, byte) in input.bytes.enumerated() where byte == 0x0A {
                    input.glue.append(lineStart..<i)
                    input.hardBreaks.append(i + 1)
                    lineStart = i + 1
                }
                if lineStart > 0 { input.glue.append(lineStart..<input.bytes.count) }
                out.append(CellParagraph(input: input, language: language, direction: block.direction))
            case .image(let image):
                out.append(CellParagraph(input: ParagraphInput(imageAlt: image.alt, offset: block.location.offset),
                                         language: language, direction: block.direction))
            case .table(let table):
                for row in table.rows {
                    for cell in row.cells { cellParagraphs(cell.blocks, language: language, into: &out) }
                }
            case .note(let note):
                cellParagraphs(note.blocks, language: language, into: &out)
            case .rule:
                break
            }
        }
    }

    /// The cell's paragraphs set as plain wrapped text `width` cells wide.
    func setCell(_ paragraphs: [CellParagraph], width: Int, env: BlockEnv) -> [FlowLine] {
        var lines: [FlowLine] = []
        for paragraph in paragraphs {
            let place = placement(of: paragraph.look, fallback: .start)
            setParagraph(paragraph.input, width: width, language: paragraph.language, direction: paragraph.direction,
                         fallback: env.direction, role: .table, align: place.align, placement: place.placement,
                         out: &lines)
        }
        return lines.filter { !$0.markerOnly || !$0.labels.isEmpty }
    }

    /// A box-drawn grid when the columns fit the page (TableWidths.swift: CSS automatic table layout), else one
    /// block per row labelled by the header cells. A grid whose words must split, or whose wrapped text gets a
    /// column narrower than `TableWidths.readableWidth`, is used only while it shows every character and is no
    /// taller than the rows set as blocks.
    func layoutTable(_ table: Table, block: Block, env: BlockEnv, language: String?, out: inout [FlowLine]) {
        let rows = table.rows.filter { !$0.cells.isEmpty }
        guard !rows.isEmpty else { return }
        var cellEnv = env
        cellEnv.inCell = true
        cellEnv.language = language
        let paragraphs = rows.map { row in
            row.cells.map { cell -> [CellParagraph] in
                var list: [CellParagraph] = []
                cellParagraphs(cell.blocks, language: language, into: &list)
                return list
            }
        }
        let box = self.box
        let edge = width(of: box.vertical)
        // The rows set as blocks, the fallback, are set only when asked for: a table drawn as a grid never needs
        // them (issue 19: setting both was a third of a table-heavy book's time).
        let labels = BlockRowLabels(rows, paragraphs: paragraphs)
        func blocks() -> [FlowLine] {
            var blocks: [FlowLine] = []
            layoutTableAsBlocks(rows, paragraphs: paragraphs, labels: labels, env: cellEnv,
                                origin: block.location.offset, out: &blocks)
            return blocks
        }
        // More columns than the page has room for at one cell each (and their borders) never make a grid.
        let drawable = edge == 1 && width(of: box.horizontal) == 1
        let slots = drawable ? TableSlots(rows, maxColumns: (env.width - edge) / (edge + 3)) : nil
        // A table of one cell is a layout device (a boxed formula, a callout), not data: its content, unframed.
        guard let slots, slots.cells.count > 1 else {
            out += blocks()
            return
        }
        let contents = slots.cells.map { cell in cell.source.map { paragraphs[cell.row][$0] } ?? [] }
        let limits = slots.cells.enumerated().map { i, cell in
            CellLimits(column: cell.column, span: cell.columnSpan, limits: contentWidths(contents[i], env: cellEnv))
        }
        let overhead = (edge + 2) * slots.columns + edge
        let columns = TableWidths.columnLimits(limits, columns: slots.columns, gap: edge + 2)
        guard let (widths, fit) = TableWidths.columnWidths(columns, available: env.width - overhead) else {
            out += blocks()
            return
        }
        var lines: [[FlowLine]] = []
        let overflow = self.overflow {
            lines = slots.cells.enumerated().map { i, cell in
                let spanned = widths[cell.column..<(cell.column + cell.columnSpan)].reduce(0, +)
                return setCell(contents[i], width: spanned + (edge + 2) * (cell.columnSpan - 1), env: cellEnv)
            }
        }
        // A squeezed column narrower than one of its characters: the rows set as blocks show it within the page.
        if overflow > 0 {
            out += blocks()
            return
        }
        let grid = drawGrid(slots, lines: lines, widths: widths, env: env)
        // Split words or a column too narrow for its text make a grid hard to read: when it is also taller than
        // the same rows set as blocks, blocks read better (and the height of a table never shrinks with the page).
        // The blocks are set only when they might be shorter: a grid no taller than the fewest lines they can
        // take stays (issue 19: most of a table-heavy book's blocks were set only to be counted).
        if (fit == .squeezed || fit == .cramped) && grid.count > labels.fewestLines {
            let blocks = blocks()
            if grid.count > blocks.count {
                out += blocks
                return
            }
        }
        out += grid
    }

    /// A table too wide for the page: its header row once, then each row as lines "Header: value" (labels as
    /// `BlockRowLabels` finds them); a cell spanning rows is set once, in its first row.
    func layoutTableAsBlocks(_ rows: [TableRow], paragraphs: [[[CellParagraph]]], labels: BlockRowLabels,
                                     env: BlockEnv, origin: Int, out: inout [FlowLine]) {
        if labels.body == 1 {
            for c in rows[0].cells.indices {
                let first = out.count
                out += setCell(paragraphs[0][c], width: env.width, env: env)
                keepTogether(&out, from: first)
            }
        }
        for r in labels.body..<rows.count {
            if !out.isEmpty { out.append(.blank(direction: env.direction)) }
            for c in rows[r].cells.indices {
                let label = labels.label(row: r, cell: c).map { $0 + ": " } ?? ""
                var pieces = paragraphs[r][c]
                if pieces.isEmpty && !label.isEmpty {
                    pieces = [CellParagraph(input: ParagraphInput(offset: out.last?.end ?? origin), language: env.language, direction: nil)]
                }
                if !label.isEmpty { pieces[0].input = pieces[0].input.prepending(decoration: label) }
                let first = out.count
                out += setCell(pieces, width: env.width, env: env)
                keepTogether(&out, from: first)
            }
        }
    }
}

/// Which header labels the cells of a table set as blocks: a cell is labelled by the header of the column it
/// starts in, found as grid slots are (cells after one spanning down from above move along).
struct BlockRowLabels {
    /// 1 when the first row is all header cells (then set once, and its text labels the columns), else 0.
    let body: Int
    /// The header text of each labelled column; empty when the column has none.
    private let texts: [String]
    /// The column each cell of each row starts in.
    private let columnOf: [[Int]]
    /// The fewest lines the rows set as blocks can take: one for each labelled cell (its label alone is ink), and
    /// the blank line before each row once a labelled cell came before. Rows and header lines that may hold no
    /// ink are not counted.
    let fewestLines: Int

    init(_ rows: [TableRow], paragraphs: [[[CellParagraph]]]) {
        var texts: [String] = []
        // Columns are followed only as far as the header row labels them (past that no cell gets a label), and
        // at most 10,000 of them, so a hostile table costs little.
        let labelled = min(10_000, rows[0].cells.reduce(0) { $0 + max(1, $1.columnSpan) })
        var busyUntil = [Int](repeating: 0, count: labelled)
        columnOf = rows.enumerated().map { r, row in
            var column = 0
            return row.cells.map { cell in
                while column < labelled && busyUntil[column] > r { column += 1 }
                let span = max(1, cell.columnSpan)
                if cell.rowSpan > 1 {
                    for c in column..<max(column, min(labelled, column + span)) { busyUntil[c] = r + cell.rowSpan }
                }
                defer { column += span }
                return column
            }
        }
        body = rows[0].cells.allSatisfy(\.header) ? 1 : 0
        if body == 1 {
            for (c, cell) in rows[0].cells.enumerated() {
                let text = paragraphs[0][c].map { String(decoding: $0.input.bytes, as: UTF8.self) }
                    .joined(separator: " ")
                for _ in 0..<max(1, cell.columnSpan) { texts.append(text) }
            }
        }
        self.texts = texts
        var fewest = 0
        var inkBefore = false
        for r in body..<rows.count {
            var cells = 0
            for c in rows[r].cells.indices {
                let column = columnOf[r][c]
                if column < texts.count && !texts[column].isEmpty { cells += 1 }
            }
            if inkBefore { fewest += 1 }
            fewest += cells
            inkBefore = inkBefore || cells > 0
        }
        fewestLines = fewest
    }

    /// The header text labelling cell `cell` of row `row`, nil when it has none.
    func label(row: Int, cell: Int) -> String? {
        let column = columnOf[row][cell]
        return column < texts.count && !texts[column].isEmpty ? texts[column] : nil
    }
}
