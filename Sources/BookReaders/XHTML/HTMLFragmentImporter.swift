import BookModel

/// Raw HTML inside Markdown, imported by the same rules as EPUB XHTML (and as safely: nothing executable survives).
public enum HTMLFragmentImporter {
    /// The blocks of an HTML fragment; offsets continue from `location.offset`.
    public static func blocks(html: String, location: SourceLocation, language: String?,
                              noteMarkers: NoteMarkers = .superscript, diagnostics: inout [Diagnostic]) -> [Block] {
        guard let (doc, body) = parseBody(html, href: location.href, diagnostics: &diagnostics) else { return [] }
        var importer = ContentImporter(document: doc, spine: location.spine, href: location.href, startOffset: location.offset)
        importer.noteMarkers = noteMarkers
        let context = ContentImporter.Context(language: language)
        var blocks = importer.blocks(in: body, context: context)
        importer.finish(into: &blocks, context: context)
        diagnostics.append(contentsOf: importer.diagnostics)
        return blocks
    }

    /// The inlines of an HTML fragment, for HTML met inside a paragraph; block boundaries become spaces.
    public static func inlines(html: String, noteMarkers: NoteMarkers = .superscript,
                               diagnostics: inout [Diagnostic]) -> [Inline] {
        let blocks = blocks(html: html, location: SourceLocation(spine: 0, href: "", offset: 0), language: nil,
                            noteMarkers: noteMarkers, diagnostics: &diagnostics)
        var out: [Inline] = []
        func add(_ block: Block) {
            switch block.kind {
            case .heading(_, let inlines), .paragraph(let inlines):
                if !out.isEmpty { out.append(.text(" ", [])) }
                out.append(contentsOf: inlines)
            case .preformatted(let text):
                // Its lines stay lines (code; a display formula's grid).
                if !out.isEmpty { out.append(.text(" ", [])) }
                for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    if i > 0 { out.append(.lineBreak) }
                    if !line.isEmpty { out.append(.text(String(line), .code)) }
                }
            case .quote(let blocks): blocks.forEach(add)
            case .note(let note): note.blocks.forEach(add)
            case .list(let list): list.items.forEach { $0.blocks.forEach(add) }
            case .table(let table): table.rows.forEach { $0.cells.forEach { $0.blocks.forEach(add) } }
            case .image(let image): if !image.alt.isEmpty { out.append(.text(image.alt, [])) }
            case .rule: break
            }
        }
        blocks.forEach(add)
        return out
    }

    private static func parseBody(_ html: String, href: String, diagnostics: inout [Diagnostic]) -> (XMLNodes, XMLNodes.NodeID)? {
        do {
            let doc = try XMLNodes.parse(Array(("<html><body>" + html + "</body></html>").utf8), path: href, html: true)
            return (doc, doc.element(doc.root, XMLNodes.Known.body, namespace: XMLNodes.NS.xhtml) ?? doc.root)
        } catch {
            diagnostics.append(.warning("raw HTML: \(error.message)"))
            return nil
        }
    }
}
