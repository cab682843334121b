import BookModel

/// Notes (issue 17) set as lines: where the book put them (`--notes inline`, or a note nothing refers to), and
/// as the footnotes page cutting sets at the foot of a page (`Pages/Footnotes.swift`). Either way a note is its
/// blocks behind a marker, hanging like a list item's, so nothing of its text moves.

extension LayoutContext {
    /// A note in place: behind its label ("3. ") when the book numbered it outside its text (an endnote list).
    func layoutNote(_ note: Note, block: Block, env: BlockEnv, language: String?, out: inout [FlowLine]) {
        layoutMarked(note.blocks, marker: note.label.map { $0 + "." }, block: block, env: env, language: language,
                     out: &out)
    }

    /// A footnote's lines, at the page's full width: behind the reference's marker, unless the note's text
    /// starts with its number already ("1 The…", "[1] The…", "1. The…", "¹ The…"), which would then show twice.
    func footnoteLines(_ note: Note, marker: String, env: BlockEnv) -> [FlowLine] {
        var out: [FlowLine] = []
        let block = Block(.note(note), location: note.blocks.first?.location ?? SourceLocation(spine: 0, href: "", offset: 0))
        let number = ScriptForms.baseText(NoteMarkers.core(of: marker))
        let own = !number.isEmpty && startsWithNumber(note.blocks, number)
        layoutMarked(note.blocks, marker: own ? nil : marker, block: block, env: env, language: env.language, out: &out)
        return out.filter { !$0.markerOnly || !$0.labels.isEmpty }
    }

    private func layoutMarked(_ blocks: [Block], marker: String?, block: Block, env: BlockEnv, language: String?,
                              out: inout [FlowLine]) {
        guard let marker else {
            var inner = env
            inner.language = language
            layoutBlocks(blocks, env: inner, separated: true, out: &out)
            return
        }
        let list = ListBlock(ordered: false, items: [ListItem(blocks: blocks, marker: marker)])
        layoutList(list, block: block, env: env, language: language, out: &out)
    }

    /// True when the first text of `blocks` begins with `number`, brackets and a full stop aside.
    private func startsWithNumber(_ blocks: [Block], _ number: String) -> Bool {
        guard let first = blocks.first else { return false }
        switch first.kind {
        case .paragraph(let inlines), .heading(_, let inlines):
            // The first word, without the brackets and full stop around a number: "[1]", "(1)", "1.", "¹".
            var word = Substring(inlines.plainText.drop { $0.isWhitespace }.prefix { !$0.isWhitespace })
            while let last = word.last?.singleASCIIByte, ".:)]".utf8.contains(last) { word = word.dropLast() }
            while let first = word.first?.singleASCIIByte, "([".utf8.contains(first) { word = word.dropFirst() }
            return !word.isEmpty && ScriptForms.baseText(String(word)) == number
        case .note(let note): return startsWithNumber(note.blocks, number)
        case .quote(let inner): return startsWithNumber(inner, number)
        default: return false
        }
    }
}
