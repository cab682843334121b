import BookModel

/// Tables: a box-drawn grid when its columns fit the page (squeezed toward 4 cells each when they must), else
/// each row as a block of "Header: value" lines. Cells are set as plain wrapped text, through paragraphs.

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

    private func setCell(_ paragraphs: [CellParagraph], width: Int, env: BlockEnv) -> [FlowLine] {
        var lines: [FlowLine] = []
        for paragraph in paragraphs {
            let place = placement(of: paragraph.look, fallback: .start)
            setParagraph(paragraph.input, width: width, language: paragraph.language, direction: paragraph.direction,
                         fallback: env.direction, role: .table, align: place.align, placement: place.placement,
                         out: &lines)
        }
        return lines.filter { !$0.markerOnly || !$0.labels.isEmpty }
    }

    /// A box-drawn grid when the columns fit the page, else one block per row labelled by the header cells.
    func layoutTable(_ table: Table, block: Block, env: BlockEnv, language: String?, out: inout [FlowLine]) {
        let rows = table.rows.filter { !$0.cells.isEmpty }
        guard !rows.isEmpty else { return }
        let columns = rows.map { $0.cells.reduce(0) { $0 + max(1, $1.columnSpan) } }.max() ?? 1
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
        let natural = naturalWidths(rows, paragraphs: paragraphs, columns: columns, cellEnv: cellEnv)
        let box = self.box
        let edge = width(of: box.vertical)
        let overhead = (edge + 2) * columns + edge
        let available = env.width - overhead
        let minimum = natural.map { min($0, 4) }
        var blocks: [FlowLine] = []
        layoutTableAsBlocks(rows, paragraphs: paragraphs, env: cellEnv, origin: block.location.offset, out: &blocks)
        guard edge == 1, width(of: box.horizontal) == 1, available >= minimum.reduce(0, +) else {
            out += blocks
            return
        }
        let widths = Self.columnWidths(natural: natural, minimum: minimum, available: available)
        var rowLines: [[FlowLine]] = []
        let overflow = self.overflow { rowLines = gridRows(rows, paragraphs: paragraphs, widths: widths, env: env, cellEnv: cellEnv) }
        // A squeezed column narrower than one of its characters: the rows set as blocks show it within the page.
        if overflow > 0 {
            out += blocks
            return
        }
        // Squeezed columns can make a grid taller than the same rows set as blocks: then blocks read better
        // (and the height of a table never shrinks with the page).
        let gridHeight = rowLines.reduce(0) { $0 + $1.count } + rows.count + 1
        if gridHeight > blocks.count {
            out += blocks
            return
        }
        appendGrid(rows, rowLines: rowLines, widths: widths, overhead: overhead, direction: env.direction, out: &out)
    }

    /// Natural widths: each paragraph on one line; single-column cells decide a column's width.
    private func naturalWidths(_ rows: [TableRow], paragraphs: [[[CellParagraph]]], columns: Int,
                               cellEnv: BlockEnv) -> [Int] {
        var natural = [Int](repeating: 1, count: columns)
        for (r, row) in rows.enumerated() {
            var column = 0
            for (c, cell) in row.cells.enumerated() {
                let span = max(1, cell.columnSpan)
                if span == 1 {
                    let widest = setCell(paragraphs[r][c], width: 1 << 24, env: cellEnv).map(\.line.width).max() ?? 0
                    natural[column] = max(natural[column], widest)
                }
                column += span
            }
        }
        return natural
    }

    /// Column widths in `available` cells: natural when they fit, else each column from its minimum, the cells
    /// left over going one at a time to the column furthest from its natural width.
    private static func columnWidths(natural: [Int], minimum: [Int], available: Int) -> [Int] {
        var widths = natural
        if natural.reduce(0, +) > available {
            widths = minimum
            var remaining = available - minimum.reduce(0, +)
            while remaining > 0 {
                var best = -1
                for c in 0..<natural.count where widths[c] < natural[c] && (best < 0 || natural[c] - widths[c] > natural[best] - widths[best]) {
                    best = c
                }
                if best < 0 { break }
                widths[best] += 1
                remaining -= 1
            }
        }
        return widths
    }

    /// The grid: a top border, each row's lines, rules after a header row (or between every row when some row
    /// takes more than one line), and a bottom border. Borders and rules keep with the rows they close.
    private func appendGrid(_ rows: [TableRow], rowLines: [[FlowLine]], widths: [Int], overhead: Int,
                            direction: Direction, out: inout [FlowLine]) {
        let box = self.box
        let columns = widths.count
        // Where each row has a cell boundary, so borders get the right junctions.
        let starts: [Set<Int>] = rows.map { row in
            var set = Set<Int>()
            var column = 0
            for cell in row.cells {
                if column > 0 { set.insert(column) }
                column += max(1, cell.columnSpan)
            }
            return set
        }
        func border(_ left: String, _ right: String, upper: Set<Int>?, lower: Set<Int>?) -> FlowLine {
            var text = left
            for c in 0..<columns {
                text += String(repeating: box.horizontal, count: widths[c] + 2)
                if c < columns - 1 {
                    let up = upper?.contains(c + 1) ?? false
                    let down = lower?.contains(c + 1) ?? false
                    text += up && down ? box.cross : up ? box.up : down ? box.down : box.horizontal
                }
            }
            text += right
            return FlowLine(line: Line(text: text, width: widths.reduce(0, +) + overhead, direction: direction,
                                       role: .table, decorations: [0..<text.utf8.count]))
        }
        let isHeader = rows.map { row in row.cells.allSatisfy(\.header) }
        let ruled = rowLines.contains { $0.count > 1 }
        var top = border(box.topLeft, box.topRight, upper: nil, lower: starts[0])
        top.keep = true
        out.append(top)
        for r in rows.indices {
            out.append(contentsOf: rowLines[r])
            if r == rows.count - 1 {
                out[out.count - 1].keep = true
                out.append(border(box.bottomLeft, box.bottomRight, upper: starts[r], lower: nil))
            } else if ruled || (isHeader[r] && !isHeader[r + 1]) {
                out[out.count - 1].keep = true
                var rule = border(box.left, box.right, upper: starts[r], lower: starts[r + 1])
                rule.keep = isHeader[r]
                out.append(rule)
            }
        }
    }

    /// The rows of a box-drawn grid with columns `widths` cells wide: each row's lines, its cells side by side.
    private func gridRows(_ rows: [TableRow], paragraphs: [[[CellParagraph]]], widths: [Int], env: BlockEnv,
                          cellEnv: BlockEnv) -> [[FlowLine]] {
        let box = self.box
        let edge = width(of: box.vertical)
        let columns = widths.count
        var rowLines: [[FlowLine]] = []
        for (r, row) in rows.enumerated() {
            var cells: [(width: Int, lines: [FlowLine])] = []
            var column = 0
            for (c, cell) in row.cells.enumerated() {
                let span = min(max(1, cell.columnSpan), columns - column)
                guard span > 0 else { break }
                let cellWidth = widths[column..<(column + span)].reduce(0, +) + (edge + 2) * (span - 1)
                cells.append((cellWidth, setCell(paragraphs[r][c], width: cellWidth, env: cellEnv)))
                column += span
            }
            if column < columns {
                cells.append((widths[column...].reduce(0, +) + (edge + 2) * (columns - column - 1), []))
            }
            let height = max(1, cells.map(\.lines.count).max() ?? 1)
            var lines: [FlowLine] = []
            for k in 0..<height {
                var text = ""
                var decorations: [Range<Int>] = []
                var rubies: [RubySpan] = []
                var styles: [StyleSpan] = []
                var start = -1
                var end = -1
                var labels: [String] = []
                var lineWidth = 0
                for cell in cells {
                    let open = text.utf8.count
                    text += box.vertical + " "
                    decorations.append(open..<text.utf8.count)
                    var used = 0
                    if k < cell.lines.count {
                        let flow = cell.lines[k]
                        // A centred or end-aligned cell line sits in its cell: the grid pads cells anyway.
                        let lead = flow.line.startOffset(inInlineSize: cell.width)
                        if lead > 0 { text += String(repeating: " ", count: lead) }
                        let shift = text.utf8.count
                        decorations += flow.line.decorations.map { ($0.lowerBound + shift)..<($0.upperBound + shift) }
                        rubies += flow.line.rubies.map { $0.shifted(by: shift) }
                        if !flow.line.styles.isEmpty { styles += flow.line.styles.map { $0.shifted(by: shift) } }
                        text += flow.line.text
                        used = lead + flow.line.width
                        if flow.start >= 0 { start = start < 0 ? flow.start : min(start, flow.start) }
                        end = max(end, flow.end)
                        labels += flow.labels
                    }
                    text += String(repeating: " ", count: max(0, cell.width - used) + 1)
                    lineWidth += edge + 2 + max(cell.width, used)
                }
                let close = text.utf8.count
                text += box.vertical
                decorations.append(close..<text.utf8.count)
                var flow = FlowLine(line: Line(text: text, width: lineWidth + edge, direction: env.direction,
                                               role: .table, decorations: decorations, language: env.language,
                                               rubies: rubies, styles: styles))
                flow.start = start
                flow.end = end
                flow.labels = labels
                flow.keep = k < height - 1
                lines.append(flow)
            }
            rowLines.append(lines)
        }
        return rowLines
    }

    /// A table too wide for the page: its header row once, then each row as lines "Header: value".
    private func layoutTableAsBlocks(_ rows: [TableRow], paragraphs: [[[CellParagraph]]], env: BlockEnv,
                                     origin: Int, out: inout [FlowLine]) {
        var labels: [String] = []
        var body = 0
        if rows[0].cells.allSatisfy(\.header) {
            body = 1
            for (c, cell) in rows[0].cells.enumerated() {
                let text = paragraphs[0][c].map { String(decoding: $0.input.bytes, as: UTF8.self) }
                    .joined(separator: " ")
                for _ in 0..<max(1, cell.columnSpan) { labels.append(text) }
                let first = out.count
                out += setCell(paragraphs[0][c], width: env.width, env: env)
                keepTogether(&out, from: first)
            }
        }
        for r in body..<rows.count {
            if !out.isEmpty { out.append(.blank(direction: env.direction)) }
            var column = 0
            for (c, cell) in rows[r].cells.enumerated() {
                let label = column < labels.count && !labels[column].isEmpty ? labels[column] + ": " : ""
                var pieces = paragraphs[r][c]
                if pieces.isEmpty && !label.isEmpty {
                    pieces = [CellParagraph(input: ParagraphInput(offset: out.last?.end ?? origin), language: env.language, direction: nil)]
                }
                if !label.isEmpty { pieces[0].input = pieces[0].input.prepending(decoration: label) }
                let first = out.count
                out += setCell(pieces, width: env.width, env: env)
                keepTogether(&out, from: first)
                column += max(1, cell.columnSpan)
            }
        }
    }
}
