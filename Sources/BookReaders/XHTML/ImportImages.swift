import BookModel

/// Images and SVG in `ContentImporter`: `<img>`, SVG `<image>` and inline SVG become image placeholders (their
/// source resolved against the document, their size from attributes or the image file); SVG `<text>` becomes
/// paragraphs. Placeholders get their location when they are placed (`place(_:into:)`).
extension ContentImporter {
    /// An image placeholder; its location is set when it is placed.
    func imageBlock(_ e: E, context: Context) -> Block {
        let reference = doc.attribute(e, Known.src) ?? doc.attribute(e, Known.href, namespace: NS.xlink) ?? doc.attribute(e, Known.href) ?? ""
        let source = reference.isEmpty || reference.hasPrefix("data:") ? "" : ContainerPath.resolve(reference, against: href)
        let alt = collapse(doc.attribute(e, Known.alt) ?? doc.attribute(e, Known.title) ?? "")
        var width = doc.attribute(e, Known.width).flatMap { Int($0.trimmingSpaces) }
        var height = doc.attribute(e, Known.height).flatMap { Int($0.trimmingSpaces) }
        if width == nil || height == nil, !source.isEmpty, let size = imageSizer(source) {
            width = size.width
            height = size.height
        }
        return Block(.image(ImageRef(source: source, alt: alt, width: width, height: height)), location: location(),
                     language: context.language, direction: context.direction)
    }

    /// SVG contributes its images and the text of its `<text>` elements.
    func svgBlocks(_ e: E, context: Context) -> [Block] {
        var out: [Block] = []
        for c in doc.children(e) where !doc.isText(c) && isRendered(c) {
            switch doc.name(c) {
            case "image": out.append(imageBlock(c, context: context))
            case "text":
                let text = collapse(doc.textContent(c))
                if !text.isEmpty {
                    out.append(Block(.paragraph([.text(text, [])]), location: location(), language: context.language,
                                     direction: context.direction))
                }
            case "title", "desc", "metadata", "defs", "style", "script": continue
            default: out.append(contentsOf: svgBlocks(c, context: context))
            }
        }
        return out
    }
}
