import Quire

/// The table of contents (`t`): the book's TOC as a list, indented by depth, each entry with the page it
/// starts on at the right edge; arrows choose, Enter jumps (issue 18).
public struct ContentsPanel: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public var title: String
        public var depth: Int
        /// The page the entry's document starts on; nil when no page holds it (a document outside the spine,
        /// or pages not known yet).
        public var page: Int?

        public init(title: String, depth: Int, page: Int?) {
            self.title = title
            self.depth = depth
            self.page = page
        }
    }

    public let entries: [Entry]
    public let screen: Viewport
    /// Index in `entries` of the chosen entry (0 when there are none).
    public var selected: Int {
        didSet {
            selected = max(0, min(entries.count - 1, selected))
            scrollToSelection()
        }
    }
    /// The first entry on the screen; moves only as far as the selection needs.
    public private(set) var top = 0

    /// Preselects where the reader is: the last entry starting on or before `current`, else the first.
    public init(entries: [Entry], current page: Int?, screen: Viewport) {
        self.entries = entries
        self.screen = screen
        let here = page.flatMap { page in entries.lastIndex { ($0.page ?? Int.max) <= page } }
        selected = here ?? 0
        scrollToSelection()
    }

    public var selectedEntry: Entry? { entries.indices.contains(selected) ? entries[selected] : nil }

    /// A list moves up and down only: `left`/`right` do nothing.
    public mutating func move(_ move: GridMove) {
        guard !entries.isEmpty else { return }
        switch move {
        case .up: selected -= 1
        case .down: selected += 1
        case .pageUp: selected -= visibleRows
        case .pageDown: selected += visibleRows
        case .home: selected = 0
        case .end: selected = entries.count - 1
        case .left, .right: break
        }
    }

    public func picture() -> Picture {
        let height = max(0, screen.lines - 1)
        var rows = [String](repeating: "", count: height)
        guard !entries.isEmpty else {
            if height > 0 { rows[0] = Cells.clip("This book has no table of contents.", to: screen.columns) }
            return Picture(rows: rows, status: Cells.clip("Contents: none · t/Esc returns", to: screen.columns))
        }
        for (row, index) in (top..<min(entries.count, top + height)).enumerated() {
            rows[row] = Self.row(entries[index], width: screen.columns)
        }
        let highlights = selected >= top && selected < top + height && screen.columns > 0
            ? [Highlight(row: selected - top, columns: 0..<screen.columns)] : []
        var status = "Contents: \(selected + 1) of \(entries.count)"
        if let page = entries[selected].page { status += " · page \(page)" }
        status += " · Enter jumps, t/Esc returns"
        return Picture(rows: rows, highlights: highlights, status: Cells.clip(status, to: screen.columns))
    }

    /// `  Title ........ 12`: two cells of indent a level (at most half the width), the title cut with an
    /// ellipsis where the number needs the room, dot leaders, the number (or `?`) flush right.
    static func row(_ entry: Entry, width: Int) -> String {
        let number = entry.page.map(String.init) ?? "?"
        let indent = min(2 * max(0, entry.depth), width / 2)
        let room = width - indent - number.count - 1
        guard room > 0 else {
            return Cells.clip(String(repeating: " ", count: max(0, width - number.count)) + number, to: width)
        }
        var title = entry.title.isEmpty ? "—" : entry.title
        if Cells.width(title) > room { title = Cells.clip(title, to: room - 1) + "…" }
        let fill = room - Cells.width(title)
        let leader = fill >= 4
            ? " " + String(repeating: ".", count: fill - 2) + " " : String(repeating: " ", count: fill)
        return String(repeating: " ", count: indent) + title + leader + " " + number
    }

    private var visibleRows: Int { max(1, screen.lines - 1) }

    private mutating func scrollToSelection() {
        if selected < top { top = selected }
        if selected >= top + visibleRows { top = selected - visibleRows + 1 }
    }
}

extension ContentsPanel {
    /// The book's TOC flattened in order, each entry given the first page of the document it names.
    ///
    /// A TOC href is a container path with an optional `#fragment` (resolved by the reader as page sources
    /// are, `Navigation.resolveKeepingFragment`); pages record the document they come from (`PageSource.href`,
    /// bounded by `pageHref`). Fragments cannot be followed to a page (blocks keep no ids), with one exception:
    /// when a document was split into as many chapters as the TOC names it (a Markdown file cut at its headings,
    /// whose TOC is one entry per chapter in order), the k-th entry goes to the k-th chapter. Otherwise every
    /// entry naming a document goes to the document's first page.
    public static func entries(toc: [TOCEntry], pages: [Page]) -> [Entry] {
        // Each document's chapters (told apart by spine index), with the first page of each, in page order.
        var starts: [String: [(spine: Int, page: Int)]] = [:]
        for page in pages where page.kind == .content {
            for source in [page.source] + page.additionalSources
            where !(starts[source.href]?.contains { $0.spine == source.spine } ?? false) {
                starts[source.href, default: []].append((source.spine, page.number))
            }
        }
        var flat: [(entry: TOCEntry, depth: Int, document: String?)] = []
        func walk(_ entries: [TOCEntry], depth: Int) {
            for entry in entries {
                flat.append((entry, depth, document(entry.href, in: starts)))
                walk(entry.children, depth: depth + 1)
            }
        }
        walk(toc, depth: 0)
        var named: [String: Int] = [:]
        for item in flat { if let document = item.document { named[document, default: 0] += 1 } }
        var seen: [String: Int] = [:]
        return flat.map { item in
            guard let document = item.document, let chapters = starts[document] else {
                return Entry(title: item.entry.title, depth: item.depth, page: nil)
            }
            let k = seen[document, default: 0]
            seen[document] = k + 1
            let page = chapters.count > 1 && chapters.count == named[document] ? chapters[k].page : chapters[0].page
            return Entry(title: item.entry.title, depth: item.depth, page: page)
        }
    }

    /// The page-source href of the document `href` names, tried as written and percent-decoded; nil for an
    /// entry that names no document on any page (an empty href heading a group, a file outside the spine).
    private static func document(_ href: String, in starts: [String: [(spine: Int, page: Int)]]) -> String? {
        let path = String(href.prefix { $0 != "#" })
        guard !path.isEmpty else { return nil }
        for candidate in [path, percentDecoded(path)].compactMap({ $0 }).map(pageHref) where starts[candidate] != nil {
            return candidate
        }
        return nil
    }

    /// `%XX` escapes decoded as UTF-8; nil when there are none or they do not make UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        guard text.contains("%") else { return nil }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
