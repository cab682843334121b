import BookModel

/// Inline text of `MarkdownBlockBuilder`: a leaf block's children mapped to styled runs in `run` (emphasis,
/// strong, strikethrough, code, links), images resolved and checked, footnote references numbered per chapter.
/// A leaf holding inline HTML takes the detour in `MarkdownInlineHTML.swift` instead.
extension MarkdownBlockBuilder {
    /// Feeds the inlines of a leaf block's children to `run`.
    mutating func collect(_ index: Int) {
        if tree.nodes[index].holdsHTML, !holdsSentinel(index) {
            // Old-heading anchors (`<a id="x"></a>` alone in a paragraph) import as nothing: skip the HTML parse.
            if run.splitsImages, tree.children(index).allSatisfy(isBareAnchorTag) { return }
            collectHTML(index)
            return
        }
        for child in tree.children(index) { appendInlines(child, style: []) }
    }

    mutating func appendInlines(_ index: Int, style: InlineStyle) {
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
    mutating func image(_ index: Int) -> ImageRef {
        let resolved = resolveImage(tree.string(index))
        if resolved.missing { diagnostics.append(.warning("image not found: \(resolved.source)")) }
        return ImageRef(source: resolved.source, alt: Self.plainText(tree, of: index))
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
}
