import BookModel

/// Leaf blocks of `MarkdownBlockBuilder` that hold inline HTML: the leaf is written out as HTML and imported by
/// the XHTML importer (`MarkdownRawHTML`), so raw tags follow the EPUB rules. Footnote markers and images,
/// which the importer cannot make, are held back as sentinel scalars and put back afterwards.
extension MarkdownBlockBuilder {
    /// A piece held back from the HTML importer.
    private enum Held {
        case inline(Inline)
        case image(ImageRef)
    }

    /// A leaf block holding inline HTML: its inlines are written as HTML for the importer, with footnote markers
    /// and images held back as sentinel scalars and put back afterwards.
    mutating func collectHTML(_ index: Int) {
        var html = ""
        var held: [Held] = []
        for child in tree.children(index) { writeHTML(child, into: &html, held: &held) }
        for inline in MarkdownRawHTML.inlines(html: html, noteMarkers: noteMarkers, diagnostics: &diagnostics) {
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
    func isBareAnchorTag(_ index: Int) -> Bool {
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
    func holdsSentinel(_ index: Int) -> Bool {
        for below in index + 1..<Int(tree.nodes[index].end) {
            switch tree.nodes[below].kind {
            case .text, .code, .htmlInline:
                if tree.string(below).unicodeScalars.contains(where: MarkdownRawHTML.isSentinel) { return true }
            default: break
            }
        }
        return false
    }
}
