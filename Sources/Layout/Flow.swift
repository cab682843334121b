import BookModel
import Dispatch

/// A chapter set into lines, before it is cut into pages.
struct ChapterFlow {
    var lines: [FlowLine] = []
    var writingMode: WritingMode = .horizontalTB
    var direction: Direction = .ltr
    var language: String?
    var needs = ChapterNeeds()
}

/// Sets a document into pages, whatever the page size: `layOut` also says when the page is too small.
public func paginate(_ document: Document, options: LayoutOptions = LayoutOptions()) -> [Page] {
    layOut(document, options: options).pages
}

/// Sets a document into pages. Chapters are laid out and cut into pages independently (in parallel when
/// `options.concurrent`); pages are numbered in order afterwards, so the result never depends on threads. What
/// the chapters need of the page comes from the same layout (`ChapterNeeds`): no second pass over the text.
public func layOut(_ document: Document, options: LayoutOptions = LayoutOptions()) -> LayoutResult {
    let chapters = document.chapters
    let groups = flowGroups(document, options: options)
    var results = [[Page]](repeating: [], count: groups.count)
    var needs = [ChapterNeeds](repeating: ChapterNeeds(), count: groups.count)
    if options.concurrent && groups.count > 1 {
        // Each group is laid out and cut where it is read: no barrier between the two, no flows kept for long.
        // Longest first, so no thread is left alone with a long chapter at the end.
        let order = longestFirst(groups.map { $0.reduce(0) { $0 + textLength(of: chapters[$1]) } })
        results.withUnsafeMutableBufferPointer { buffer in
            needs.withUnsafeMutableBufferPointer { needBuffer in
                nonisolated(unsafe) let results = buffer
                nonisolated(unsafe) let needs = needBuffer
                DispatchQueue.concurrentPerform(iterations: groups.count) { k in
                    let g = order[k]
                    let flows = groups[g].map { layoutChapter(at: $0, of: document, options: options) }
                    for flow in flows { needs[g].merge(flow.needs) }
                    results[g] = cutPages(flows, chapters: groups[g], of: document, options: options)
                }
            }
        }
    } else {
        var flows = [ChapterFlow](repeating: ChapterFlow(), count: chapters.count)
        if options.concurrent && chapters.count > 1 {
            flows.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let results = buffer
                DispatchQueue.concurrentPerform(iterations: chapters.count) { i in
                    results[i] = layoutChapter(at: i, of: document, options: options)
                }
            }
        } else {
            for i in chapters.indices { flows[i] = layoutChapter(at: i, of: document, options: options) }
        }
        for (g, members) in groups.enumerated() {
            var taken: [ChapterFlow] = []
            for c in members {
                needs[g].merge(flows[c].needs)
                taken.append(flows[c])
                flows[c] = ChapterFlow()
            }
            results[g] = cutPages(taken, chapters: members, of: document, options: options)
        }
    }
    var pages: [Page] = []
    pages.reserveCapacity(results.reduce(0) { $0 + $1.count })
    for group in results { pages.append(contentsOf: group) }
    for i in pages.indices { pages[i].number = i + 1 }
    var need = ChapterNeeds()
    for n in needs { need.merge(n) }
    return LayoutResult(pages: pages, problem: need.problem(for: options.pageSize))
}

/// Indexes of `weights` heaviest first (ties in index order): the order to hand out parallel work in.
func longestFirst(_ weights: [Int]) -> [Int] {
    weights.indices.sorted { weights[$0] != weights[$1] ? weights[$0] > weights[$1] : $0 < $1 }
}

/// About how much text a chapter holds, from its blocks' source offsets: no walk over its text.
func textLength(of chapter: Chapter) -> Int {
    guard let first = chapter.blocks.first, let last = chapter.blocks.last else { return 0 }
    return max(0, last.location.offset - first.location.offset) + chapter.blocks.count
}

/// The writing mode a chapter is laid out in.
func writingMode(ofChapter index: Int, of document: Document, options: LayoutOptions) -> WritingMode {
    options.writingMode ?? document.chapters[index].writingMode ?? document.metadata.writingMode ?? .horizontalTB
}

/// Runs of chapters that flow into the same pages: each chapter alone, or in continuous layout every run of
/// chapters in one writing mode.
func flowGroups(_ document: Document, options: LayoutOptions) -> [[Int]] {
    var groups: [[Int]] = []
    var mode: WritingMode?
    for index in document.chapters.indices {
        let chapterMode = writingMode(ofChapter: index, of: document, options: options)
        // A fixed-layout book is one page per spine item: its chapters never share a page.
        let fixed = document.metadata.layout == .prePaginated
        if !options.continuous || fixed || groups.isEmpty || chapterMode != mode {
            groups.append([index])
        } else {
            groups[groups.count - 1].append(index)
        }
        mode = chapterMode
    }
    return groups
}

/// Lays out one chapter on its own (no state shared with other chapters).
func layoutChapter(at index: Int, of document: Document, options: LayoutOptions) -> ChapterFlow {
    let chapter = document.chapters[index]
    var flow = ChapterFlow()
    flow.writingMode = writingMode(ofChapter: index, of: document, options: options)
    flow.language = chapter.language ?? document.metadata.language
    let vertical = flow.writingMode == .verticalRL
    let context = LayoutContext(options: options, vertical: vertical)
    let inlineSize = vertical ? options.pageSize.lines : options.pageSize.columns
    let fallback = chapter.direction ?? document.metadata.pageProgression ?? .ltr
    var out: [FlowLine] = []
    out.reserveCapacity(chapter.blocks.count * 4)
    context.layoutBlocks(chapter.blocks, env: BlockEnv(width: inlineSize, language: flow.language, direction: fallback),
                         separated: true, out: &out)
    flow.lines = tidy(consume out)
    flow.needs = ChapterNeeds(widestOverflow: vertical ? 0 : context.overflowWidest,
                              verticalColumns: vertical && !flow.lines.isEmpty)
    flow.direction = chapter.direction ?? document.metadata.pageProgression
        ?? flow.lines.first(where: { $0.line.role != .blank && $0.start >= 0 })?.line.direction ?? .ltr
    return flow
}

/// Folds label carriers into lines, drops redundant blank lines, and keeps headings with what follows.
func tidy(_ lines: consuming [FlowLine]) -> [FlowLine] {
    // Compacted in place: kept lines are swapped down to `kept`, never copied (no retains per line).
    var result = lines
    var kept = 0
    var pending: [String] = []
    for r in result.indices {
        if result[r].markerOnly {
            pending += result[r].labels
            continue
        }
        if result[r].collapsible {
            if kept == 0 || result[kept - 1].collapsible { continue }
            result.swapAt(r, kept)
            kept += 1
            continue
        }
        if !pending.isEmpty {
            result[r].labels = pending + result[r].labels
            pending = []
        }
        result.swapAt(r, kept)
        kept += 1
    }
    result.removeSubrange(kept..<result.count)
    while result.last?.collapsible == true { result.removeLast() }
    if !pending.isEmpty {
        if result.isEmpty {
            result.append(FlowLine(line: Line(text: "", width: 0, role: .blank), labels: pending))
        } else {
            result[result.count - 1].labels += pending
        }
    }
    // A heading stays with the next two lines of text (blank lines between them ride along).
    for i in result.indices {
        guard case .heading = result[i].line.role else { continue }
        result[i].keep = true
        if i + 1 < result.count, case .heading = result[i + 1].line.role { continue }
        var seen = 0
        var j = i + 1
        while j < result.count {
            if result[j].line.role != .blank {
                seen += 1
                if seen == 2 { break }
            }
            result[j].keep = true
            j += 1
        }
    }
    return result
}

/// Cuts a group of chapter flows (`chapters` gives their indexes) into pages numbered from 1: a page breaks after
/// the last line that is not kept with the next, or where it is full when every line is kept.
func cutPages(_ flows: consuming [ChapterFlow], chapters members: [Int], of document: Document,
              options: LayoutOptions) -> [Page] {
    // The group's lines in order, a blank between chapters; `owner` gives each line's chapter (position in
    // `members`) and `opens` marks the first line of each chapter. One chapter's lines are moved, not copied.
    var stream: [FlowLine] = []
    var owner: [Int32] = []
    var opens: [Bool] = []
    var first = -1
    for (m, flow) in flows.enumerated() where !flow.lines.isEmpty {
        if first < 0 {
            first = m
        } else {
            stream.append(.blank(direction: flow.direction))
            owner.append(Int32(m))
            opens.append(false)
        }
        let start = stream.count
        if stream.isEmpty { stream = flow.lines } else { stream.append(contentsOf: flow.lines) }
        owner += repeatElement(Int32(m), count: flow.lines.count)
        opens += repeatElement(false, count: flow.lines.count)
        opens[start] = true
    }
    guard first >= 0 else { return itemPage(flows, chapters: members, of: document, options: options) }
    flows = flows.map { var flow = $0; flow.lines = []; return flow }
    var cursor = members.map { document.chapters[$0].blocks.first?.location.offset ?? 0 }
    let mode = flows[first].writingMode
    let size = options.pageSize
    let capacity = mode == .verticalRL ? max(1, size.columns / 2) : size.lines
    // What every page repeats, bounded once per chapter (see PageStrings.swift).
    let titles = members.map { c in
        document.chapters[c].title.map { runningTitle($0, columns: size.columns, ambiguousWide: options.ambiguousWide) }
    }
    let hrefs = members.map { pageHref(document.chapters[$0].href) }
    var pages: [Page] = []
    var pos = 0
    // Lines that look empty (blank separators, white space alone) are dropped where a page begins or ends, so no
    // page looks blank; the page-break labels and chapter starts they carry go to the next page.
    var pendingLabels: [String] = []
    var pendingStart: Int?
    func drop(_ i: Int) {
        pendingLabels += stream[i].labels
        if opens[i], pendingStart == nil { pendingStart = members[Int(owner[i])] }
    }
    while pos < stream.count {
        while pos < stream.count && looksEmpty(stream[pos]) {
            drop(pos)
            pos += 1
        }
        if pos >= stream.count { break }
        let limit = min(pos + capacity, stream.count)
        var end = limit
        if limit < stream.count {
            var b = limit - 1
            while b >= pos && stream[b].keep { b -= 1 }
            if b >= pos { end = b + 1 }
        }
        var last = end
        while last > pos && looksEmpty(stream[last - 1]) { last -= 1 }
        let m = Int(owner[pos])
        var sources: [PageSource] = []
        var labels = pendingLabels
        var starts = pendingStart
        pendingLabels = []
        pendingStart = nil
        var lines: [Line] = []
        lines.reserveCapacity(last - pos)
        for i in pos..<last {
            let c = Int(owner[i])
            if opens[i], starts == nil { starts = members[c] }
            if i == pos || Int(owner[i - 1]) != c {
                let spine = document.chapters[members[c]].spineIndex
                sources.append(PageSource(spine: spine, href: hrefs[c], start: cursor[c], end: cursor[c]))
            }
            let (start, end) = (stream[i].start, stream[i].end)
            if start >= 0 {
                if sources[sources.count - 1].start == cursor[c] && sources[sources.count - 1].end == cursor[c] {
                    sources[sources.count - 1].start = start
                }
                sources[sources.count - 1].end = max(sources[sources.count - 1].end, end)
                cursor[c] = max(cursor[c], end)
            }
            if !stream[i].labels.isEmpty { labels += stream[i].labels }
            // Moved out of the stream: each line is read once, so no retain and release per line.
            var line = Line.placeholder
            swap(&line, &stream[i].line)
            lines.append(line)
        }
        pages.append(Page(number: pages.count + 1, kind: .content, chapterTitle: titles[m],
                          chapterIndex: members[m], startsChapter: starts != nil,
                          pageSpread: starts.map { document.chapters[$0].pageSpread } ?? nil,
                          source: sources[0], additionalSources: Array(sources.dropFirst()), printPages: labels,
                          lines: lines, size: size, writingMode: mode, direction: flows[m].direction,
                          language: pageLanguage(flows[m].language)))
        for i in last..<end { drop(i) }
        pos = end
    }
    if !pendingLabels.isEmpty, !pages.isEmpty { pages[pages.count - 1].printPages += pendingLabels }
    if pages.isEmpty { return itemPage(flows, chapters: members, of: document, options: options) }
    return pages
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
