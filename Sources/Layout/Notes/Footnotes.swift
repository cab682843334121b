import BookModel

/// Footnotes on pages (issue 17, `--notes page`), the way TeX sets insertions: a page holds the lines of its
/// text and, at its foot under a short rule, the notes first referred to on them. A reference's line and the
/// start of its note share a page: when both cannot fit, the line moves to the next page, not the note; the rest
/// of a note that does not fit continues at the foot of the next page, under a rule marked "(cont.)". Notes
/// continued from earlier pages come first and leave at least two lines to a page that has text of its own, so
/// the text always moves on; notes are never set out of order. `--notes chapter` sets the same notes at the chapter's end instead.

/// A footnote set into lines at the page's full width.
struct FootnoteFlow {
    var lines: [Line]
    var marker: String
    var key: String
}

/// Sets a chapter's footnotes (`planNotes`) into lines: kept apart for page cutting, each first referred to on
/// the line holding its reference's offset (`page`), or after the chapter's last line behind a rule (`chapter`).
func setFootnotes(_ footnotes: [Footnote], of flow: inout ChapterFlow, context: LayoutContext, env: BlockEnv) {
    let set = footnotes.map { FootnoteFlow(lines: [], marker: $0.marker, key: $0.note.key) }
    var lines = footnotes.map { context.footnoteLines($0.note, marker: $0.marker, env: env) }
    flow.noteRules = [noteRule(continued: false, context: context, env: env), noteRule(continued: true, context: context, env: env)]
    if context.options.notes == .chapter {
        // Where the book put them is another place (often another spine item): no source offsets here.
        flow.lines.append(.blank(direction: env.direction))
        flow.lines.append(FlowLine(line: flow.noteRules[0], keep: true))
        for var line in lines.joined() {
            line.start = -1
            line.end = -1
            flow.lines.append(line)
        }
        return
    }
    flow.footnotes = zip(set, lines).map { note, flowLines in
        var note = note
        note.lines = flowLines.map(\.line)
        return note
    }
    lines = []
    // References come in source order, as lines do: one walk finds the line holding each.
    var p = 0
    let count = flow.lines.count
    for (index, footnote) in footnotes.enumerated() {
        while p < count && !(flow.lines[p].start >= 0 && flow.lines[p].end > footnote.reference) { p += 1 }
        if p == count {
            // Past the last line with text (a reference the lines do not cover): the last line with text.
            guard let last = flow.lines.lastIndex(where: { $0.start >= 0 }) ?? flow.lines.indices.last else { return }
            flow.lines[last].notes.append(Int32(index))
            continue
        }
        flow.lines[p].notes.append(Int32(index))
    }
}

/// The short rule over a page's notes: a third of the line, at most 10 cells, "(cont.)" after it when the notes
/// start with the rest of one begun on an earlier page (and the line has room for it).
private func noteRule(continued: Bool, context: LayoutContext, env: BlockEnv) -> Line {
    let unit = max(1, context.width(of: context.box.horizontal))
    let count = max(1, min(10, env.width / 3) / unit)
    var text = String.repeated(context.box.horizontal, count: count)
    var width = count * unit
    let mark = " (cont.)"
    if continued, width + context.width(of: mark) <= env.width {
        text += mark
        width += context.width(of: mark)
    }
    return Line(text: text, width: width, direction: env.direction, role: .rule, decorations: [0..<text.utf8.count])
}

/// The notes of one group of chapters while its pages are cut.
struct FootnoteCutter {
    let notes: [FootnoteFlow]
    /// The rule over the notes, and the one marked "(cont.)".
    let rules: [Line]
    /// Notes begun on an earlier page and not finished: the note and its first line not shown yet.
    private(set) var carried: [(note: Int, from: Int)] = []

    init(notes: [FootnoteFlow], rules: [Line]) {
        self.notes = notes
        self.rules = rules
    }

    var isEmpty: Bool { notes.isEmpty }
    var hasCarried: Bool { !carried.isEmpty }

    /// The most lines notes continued from earlier pages take on a page that has text of its own: all but the
    /// rule and two lines of text (TeX's `\dimen\footins` is most of a page too), so a long note drains quickly
    /// and the notes after it start near their references, while the text still moves on.
    private func share(_ capacity: Int) -> Int { max(1, (capacity - 1) / 2, capacity - 3) }

    /// How many lines from `pos` a page of `capacity` lines can hold with their notes: a line fits when it and its
    /// notes do, but for the rest of its last note, which may continue; the lines before it bring their notes whole. Notes are
    /// never set out of order, so while a continued note does not end on this page no new note starts here, and
    /// the text stops before the first line that refers to one.
    func bodyCapacity(_ lines: [FlowLine], from pos: Int, capacity: Int) -> Int {
        let held = carried.reduce(0) { $0 + notes[$1.note].lines.count - $1.from }
        var area = held > 0 ? 1 + min(held, share(capacity)) : 0
        let carriedEnds = held <= share(capacity)
        var used = 0
        var i = pos
        while i < lines.count {
            let new = lines[i].notes
            if new.isEmpty {
                guard used + 1 + area <= capacity else { break }
                used += 1
                i += 1
                continue
            }
            guard carriedEnds else { break }
            let need = new.reduce(0) { $0 + notes[Int($1)].lines.count }
            let rule = area == 0 ? 1 : 0
            if used + 1 + area + rule + need <= capacity {
                used += 1
                area += rule + need
                i += 1
                continue
            }
            // The line still fits when its notes do but for the last one's continuation.
            let last = notes[Int(new[new.count - 1])].lines.count
            if used + 1 + area + rule + need - last + 1 <= capacity { used += 1 }
            break
        }
        return max(1, used)
    }

    /// Puts the notes at the foot of a page whose text is `lines`: those continued from earlier pages, then those
    /// first referred to on it (`referred`), as many lines as fit; what does not fit waits for the next page.
    /// The lines are padded with blank lines so the notes end at the page's last line.
    mutating func finish(_ lines: inout [Line], referred: [Int32], capacity: Int, direction: Direction) -> [PageNote] {
        let body = lines.count
        let queue = carried + referred.map { (note: Int($0), from: 0) }
        carried = []
        // `bodyCapacity` left the continued notes their share, or all of them when new ones follow: they may take
        // whatever room the text left.
        var room = capacity - body - 1
        var shown: [(note: Int, from: Int, count: Int)] = []
        for (k, item) in queue.enumerated() {
            let remaining = notes[item.note].lines.count - item.from
            let take = max(0, min(remaining, room))
            if take > 0 {
                shown.append((item.note, item.from, take))
                room -= take
            }
            if take < remaining {
                carried.append((item.note, item.from + take))
                carried += queue[(k + 1)...]
                break
            }
        }
        guard !shown.isEmpty else { return [] }
        let area = 1 + shown.reduce(0) { $0 + $1.count }
        if body > 0 {
            while lines.count < capacity - area { lines.append(Line(text: "", width: 0, direction: direction, role: .blank)) }
        }
        lines.append(rules[shown[0].from > 0 ? 1 : 0])
        var placed: [PageNote] = []
        for item in shown {
            let note = notes[item.note]
            placed.append(PageNote(marker: note.marker, source: note.key, line: lines.count, lineCount: item.count,
                                   continued: item.from > 0))
            lines += note.lines[item.from..<(item.from + item.count)]
        }
        return placed
    }
}
