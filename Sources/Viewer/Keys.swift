import Quire

/// A key or mouse event as the reader sees it, whatever the terminal library reported.
public enum Key: Sendable, Hashable {
    case character(Character)
    case left, right, up, down
    case pageUp, pageDown, home, end
    case backspace, enter, tab, escape
    case wheelUp, wheelDown
    /// A click at a cell of the screen.
    case click(column: Int, row: Int)
}

/// What a key asks of the reader in the paged view.
public enum Action: Sendable, Hashable {
    case forward, backward, first, last
    case goToPrompt, lastPage
    case contents, overview, search, nextMatch, previousMatch
    case rotate, toggleSides, toggleBidi, help, quit
}

/// The paged view's keys. Turning keys follow the reading direction (DESIGN.md §1): the key that points the way
/// the book's pages advance turns forward — → in an ltr book, ← in an rtl one, ↓ on the vertical axis — as a
/// finger swipes a page-turning container. Space, PageDown, j and ↓ always go forward, like `less`.
public struct KeyMap: Sendable {
    public var direction: Direction
    public var axis: Axis

    public init(direction: Direction, axis: Axis) {
        self.direction = direction
        self.axis = axis
    }

    public func action(for key: Key) -> Action? {
        let rtl = direction == .rtl
        switch key {
        case .right, .character("l"): return axis == .vertical ? nil : (rtl ? .backward : .forward)
        case .left, .character("h"): return axis == .vertical ? nil : (rtl ? .forward : .backward)
        case .down, .character("j"), .character(" "), .pageDown, .wheelDown: return .forward
        case .up, .character("k"), .backspace, .pageUp, .wheelUp: return .backward
        case .home: return .first
        case .end, .character("G"): return .last
        case .character("g"), .character(":"): return .goToPrompt
        case .character("t"): return .contents
        case .tab: return .overview
        case .character("/"): return .search
        case .character("n"): return .nextMatch
        case .character("N"): return .previousMatch
        case .character("o"): return .rotate
        case .character("d"): return .toggleSides
        case .character("b"): return .toggleBidi
        case .character("?"): return .help
        case .character("q"), .character("Q"): return .quit
        default: return nil
        }
    }

    /// A click turns the page whose outer half was clicked: the half the book advances towards goes forward.
    public func action(forClickAt column: Int, row: Int, screen: Viewport) -> Action {
        if axis == .vertical { return row >= (screen.lines - 1) / 2 ? .forward : .backward }
        let rightHalf = column >= screen.columns / 2
        return rightHalf == (direction == .ltr) ? .forward : .backward
    }

    /// The keys as `?` lists them, in this book's direction.
    public var help: [(keys: String, does: String)] {
        let forward: String, backward: String
        switch (axis, direction) {
        case (.vertical, _): (forward, backward) = ("↓ j Space PageDown", "↑ k Backspace PageUp")
        case (_, .rtl): (forward, backward) = ("← h Space PageDown ↓ j", "→ l Backspace PageUp ↑ k")
        default: (forward, backward) = ("→ l Space PageDown ↓ j", "← h Backspace PageUp ↑ k")
        }
        return [
            (forward, "next spread"),
            (backward, "previous spread"),
            ("Home  End", "first / last spread"),
            ("g N Enter  :N Enter", "go to page N"),
            ("G", "last page"),
            ("t", "table of contents (arrows, Enter jumps)"),
            ("Tab", "overview of spreads (arrows, Enter opens)"),
            ("/ text Enter", "search forward; n next, N previous match"),
            ("o", "portrait ↔ landscape (keeps the current page)"),
            ("d", "single- ↔ double-sided"),
            ("b", "bidi: logical ↔ visual order of right-to-left lines"),
            ("mouse", "wheel turns pages; click the outer half of a page"),
            ("?", "this help"),
            ("q", "quit (the place is remembered)"),
        ]
    }
}
