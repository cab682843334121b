import Foundation
import Quire
import Renderers

extension ViewerSession {
    /// What the screen shows now.
    public func picture() -> Picture {
        if let problem { return Picture(rows: wrap(problem), status: "q quits") }
        switch mode {
        case .help: return helpPicture()
        case .overview(let overview): return overview.picture()
        case .contents(let contents): return contents.picture()
        case .reading, .prompt: return readingPicture()
        }
    }

    /// The current spread drawn as the text output draws it (frames, spine, folios), centred on the screen, the
    /// search match in reverse video, and the status line.
    func readingPicture() -> Picture {
        let height = max(0, screen.lines - 1)
        var picture = Picture(status: statusLine())
        guard let spread = navigator.current else {
            picture.rows = wrap("The book has no pages.")
            return picture
        }
        let drawn = TextSpreads(ambiguousWide: settings.layout.ambiguousWide, bidi: bidi)
            .render(spread, in: navigator.result, size: pageSize)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rows = drawn.last == "" ? Array(drawn.dropLast()) : drawn
        let indent = max(0, (screen.columns - spreadWidth(spread)) / 2)
        let pad = String(repeating: " ", count: indent)
        picture.rows = rows.prefix(height).map { Cells.clip(pad + $0, to: screen.columns) }
        while picture.rows.count < height { picture.rows.append("") }
        if let match = search?.match, spread.contains(page: match.page) {
            picture.highlights += highlights(match, in: spread, rows: picture.rows, indent: indent)
        }
        return picture
    }

    /// The cells the spread takes across: its pages side by side, or one page when they are stacked. A lone
    /// page in landscape counts as the pair it stands in for (the text output centres it where the pair would be).
    func spreadWidth(_ spread: Spread) -> Int {
        let layout = navigator.result.layout
        let across = layout.axis == .vertical ? 1 : (layout.orientation == .landscape ? max(2, spread.slots.count) : spread.slots.count)
        return across * Decorations.text.width(of: pageSize) + max(0, across - 1) * layout.gap
    }

    /// The match's cells. A horizontal line is found on the row it is drawn on, within its page's cells; a
    /// vertical-rl line is a column two cells wide (the first at the right), one character a row.
    func highlights(_ match: Search.Match, in spread: Spread, rows: [String], indent: Int) -> [Highlight] {
        guard let query = search?.query, let slotIndex = spread.slots.firstIndex(where: { $0.page == match.page }) else {
            return []
        }
        let page = navigator.result.pages[match.page - 1]
        let layout = navigator.result.layout
        let frame = Decorations.text
        let pageWidth = frame.width(of: pageSize), pageHeight = frame.height(of: pageSize)
        let count = spread.slots.count
        let lone = count == 1 && layout.orientation == .landscape ? (pageSize.columns + 2 + layout.gap) / 2 : 0
        let sideBySide = layout.axis == .horizontal || count == 1
        let left = indent + lone + (sideBySide ? slotIndex * (pageWidth + layout.gap) : 0)
        let top = sideBySide ? 0 : slotIndex * (pageHeight + layout.gap)
        let line = page.lines[match.line]
        if page.writingMode == .verticalRL {
            let columns = pageSize.blockSize(.verticalRL)
            let spare = max(0, pageSize.columns - verticalColumnCells * columns)
            let x = left + frame.frameWidth + spare + (columns - 1 - match.line) * verticalColumnCells
            let lead = line.offset(inInlineSize: pageSize.lines, vertical: true)
            let first = top + frame.frameHeight + lead + match.start
            return (first..<(first + query.count)).filter { $0 < rows.count }
                .map { Highlight(row: $0, columns: x..<(x + verticalColumnCells)) }
        }
        let row = top + frame.frameHeight + match.line
        guard row < rows.count else { return [] }
        let cells = Cells.slice(rows[row], from: left, width: pageWidth)
        // The n-th occurrence on the line, as the search counted them.
        let prefix = String(line.text.prefix(match.start))
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        var occurrence = 0, searchRange = prefix.startIndex..<prefix.endIndex
        while let range = prefix.range(of: query, options: options, range: searchRange) {
            occurrence += 1
            searchRange = range.upperBound..<prefix.endIndex
        }
        var range = cells.startIndex..<cells.endIndex
        var found: Range<String.Index>?
        for _ in 0...occurrence {
            guard let next = cells.range(of: query, options: options, range: range) else { return [] }
            found = next
            range = next.upperBound..<cells.endIndex
        }
        guard let found else { return [] }
        let start = left + Cells.width(String(cells[..<found.lowerBound]))
        return [Highlight(row: row, columns: start..<(start + Cells.width(String(cells[found]))))]
    }

    /// Title · chapter on the left; print page, page n of N and the percentage on the right. A prompt or a
    /// message takes the line while it is up.
    func statusLine() -> String {
        if case .prompt(let prompt, let text) = mode {
            return (prompt == .page ? "Go to page: " : "/") + text
        }
        let pages = navigator.result.pages
        var right: [String] = []
        if let spread = navigator.current, let first = spread.pages.first {
            if let label = printLabel(at: first) { right.append("p. \(label)") }
            let shown = spread.pages.filter { pages[$0 - 1].kind == .content || spread.pages.count == 1 }
            if let total = pageCount, let low = shown.first, let high = shown.last {
                right.append("page \(low == high ? "\(low)" : "\(low)–\(high)") of \(total)")
                right.append("\(100 * high / max(1, total))%")
            } else {
                right.append("page ? of ? (reading the book…)")
            }
        }
        if let message { right = [message] }
        let title = book.document.metadata.title ?? "Untitled"
        var left = title
        if let chapter = currentChapterTitle, Self.folded(chapter) != Self.folded(title) { left += " · " + chapter }
        let rightText = right.joined(separator: " · ")
        let room = screen.columns - Cells.width(rightText) - 2
        var leftText = room > 3 ? Cells.clip(left, to: room) : ""
        // A separator the clip left at the end says nothing.
        while leftText.hasSuffix(" ") || leftText.hasSuffix("·") { leftText.removeLast() }
        let gap = max(1, screen.columns - Cells.width(leftText) - Cells.width(rightText))
        return Cells.clip(leftText + String(repeating: " ", count: gap) + rightText, to: screen.columns)
    }

    /// A title as compared with another: case and typographic quotes do not make a chapter title differ from
    /// the book's ("Keeper's" in the metadata, "Keeper’s" in the heading).
    static func folded(_ title: String) -> String {
        title.lowercased().replacingOccurrences(of: "’", with: "'").replacingOccurrences(of: "‘", with: "'")
            .replacingOccurrences(of: "“", with: "\"").replacingOccurrences(of: "”", with: "\"")
    }

    var currentChapterTitle: String? {
        guard let first = navigator.currentPage else { return nil }
        let page = navigator.result.pages[first - 1]
        return chapterTitles[page.source.href] ?? page.chapterTitle
    }

    /// The print page in effect at `page`: its first page-break label, else the last one before it.
    func printLabel(at page: Int) -> String? {
        let pages = navigator.result.pages
        var index = page - 1
        while index >= 0 {
            if let label = pages[index].printPages.first { return index == page - 1 ? label : pages[index].printPages.last }
            if pages[index].startsChapter && index < page - 1 { return nil }
            index -= 1
        }
        return nil
    }

    /// The keys, in this book's direction.
    func helpPicture() -> Picture {
        let entries = keyMap.help
        let keyWidth = entries.map { Cells.width($0.keys) }.max() ?? 0
        var rows = ["Keys", ""]
        rows += entries.map { "  " + $0.keys + String(repeating: " ", count: keyWidth - Cells.width($0.keys) + 2) + $0.does }
        rows = rows.map { Cells.clip($0, to: screen.columns) }
        while rows.count < screen.lines - 1 { rows.append("") }
        return Picture(rows: Array(rows.prefix(max(0, screen.lines - 1))), status: "Any key returns to the book")
    }

    /// A message set in lines of the screen's width.
    func wrap(_ text: String) -> [String] {
        var rows: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, Cells.width(line + " " + word) > screen.columns { rows.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { rows.append(Cells.clip(line, to: screen.columns)) }
        while rows.count < screen.lines - 1 { rows.append("") }
        return Array(rows.prefix(max(0, screen.lines - 1)))
    }
}
