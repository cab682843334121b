import BookModel

/// Drawing a table as a box-drawn grid: a frame, a rule under the header rows (and between every two rows when
/// some cell takes more than one line or spans rows), cells padded by a space each side. A cell spanning rows
/// flows its lines down across them, the rules between those rows left out in its columns (CSS 2.1 §17.5:
/// the cell's box covers the rows); when its rows are too short for it, the last of them grows (§17.5.3).

extension LayoutContext {
    /// The grid's lines: `lines[i]` are the lines of `slots.cells[i]` set `widths` of its columns wide.
    func drawGrid(_ slots: TableSlots, lines: [[FlowLine]], widths: [Int], env: BlockEnv) -> [FlowLine] {
        let rows = slots.slots.count
        let box = self.box
        let gap = width(of: box.vertical) + 2
        let cells = slots.cells
        var height = [Int](repeating: 1, count: rows)
        for (i, cell) in cells.enumerated() where cell.rowSpan == 1 {
            height[cell.row] = max(height[cell.row], lines[i].count)
        }
        let spansRows = cells.contains { $0.rowSpan > 1 }
        let ruled = spansRows || height.contains { $0 > 1 }
        let separated = (0..<rows).map { r in
            r < rows - 1 && (ruled || (slots.isHeader(r) && !slots.isHeader(r + 1)))
        }
        // A cell spanning rows has their lines and the rules between them; the last row grows to hold it.
        for i in cells.indices.sorted(by: { cells[$0].rowSpan < cells[$1].rowSpan }) where cells[i].rowSpan > 1 {
            let cell = cells[i]
            let span = cell.row..<(cell.row + cell.rowSpan)
            let room = span.reduce(0) { $0 + height[$1] } + span.dropLast().filter { separated[$0] }.count
            if lines[i].count > room { height[span.upperBound - 1] += lines[i].count - room }
        }
        // The first line of each row (line 0 is the top frame).
        var top = [Int](repeating: 1, count: rows)
        for r in 1..<max(1, rows) { top[r] = top[r - 1] + height[r - 1] + (separated[r - 1] ? 1 : 0) }
        let total = rows > 0 ? top[rows - 1] + height[rows - 1] + 1 : 2
        let lineWidth = widths.reduce(0, +) + gap * widths.count + width(of: box.vertical)

        /// The cell's width in cells: its columns and the borders and padding between them.
        func cellWidth(_ cell: TableSlots.Cell) -> Int {
            widths[cell.column..<(cell.column + cell.columnSpan)].reduce(0, +) + gap * (cell.columnSpan - 1)
        }
        var out: [FlowLine] = []
        out.reserveCapacity(total)
        let pieces = GridPieces(box, longestRule: (widths.max() ?? 0) + 2)
        var row = 0
        for y in 0..<total {
            while row < rows - 1 && y >= top[row + 1] { row += 1 }
            var composer = GridLine(pieces: pieces, direction: env.direction, language: env.language, width: lineWidth,
                                    columns: widths.count)
            if y == 0 || y == total - 1 {
                // The frame: junctions where the first (last) row has a border.
                let r = y == 0 ? 0 : rows - 1
                for c in 0...widths.count {
                    let arm = slots.isBoundary(r, c)
                    composer.junction(up: y > 0 && arm, down: y == 0 && arm, left: c > 0, right: c < widths.count)
                    if c < widths.count { composer.rule(widths[c] + 2) }
                }
            } else if y >= top[row] + height[row] {
                // The rule after `row`; a cell spanning on into the next row goes on through it.
                var c = 0
                while c <= widths.count {
                    let spans = { (c: Int) in c < widths.count && slots.slots[row][c] == slots.slots[row + 1][c] }
                    composer.junction(up: slots.isBoundary(row, c), down: slots.isBoundary(row + 1, c),
                                      left: c > 0 && !spans(c - 1), right: c < widths.count && !spans(c))
                    guard c < widths.count else { break }
                    if spans(c) {
                        let i = slots.slots[row][c]
                        composer.cell(lines[i], line: y - top[cells[i].row], width: cellWidth(cells[i]))
                        c += cells[i].columnSpan
                    } else {
                        composer.rule(widths[c] + 2)
                        c += 1
                    }
                }
            } else {
                var c = 0
                while c < widths.count {
                    let i = slots.slots[row][c]
                    composer.bar()
                    composer.cell(lines[i], line: y - top[cells[i].row], width: cellWidth(cells[i]))
                    c += cells[i].columnSpan
                }
                composer.bar()
            }
            out.append(composer.flowLine(width: lineWidth))
        }
        // Keeps: a row's lines stay together and with the rule after them, a header with the row under it, the
        // rows a cell spans with each other, the frame with the first and last rows.
        out[0].keep = true
        for r in 0..<rows {
            let last = top[r] + height[r] - 1
            for y in top[r]..<last { out[y].keep = true }
            if separated[r] || r == rows - 1 { out[last].keep = true }
            if separated[r] && slots.isHeader(r) { out[last + 1].keep = true }
        }
        for cell in cells where cell.rowSpan > 1 {
            let end = top[cell.row + cell.rowSpan - 1] + height[cell.row + cell.rowSpan - 1] - 1
            for y in top[cell.row]..<end { out[y].keep = true }
        }
        // Header rows at the top repeat where the table runs on to a new page: frame, rows and the rule under them.
        let headerRows = slots.repeatableHeaderRows
        if headerRows > 0 {
            let header = out[0..<top[headerRows]].map { flow -> Line in
                var line = flow.line
                line.decorations = line.text.isEmpty ? [] : [0..<line.text.utf8.count]
                line.rubies = []
                return line
            }
            for y in top[headerRows]..<out.count { out[y].repeatedHeader = header }
        }
        return out
    }
}

/// The UTF-8 of a grid's box characters, made once per grid: appending a String's UTF-8 cost about 200
/// instructions a piece, and a rule appended its character once per cell (issue 19: the grid lines of JLReq's
/// tables cost 11,000 instructions each).
private final class GridPieces {
    let vertical: [UInt8]
    /// The horizontal rule, as long as the widest column and its padding need.
    let rule: [UInt8]
    /// Bytes of one horizontal character.
    let ruleStep: Int
    /// The junction for each set of arms (`GridPieces.arms`).
    let junctions: [[UInt8]]

    init(_ box: BoxChars, longestRule: Int) {
        vertical = Array(box.vertical.utf8)
        ruleStep = box.horizontal.utf8.count
        rule = Array(String.repeated(box.horizontal, count: longestRule).utf8)
        junctions = (0..<16).map { arms in
            Array(Self.junction(box, up: arms & 1 != 0, down: arms & 2 != 0, left: arms & 4 != 0, right: arms & 8 != 0).utf8)
        }
    }

    static func arms(up: Bool, down: Bool, left: Bool, right: Bool) -> Int {
        (up ? 1 : 0) | (down ? 2 : 0) | (left ? 4 : 0) | (right ? 8 : 0)
    }

    /// The box-drawing character where borders meet, from the arms that leave it.
    private static func junction(_ b: BoxChars, up: Bool, down: Bool, left: Bool, right: Bool) -> String {
        switch (up, down, left, right) {
        case (true, true, true, true): return b.cross
        case (true, true, false, true): return b.left
        case (true, true, true, false): return b.right
        case (false, true, true, true): return b.down
        case (true, false, true, true): return b.up
        case (false, true, false, true): return b.topLeft
        case (false, true, true, false): return b.topRight
        case (true, false, false, true): return b.bottomLeft
        case (true, false, true, false): return b.bottomRight
        case (false, false, _, _): return b.horizontal
        default: return b.vertical
        }
    }
}

/// One line of a grid being put together left to right (in logical order): borders and rules are decorations,
/// cell lines bring their text, ruby, styles, source offsets and labels. The text is gathered as UTF-8 bytes and
/// made a String once: appending to a String costs a few hundred instructions each time, and a grid line takes
/// several appends per cell.
private struct GridLine {
    let pieces: GridPieces
    let direction: Direction
    let language: String?
    var text: [UInt8] = []
    var decorations: [Range<Int>] = []
    var rubies: [RubySpan] = []
    var styles: [StyleSpan] = []
    var start = -1
    var end = -1
    var labels: [String] = []
    /// Cells past the grid's width that an overflowing cell line took.
    var extra = 0
    /// Some cell is on the line (a frame or rule alone has no language).
    var holdsCells = false

    /// Room made up front for a line `width` cells wide across `columns` columns: growing the arrays from empty
    /// reallocated them several times a line.
    init(pieces: GridPieces, direction: Direction, language: String?, width: Int, columns: Int) {
        self.pieces = pieces
        self.direction = direction
        self.language = language
        text.reserveCapacity(3 * width + 8)
        decorations.reserveCapacity(2 * columns + 2)
    }

    private mutating func decoration(_ bytes: [UInt8]) {
        let open = text.count
        text.append(contentsOf: bytes)
        decorated(from: open)
    }

    /// The bytes from `open` to the end are decoration: joined to the decoration just before them.
    private mutating func decorated(from open: Int) {
        if let last = decorations.last, last.upperBound == open {
            decorations[decorations.count - 1] = last.lowerBound..<text.count
        } else {
            decorations.append(open..<text.count)
        }
    }

    /// `count` spaces.
    private mutating func spaces(_ count: Int) {
        if count > 0 { text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
    }

    mutating func bar() { decoration(pieces.vertical) }

    mutating func rule(_ count: Int) {
        let open = text.count
        text.append(contentsOf: pieces.rule[0..<(max(0, count) * pieces.ruleStep)])
        decorated(from: open)
    }

    mutating func junction(up: Bool, down: Bool, left: Bool, right: Bool) {
        decoration(pieces.junctions[GridPieces.arms(up: up, down: down, left: left, right: right)])
    }

    /// Line `k` of a cell `width` cells wide (blank past its last line), with a space of padding each side (the
    /// one before it is decoration with the border, the spaces after it are not).
    mutating func cell(_ lines: [FlowLine], line k: Int, width: Int) {
        let open = text.count
        text.append(0x20)
        decorated(from: open)
        var used = 0
        if k >= 0 && k < lines.count {
            let flow = lines[k]
            // A centred or end-aligned cell line sits in its cell: the grid pads cells anyway.
            let lead = flow.line.startOffset(inInlineSize: width)
            spaces(lead)
            let shift = text.count
            // Appended one by one: `+= map` made an array for each piece of each cell line.
            for d in flow.line.decorations { decorations.append((d.lowerBound + shift)..<(d.upperBound + shift)) }
            for r in flow.line.rubies { rubies.append(r.shifted(by: shift)) }
            for s in flow.line.styles { styles.append(s.shifted(by: shift)) }
            text.append(contentsOf: flow.line.text.utf8)
            used = lead + flow.line.width
            if flow.start >= 0 { start = start < 0 ? flow.start : min(start, flow.start) }
            end = max(end, flow.end)
            labels += flow.labels
        }
        extra += max(0, used - width)
        spaces(max(0, width - used) + 1)
        holdsCells = true
    }

    func flowLine(width: Int) -> FlowLine {
        var flow = FlowLine(line: Line(text: String(decoding: text, as: UTF8.self), width: width + extra, direction: direction, role: .table,
                                       decorations: decorations, language: holdsCells ? language : nil, rubies: rubies,
                                       styles: styles))
        flow.start = start
        flow.end = end
        flow.labels = labels
        return flow
    }
}
