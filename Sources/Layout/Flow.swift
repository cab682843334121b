import BookModel
import Dispatch

/// A chapter set into lines, before it is cut into pages.
struct ChapterFlow {
    var lines: [FlowLine] = []
    var writingMode: WritingMode = .horizontalTB
    var direction: Direction = .ltr
    var language: String?
}

/// Sets a document into pages. Chapters are laid out independently (in parallel when
/// `options.concurrent`), then cut into pages and numbered in order, so the result never depends on threads.
public func paginate(_ document: Document, options: LayoutOptions = LayoutOptions()) -> [Page] {
    let chapters = document.chapters
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
    return makePages(document, flows: flows, options: options)
}

/// Lays out one chapter on its own (no state shared with other chapters).
func layoutChapter(at index: Int, of document: Document, options: LayoutOptions) -> ChapterFlow {
    let chapter = document.chapters[index]
    var flow = ChapterFlow()
    flow.writingMode = options.writingMode ?? chapter.writingMode ?? document.metadata.writingMode ?? .horizontalTB
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

/// Cuts the chapter flows into pages: a chapter starts a page unless continuous; a page breaks after the
/// last line that is not kept with the next, or where it is full when every line is kept.
func makePages(_ document: Document, flows: consuming [ChapterFlow], options: LayoutOptions) -> [Page] {
    var flows = flows
    var pages: [Page] = []
    var cursor = document.chapters.map { $0.blocks.first?.location.offset ?? 0 }
    var group: [Int] = []
    func flush() {
        guard !group.isEmpty else { return }
        // The group's lines in order, as (chapter, line index) with -1 for the blank between chapters:
        // the lines themselves are not copied.
        var stream: [(chapter: Int, line: Int)] = []
        var owner: [Int] = []
        var firstLine: [Int: Int] = [:]
        var separators: [Int: FlowLine] = [:]
        for c in group where !flows[c].lines.isEmpty {
            if !stream.isEmpty {
                separators[stream.count] = .blank(direction: flows[c].direction)
                stream.append((c, -1))
                owner.append(c)
            }
            firstLine[stream.count] = c
            for i in flows[c].lines.indices { stream.append((c, i)) }
            owner += [Int](repeating: c, count: flows[c].lines.count)
        }
        let members = group
        group = []
        guard !stream.isEmpty else { return }
        func line(_ k: Int) -> FlowLine {
            let (c, i) = stream[k]
            return i < 0 ? separators[k]! : flows[c].lines[i]
        }
        func collapsible(_ k: Int) -> Bool {
            let (c, i) = stream[k]
            return i < 0 ? true : flows[c].lines[i].collapsible
        }
        func keep(_ k: Int) -> Bool {
            let (c, i) = stream[k]
            return i < 0 ? separators[k]!.keep : flows[c].lines[i].keep
        }
        let first = owner[0]
        let mode = flows[first].writingMode
        let size = options.pageSize
        let capacity = mode == .verticalRL ? max(1, size.columns / 2) : size.lines
        var pos = 0
        while pos < stream.count {
            while pos < stream.count && collapsible(pos) { pos += 1 }
            if pos >= stream.count { break }
            let limit = min(pos + capacity, stream.count)
            var end = limit
            if limit < stream.count {
                var b = limit - 1
                while b >= pos && keep(b) { b -= 1 }
                if b >= pos { end = b + 1 }
            }
            var last = end
            while last > pos && collapsible(last - 1) { last -= 1 }
            let chapterIndex = owner[pos]
            let chapter = document.chapters[chapterIndex]
            var sources: [PageSource] = []
            var labels: [String] = []
            var starts: Int?
            var lines: [Line] = []
            lines.reserveCapacity(last - pos)
            for i in pos..<last {
                let c = owner[i]
                if let s = firstLine[i], starts == nil { starts = s }
                if i == pos || owner[i - 1] != c {
                    let spine = document.chapters[c]
                    sources.append(PageSource(spine: spine.spineIndex, href: spine.href, start: cursor[c], end: cursor[c]))
                }
                let flow = line(i)
                if flow.start >= 0 {
                    if sources[sources.count - 1].start == cursor[c] && sources[sources.count - 1].end == cursor[c] {
                        sources[sources.count - 1].start = flow.start
                    }
                    sources[sources.count - 1].end = max(sources[sources.count - 1].end, flow.end)
                    cursor[c] = max(cursor[c], flow.end)
                }
                labels += flow.labels
                lines.append(flow.line)
            }
            let flow = flows[chapterIndex]
            pages.append(Page(number: pages.count + 1, kind: .content, chapterTitle: chapter.title,
                              chapterIndex: chapterIndex, startsChapter: starts != nil,
                              pageSpread: starts.map { document.chapters[$0].pageSpread } ?? nil,
                              source: sources[0], additionalSources: Array(sources.dropFirst()), printPages: labels,
                              lines: lines, size: size, writingMode: mode, direction: flow.direction,
                              language: flow.language))
            pos = end
        }
        // The group is on its pages: its lines are no longer needed twice.
        for c in members { flows[c].lines = [] }
    }
    for (index, flow) in flows.enumerated() {
        if !options.continuous || (!group.isEmpty && flows[group[0]].writingMode != flow.writingMode) { flush() }
        group.append(index)
    }
    flush()
    return pages
}
