import BookModel

/// Page cutting: a group of chapters' flow lines become pages of `PageSize.blockSize` lines. A page ends after
/// the last line not kept with the next (keeps come from Tidy.swift; when every line is kept, between blocks and
/// never inside an image box), lines that look empty are dropped where a page begins or ends, and each page records
/// its source ranges, page-break labels and chapter start.

/// Cuts a group of chapter flows (`chapters` gives their indexes) into pages numbered from 1: a page breaks after
/// the last line that is not kept with the next or, when every line is kept, outside an image box or where full.
func cutPages(_ flows: consuming [ChapterFlow], chapters members: [Int], of document: Document,
              options: LayoutOptions) -> [Page] {
    var stream = FlowStream(copy flows, members: members, chapters: document.chapters)
    guard stream.first >= 0 else { return itemPage(flows, chapters: members, of: document, options: options) }
    flows = flows.map { var flow = $0; flow.lines = []; flow.footnotes = []; return flow }
    let mode = flows[stream.first].writingMode
    let size = options.pageSize
    let capacity = textAreaLines(options, mode: mode)
    // What every page repeats, bounded once per chapter (see PageStrings.swift).
    let titles = members.map { c in
        document.chapters[c].title.map { runningTitle($0, columns: size.columns, ambiguousWide: options.ambiguousWide) }
    }
    var pages: [Page] = []
    var pos = 0
    let count = stream.lines.count
    var notes = FootnoteCutter(notes: stream.footnotes, rules: flows.first { !$0.noteRules.isEmpty }?.noteRules ?? [])
    while pos < count {
        // The side a forced break asks for, from the lines that start the page (the first may look empty).
        var side: PageBreak?
        while pos < count && looksEmpty(stream.lines[pos]) {
            side = side ?? stream.lines[pos].pageBreak
            stream.drop(pos)
            pos += 1
        }
        if pos >= count { break }
        side = side ?? stream.lines[pos].pageBreak
        let header = repeatedHeader(before: stream.lines[pos], capacity: capacity)
        let room = notes.isEmpty ? capacity - header.count
            : notes.bodyCapacity(stream.lines, from: pos, capacity: capacity - header.count)
        let end = stream.pageEnd(from: pos, capacity: room)
        var last = end
        while last > pos && looksEmpty(stream.lines[last - 1]) { last -= 1 }
        let m = Int(stream.owner[pos])
        let referred = notes.isEmpty ? [] : stream.lines[pos..<last].flatMap(\.notes)
        var page = stream.take(pos..<last)
        if !header.isEmpty { page.lines = header + page.lines }
        let placed = notes.isEmpty ? [] : notes.finish(&page.lines, referred: referred, capacity: capacity,
                                                       direction: flows[m].direction)
        pages.append(Page(number: pages.count + 1, kind: .content, chapterTitle: titles[m],
                          chapterIndex: members[m], startsChapter: page.starts != nil,
                          pageSpread: page.starts.map { document.chapters[$0].pageSpread } ?? nil,
                          source: page.sources[0], additionalSources: Array(page.sources.dropFirst()),
                          printPages: page.labels, lines: page.lines, size: size, writingMode: mode,
                          direction: flows[m].direction, language: pageLanguage(flows[m].language),
                          breakSide: side == .page ? nil : side))
        pages[pages.count - 1].notes = placed
        for i in last..<end { stream.drop(i) }
        pos = end
    }
    // Notes still running after the last line of text go on pages of their own.
    while notes.hasCarried, var page = pages.last {
        page.number = pages.count + 1
        page.lines = []
        page.notes = notes.finish(&page.lines, referred: [], capacity: capacity, direction: page.direction)
        page.startsChapter = false
        page.pageSpread = nil
        page.breakSide = nil
        page.printPages = []
        page.source.start = page.source.end
        page.additionalSources = []
        if page.notes.isEmpty { break }
        pages.append(page)
    }
    if !stream.pendingLabels.isEmpty, !pages.isEmpty { pages[pages.count - 1].printPages += stream.pendingLabels }
    if pages.isEmpty { return itemPage(flows, chapters: members, of: document, options: options) }
    return pages
}

/// A group's lines in order, a blank between chapters, with what page cutting tracks as it takes them.
private struct FlowStream {
    var lines: [FlowLine] = []
    /// Each line's chapter (its position in `members`).
    var owner: [Int32] = []
    /// The first line of each chapter.
    var opens: [Bool] = []
    /// The first member with lines, -1 when none has.
    var first = -1
    let members: [Int]
    let chapters: [Chapter]
    /// The chapter hrefs pages name, bounded once per chapter (see PageStrings.swift).
    let hrefs: [String]
    /// How far each member's source has been placed on pages.
    var cursor: [Int]
    /// Lines that look empty (blank separators, white space alone) are dropped where a page begins or ends, so
    /// no page looks blank; the page-break labels and chapter starts they carry go to the next page.
    var pendingLabels: [String] = []
    var pendingStart: Int?
    /// The footnotes of every member, in order; `FlowLine.notes` indexes them.
    var footnotes: [FootnoteFlow] = []

    /// One chapter's lines are moved, not copied (the caller then empties the flows).
    init(_ flows: [ChapterFlow], members: [Int], chapters: [Chapter]) {
        self.members = members
        self.chapters = chapters
        hrefs = members.map { pageHref(chapters[$0].href) }
        cursor = members.map { chapters[$0].blocks.first?.location.offset ?? 0 }
        for (m, flow) in flows.enumerated() where !flow.lines.isEmpty {
            if first < 0 {
                first = m
            } else {
                lines.append(.blank(direction: flow.direction))
                owner.append(Int32(m))
                opens.append(false)
            }
            let start = lines.count
            if lines.isEmpty { lines = flow.lines } else { lines.append(contentsOf: flow.lines) }
            if !flow.footnotes.isEmpty {
                let base = Int32(footnotes.count)
                footnotes += flow.footnotes
                if base > 0 {
                    for i in start..<lines.count where !lines[i].notes.isEmpty { lines[i].notes = lines[i].notes.map { $0 + base } }
                }
            }
            owner += repeatElement(Int32(m), count: flow.lines.count)
            opens += repeatElement(false, count: flow.lines.count)
            opens[start] = true
        }
    }

    /// Line `i` is not shown: what it carries goes to the next page.
    mutating func drop(_ i: Int) {
        pendingLabels += lines[i].labels
        if opens[i], pendingStart == nil { pendingStart = members[Int(owner[i])] }
    }

    /// Where a page starting at `pos` ends: after the last line not kept with the next; when all are, at the last
    /// blank line between blocks, or after the last line outside an image box, or full.
    func pageEnd(from pos: Int, capacity: Int) -> Int {
        let limit = min(pos + capacity, lines.count)
        // A page the book forces ends the page before it, whatever keeps say (CSS Fragmentation 3 §3.1: forced
        // breaks win over `avoid`).
        if pos + 1 < limit, let forced = lines[(pos + 1)..<limit].firstIndex(where: { $0.pageBreak != nil }) { return forced }
        var end = limit
        if limit < lines.count {
            var b = limit - 1
            while b >= pos && lines[b].keep { b -= 1 }
            if b >= pos { return b + 1 }
            // Every line is kept with the next (a heading before a page-tall image): the keeps give way, a box does
            // not (CSS Fragmentation 3 §4.4). The page ends at the last blank line between blocks, so no paragraph
            // or caption is cut, else after the last line outside an image box.
            var within = -1
            for b in stride(from: limit - 1, through: pos, by: -1) where !lines[b].unbreakable {
                if lines[b].collapsible || lines[b + 1].collapsible { return b + 1 }
                if within < 0 { within = b }
            }
            if within >= 0 { end = within + 1 }
        }
        return end
    }

    /// Takes the lines of `range` for a page, with their source ranges, labels and the chapter that starts there.
    mutating func take(_ range: Range<Int>) -> (lines: [Line], sources: [PageSource], labels: [String], starts: Int?) {
        var sources: [PageSource] = []
        var labels = pendingLabels
        var starts = pendingStart
        pendingLabels = []
        pendingStart = nil
        for i in range {
            let c = Int(owner[i])
            if opens[i], starts == nil { starts = members[c] }
            if i == range.lowerBound || Int(owner[i - 1]) != c {
                let spine = chapters[members[c]].spineIndex
                sources.append(PageSource(spine: spine, href: hrefs[c], start: cursor[c], end: cursor[c]))
            }
            let (start, end) = (lines[i].start, lines[i].end)
            if start >= 0 {
                if sources[sources.count - 1].start == cursor[c] && sources[sources.count - 1].end == cursor[c] {
                    sources[sources.count - 1].start = start
                }
                sources[sources.count - 1].end = max(sources[sources.count - 1].end, end)
                cursor[c] = max(cursor[c], end)
            }
            if !lines[i].labels.isEmpty { labels += lines[i].labels }
        }
        // The lines are moved into the page, each leaving an empty line (a few stores) in its place: page cutting
        // never reads a line it has taken. Copying them retained every field, and the stream's end released them
        // again; `append` of a moved line still copied it, so they go straight into the page's storage.
        let lineOffset = MemoryLayout<FlowLine>.offset(of: \FlowLine.line)!
        let taken = [Line](unsafeUninitializedCapacity: range.count) { page, made in
            lines.withUnsafeMutableBufferPointer { stream in
                for (k, i) in range.enumerated() {
                    let slot = (UnsafeMutableRawPointer(stream.baseAddress! + i) + lineOffset)
                        .assumingMemoryBound(to: Line.self)
                    (page.baseAddress! + k).moveInitialize(from: slot, count: 1)
                    slot.initialize(to: Line(text: "", width: 0))
                }
            }
            made = range.count
        }
        return (taken, sources, labels, starts)
    }
}

/// The page of a fixed-layout spine item that shows nothing (an intentionally blank page): a content page of the
/// item, with no lines and an empty source range at its start. Nothing for a reflowable chapter.
func itemPage(_ flows: [ChapterFlow], chapters members: [Int], of document: Document, options: LayoutOptions) -> [Page] {
    guard document.metadata.layout == .prePaginated, let c = members.first, let flow = flows.first else { return [] }
    let chapter = document.chapters[c]
    let offset = chapter.blocks.first?.location.offset ?? 0
    return [Page(number: 1, kind: .content,
                 chapterTitle: chapter.title.map { runningTitle($0, columns: options.pageSize.columns, ambiguousWide: options.ambiguousWide) },
                 chapterIndex: c, startsChapter: true, pageSpread: chapter.pageSpread,
                 source: PageSource(spine: chapter.spineIndex, href: pageHref(chapter.href), start: offset, end: offset),
                 size: options.pageSize, writingMode: flow.writingMode,
                 direction: flow.direction,
                 language: pageLanguage(flow.language))]
}

/// A line that would look blank on a page: a separating blank line, or nothing but white space (U+00A0 and
/// U+3000 included) and invisible characters. Checked only where a page begins or ends; mostly one character.
func looksEmpty(_ flow: FlowLine) -> Bool {
    if flow.collapsible { return true }
    if !flow.line.rubies.isEmpty { return false }
    for scalar in flow.line.text.unicodeScalars {
        if scalar.value < 0x80 {
            if scalar.value > 0x20 && scalar.value != 0x7F { return false }
            continue
        }
        let properties = scalar.properties
        if !(properties.isWhitespace || properties.generalCategory == .control || properties.generalCategory == .format
             || properties.isDefaultIgnorableCodePoint) {
            return false
        }
    }
    return true
}
