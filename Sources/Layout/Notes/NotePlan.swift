import BookModel

/// Which notes move where (issue 17, `--notes`): a note goes to the first chapter that refers to it, to the foot of
/// the page holding that first reference (`page`) or to that chapter's end (`chapter`); later references only
/// refer to it. A note nothing refers to, and every note with `inline`, stays where the book put it. Decided once
/// for the whole document before chapters are laid out, because a reference and its note are often in different
/// spine items (Standard Ebooks' `endnotes.xhtml`).

/// A note set apart from the text of the chapter that refers to it first.
struct Footnote {
    var note: Note
    /// The marker of its first reference, as the text shows it.
    var marker: String
    /// The source offset of that reference in its chapter.
    var reference: Int
}

/// The document without the notes that move, and each chapter's footnotes in order of first reference.
func planNotes(_ document: Document, placement: NotePlacement) -> (document: Document, footnotes: [[Footnote]]) {
    guard placement != .inline, document.chapters.contains(where: { !$0.noteReferences.isEmpty }) else {
        return (document, [])
    }
    var notes: [String: Note] = [:]
    var holders: [Int] = []
    for (c, chapter) in document.chapters.enumerated() where collectNotes(chapter.blocks, into: &notes) {
        holders.append(c)
    }
    guard !notes.isEmpty else { return (document, []) }
    var claimed: Set<String> = []
    var footnotes = Array(repeating: [Footnote](), count: document.chapters.count)
    for (c, chapter) in document.chapters.enumerated() {
        for reference in chapter.noteReferences {
            guard let note = notes[reference.target], !claimed.contains(reference.target) else { continue }
            claimed.insert(reference.target)
            footnotes[c].append(Footnote(note: note, marker: reference.marker, reference: reference.offset))
        }
    }
    guard !claimed.isEmpty else { return (document, []) }
    // A note inside a moved note is moved on its own, so its text is not shown twice.
    for c in footnotes.indices {
        for f in footnotes[c].indices { footnotes[c][f].note.blocks = removingNotes(footnotes[c][f].note.blocks, claimed) }
    }
    var moved = document
    for c in holders { moved.chapters[c].blocks = removingNotes(moved.chapters[c].blocks, claimed) }
    return (moved, footnotes)
}

/// Adds the notes among `blocks` (at any depth) to `notes`, the first of a key winning; true when there was one.
private func collectNotes(_ blocks: [Block], into notes: inout [String: Note]) -> Bool {
    var found = false
    for block in blocks {
        switch block.kind {
        case .note(let note):
            if notes[note.key] == nil { notes[note.key] = note }
            _ = collectNotes(note.blocks, into: &notes)
            found = true
        case .quote(let inner):
            found = collectNotes(inner, into: &notes) || found
        case .list(let list):
            for item in list.items { found = collectNotes(item.blocks, into: &notes) || found }
        default:
            break
        }
    }
    return found
}

/// `blocks` without the notes whose keys are in `claimed`, at any depth; a rule that only introduced notes that
/// moved (Markdown's endnotes) goes with them.
private func removingNotes(_ blocks: [Block], _ claimed: Set<String>) -> [Block] {
    var out: [Block] = []
    out.reserveCapacity(blocks.count)
    var introduced = false
    for var block in blocks {
        switch block.kind {
        case .note(var note):
            if claimed.contains(note.key) {
                if case .rule? = out.last?.kind { introduced = true }
                continue
            }
            note.blocks = removingNotes(note.blocks, claimed)
            block.kind = .note(note)
        case .quote(let inner):
            block.kind = .quote(removingNotes(inner, claimed))
        case .list(var list):
            for i in list.items.indices { list.items[i].blocks = removingNotes(list.items[i].blocks, claimed) }
            list.items.removeAll { $0.blocks.isEmpty }
            if list.items.isEmpty { continue }
            block.kind = .list(list)
        default:
            break
        }
        out.append(block)
    }
    if introduced, case .rule? = out.last?.kind { out.removeLast() }
    return out
}
