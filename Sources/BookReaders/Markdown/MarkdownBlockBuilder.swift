import BookModel

/// Maps the flat cmark tree of one chapter to blocks; footnotes become numbered endnotes of that chapter.
struct MarkdownBlockBuilder {
    /// The parsed file the node indices point into.
    let tree: MarkdownTree
    /// Resolves an image URL to its source and whether a local file is missing.
    var resolveImage: (String) -> (source: String, missing: Bool)
    /// Footnote definitions of the whole file: node indices by cmark's footnote number.
    var footnotes: [Int: Int]
    var diagnostics: [Diagnostic] = []

    /// Footnote numbers of the file, in the order this chapter first refers to them.
    private var chapterNotes: [Int] = []
    private var chapterNoteNumbers: [Int: Int] = [:]
    /// The inlines of the leaf block being mapped; one buffer serves every leaf.
    private var run = InlineRun()

    /// Location placeholder: locations are assigned per chapter once its blocks are complete.
    static let unplaced = SourceLocation(spine: 0, href: "", offset: 0)

    init(tree: MarkdownTree, footnotes: [Int: Int], resolveImage: @escaping (String) -> (source: String, missing: Bool)) {
        self.tree = tree
        self.footnotes = footnotes
        self.resolveImage = resolveImage
    }

    /// The blocks of a chapter followed by its endnotes.
    mutating func chapter(_ nodes: [Int]) -> [Block] {
        chapterNotes = []
        chapterNoteNumbers = [:]
        var result = blocks(nodes)
        var index = 0
        var notes: [Block] = []
        // Definitions may refer to further footnotes, which join the list while it is walked.
        while index < chapterNotes.count {
            let number = index + 1
            let marker: [Inline] = [.text("[\(number)]", .superscript)]
            var noteBlocks = footnotes[chapterNotes[index]].map { blocks(tree.children($0)) } ?? []
            if case .paragraph(let inlines)? = noteBlocks.first?.kind {
                noteBlocks[0].kind = .paragraph(Self.merged(marker + [.text(" ", [])] + inlines))
            } else {
                noteBlocks.insert(Block(.paragraph(marker), location: Self.unplaced), at: 0)
            }
            notes += noteBlocks
            index += 1
        }
        if !notes.isEmpty { result += [Block(.rule, location: Self.unplaced)] + notes }
        return result
    }

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
            var items: [ListItem] = []
            for child in tree.children(index) {
                var marker: String?
                if case .item(let task?) = tree.nodes[child].kind { marker = task ? "☑" : "☐" }
                items.append(ListItem(blocks: blocks(tree.children(child)), marker: marker))
            }
            result.append(Block(.list(ListBlock(ordered: ordered, start: ordered ? start : 1, items: items)),
                                location: Self.unplaced))
        case .codeBlock:
            var text = tree.string(index)
            if text.hasSuffix("\n") { text.removeLast() }
            result.append(Block(.preformatted(text), location: Self.unplaced))
        case .htmlBlock:
            let node = tree.nodes[index]
            // Comments ("Old headings. Do not remove …") import as nothing: skip the HTML parse.
            if MarkdownRawHTML.isLoneComment(tree.bytes[Int(node.start)..<Int(node.start + node.count)]) { break }
            result += MarkdownRawHTML.blocks(html: tree.string(index), diagnostics: &diagnostics)
        case .thematicBreak:
            result.append(Block(.rule, location: Self.unplaced))
        case .table:
            var rows: [TableRow] = []
            for row in tree.children(index) {
                guard case .tableRow(let header) = tree.nodes[row].kind else { continue }
                var cells: [TableCell] = []
                for cell in tree.children(row) {
                    var cellBlocks: [Block] = []
                    leaf(cell, into: &cellBlocks)
                    cells.append(TableCell(blocks: cellBlocks, header: header))
                }
                rows.append(TableRow(cells: cells))
            }
            result.append(Block(.table(Table(rows: rows)), location: Self.unplaced))
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
    private mutating func leaf(_ index: Int, alone: Bool = false, into result: inout [Block]) {
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

    private func paragraph(_ inlines: [Inline], into result: inout [Block]) {
        if inlines.contains(where: { !Self.isBlank($0) }) { result.append(Block(.paragraph(inlines), location: Self.unplaced)) }
    }

    /// Feeds the inlines of a leaf block's children to `run`.
    private mutating func collect(_ index: Int) {
        if tree.nodes[index].holdsHTML, !holdsSentinel(index) {
            // Old-heading anchors (`<a id="x"></a>` alone in a paragraph) import as nothing: skip the HTML parse.
            if run.splitsImages, tree.children(index).allSatisfy(isBareAnchorTag) { return }
            collectHTML(index)
            return
        }
        for child in tree.children(index) { appendInlines(child, style: []) }
    }

    /// A piece held back from the HTML importer.
    private enum Held {
        case inline(Inline)
        case image(ImageRef)
    }

    /// A leaf block holding inline HTML: its inlines are written as HTML for the importer, with footnote markers
    /// and images held back as sentinel scalars and put back afterwards.
    private mutating func collectHTML(_ index: Int) {
        var html = ""
        var held: [Held] = []
        for child in tree.children(index) { writeHTML(child, into: &html, held: &held) }
        for inline in MarkdownRawHTML.inlines(html: html, diagnostics: &diagnostics) {
            guard case .text(let text, let style) = inline, text.unicodeScalars.contains(where: MarkdownRawHTML.isSentinel) else {
                run.append(inline)
                continue
            }
            var piece = ""
            for scalar in text.unicodeScalars {
                if MarkdownRawHTML.isSentinel(scalar) {
                    if !piece.isEmpty { run.append(.text(piece, style)) }
                    piece = ""
                    let index = Int(scalar.value - MarkdownRawHTML.sentinelBase)
                    if index < held.count {
                        switch held[index] {
                        case .inline(let inline): run.append(inline)
                        case .image(let image): run.image(image)
                        }
                    }
                } else {
                    piece.unicodeScalars.append(scalar)
                }
            }
            if !piece.isEmpty { run.append(.text(piece, style)) }
        }
    }

    private mutating func writeHTML(_ index: Int, into html: inout String, held: inout [Held]) {
        func wrap(_ tag: String, _ attributes: String = "", _ builder: inout MarkdownBlockBuilder) {
            html += "<\(tag)\(attributes)>"
            for child in builder.tree.children(index) { builder.writeHTML(child, into: &html, held: &held) }
            html += "</\(tag)>"
        }
        switch tree.nodes[index].kind {
        case .text: MarkdownRawHTML.escape(tree.string(index), into: &html)
        case .softBreak: html += "\n"
        case .lineBreak: html += "<br />"
        case .code:
            html += "<code>"
            MarkdownRawHTML.escape(tree.string(index), into: &html)
            html += "</code>"
        case .htmlInline: html += tree.string(index)
        case .emphasis: wrap("em", "", &self)
        case .strong: wrap("strong", "", &self)
        case .strikethrough: wrap("del", "", &self)
        case .link:
            var href = ""
            MarkdownRawHTML.escape(tree.string(index), into: &href)
            wrap("a", " href=\"\(href)\"", &self)
        case .image, .footnoteReference(_):
            let number = UInt32(held.count)
            guard MarkdownRawHTML.sentinelBase + number <= MarkdownRawHTML.sentinelLimit,
                  let sentinel = Unicode.Scalar(MarkdownRawHTML.sentinelBase + number) else { return }
            if case .footnoteReference(let ix) = tree.nodes[index].kind {
                held.append(.inline(footnoteMarker(ix)))
            } else {
                held.append(.image(image(index)))
            }
            html.unicodeScalars.append(sentinel)
        default:
            for child in tree.children(index) { writeHTML(child, into: &html, held: &held) }
        }
    }

    /// True for `</a>` and for `<a id="…">` or `<a name="…">` with a plain value: tags that give no text, page
    /// break or style when alone.
    private func isBareAnchorTag(_ index: Int) -> Bool {
        let node = tree.nodes[index]
        guard node.kind == .htmlInline else { return false }
        let tag = tree.bytes[Int(node.start)..<Int(node.start + node.count)]
        if tag.elementsEqual("</a>".utf8) { return true }
        var rest = tag[...]
        if rest.starts(with: "<a id=\"".utf8) {
            rest = rest.dropFirst(7)
        } else if rest.starts(with: "<a name=\"".utf8) {
            rest = rest.dropFirst(9)
        } else {
            return false
        }
        guard rest.count >= 2, rest.suffix(2).elementsEqual("\">".utf8) else { return false }
        return rest.dropLast(2).allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    /// Text that already holds sentinel scalars cannot travel through HTML safely; it keeps the plain mapping.
    private func holdsSentinel(_ index: Int) -> Bool {
        for below in index + 1..<Int(tree.nodes[index].end) {
            switch tree.nodes[below].kind {
            case .text, .code, .htmlInline:
                if tree.string(below).unicodeScalars.contains(where: MarkdownRawHTML.isSentinel) { return true }
            default: break
            }
        }
        return false
    }

    private mutating func appendInlines(_ index: Int, style: InlineStyle) {
        let node = tree.nodes[index]
        switch node.kind {
        case .text: run.appendText(tree.bytes, from: Int(node.start), count: Int(node.count), style: style)
        case .softBreak: run.appendSpace(style: style)
        case .lineBreak: run.append(.lineBreak)
        case .code: run.appendText(tree.bytes, from: Int(node.start), count: Int(node.count), style: style.union(.code))
        case .htmlInline: break  // Reached only when sentinels forbid the importer: the tag is dropped, text kept.
        case .emphasis: for child in tree.children(index) { appendInlines(child, style: style.union(.emphasis)) }
        case .strong: for child in tree.children(index) { appendInlines(child, style: style.union(.strong)) }
        case .strikethrough: for child in tree.children(index) { appendInlines(child, style: style.union(.strikethrough)) }
        case .link: for child in tree.children(index) { appendInlines(child, style: style.union(.link)) }
        case .image: run.image(image(index))
        case .footnoteReference(let ix): run.append(footnoteMarker(ix))
        default:
            for child in tree.children(index) { appendInlines(child, style: style) }
        }
    }

    /// The image a node stands for, its file checked.
    private mutating func image(_ index: Int) -> ImageRef {
        let resolved = resolveImage(tree.string(index))
        if resolved.missing { diagnostics.append(.warning("image not found: \(resolved.source)")) }
        return ImageRef(source: resolved.source, alt: Self.plainText(tree, of: index))
    }

    /// The chapter's marker for a footnote of the file, numbering it on first use.
    private mutating func footnoteMarker(_ ix: Int) -> Inline {
        let number: Int
        if let known = chapterNoteNumbers[ix] {
            number = known
        } else {
            chapterNotes.append(ix)
            number = chapterNotes.count
            chapterNoteNumbers[ix] = number
        }
        return .text("[\(number)]", .superscript)
    }

    /// The text of a node's inline children without markup, as cmark writes an image's alt text.
    static func plainText(_ tree: MarkdownTree, of index: Int) -> String {
        var bytes: [UInt8] = []
        plainText(tree, of: index, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func plainText(_ tree: MarkdownTree, of index: Int, into bytes: inout [UInt8]) {
        for child in tree.children(index) {
            let node = tree.nodes[child]
            switch node.kind {
            case .text, .code: bytes += tree.bytes[Int(node.start)..<Int(node.start + node.count)]
            case .softBreak, .lineBreak: bytes.append(UInt8(ascii: " "))
            case .footnoteReference(let ix): bytes += "[\(ix)]".utf8
            default: plainText(tree, of: child, into: &bytes)
            }
        }
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

/// Inlines as they are met, neighbouring text of one style joined into one run (so soft breaks do not split a
/// sentence into pieces); text gathers as UTF-8 and becomes a String once per run.
struct InlineRun {
    /// A stretch of a leaf block: inlines up to an image, or the image.
    enum Part {
        case inlines([Inline])
        case image(ImageRef)
    }

    /// True for leaf blocks, where an image ends the inlines before it; headings keep images aside.
    var splitsImages = true
    private var inlines: [Inline] = []
    private var pending: [UInt8] = []
    private var pendingStyle: InlineStyle?
    private var parts: [Part] = []
    private var images: [ImageRef] = []

    mutating func appendText(_ bytes: [UInt8], from start: Int, count: Int, style: InlineStyle) {
        if count == 0 { return }
        if pendingStyle != style {
            flush()
            pendingStyle = style
        }
        bytes.withUnsafeBufferPointer { pending.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<start + count])) }
    }

    mutating func appendSpace(style: InlineStyle) {
        if pendingStyle != style {
            flush()
            pendingStyle = style
        }
        pending.append(UInt8(ascii: " "))
    }

    mutating func append(_ inline: Inline) {
        if case .text(let text, let style) = inline {
            if text.isEmpty { return }
            if pendingStyle != style {
                flush()
                pendingStyle = style
            }
            pending += text.utf8
        } else {
            flush()
            inlines.append(inline)
        }
    }

    mutating func image(_ image: ImageRef) {
        if splitsImages {
            flush()
            parts.append(.inlines(inlines))
            inlines = []
            parts.append(.image(image))
        } else {
            images.append(image)
        }
    }

    private mutating func flush() {
        if let style = pendingStyle, !pending.isEmpty { inlines.append(.text(String(decoding: pending, as: UTF8.self), style)) }
        pending.removeAll(keepingCapacity: true)
        pendingStyle = nil
    }

    /// The parts of a leaf block up to its last image, and the inlines after it; the run is empty again.
    mutating func takeLeaf() -> (parts: [Part], last: [Inline]) {
        flush()
        defer { parts = []; inlines = []; images = [] }
        return (parts, inlines)
    }

    /// The inlines of a heading and the images met among them; the run is empty again.
    mutating func takeHeading() -> (inlines: [Inline], images: [ImageRef]) {
        flush()
        defer { parts = []; inlines = []; images = [] }
        return (inlines, images)
    }
}
