import BookModel

/// Maps the flat cmark tree of one chapter to blocks; footnotes become numbered endnotes of that chapter.
///
/// Split by concern, one file each:
/// - this file: the builder's state, a chapter with its endnotes, and the block dispatch;
/// - `MarkdownListsAndTables.swift`: lists (with task-list markers) and GFM tables;
/// - `MarkdownInlines.swift`: inline text, links, images and footnote references of a leaf block;
/// - `MarkdownInlineHTML.swift`: leaf blocks holding inline HTML, which go through the XHTML importer;
/// - `MarkdownInlineRun.swift`: `InlineRun`, the buffer that joins a leaf's inlines.
struct MarkdownBlockBuilder {
    /// The parsed file the node indices point into.
    let tree: MarkdownTree
    /// Resolves an image URL to its source and whether a local file is missing.
    var resolveImage: (String) -> (source: String, missing: Bool)
    /// Footnote definitions of the whole file: node indices by cmark's footnote number.
    var footnotes: [Int: Int]
    /// How footnote references are drawn (`--note-markers`, issue 16).
    var noteMarkers = NoteMarkers.superscript
    /// What the keys of this chapter's notes start with ("book.md#footnote-2-"), so no other chapter's are the same.
    var noteKeyPrefix = "#footnote-"
    /// The key of each of the chapter's notes by the marker its references show ("³" → "book.md#footnote-2-3").
    private(set) var noteKeys: [String: String] = [:]
    var diagnostics: [Diagnostic] = []

    /// Footnote numbers of the file, in the order this chapter first refers to them.
    private var chapterNotes: [Int] = []
    private var chapterNoteNumbers: [Int: Int] = [:]
    /// The inlines of the leaf block being mapped; one buffer serves every leaf.
    var run = InlineRun()

    /// Location placeholder: locations are assigned per chapter once its blocks are complete.
    static let unplaced = SourceLocation(spine: 0, href: "", offset: 0)

    init(tree: MarkdownTree, footnotes: [Int: Int], resolveImage: @escaping (String) -> (source: String, missing: Bool)) {
        self.tree = tree
        self.footnotes = footnotes
        self.resolveImage = resolveImage
    }

    // MARK: Chapter and endnotes

    /// The blocks of a chapter followed by its endnotes, each a note (`BlockKind.note`) that Layout may move to the
    /// foot of the page that refers to it.
    mutating func chapter(_ nodes: [Int]) -> [Block] {
        chapterNotes = []
        chapterNoteNumbers = [:]
        noteKeys = [:]
        var result = blocks(nodes)
        var index = 0
        var notes: [Block] = []
        // Definitions may refer to further footnotes, which join the list while it is walked.
        while index < chapterNotes.count {
            let number = index + 1
            // The note starts with its marker as the reference showed it, without the reference's bit: it is the note.
            let shown = noteMarkers.marker(String(number)).map { Inline.text($0.text, $0.raised ? .superscript : []) }
            let marker: [Inline] = shown.map { [$0] } ?? []
            var noteBlocks = footnotes[chapterNotes[index]].map { blocks(tree.children($0)) } ?? []
            if case .paragraph(let inlines)? = noteBlocks.first?.kind {
                noteBlocks[0].kind = .paragraph(Self.merged(marker + [.text(" ", [])] + inlines))
            } else {
                noteBlocks.insert(Block(.paragraph(marker), location: Self.unplaced), at: 0)
            }
            let key = noteKeyPrefix + String(number)
            if case .text(let text, _)? = noteMarkers.reference(String(number)) { noteKeys[text] = key }
            notes.append(Block(.note(Note(key: key, blocks: noteBlocks)), location: Self.unplaced))
            index += 1
        }
        if !notes.isEmpty { result += [Block(.rule, location: Self.unplaced)] + notes }
        return result
    }

    /// The chapter's marker for a footnote of the file, numbering it on first use.
    mutating func footnoteMarker(_ ix: Int) -> Inline {
        let number: Int
        if let known = chapterNoteNumbers[ix] {
            number = known
        } else {
            chapterNotes.append(ix)
            number = chapterNotes.count
            chapterNoteNumbers[ix] = number
        }
        return noteMarkers.reference(String(number)) ?? .text(String(number), .noteReference)
    }

    // MARK: Blocks

    mutating func blocks(_ nodes: some Sequence<Int>) -> [Block] {
        var result: [Block] = []
        for node in nodes { block(node, into: &result) }
        return result
    }

    private mutating func block(_ index: Int, into result: inout [Block]) {
        switch tree.nodes[index].kind {
        case .paragraph:
            leaf(index, into: &result)
        case .heading(let level):
            run.splitsImages = false
            collect(index)
            let (inlines, images) = run.takeHeading()
            result.append(Block(.heading(level: level, inlines), location: Self.unplaced))
            for image in images { result.append(Block(.image(image), location: Self.unplaced)) }
        case .blockQuote:
            result.append(Block(.quote(blocks(tree.children(index))), location: Self.unplaced))
        case .list(let ordered, let start):
            result.append(list(index, ordered: ordered, start: start))
        case .codeBlock:
            var text = tree.string(index)
            if text.hasSuffix("\n") { text.removeLast() }
            result.append(Block(.preformatted(text), location: Self.unplaced))
        case .htmlBlock:
            let node = tree.nodes[index]
            // Comments ("Old headings. Do not remove …") import as nothing: skip the HTML parse.
            if MarkdownRawHTML.isLoneComment(tree.bytes[Int(node.start)..<Int(node.start + node.count)]) { break }
            result += MarkdownRawHTML.blocks(html: tree.string(index), noteMarkers: noteMarkers,
                                             diagnostics: &diagnostics)
        case .thematicBreak:
            result.append(Block(.rule, location: Self.unplaced))
        case .table:
            result.append(table(index))
        case .footnoteDefinition:
            // Definitions are collected per file and placed as endnotes of the chapters that refer to them.
            break
        case .document, .item, .tableRow, .tableCell, .other:
            for child in tree.children(index) { block(child, into: &result) }
        case .text, .softBreak, .lineBreak, .code, .htmlInline, .emphasis, .strong, .strikethrough, .link, .image,
             .footnoteReference:
            // An inline out of place (text flattened from deep nesting) stands as a paragraph of its own.
            leaf(index, alone: true, into: &result)
        }
    }

    /// A leaf block's inlines, with its images split out as image blocks in order (the model has no inline image);
    /// `alone` maps the node itself rather than its children.
    mutating func leaf(_ index: Int, alone: Bool = false, into result: inout [Block]) {
        run.splitsImages = true
        if alone { appendInlines(index, style: []) } else { collect(index) }
        let (parts, last) = run.takeLeaf()
        for part in parts {
            switch part {
            case .inlines(let inlines): paragraph(inlines, into: &result)
            case .image(let image): result.append(Block(.image(image), location: Self.unplaced))
            }
        }
        paragraph(last, into: &result)
    }

    /// A paragraph, unless its inlines are all blank (what is left around a split-out image).
    private func paragraph(_ inlines: [Inline], into result: inout [Block]) {
        if inlines.contains(where: { !Self.isBlank($0) }) { result.append(Block(.paragraph(inlines), location: Self.unplaced)) }
    }

    private static func isBlank(_ inline: Inline) -> Bool {
        switch inline {
        case .text(let text, _): return text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
        case .lineBreak: return true
        case .ruby, .pageBreak: return false
        }
    }

    /// Joins neighbouring runs of the same style, so soft breaks do not split a sentence into pieces.
    static func merged(_ inlines: [Inline]) -> [Inline] {
        var run = InlineRun()
        for inline in inlines { run.append(inline) }
        return run.takeHeading().inlines
    }
}
