import Foundation
import Quire

/// What the terminal loop does after a key.
public enum Outcome: Sendable, Hashable {
    case nothing
    case redraw
    /// A page turn, drawn with the page animation.
    case turned(forward: Bool)
    /// The key needs the whole book (a page number, the last page, a search past the first document): the loop
    /// waits for the background read, then gives the key again.
    case needsWholeBook
    case quit
}

extension ViewerSession {
    public var keyMap: KeyMap {
        KeyMap(direction: navigator.result.layout.direction, axis: navigator.result.layout.axis)
    }

    /// Handles one key in the current mode.
    public mutating func handle(_ key: Key) -> Outcome {
        defer { settleAnchor() }
        return handleInMode(key)
    }

    mutating func handleInMode(_ key: Key) -> Outcome {
        message = nil
        switch mode {
        case .help:
            if key == .character("q") { return .quit }
            mode = .reading
            return .redraw
        case .prompt(let prompt, let text):
            return handle(key, typing: text, for: prompt)
        case .overview(let overview):
            return handle(key, in: overview)
        case .contents(let contents):
            return handle(key, in: contents)
        case .reading:
            if case .click(let column, let row) = key {
                return perform(keyMap.action(forClickAt: column, row: row, screen: screen))
            }
            guard let action = keyMap.action(for: key) else { return .nothing }
            return perform(action)
        }
    }

    /// Does what an action of the paged view asks.
    mutating func perform(_ action: Action) -> Outcome {
        switch action {
        case .forward:
            if navigator.next() != nil { return .turned(forward: true) }
            return complete ? .nothing : .needsWholeBook
        case .backward:
            if navigator.previous() != nil { return .turned(forward: false) }
            return complete ? .nothing : .needsWholeBook
        case .first:
            guard complete else { return .needsWholeBook }
            navigator.go(to: 1)
            return .redraw
        case .last, .lastPage:
            guard complete else { return .needsWholeBook }
            navigator.go(to: navigator.pageCount)
            return .redraw
        case .goToPrompt:
            mode = .prompt(.page, "")
            return .redraw
        case .search:
            mode = .prompt(.search, "")
            return .redraw
        case .nextMatch, .previousMatch:
            guard let query = search?.query else {
                message = "No search yet: / starts one"
                return .redraw
            }
            return find(query, forward: action == .nextMatch)
        case .rotate:
            let now = navigator.result.layout.orientation
            let next: Orientation = now == .landscape ? .portrait : .landscape
            orientationOverride = next
            if settings.pageSize != nil {
                // A fixed page size: the same pages regrouped, exactly as a rotated device realigns (DESIGN.md §1).
                navigator.rotate(to: next)
                showAnchor()
            } else {
                // Pages sized to the terminal: two pages take half its width each, so the book is set again.
                repaginate(at: place)
            }
            return .redraw
        case .toggleSides:
            var options = navigator.options
            let now = navigator.result.layout.doubleSided
            options.doubleSided = !now
            // A mid spine is a bound book, which is double-sided: one-sided pages go around no spine.
            if now && navigator.result.layout.spine == .mid { options.spine = nil }
            doubleSidedOverride = !now
            navigator.rearrange(options)
            showAnchor()
            message = !now ? "double-sided" : "single-sided"
            return .redraw
        case .toggleBidi:
            bidi = bidi == .logical ? .visual : .logical
            message = bidi == .logical ? "bidi: logical order (for terminals that reorder right-to-left text)"
                : "bidi: visual order (for terminals that do not reorder right-to-left text)"
            return .redraw
        case .help:
            mode = .help
            return .redraw
        case .contents, .overview:
            return openPanel(action)
        case .quit:
            return .quit
        }
    }

    /// A key while a prompt is typed on the status line: Enter runs it, Escape cancels, Backspace edits.
    mutating func handle(_ key: Key, typing text: String, for prompt: Prompt) -> Outcome {
        switch key {
        case .escape:
            mode = .reading
        case .backspace:
            if text.isEmpty { mode = .reading } else { mode = .prompt(prompt, String(text.dropLast())) }
        case .enter:
            mode = .reading
            switch prompt {
            case .page:
                guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
                    if !text.isEmpty { message = "Not a page number: \(text)" }
                    return .redraw
                }
                guard complete else {
                    mode = .prompt(prompt, text)
                    return .needsWholeBook
                }
                let landing = jump(to: number)
                if landing.clamped, let page = landing.page { message = "The book has \(navigator.pageCount) pages; showing page \(page)" }
            case .search:
                guard !text.isEmpty else { return .redraw }
                search = Search(query: text, match: nil)
                let outcome = find(text, forward: true)
                if outcome == .needsWholeBook { mode = .prompt(prompt, text) }
                return outcome
            }
        case .character(let c):
            if prompt == .page, !(c.isNumber || c == " ") { return .nothing }
            mode = .prompt(prompt, text + String(c))
        default:
            return .nothing
        }
        return .redraw
    }
}
