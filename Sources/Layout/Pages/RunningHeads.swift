import BookModel

/// Running heads (`--running-head chapter|title`): the first line of a content page names where the reader is,
/// as a printed book's head line does: the chapter's title (or the book's) at the start edge and, when the book
/// marks its print pages (EPUB page-list, page-break markers), the print page label at the end edge: `p. 212`.
/// A blank line follows. Page cutting leaves these two lines free (`runningHeadLines`), so the page stays exactly
/// `C × L`; this pass, run once after the pages are cut, fills them.
///
/// - The head is page furniture, not book text: the whole line is a decoration (`Line.content` is empty, so
///   conservation checks are unchanged), with its own role `.runningHead` that renderers can style.
/// - A chapter's opening page has no head, as in printed books (the chapter's own heading says it); its two
///   lines stay empty (the first still has the role, with no text), so the text starts on the same line of
///   every page and facing pages line up.
/// - Blank pages inserted for spreads come later (Spreads) and never get one.
/// - In a right-to-left page the line is rtl, so the title sits at the right and the label at the left; in
///   vertical-rl the head is the first (rightmost) column, the title at its top and the label at its foot.

/// Lines of the text area a running head takes in `mode`: the head and a blank line, when `--running-head` asks
/// for one and the page keeps at least two lines of text besides (a smaller page gets no head).
func runningHeadLines(_ options: LayoutOptions, mode: WritingMode) -> Int {
    options.runningHead != .none && options.pageSize.blockSize(mode) >= 4 ? 2 : 0
}

/// The lines of a page the book's text (and its footnotes) may take: the page less its running head.
func textAreaLines(_ options: LayoutOptions, mode: WritingMode) -> Int {
    options.pageSize.blockSize(mode) - runningHeadLines(options, mode: mode)
}

/// Puts the running head and its blank line first on every content page that was cut with room for them.
func addRunningHeads(_ pages: inout [Page], of document: Document, options: LayoutOptions) {
    guard options.runningHead != .none, !pages.isEmpty else { return }
    let marks = PrintPageMarks(document, cells: 2 * max(options.pageSize.columns, options.pageSize.lines))
    let horizontal = LayoutContext(options: options, vertical: false)
    let vertical = LayoutContext(options: options, vertical: true)
    var titles: [Int: String] = [:]
    for i in pages.indices where pages[i].kind == .content {
        let page = pages[i]
        guard runningHeadLines(options, mode: page.writingMode) > 0 else { continue }
        let blank = Line(text: "", width: 0, direction: page.direction, role: .blank)
        var head = Line(text: "", width: 0, direction: page.direction, role: .runningHead)
        if !opensChapter(page, of: document) {
            let context = page.writingMode == .verticalRL ? vertical : horizontal
            let title = titles[page.chapterIndex] ?? headTitle(document, chapter: page.chapterIndex, options: options)
            titles[page.chapterIndex] = title
            head = headLine(title: title, labels: marks.labels(on: page), page: page, context: context)
        }
        pages[i].lines.insert(contentsOf: [head, blank], at: 0)
        // The footnotes at the page's foot keep pointing at their lines.
        for n in pages[i].notes.indices { pages[i].notes[n].line += 2 }
    }
}

/// The page holds its chapter's first line at its top (in continuous layout a chapter may open lower down:
/// that page keeps the head of the chapter it starts with).
private func opensChapter(_ page: Page, of document: Document) -> Bool {
    guard page.startsChapter, page.chapterIndex < document.chapters.count else { return false }
    let first = document.chapters[page.chapterIndex].blocks.first?.location.offset ?? 0
    return page.source.start <= first || page.lines.isEmpty
}

/// The title the head repeats, bounded once per chapter (PageStrings.swift) and on one line: the chapter's
/// (`--running-head chapter`, the book's when the chapter has none) or the book's.
private func headTitle(_ document: Document, chapter: Int, options: LayoutOptions) -> String {
    let chapterTitle = chapter < document.chapters.count ? document.chapters[chapter].title : nil
    let title = options.runningHead == .chapter ? chapterTitle ?? document.metadata.title : document.metadata.title
    guard let title else { return "" }
    // Twice the page's cells bound it well above what any head can show, in cells and in bytes.
    let bound = runningTitle(title, columns: 2 * max(options.pageSize.columns, options.pageSize.lines),
                             ambiguousWide: options.ambiguousWide)
    return bound.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
}

/// The head line: the title at the start edge, shortened with "…" to leave room for the label and two cells
/// between them; the label at the end edge, in the longest form that leaves the title at least a few cells.
func headLine(title: String, labels: PrintPageLabels?, page: Page, context: LayoutContext) -> Line {
    let size = page.inlineSize
    let gap = 2
    let titleWidth = context.width(of: title)
    var text = title.isEmpty ? "" : shorten(title, to: size, context: context)
    var width = context.width(of: text)
    for label in labels?.forms ?? [] {
        let labelWidth = context.width(of: label)
        let room = size - labelWidth - gap
        guard room >= min(titleWidth, 4) else { continue }
        let shown = title.isEmpty ? "" : shorten(title, to: room, context: context)
        let spaces = size - context.width(of: shown) - labelWidth
        text = shown + String.repeated(" ", count: spaces) + label
        width = size
        break
    }
    return Line(text: text, width: width, direction: page.direction, alignment: .start, role: .runningHead,
                decorations: text.isEmpty ? [] : [0..<text.utf8.count], language: page.language)
}

/// `text` whole when it fits `room` cells (rows in a vertical column), else cut at a character boundary and
/// ended with "…" (the rule of `runningTitle`, measured as this layout measures: a row per character in
/// vertical-rl). Trailing white space before the "…" is dropped.
func shorten(_ text: String, to room: Int, context: LayoutContext) -> String {
    if context.width(of: text) <= room { return text }
    let ellipsis = "…"
    let budget = room - context.width(of: ellipsis)
    guard budget > 0 else { return "" }
    var used = 0
    var kept = Substring()
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(after: index)
        used += context.width(of: String(text[index..<next]))
        if used > budget { break }
        kept = text[text.startIndex..<next]
        index = next
    }
    while let last = kept.last, last.isWhitespace { kept.removeLast() }
    return kept.isEmpty ? "" : kept + ellipsis
}

/// The print pages a page shows: the one in effect at its top and, when others begin on it, the last of them.
struct PrintPageLabels: Equatable {
    var top: String
    var last: String?

    /// The label's forms, longest first: `pp. 211–212` (a new print page begins on the page), `p. 211`, `211`.
    var forms: [String] {
        var forms: [String] = []
        if let last { forms.append("pp. \(top)–\(last)") }
        forms += ["p. \(top)", top]
        return forms
    }
}

/// Where each print page of the source edition begins (its page-break marker: `Inline.pageBreak`), by chapter
/// and source offset, counted as page sources count them (Unicode scalars of the chapter's text). Searched by
/// bisection, so a book of many markers costs a page no more than a few comparisons.
struct PrintPageMarks {
    /// Every marker of the book, ordered by chapter, then offset.
    private var marks: [(chapter: Int, offset: Int, label: String)] = []
    /// Per chapter, its spine index (what a page's further sources name).
    private var spines: [Int] = []

    /// Labels are bounded to `cells` (PageStrings.swift): a head shows a label only when it fits the line.
    init(_ document: Document, cells: Int) {
        for (c, chapter) in document.chapters.enumerated() {
            var found: [(offset: Int, label: String)] = []
            Self.walk(chapter.blocks, into: &found)
            // Nested blocks are walked in source order; sorting makes sure of it.
            found.sort { $0.offset < $1.offset }
            marks += found.map { (c, $0.offset, runningTitle($0.label, columns: cells)) }
            spines.append(chapter.spineIndex)
        }
    }

    private static func walk(_ blocks: [Block], into found: inout [(offset: Int, label: String)]) {
        for block in blocks {
            switch block.kind {
            case .paragraph(let inlines), .heading(_, let inlines):
                var offset = block.location.offset
                for inline in inlines {
                    switch inline {
                    case .text(let text, _): offset += text.unicodeScalarCount
                    case .ruby(let base, _): offset += base.unicodeScalarCount
                    case .lineBreak: break
                    case .pageBreak(let label): found.append((offset, label))
                    }
                }
            case .list(let list): for item in list.items { walk(item.blocks, into: &found) }
            case .quote(let inner): walk(inner, into: &found)
            case .note(let note): walk(note.blocks, into: &found)
            case .table(let table):
                for row in table.rows { for cell in row.cells { walk(cell.blocks, into: &found) } }
            case .preformatted, .rule, .image: break
            }
        }
    }

    /// The labels a page shows: the last marker at or before its first character (a marker where the page
    /// begins is in effect at its top), and the last marker after that and before the page's end, when a print
    /// page begins on it. Before the book's first marker, the first print page that begins on the page, if any.
    func labels(on page: Page) -> PrintPageLabels? {
        guard !marks.isEmpty else { return nil }
        let c = page.chapterIndex
        var end = (chapter: c, offset: page.source.end)
        if let further = page.additionalSources.last,
           let k = spines.indices.first(where: { $0 > c && spines[$0] == further.spine }) {
            // Continuous layout: the page ends in a later chapter.
            end = (k, further.end)
        }
        let top = count { ($0.chapter, $0.offset) <= (c, page.source.start) }
        let last = count { ($0.chapter, $0.offset) < end }
        let first = top > 0 ? top - 1 : 0
        guard top > 0 || last > 0 else { return nil }
        let final = last - 1 > first ? marks[last - 1].label : nil
        return PrintPageLabels(top: marks[first].label, last: final == marks[first].label ? nil : final)
    }

    /// How many markers, from the first, satisfy `before` (true for a prefix of them).
    private func count(_ before: ((chapter: Int, offset: Int, label: String)) -> Bool) -> Int {
        var low = 0, high = marks.count
        while low < high {
            let middle = (low + high) / 2
            if before(marks[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
