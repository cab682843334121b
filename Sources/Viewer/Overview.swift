import Quire

/// A move of the selection in a grid or list, in *screen* terms: `left`/`right` are the edges of the terminal,
/// so the overview of a right-to-left book turns them into next/previous itself (DESIGN.md §1: direction is
/// a slot order, decided in one place).
public enum GridMove: Sendable, Hashable, CaseIterable {
    case left, right, up, down, pageUp, pageDown, home, end
}

/// The overview (`Tab`): every spread of the book as a small framed thumbnail, in reading order, as the
/// page-turning container's collection view is to its paged view (issue 18). Thumbnails run left to right in
/// an ltr book and right to left in an rtl one, the first at the top right, so the grid reads like the pages.
public struct Overview: Sendable, Hashable {
    public let result: SpreadResult
    public let screen: Viewport
    public let direction: Direction
    /// The spread index (in `result.spreads`) of the chosen thumbnail; kept inside the book and in view.
    public var selected: Int {
        didSet {
            selected = Self.clamp(selected, count: result.spreads.count)
            scrollToSelection()
        }
    }
    /// The first grid row on the screen: it moves only as far as the selection needs, so the grid does not
    /// jump while the selection moves within the screen.
    public private(set) var top: Int = 0
    let grid: Grid

    public init(result: SpreadResult, selected: Int, screen: Viewport, direction: Direction) {
        self.result = result
        self.screen = screen
        self.direction = direction
        grid = Grid(screen: screen, axis: result.layout.axis,
                    slots: result.spreads.map(\.slots.count).max() ?? 1)
        self.selected = Self.clamp(selected, count: result.spreads.count)
        scrollToSelection()
    }

    /// Moves the selection; left/right follow the screen, so in an rtl book `left` is the next spread. Moves
    /// stop at the ends of the book (no wrapping), `down` on the row above a short last row lands on its end.
    public mutating func move(_ move: GridMove) {
        let count = result.spreads.count
        guard count > 0 else { return }
        let forward = direction == .ltr ? 1 : -1
        let row = selected / grid.perRow, lastRow = (count - 1) / grid.perRow
        switch move {
        case .right: selected = max(0, min(count - 1, selected + forward))
        case .left: selected = max(0, min(count - 1, selected - forward))
        case .up: if row > 0 { selected -= grid.perRow }
        case .down: if row < lastRow { selected = min(count - 1, selected + grid.perRow) }
        case .pageUp: selected = max(selected % grid.perRow, selected - grid.perRow * grid.visibleRows)
        case .pageDown: selected = min(count - 1, selected + grid.perRow * grid.visibleRows)
        case .home: selected = 0
        case .end: selected = count - 1
        }
    }

    /// The screen: the visible grid rows of thumbnails, the selected one in reverse video, and the status line.
    public func picture() -> Picture {
        let height = max(0, screen.lines - 1)
        var canvas = [String](repeating: "", count: height)
        var highlights: [Highlight] = []
        let count = result.spreads.count
        for index in visibleIndices(count: count) {
            let box = Thumbnail(spread: result.spreads[index], pages: result.pages, grid: grid).rows
            let (x, y) = origin(of: index)
            for (offset, line) in box.enumerated() where y + offset < height {
                canvas[y + offset] = Self.place(line, at: x, on: canvas[y + offset])
                if index == selected, x < screen.columns {
                    highlights.append(Highlight(row: y + offset, columns: x..<min(x + grid.cellWidth, screen.columns)))
                }
            }
        }
        let rows = canvas.map { Cells.clip($0, to: screen.columns) }
        return Picture(rows: rows, highlights: highlights, status: Cells.clip(status, to: screen.columns))
    }

    /// The spread whose thumbnail covers a screen cell (a mouse click), nil between thumbnails or off the grid.
    public func spread(atCell column: Int, row: Int) -> Int? {
        guard row >= 0, row < screen.lines - 1 else { return nil }
        for index in visibleIndices(count: result.spreads.count) {
            let (x, y) = origin(of: index)
            if (x..<(x + grid.cellWidth)).contains(column), (y..<(y + grid.cellHeight)).contains(row) {
                return index
            }
        }
        return nil
    }

    /// "Overview: spread 12 of 340 · pages 23–24 · Enter opens, Tab/Esc returns".
    var status: String {
        guard !result.spreads.isEmpty else { return "Overview: no pages · Tab/Esc returns" }
        let pages = result.spreads[selected].pages
        var text = "Overview: spread \(selected + 1) of \(result.spreads.count)"
        if let first = pages.first, let last = pages.last {
            text += first == last ? " · page \(first)" : " · pages \(first)–\(last)"
        }
        return text + " · Enter opens, Tab/Esc returns"
    }

    /// Screen cell of a thumbnail's top left corner: rows fill from the left in ltr, from the right in rtl.
    func origin(of index: Int) -> (x: Int, y: Int) {
        let row = index / grid.perRow - top
        var column = index % grid.perRow
        if direction == .rtl { column = grid.perRow - 1 - column }
        return (grid.margin + column * (grid.cellWidth + Grid.columnGap), row * (grid.cellHeight + Grid.rowGap))
    }

    private func visibleIndices(count: Int) -> Range<Int> {
        let first = min(count, top * grid.perRow)
        return first..<min(count, first + grid.visibleRows * grid.perRow)
    }

    private mutating func scrollToSelection() {
        let row = selected / grid.perRow
        if row < top { top = row }
        if row >= top + grid.visibleRows { top = row - grid.visibleRows + 1 }
    }

    private static func clamp(_ index: Int, count: Int) -> Int { max(0, min(count - 1, index)) }

    /// `text` written over `line` from cell `x` (padding the line with spaces up to there).
    static func place(_ text: String, at x: Int, on line: String) -> String {
        let width = Cells.width(line)
        let before = width >= x ? Cells.slice(line, from: 0, width: x) : line + String(repeating: " ", count: x - width)
        let end = x + Cells.width(text)
        let after = width > end ? Cells.slice(line, from: end, width: width - end) : ""
        return before + text + after
    }
}

/// The sizes of the overview's grid, from the screen: as many thumbnails across as fit, mini pages shrunk only
/// when not even one thumbnail would fit.
struct Grid: Sendable, Hashable {
    static let columnGap = 2
    static let rowGap = 1
    /// Cells of text inside a mini page's frame, across and down.
    let pageWidth: Int
    let pageLines: Int
    /// Mini pages side by side (horizontal axis) or stacked (vertical axis).
    let across: Int
    let down: Int
    let cellWidth: Int
    let cellHeight: Int
    let perRow: Int
    let visibleRows: Int
    /// Cells left of the first column, so the grid stands centred.
    let margin: Int

    init(screen: Viewport, axis: Axis, slots: Int) {
        let slots = max(1, slots)
        across = axis == .horizontal ? slots : 1
        down = axis == .horizontal ? 1 : slots
        // A frame is two cells wide; the text inside gets what is left, 7 cells at most, 1 at least.
        pageWidth = max(1, min(7, screen.columns / across - 2))
        let height = max(1, screen.lines - 1)
        pageLines = max(1, min(3, height / down - 2))
        cellWidth = across * (pageWidth + 2)
        cellHeight = down * (pageLines + 2)
        perRow = max(1, (screen.columns + Self.columnGap) / (cellWidth + Self.columnGap))
        visibleRows = max(1, (height + Self.rowGap) / (cellHeight + Self.rowGap))
        margin = max(0, (screen.columns - (perRow * (cellWidth + Self.columnGap) - Self.columnGap)) / 2)
    }
}

/// One spread drawn small: each slot a framed mini page holding the first characters of its first non-blank
/// lines, its number in the bottom edge; a blank page is an empty frame with its number, a placeholder an empty
/// frame without one. A spread with fewer slots than the widest stands centred in its cell.
struct Thumbnail {
    let rows: [String]

    init(spread: Spread, pages: [Page], grid: Grid) {
        let w = grid.pageWidth
        let boxes: [[String]] = spread.slots.map { slot in
            let page = slot.page.flatMap { $0 >= 1 && $0 <= pages.count ? pages[$0 - 1] : nil }
            var box = ["┌" + String(repeating: "─", count: w) + "┐"]
            let text = page.map { Self.snippet($0, lines: grid.pageLines) } ?? []
            for line in 0..<grid.pageLines {
                box.append("│" + Cells.slice(line < text.count ? text[line] : "", from: 0, width: w) + "│")
            }
            let number = Cells.clip(slot.page.map(String.init) ?? "", to: w)
            let lead = (w - number.count) / 2
            box.append("└" + String(repeating: "─", count: lead) + number
                       + String(repeating: "─", count: w - lead - number.count) + "┘")
            return box
        }
        var out: [String]
        if grid.across > 1 || boxes.count <= 1 {
            out = (0..<(grid.pageLines + 2)).map { line in boxes.map { $0[line] }.joined() }
        } else {
            out = boxes.flatMap { $0 }
        }
        let width = grid.across > 1 ? boxes.count * (w + 2) : w + 2
        let lead = max(0, (grid.cellWidth - width) / 2)
        out = out.map { Cells.slice(String(repeating: " ", count: lead) + $0, from: 0, width: grid.cellWidth) }
        // A spread with fewer stacked slots than the widest keeps the cell's height.
        while out.count < grid.cellHeight { out.append(String(repeating: " ", count: grid.cellWidth)) }
        rows = out
    }

    /// The page's first lines with text, leading spaces dropped (a blank page has none).
    static func snippet(_ page: Page, lines: Int) -> [String] {
        guard page.kind == .content else { return [] }
        return page.lines.lazy.map { String($0.content.drop { $0 == " " || $0 == "\u{3000}" }) }
            .filter { !$0.allSatisfy(\.isWhitespace) }.prefix(lines).map { $0 }
    }
}
