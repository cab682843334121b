import Quire

/// The overview grid (Tab) and the contents panel (t): the seeds' collection view that opens the paged view at
/// the chosen item, and a table of contents that jumps to a chapter's page.
extension ViewerSession {
    /// Opens the overview at the current spread, or the contents at the current chapter. Both show page numbers,
    /// so they wait for the whole book.
    mutating func openPanel(_ action: Action) -> Outcome {
        guard complete else { return .needsWholeBook }
        let result = navigator.result
        if action == .overview {
            mode = .overview(Overview(result: result, selected: navigator.spreadIndex ?? 0, screen: screen,
                                      direction: result.layout.direction))
        } else {
            let entries = ContentsPanel.entries(toc: book.document.toc, pages: result.pages)
            guard !entries.isEmpty else {
                message = "This book has no table of contents"
                return .redraw
            }
            mode = .contents(ContentsPanel(entries: entries, current: navigator.currentPage, screen: screen))
        }
        return .redraw
    }

    /// The keys that move a selection in the overview and the contents, as vi and `less` users expect.
    static func gridMove(for key: Key) -> GridMove? {
        switch key {
        case .left, .character("h"): return .left
        case .right, .character("l"): return .right
        case .up, .character("k"): return .up
        case .down, .character("j"): return .down
        case .pageUp: return .pageUp
        case .pageDown, .character(" "): return .pageDown
        case .home: return .home
        case .end, .character("G"): return .end
        default: return nil
        }
    }

    /// A key in the overview: arrows move on the screen (so ← is the next spread in an rtl book), Enter or a click
    /// opens the chosen spread, Tab or Escape returns to the page that was open.
    mutating func handle(_ key: Key, in overview: Overview) -> Outcome {
        var overview = overview
        if let move = Self.gridMove(for: key) {
            overview.move(move)
            mode = .overview(overview)
            return .redraw
        }
        switch key {
        case .enter: return open(spread: overview.selected)
        case .click(let column, let row):
            guard let spread = overview.spread(atCell: column, row: row) else { return .nothing }
            return open(spread: spread)
        case .tab, .escape:
            mode = .reading
            return .redraw
        case .character("q"): return .quit
        default: return .nothing
        }
    }

    /// A key in the contents: ↑/↓ choose, Enter jumps to the entry's page, Escape or t returns.
    mutating func handle(_ key: Key, in contents: ContentsPanel) -> Outcome {
        var contents = contents
        if let move = Self.gridMove(for: key) {
            contents.move(move)
            mode = .contents(contents)
            return .redraw
        }
        switch key {
        case .enter:
            mode = .reading
            guard let page = contents.selectedEntry?.page else {
                message = "That entry is not in the book's pages"
                return .redraw
            }
            jump(to: page)
            return .redraw
        case .escape, .character("t"):
            mode = .reading
            return .redraw
        case .character("q"): return .quit
        default: return .nothing
        }
    }

    private mutating func open(spread index: Int) -> Outcome {
        mode = .reading
        let spreads = navigator.result.spreads
        guard spreads.indices.contains(index), let page = spreads[index].firstPage else { return .redraw }
        navigator.go(to: page)
        return .redraw
    }

    /// The frames of a page turn, by the reader's animation: the new spread sliding in from the spine's side
    /// (`curl`) or scrolling along the axis (`scroll`).
    public func turnFrames(from old: Picture, to new: Picture, forward: Bool) -> [Picture] {
        let layout = navigator.result.layout
        let frames: [[String]]
        switch settings.animation {
        case .none: return []
        case .curl:
            frames = PageTurn.curl(from: old.rows, to: new.rows, width: screen.columns, forward: forward,
                                   direction: layout.direction)
        case .scroll:
            let vertical = navigator.current?.firstPage.map { navigator.result.pages[$0 - 1].writingMode == .verticalRL } ?? false
            frames = PageTurn.scroll(from: old.rows, to: new.rows, width: screen.columns, forward: forward,
                                     axis: layout.axis, vertical: vertical)
        }
        // The last frame is the new picture itself, drawn by the loop.
        return frames.dropLast().map { Picture(rows: $0, status: new.status) }
    }
}
