import BookModel

/// Turns an (X)HTML tree into blocks: the one place where HTML elements meet the book model.
/// Works on the flat node arrays of `XMLNodes`: an element is a node number, its name an interned number.
struct ContentImporter {
    typealias E = XMLNodes.NodeID
    typealias NS = XMLNodes.NS
    typealias Known = XMLNodes.Known

    /// Looks up an image's pixel size from its container path, when the importer has a container.
    typealias ImageSizer = (String) -> (width: Int, height: Int)?

    let doc: XMLNodes
    let spine: Int
    let href: String
    let imageSizer: ImageSizer
    private(set) var diagnostics: [Diagnostic] = []
    /// Scalars of visible text emitted so far: the next block's source offset.
    private(set) var offset = 0
    private var pendingPageBreaks: [String] = []
    private var depth = 0
    /// Recursion guard; as deep as the parser allows (XMLLimits.maxDepth), so no parsed text is dropped.
    private let maxDepth = Int(XMLLimits().maxDepth)

    /// Per interned name: how the importer treats elements of that name (see `NameClass`).
    private let classes: [NameClass]
    /// The classes of the names every document is seeded with, worked out once.
    private static let seededClasses = zip(XMLNodes.seededNames.strings, XMLNodes.seededNames.lowercased).map {
        NameClass(raw: $0, lowercased: $1)
    }

    init(document: XMLNodes, spine: Int, href: String, startOffset: Int = 0, imageSizer: @escaping ImageSizer = { _ in nil }) {
        self.doc = document
        let names = document.names
        let seeded = Self.seededClasses.count
        self.classes = names.strings.count == seeded ? Self.seededClasses
            : Self.seededClasses + (seeded..<names.strings.count).map { NameClass(raw: names.strings[$0], lowercased: names.lowercased[$0]) }
        self.spine = spine
        self.href = href
        self.offset = startOffset
        self.imageSizer = imageSizer
    }

    /// The inherited language and direction at a point of the tree.
    struct Context {
        var language: String?
        var direction: Direction?
        var style: InlineStyle = []
        var preformatted = false
    }

    // MARK: Blocks

    /// Imports the children of `element` as a sequence of blocks.
    mutating func blocks(in element: E, context: Context) -> [Block] {
        blocks(of: doc.children(element), context: context)
    }

    /// Imports a sequence of sibling nodes as a sequence of blocks.
    mutating func blocks(of children: XMLNodes.Siblings, context: Context) -> [Block] {
        var out: [Block] = []
        var collector = InlineCollector()
        var paragraphLocation = location()
        walkChildren(children, context: context, into: &out, collector: &collector, paragraphLocation: &paragraphLocation)
        flush(&collector, into: &out, context: context, at: paragraphLocation)
        return out
    }

    private mutating func walkChildren(_ children: XMLNodes.Siblings, context: Context, into out: inout [Block],
                                       collector: inout InlineCollector, paragraphLocation: inout SourceLocation) {
        for child in children {
            if doc.isText(child) {
                if collector.isEmpty { paragraphLocation = location() }
                doc.withText(child) { collector.append($0, style: context.style) }
            } else {
                node(child, context: context, into: &out, collector: &collector, paragraphLocation: &paragraphLocation)
            }
        }
    }

    /// The importer's name for an element: `svg:` and the local name for SVG, else the lower-cased local name.
    @inline(__always) private func key(_ e: E) -> String {
        let c = classes[Int(doc.nameID(e))]
        return doc.namespaceID(e) == NS.svg ? c.svgKey : c.lowercased
    }

    /// Elements written inline: their text joins the running paragraph.
    @inline(__always) private func isInline(_ e: E) -> Bool {
        let c = classes[Int(doc.nameID(e))]
        return doc.namespaceID(e) == NS.svg ? c.svgInline : c.inline
    }

    /// Imports one element met in a block context: block elements end the running anonymous paragraph.
    private mutating func node(_ e: E, context parent: Context, into out: inout [Block],
                               collector: inout InlineCollector, paragraphLocation: inout SourceLocation) {
        guard isRendered(e) else { return }
        let context = inherit(parent, from: e)
        if let label = pageBreakLabel(e) {
            if collector.isEmpty && !collector.hasPageBreaksOnly { pendingPageBreaks.append(label) } else { collector.appendPageBreak(label) }
            return
        }
        depth += 1
        defer { depth -= 1 }
        if depth > maxDepth {
            diagnostics.append(.warning("\(href): elements nested deeper than \(maxDepth); the rest of that branch is skipped"))
            return
        }
        let name = key(e)
        if isInline(e) {
            if collector.isEmpty { paragraphLocation = location() }
            var hoisted: [Block] = []
            inline(e, name: name, context: context, collector: &collector, blockSink: &hoisted, paragraphLocation: &paragraphLocation)
            if !hoisted.isEmpty {
                flush(&collector, into: &out, context: parent, at: paragraphLocation)
                place(hoisted, into: &out)
            }
            return
        }
        flush(&collector, into: &out, context: parent, at: paragraphLocation)
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            let level = Int(String(name.dropFirst()))!
            leaf(e, context: context, into: &out) { .heading(level: level, $0) }
        case "p", "dt", "figcaption", "caption", "summary", "legend":
            var ctx = context
            if name == "dt" { ctx.style.insert(.strong) }
            leaf(e, context: ctx, into: &out) { .paragraph($0) }
        case "pre", "listing", "xmp", "plaintext":
            let start = location()
            var text = String(decoding: preformattedText(e), as: UTF8.self)
            if text.hasPrefix("\n") { text.removeFirst() }
            if text.hasSuffix("\n") { text.removeLast() }
            appendBlock(.preformatted(text), at: start, context: context, into: &out)
        case "hr":
            appendBlock(.rule, at: location(), context: context, into: &out)
        case "blockquote":
            let start = location()
            let inner = blocks(in: e, context: context)
            if !inner.isEmpty { out.append(Block(.quote(inner), location: start, language: context.language, direction: context.direction)) }
        case "ul", "ol", "menu", "dir":
            list(e, ordered: name == "ol", context: context, into: &out)
        case "dl":
            definitionList(e, context: context, into: &out)
        case "table":
            table(e, context: context, into: &out)
        case "img", "svg:image", "image":
            place([imageBlock(e, context: context)], into: &out)
        case "svg:svg", "svg":
            place(svgBlocks(e, context: context), into: &out)
        case "br":
            break
        default:
            // div, section, article, li outside a list, figure, body, …: anonymous block containers.
            var inner = InlineCollector()
            var innerLocation = location()
            walkChildren(doc.children(e), context: context, into: &out, collector: &inner, paragraphLocation: &innerLocation)
            flush(&inner, into: &out, context: context, at: innerLocation)
        }
    }

    /// A block whose content is inline only (paragraph, heading); nested blocks are split out after it.
    private mutating func leaf(_ e: E, context: Context, into out: inout [Block], make: ([Inline]) -> BlockKind) {
        var collector = InlineCollector()
        takePendingPageBreaks(into: &collector)
        let start = location()
        var trailing: [Block] = []
        var unused = start
        for c in doc.children(e) {
            if doc.isText(c) {
                doc.withText(c) { collector.append($0, style: context.style) }
                continue
            }
            guard isRendered(c) else { continue }
            let childContext = inherit(context, from: c)
            if let label = pageBreakLabel(c) { collector.appendPageBreak(label); continue }
            if isInline(c) {
                inline(c, name: key(c), context: childContext, collector: &collector, blockSink: &trailing, paragraphLocation: &unused)
            } else {
                // Block content inside a paragraph (invalid but common): keep its text in the paragraph.
                collector.append(" ", style: context.style)
                inline(c, name: "span", context: childContext, collector: &collector, blockSink: &trailing, paragraphLocation: &unused)
                collector.append(" ", style: context.style)
            }
        }
        let inlines = collector.take()
        if !inlines.isEmpty {
            let block = Block(make(inlines), location: start, language: context.language, direction: context.direction)
            offset += block.characterCount
            out.append(block)
        }
        // Images found inside the paragraph follow it, with their own offsets.
        place(trailing, into: &out)
    }

    // MARK: Inlines

    private mutating func inline(_ e: E, name: String, context: Context, collector: inout InlineCollector,
                                 blockSink: inout [Block], paragraphLocation: inout SourceLocation) {
        var ctx = context
        switch name {
        case "br": collector.appendLineBreak(); return
        case "wbr": collector.appendRaw("\u{200B}", style: ctx.style); return
        case "ruby": ruby(e, context: ctx, collector: &collector); return
        case "img", "svg:image", "image":
            // Hoisted: the model has no inline images; the placeholder follows the paragraph.
            blockSink.append(imageBlock(e, context: ctx))
            return
        case "svg:svg":
            blockSink.append(contentsOf: svgBlocks(e, context: ctx))
            return
        case "em", "i", "cite", "dfn", "var": ctx.style.insert(.emphasis)
        case "strong", "b": ctx.style.insert(.strong)
        case "code", "kbd", "samp", "tt": ctx.style.insert(.code)
        case "s", "strike", "del": ctx.style.insert(.strikethrough)
        case "a": if doc.hasAttribute(e, Known.href) { ctx.style.insert(.link) }
        case "sup": ctx.style.insert(.superscript)
        case "sub": ctx.style.insert(.subscript)
        default: break
        }
        if name == "q" { collector.append("“", style: ctx.style) }
        for c in doc.children(e) {
            if doc.isText(c) {
                if ctx.preformatted { collector.appendRaw(doc.text(c), style: ctx.style) } else {
                    doc.withText(c) { collector.append($0, style: ctx.style) }
                }
                continue
            }
            guard isRendered(c) else { continue }
            if let label = pageBreakLabel(c) { collector.appendPageBreak(label); continue }
            inline(c, name: key(c), context: inherit(ctx, from: c), collector: &collector,
                   blockSink: &blockSink, paragraphLocation: &paragraphLocation)
        }
        if name == "q" { collector.append("”", style: ctx.style) }
    }

    /// `<ruby>` pairs each base run with the `<rt>` that follows it; `<rp>` fallbacks are dropped.
    private mutating func ruby(_ e: E, context: Context, collector: inout InlineCollector) {
        // The base is gathered as UTF-8: libxml2 hands out whole characters, so joining bytes joins the text.
        var base: [UInt8] = []
        for c in doc.children(e) {
            if doc.isText(c) { doc.withText(c) { base.append(contentsOf: $0) }; continue }
            switch doc.lowercasedName(c) {
            case "rt", "rtc":
                collector.appendRuby(base: base, annotation: doc.textContent(c))
                base.removeAll(keepingCapacity: true)
            case "rp": continue
            default: if isRendered(c) { doc.appendTextContent(c, to: &base) }
            }
        }
        if !base.isEmpty { base.withUnsafeBufferPointer { collector.append($0, style: context.style) } }
    }

    // MARK: Lists and tables

    private mutating func list(_ e: E, ordered: Bool, context: Context, into out: inout [Block]) {
        let start = location()
        let items = doc.children(e).filter { c in !doc.isText(c) && doc.lowercasedName(c) == "li" && isRendered(c) }
        var first = Int(doc.attribute(e, Known.start)?.trimmingSpaces ?? "") ?? 1
        let reversed = doc.hasAttribute(e, Known.reversed)
        if reversed && !doc.hasAttribute(e, Known.start) { first = items.count }
        let type = doc.attribute(e, Known.type) ?? "1"
        let explicitMarkers = ordered && (reversed || type != "1" || items.contains { doc.hasAttribute($0, Known.value) })
        var number = first
        var listItems: [ListItem] = []
        for item in items {
            if let value = doc.attribute(item, Known.value).flatMap({ Int($0.trimmingSpaces) }) { number = value }
            let itemContext = inherit(context, from: item)
            let blocks = self.blocks(in: item, context: itemContext)
            let marker = explicitMarkers ? Self.marker(number, type: type) + "." : nil
            listItems.append(ListItem(blocks: blocks, marker: marker))
            number += reversed ? -1 : 1
        }
        guard !listItems.isEmpty else { return }
        out.append(Block(.list(ListBlock(ordered: ordered, start: first, items: listItems)), location: start,
                         language: context.language, direction: context.direction))
    }

    private mutating func definitionList(_ e: E, context: Context, into out: inout [Block]) {
        let start = location()
        var items: [ListItem] = []
        for c in doc.children(e) where !doc.isText(c) && isRendered(c) {
            let ctx = inherit(context, from: c)
            switch doc.lowercasedName(c) {
            case "dt":
                var terms: [Block] = []
                var strong = ctx
                strong.style.insert(.strong)
                leaf(c, context: strong, into: &terms) { .paragraph($0) }
                out.append(contentsOf: flushItems(&items, start: start, context: context))
                out.append(contentsOf: terms)
            case "dd":
                let blocks = self.blocks(in: c, context: ctx)
                if !blocks.isEmpty { items.append(ListItem(blocks: blocks, marker: "")) }
            default:
                out.append(contentsOf: flushItems(&items, start: start, context: context))
                out.append(contentsOf: self.blocks(of: doc.only(c), context: ctx))
            }
        }
        out.append(contentsOf: flushItems(&items, start: start, context: context))
    }

    /// Definitions become an unmarked (indented) list.
    private func flushItems(_ items: inout [ListItem], start: SourceLocation, context: Context) -> [Block] {
        guard !items.isEmpty else { return [] }
        let location = items.first?.blocks.first?.location ?? start
        defer { items = [] }
        return [Block(.list(ListBlock(ordered: false, start: 1, items: items)), location: location,
                      language: context.language, direction: context.direction)]
    }

    private mutating func table(_ e: E, context: Context, into out: inout [Block]) {
        if let caption = doc.element(e, Known.caption, namespace: doc.namespaceID(e)), isRendered(caption) {
            leaf(caption, context: inherit(context, from: caption), into: &out) { .paragraph($0) }
        }
        let start = location()
        var rows: [TableRow] = []
        func collectRows(_ parent: E) {
            for c in doc.children(parent) where !doc.isText(c) && isRendered(c) {
                switch doc.lowercasedName(c) {
                case "tr": rows.append(row(c, context: inherit(context, from: c)))
                case "thead", "tbody", "tfoot": collectRows(c)
                default: continue
                }
            }
        }
        collectRows(e)
        guard !rows.isEmpty else { return }
        out.append(Block(.table(Table(rows: rows)), location: start, language: context.language, direction: context.direction))
    }

    private mutating func row(_ tr: E, context: Context) -> TableRow {
        var cells: [TableCell] = []
        for c in doc.children(tr) where !doc.isText(c) && isRendered(c) {
            let name = doc.lowercasedName(c)
            guard name == "td" || name == "th" else { continue }
            let span = max(1, min(Int(doc.attribute(c, Known.colspan)?.trimmingSpaces ?? "") ?? 1, 1000))
            cells.append(TableCell(blocks: blocks(in: c, context: inherit(context, from: c)), header: name == "th", columnSpan: span))
        }
        return TableRow(cells: cells)
    }

    // MARK: Images and SVG

    /// An image placeholder; its location is set when it is placed.
    private func imageBlock(_ e: E, context: Context) -> Block {
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
    private func svgBlocks(_ e: E, context: Context) -> [Block] {
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

    /// Appends finished blocks in order, giving each the current source offset.
    private mutating func place(_ blocks: [Block], into out: inout [Block]) {
        for var block in blocks {
            block.location = location()
            offset += block.characterCount
            out.append(block)
        }
    }

    // MARK: Helpers

    private mutating func flush(_ collector: inout InlineCollector, into out: inout [Block], context: Context, at start: SourceLocation) {
        guard !collector.isEmpty else {
            for case .pageBreak(let label) in collector.take() { pendingPageBreaks.append(label) }
            return
        }
        var withBreaks = InlineCollector()
        takePendingPageBreaks(into: &withBreaks)
        let inlines = withBreaks.take() + collector.take()
        appendBlock(.paragraph(inlines), at: start, context: context, into: &out)
    }

    private mutating func takePendingPageBreaks(into collector: inout InlineCollector) {
        for label in pendingPageBreaks { collector.appendPageBreak(label) }
        pendingPageBreaks = []
    }

    /// Markers that come after the last text of the document still land somewhere.
    mutating func finish(into out: inout [Block], context: Context) {
        guard !pendingPageBreaks.isEmpty else { return }
        let inlines = pendingPageBreaks.map { Inline.pageBreak(label: $0) }
        pendingPageBreaks = []
        out.append(Block(.paragraph(inlines), location: location(), language: context.language, direction: context.direction))
    }

    private mutating func appendBlock(_ kind: BlockKind, at start: SourceLocation, context: Context, into out: inout [Block]) {
        let block = Block(kind, location: start, language: context.language, direction: context.direction)
        offset += block.characterCount
        out.append(block)
    }

    private func location() -> SourceLocation { SourceLocation(spine: spine, href: href, offset: offset) }

    private func preformattedText(_ e: E) -> [UInt8] {
        var out: [UInt8] = []
        func walk(_ e: E) {
            for c in doc.children(e) {
                if doc.isText(c) { doc.withText(c) { out.append(contentsOf: $0) }; continue }
                guard isRendered(c) else { continue }
                if doc.lowercasedName(c) == "br" { out.append(0x0A) } else { walk(c) }
            }
        }
        walk(e)
        return out
    }

    func inherit(_ context: Context, from e: E) -> Context {
        let n = doc.node(e)
        guard n.count > 0 else { return context }
        var ctx = context
        if let lang = doc.attribute(e, Known.lang, namespace: NS.xml) ?? doc.attribute(e, Known.lang), !lang.isEmpty { ctx.language = lang }
        switch doc.attribute(e, Known.dir)?.lowercased() {
        case "rtl": ctx.direction = .rtl
        case "ltr": ctx.direction = .ltr
        default: break
        }
        return ctx
    }

    /// False for what a reader never shows: head, scripts, styles, templates, hidden elements.
    func isRendered(_ e: E) -> Bool {
        let n = doc.node(e)
        if classes[Int(n.name)].skipped && (n.namespace == NS.xhtml || n.namespace == NS.none || n.namespace == NS.svg) { return false }
        guard n.count > 0 else { return true }
        if doc.hasAttribute(e, Known.hidden) { return false }
        if let style = doc.attribute(e, Known.style), CSS.declaresDisplayNone(style) { return false }
        return true
    }

    /// The print page label of an `epub:type="pagebreak"` / `role="doc-pagebreak"` marker.
    func pageBreakLabel(_ e: E) -> String? {
        guard doc.node(e).count > 0 else { return nil }
        let types = PackageDocument.tokens(doc.attribute(e, Known.type, namespace: NS.epub))
        let roles = PackageDocument.tokens(doc.attribute(e, Known.role))
        guard types.contains("pagebreak") || roles.contains("doc-pagebreak") else { return nil }
        let label = doc.attribute(e, Known.title) ?? doc.attribute(e, Known.ariaLabel) ?? collapse(doc.textContent(e))
        if !label.isEmpty { return label }
        return doc.attribute(e, Known.id) ?? ""
    }

    static func marker(_ n: Int, type: String) -> String {
        switch type {
        case "a": return alphabetic(n, base: "a")
        case "A": return alphabetic(n, base: "A")
        case "i": return roman(n).lowercased()
        case "I": return roman(n)
        default: return String(n)
        }
    }

    private static func alphabetic(_ n: Int, base: Character) -> String {
        guard n > 0 else { return String(n) }
        var n = n
        var out = ""
        let start = base.asciiValue!
        while n > 0 {
            n -= 1
            out = String(UnicodeScalar(start + UInt8(n % 26))) + out
            n /= 26
        }
        return out
    }

    private static func roman(_ n: Int) -> String {
        guard n > 0 && n < 4000 else { return String(n) }
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var n = n
        var out = ""
        for (value, letters) in table { while n >= value { out += letters; n -= value } }
        return out
    }

    /// What the importer needs to know of an element name, worked out once per name of a document.
    struct NameClass {
        let lowercased: String
        let svgKey: String
        let skipped: Bool
        let inline: Bool
        let svgInline: Bool

        init(raw: String, lowercased: String) {
            self.lowercased = lowercased
            self.svgKey = "svg:" + raw
            self.skipped = ContentImporter.skipped.contains(lowercased)
            self.inline = ContentImporter.inlineElements.contains(lowercased) || lowercased == "a"
            self.svgInline = ContentImporter.inlineElements.contains(svgKey)
        }
    }

    static let skipped: Set<String> = ["head", "script", "style", "template", "noscript", "title", "meta", "link",
                                       "object", "embed", "iframe", "audio", "video", "canvas", "map", "area",
                                       "input", "select", "textarea", "button", "rp", "param", "source", "track"]

    static let inlineElements: Set<String> = ["span", "em", "i", "strong", "b", "code", "kbd", "samp", "tt", "var",
                                              "cite", "q", "abbr", "acronym", "small", "big", "sub", "sup", "s",
                                              "strike", "del", "ins", "u", "mark", "time", "ruby", "br", "wbr",
                                              "font", "bdi", "bdo", "label", "dfn", "data", "output", "nobr", "img",
                                              "image", "svg:image"]
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
