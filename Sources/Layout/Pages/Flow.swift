import BookModel

/// Page flow, the outermost phase: a document's chapters are laid out into flow lines (blocks, then paragraphs)
/// and cut into pages (CutPages.swift), chapter by chapter or, in continuous layout, run by run. Chapters share
/// no state, so they are laid out in parallel; pages are numbered afterwards, so threads never change a page.

/// A chapter set into lines, before it is cut into pages.
struct ChapterFlow {
    var lines: [FlowLine] = []
    var writingMode: WritingMode = .horizontalTB
    var direction: Direction = .ltr
    var language: String?
    var needs = ChapterNeeds()
    /// The chapter's footnotes, set at full width, for the foot of its pages (`--notes page`).
    var footnotes: [FootnoteFlow] = []
    /// The rules over a page's notes (plain, then "(cont.)"), set in this chapter's writing mode.
    var noteRules: [Line] = []
}

/// Sets a document into pages, whatever the page size: `layOut` also says when the page is too small.
/// `baseDirection` is as in `layOut`.
public func paginate(_ document: Document, options: LayoutOptions = LayoutOptions(),
                     baseDirection: Direction? = nil) -> [Page] {
    layOut(document, options: options, baseDirection: baseDirection).pages
}

/// Sets a document into pages. Chapters are laid out and cut into pages independently (in parallel when
/// `options.concurrent`); pages are numbered in order afterwards, so the result never depends on threads. What
/// the chapters need of the page comes from the same layout (`ChapterNeeds`): no second pass over the text.
///
/// `baseDirection` is the direction of a chapter that states none (`Chapter.direction`): its paragraphs'
/// fallback when their text has no strong character, and its pages' direction. Nil: each page takes the
/// direction of its chapter's first line of text (ltr when there is none). Layout never guesses it from the
/// page progression (DESIGN.md §1 keeps the two independent); a caller that wants that says so here.
///
/// Notes are placed first, for the whole book (`planNotes`): a note moves to the chapter that refers to it.
public func layOut(_ document: Document, options: LayoutOptions = LayoutOptions(),
                   baseDirection: Direction? = nil) -> LayoutResult {
    let (document, footnotes) = planNotes(document, placement: options.notes)
    let chapters = document.chapters
    let groups = flowGroups(document, options: options)
    var results: [[Page]]
    var needs: [ChapterNeeds]
    if options.concurrent && groups.count > 1 {
        // Each group is laid out and cut where it is read: no barrier between the two, no flows kept for long.
        // Longest first, so no thread is left alone with a long chapter at the end.
        let order = largestFirst(groups.map { $0.reduce(0) { $0 + textLength(of: chapters[$1]) } })
        let laidOut = orderedConcurrentMap(count: groups.count, schedule: order) { g in
            let flows = groups[g].map {
                layoutChapter(at: $0, of: document, options: options, baseDirection: baseDirection,
                              footnotes: footnotes.isEmpty ? [] : footnotes[$0])
            }
            var need = ChapterNeeds()
            for flow in flows { need.merge(flow.needs) }
            return (pages: cutPages(flows, chapters: groups[g], of: document, options: options), needs: need)
        }
        results = laidOut.map(\.pages)
        needs = laidOut.map(\.needs)
    } else {
        var flows = orderedConcurrentMap(count: chapters.count, concurrent: options.concurrent) {
            layoutChapter(at: $0, of: document, options: options, baseDirection: baseDirection,
                              footnotes: footnotes.isEmpty ? [] : footnotes[$0])
        }
        results = []
        needs = []
        for members in groups {
            var taken: [ChapterFlow] = []
            var need = ChapterNeeds()
            for c in members {
                need.merge(flows[c].needs)
                taken.append(flows[c])
                flows[c] = ChapterFlow()
            }
            results.append(cutPages(taken, chapters: members, of: document, options: options))
            needs.append(need)
        }
    }
    var pages: [Page] = []
    pages.reserveCapacity(results.reduce(0) { $0 + $1.count })
    for group in results { pages.append(contentsOf: group) }
    for i in pages.indices { pages[i].number = i + 1 }
    addRunningHeads(&pages, of: document, options: options)
    var need = ChapterNeeds()
    for n in needs { need.merge(n) }
    return LayoutResult(pages: pages, problem: need.problem(for: options.pageSize))
}

/// About how much text a chapter holds, from its blocks' source offsets: no walk over its text.
func textLength(of chapter: Chapter) -> Int {
    guard let first = chapter.blocks.first, let last = chapter.blocks.last else { return 0 }
    return max(0, last.location.offset - first.location.offset) + chapter.blocks.count
}

/// Runs of chapters that flow into the same pages: each chapter alone, or in continuous layout every run of
/// chapters in one writing mode.
func flowGroups(_ document: Document, options: LayoutOptions) -> [[Int]] {
    var groups: [[Int]] = []
    var mode: WritingMode?
    for (index, chapter) in document.chapters.enumerated() {
        let chapterMode = WritingModes.chapter(chapter, of: document.metadata, override: options.writingMode)
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
func layoutChapter(at index: Int, of document: Document, options: LayoutOptions,
                   baseDirection: Direction?, footnotes: [Footnote] = []) -> ChapterFlow {
    let chapter = document.chapters[index]
    var flow = ChapterFlow()
    flow.writingMode = WritingModes.chapter(chapter, of: document.metadata, override: options.writingMode)
    flow.language = chapter.language ?? document.metadata.language
    let vertical = flow.writingMode == .verticalRL
    let context = LayoutContext(options: options, vertical: vertical)
    let inlineSize = options.pageSize.inlineSize(flow.writingMode)
    let fallback = chapter.direction ?? baseDirection ?? .ltr
    var out: [FlowLine] = []
    // Room for every line at once: growing by doubling copied each (large) FlowLine about twice. Lines of full
    // width, plus a separator and a short last line per block; a guess, so the array may still grow.
    out.reserveCapacity(roughCharacterCount(chapter.blocks) / max(1, inlineSize) + chapter.blocks.count * 2 + 16)
    context.layoutBlocks(chapter.blocks, env: BlockEnv(width: inlineSize, language: flow.language, direction: fallback),
                         separated: true, out: &out)
    flow.lines = tidy(consume out)
    if !footnotes.isEmpty {
        setFootnotes(footnotes, of: &flow, context: context,
                     env: BlockEnv(width: inlineSize, language: flow.language, direction: fallback))
    }
    flow.needs = ChapterNeeds(widestOverflow: vertical ? 0 : context.overflowWidest,
                              verticalColumns: vertical && !flow.lines.isEmpty)
    flow.direction = chapter.direction ?? baseDirection
        ?? flow.lines.first(where: { $0.line.role != .blank && $0.start >= 0 })?.line.direction ?? .ltr
    return flow
}

/// About how many characters `blocks` hold, for a capacity guess: the span of their source offsets (each block
/// starts where the one before it ends) plus the last block's own count. The last block of a file that is not the
/// chapter's last one is left out. Counting every inline instead cost War and Peace 11 M instructions (issue 19).
func roughCharacterCount(_ blocks: [Block]) -> Int {
    guard let first = blocks.first, let last = blocks.last else { return 0 }
    var total = 0, runStart = first.location.offset, previous = runStart
    for block in blocks.dropFirst() {
        let offset = block.location.offset
        // Offsets start again in each file of a chapter.
        if offset < previous {
            total += previous - runStart
            runStart = offset
        }
        previous = offset
    }
    return total + previous - runStart + roughCount(last)
}

/// At least the characters of a block, for `roughCharacterCount`: a paragraph's or heading's UTF-8 bytes, read
/// from its strings' counts. Counting its characters went over every byte (47 M instructions of the Mahabharata,
/// whose chapters end in one long block; issue 19); the bytes overstate text outside ASCII, which only makes room.
private func roughCount(_ block: Block) -> Int {
    switch block.kind {
    case .heading(_, let inlines), .paragraph(let inlines):
        var bytes = 0
        for inline in inlines {
            switch inline {
            case .text(let text, _): bytes += text.utf8.count
            case .ruby(let base, _): bytes += base.utf8.count
            case .lineBreak, .pageBreak: break
            }
        }
        return bytes
    default:
        return block.characterCount
    }
}
