import BookModel

/// Maps the copied cmark tree of one chapter to blocks; footnotes become numbered endnotes of that chapter.
struct MarkdownBlockBuilder {
    /// Resolves an image URL to its source and whether a local file is missing.
    var resolveImage: (String) -> (source: String, missing: Bool)
    /// Footnote definitions of the whole file, by cmark's footnote number.
    var footnotes: [Int: MarkdownNode]
    var diagnostics: [Diagnostic] = []

    /// Footnote numbers of the file, in the order this chapter first refers to them.
    private var chapterNotes: [Int] = []
    private var chapterNoteNumbers: [Int: Int] = [:]

    /// Location placeholder: locations are assigned per chapter once its blocks are complete.
    static let unplaced = SourceLocation(spine: 0, href: "", offset: 0)

    init(footnotes: [Int: MarkdownNode], resolveImage: @escaping (String) -> (source: String, missing: Bool)) {
        self.footnotes = footnotes
        self.resolveImage = resolveImage
    }

    /// The blocks of a chapter followed by its endnotes.
    mutating func chapter(_ nodes: [MarkdownNode]) -> [Block] {
        chapterNotes = []
        chapterNoteNumbers = [:]
        var result = blocks(nodes)
        var index = 0
        var notes: [Block] = []
        // Definitions may refer to further footnotes, which join the list while it is walked.
        while index < chapterNotes.count {
            let number = index + 1
            let marker: [Inline] = [.text("[\(number)]", .superscript)]
            var noteBlocks = footnotes[chapterNotes[index]].map { blocks($0.children) } ?? []
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

    mutating func blocks(_ nodes: [MarkdownNode]) -> [Block] {
        var result: [Block] = []
        for node in nodes { result += block(node) }
        return result
    }

    private mutating func block(_ node: MarkdownNode) -> [Block] {
        switch node.kind {
        case .paragraph:
            return leaf(node) { .paragraph($0) }
        case .heading(let level):
            var pieces = inlinePieces(node)
            let images = pieces.compactMap { if case .image(let image) = $0 { image } else { nil } }
            pieces.removeAll { if case .image = $0 { true } else { false } }
            let inlines = pieces.compactMap { if case .inline(let inline) = $0 { inline } else { nil } }
            return [Block(.heading(level: level, Self.merged(inlines)), location: Self.unplaced)]
                + images.map { Block(.image($0), location: Self.unplaced) }
        case .blockQuote:
            return [Block(.quote(blocks(node.children)), location: Self.unplaced)]
        case .list(let ordered, let start):
            var items: [ListItem] = []
            for child in node.children {
                var marker: String?
                if case .item(let task?) = child.kind { marker = task ? "☑" : "☐" }
                items.append(ListItem(blocks: blocks(child.children), marker: marker))
            }
            return [Block(.list(ListBlock(ordered: ordered, start: ordered ? start : 1, items: items)), location: Self.unplaced)]
        case .item:
            return blocks(node.children)
        case .codeBlock(let literal):
            var text = literal
            if text.hasSuffix("\n") { text.removeLast() }
            return [Block(.preformatted(text), location: Self.unplaced)]
        case .htmlBlock(let html):
            return MarkdownRawHTML.blocks(html: html, diagnostics: &diagnostics)
        case .thematicBreak:
            return [Block(.rule, location: Self.unplaced)]
        case .table:
            var rows: [TableRow] = []
            for row in node.children {
                guard case .tableRow(let header) = row.kind else { continue }
                let cells = row.children.map { cell in
                    TableCell(blocks: leaf(cell) { .paragraph($0) }, header: header)
                }
                rows.append(TableRow(cells: cells))
            }
            return [Block(.table(Table(rows: rows)), location: Self.unplaced)]
        case .footnoteDefinition:
            // Definitions are collected per file and placed as endnotes of the chapters that refer to them.
            return []
        case .document, .tableRow, .tableCell, .other:
            return blocks(node.children)
        case .text, .softBreak, .lineBreak, .code, .htmlInline, .emphasis, .strong, .strikethrough, .link, .image,
             .footnoteReference:
            return leaf(MarkdownNode(kind: .paragraph, children: [node], line: node.line)) { .paragraph($0) }
        }
    }

    /// A leaf block's inlines, with its images split out as image blocks in order (the model has no inline image).
    private mutating func leaf(_ node: MarkdownNode, make: ([Inline]) -> BlockKind) -> [Block] {
        var result: [Block] = []
        var run: [Inline] = []
        func flush() {
            let merged = Self.merged(run)
            run = []
            if merged.contains(where: { !Self.isBlank($0) }) { result.append(Block(make(merged), location: Self.unplaced)) }
        }
        for piece in inlinePieces(node) {
            switch piece {
            case .inline(let inline): run.append(inline)
            case .image(let image):
                flush()
                result.append(Block(.image(image), location: Self.unplaced))
            }
        }
        flush()
        return result
    }

    private enum Piece {
        case inline(Inline)
        case image(ImageRef)
    }

    private mutating func inlinePieces(_ node: MarkdownNode) -> [Piece] {
        if node.holdsHTML, !Self.holdsSentinel(node.children) { return htmlPieces(node) }
        var pieces: [Piece] = []
        for child in node.children { appendPieces(child, style: [], to: &pieces) }
        return pieces
    }

    /// A leaf block holding inline HTML: its inlines are written as HTML for the importer, with footnote markers
    /// and images held back as sentinel scalars and put back afterwards.
    private mutating func htmlPieces(_ node: MarkdownNode) -> [Piece] {
        var html = ""
        var held: [Piece] = []
        for child in node.children { writeHTML(child, into: &html, held: &held) }
        var pieces: [Piece] = []
        for inline in MarkdownRawHTML.inlines(html: html, diagnostics: &diagnostics) {
            guard case .text(let text, let style) = inline, text.unicodeScalars.contains(where: MarkdownRawHTML.isSentinel) else {
                pieces.append(.inline(inline))
                continue
            }
            var run = ""
            for scalar in text.unicodeScalars {
                if MarkdownRawHTML.isSentinel(scalar) {
                    if !run.isEmpty { pieces.append(.inline(.text(run, style))) }
                    run = ""
                    let index = Int(scalar.value - MarkdownRawHTML.sentinelBase)
                    if index < held.count { pieces.append(held[index]) }
                } else {
                    run.unicodeScalars.append(scalar)
                }
            }
            if !run.isEmpty { pieces.append(.inline(.text(run, style))) }
        }
        return pieces
    }

    private mutating func writeHTML(_ node: MarkdownNode, into html: inout String, held: inout [Piece]) {
        func wrap(_ tag: String, _ attributes: String = "") {
            html += "<\(tag)\(attributes)>"
            for child in node.children { writeHTML(child, into: &html, held: &held) }
            html += "</\(tag)>"
        }
        switch node.kind {
        case .text(let text): MarkdownRawHTML.escape(text, into: &html)
        case .softBreak: html += "\n"
        case .lineBreak: html += "<br />"
        case .code(let text):
            html += "<code>"
            MarkdownRawHTML.escape(text, into: &html)
            html += "</code>"
        case .htmlInline(let raw): html += raw
        case .emphasis: wrap("em")
        case .strong: wrap("strong")
        case .strikethrough: wrap("del")
        case .link(let url):
            var href = ""
            MarkdownRawHTML.escape(url, into: &href)
            wrap("a", " href=\"\(href)\"")
        case .image, .footnoteReference:
            let index = UInt32(held.count)
            guard MarkdownRawHTML.sentinelBase + index <= MarkdownRawHTML.sentinelLimit,
                  let sentinel = Unicode.Scalar(MarkdownRawHTML.sentinelBase + index) else { return }
            appendPieces(node, style: [], to: &held)
            html.unicodeScalars.append(sentinel)
        default:
            for child in node.children { writeHTML(child, into: &html, held: &held) }
        }
    }

    /// Text that already holds sentinel scalars cannot travel through HTML safely; it keeps the plain mapping.
    private static func holdsSentinel(_ nodes: [MarkdownNode]) -> Bool {
        nodes.contains { node in
            switch node.kind {
            case .text(let text), .code(let text), .htmlInline(let text):
                if text.unicodeScalars.contains(where: MarkdownRawHTML.isSentinel) { return true }
            default: break
            }
            return holdsSentinel(node.children)
        }
    }

    private mutating func appendPieces(_ node: MarkdownNode, style: InlineStyle, to pieces: inout [Piece]) {
        switch node.kind {
        case .text(let text): pieces.append(.inline(.text(text, style)))
        case .softBreak: pieces.append(.inline(.text(" ", style)))
        case .lineBreak: pieces.append(.inline(.lineBreak))
        case .code(let text): pieces.append(.inline(.text(text, style.union(.code))))
        case .htmlInline: break  // Reached only when sentinels forbid the importer: the tag is dropped, text kept.
        case .emphasis: for child in node.children { appendPieces(child, style: style.union(.emphasis), to: &pieces) }
        case .strong: for child in node.children { appendPieces(child, style: style.union(.strong), to: &pieces) }
        case .strikethrough:
            for child in node.children { appendPieces(child, style: style.union(.strikethrough), to: &pieces) }
        case .link: for child in node.children { appendPieces(child, style: style.union(.link), to: &pieces) }
        case .image(let url):
            let resolved = resolveImage(url)
            if resolved.missing { diagnostics.append(.warning("image not found: \(resolved.source)")) }
            pieces.append(.image(ImageRef(source: resolved.source, alt: Self.plainText(node.children))))
        case .footnoteReference(let ix):
            let number: Int
            if let known = chapterNoteNumbers[ix] {
                number = known
            } else {
                chapterNotes.append(ix)
                number = chapterNotes.count
                chapterNoteNumbers[ix] = number
            }
            pieces.append(.inline(.text("[\(number)]", .superscript)))
        default:
            for child in node.children { appendPieces(child, style: style, to: &pieces) }
        }
    }

    /// The text of inline nodes without markup, as cmark writes an image's alt text.
    static func plainText(_ nodes: [MarkdownNode]) -> String {
        var text = ""
        for node in nodes {
            switch node.kind {
            case .text(let literal), .code(let literal): text += literal
            case .softBreak, .lineBreak: text += " "
            case .footnoteReference(let ix): text += "[\(ix)]"
            default: text += plainText(node.children)
            }
        }
        return text
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
        var result: [Inline] = []
        var pending = ""
        var pendingStyle: InlineStyle?
        func flush() {
            if let style = pendingStyle, !pending.isEmpty { result.append(.text(pending, style)) }
            pending = ""
            pendingStyle = nil
        }
        for inline in inlines {
            if case .text(let text, let style) = inline {
                if text.isEmpty { continue }
                if pendingStyle != style {
                    flush()
                    pendingStyle = style
                }
                pending += text
            } else {
                flush()
                result.append(inline)
            }
        }
        flush()
        return result
    }
}
