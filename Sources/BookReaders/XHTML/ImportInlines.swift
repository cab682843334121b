import BookModel

/// Inline elements of `ContentImporter`: their text joins the running paragraph through `InlineCollector` with
/// the style the element gives it (`inlineStyle(of:tag:)` in `ElementRules.swift`); `<br>`, `<wbr>` and ruby
/// are special, and images met inline are hoisted out as blocks because the model has no inline image.
extension ContentImporter {
    mutating func inline(_ e: E, tag: InlineTag, context: Context, collector: inout InlineCollector,
                         blockSink: inout [Block], paragraphLocation: inout SourceLocation) {
        // The running paragraph starts at `offset` (nothing is appended while it gathers); the text before `e` in it
        // is the collector's, counted only for elements that can be named.
        if isAnchor(e, isLink: tag == .a) { recordAnchor(e, isLink: tag == .a, at: offset + collector.characterCount) }
        var ctx = context
        switch tag {
        case .br: collector.appendLineBreak(); return
        case .wbr: collector.appendRaw("\u{200B}", style: ctx.style); return
        case .ruby: ruby(e, context: ctx, collector: &collector); return
        case .math where isMath(e): mathInline(e, context: ctx, collector: &collector); return
        case .image:
            // Hoisted: the model has no inline images; the placeholder follows the paragraph.
            blockSink.append(imageBlock(e, context: ctx))
            return
        case .svgRoot:
            blockSink.append(contentsOf: svgBlocks(e, context: ctx))
            return
        default:
            // HTML's defaults for the element, less what the book's CSS turns off on it (`b { font-weight: normal }`).
            ctx.style.formUnion(inlineStyle(of: e, tag: tag).subtracting(styles.look(e)?.removes ?? []))
        }
        if let label = noteReferenceLabel(e, tag: tag, context: context) {
            if let marker = noteMarkers.reference(label, style: ctx.style), case .text(let text, let style) = marker {
                collector.seal()
                collector.append(text, style: style)
                collector.seal()
                recordReference(e, marker: text)
            }
            return
        }
        if let position = ScriptRun.start(outer: context.scripts, inner: ctx.style), !ctx.preformatted {
            script(e, tag: tag, position: position, context: ctx, collector: &collector, blockSink: &blockSink,
                   paragraphLocation: &paragraphLocation)
            return
        }
        let combined = styles.look(e)?.adds.contains(.combineUpright) == true
        if combined { collector.seal() }
        defer { if combined { collector.seal() } }
        if tag == .q { collector.append("“", style: ctx.style) }
        for c in doc.children(e) {
            if doc.isText(c) {
                appendText(c, context: ctx, to: &collector)
                continue
            }
            guard isRendered(c) else { continue }
            if let label = pageBreakLabel(c) { collector.appendPageBreak(label); continue }
            let block = isBlockByStyle(c)
            if block { collector.appendBlockBoundary() }
            inline(c, tag: inlineTag(c), context: inherit(ctx, from: c), collector: &collector,
                   blockSink: &blockSink, paragraphLocation: &paragraphLocation)
            if block { collector.appendBlockBoundary() }
        }
        if tag == .q { collector.append("”", style: ctx.style) }
    }

    /// A raised or lowered run (`<sup>`, `<sub>`, `vertical-align: super/sub`) is gathered whole and written as
    /// `ScriptForms` says: "2⁷", not "27", and `e^(iπ)` when a character has no superscript form. Converting the
    /// element's text at once (not each text node) keeps `e<sup>i<i>π</i></sup>` one script. Note markers found
    /// inside (`<sup><a href="#n3">3</a></sup>`) are already drawn and pass through as they are.
    private mutating func script(_ e: E, tag: InlineTag, position: ScriptForms.Position, context: Context,
                                 collector: inout InlineCollector, blockSink: inout [Block],
                                 paragraphLocation: inout SourceLocation) {
        var inner = InlineCollector()
        var ctx = context
        ctx.scripts = context.style.intersection([.superscript, .subscript])
        inline(e, tag: tag, context: ctx, collector: &inner, blockSink: &blockSink,
               paragraphLocation: &paragraphLocation)
        let inlines = inner.take()
        // Note markers are drawn already; a run holding line breaks is a styled passage, not a script, and ruby
        // keeps its annotation: these pass through as they are.
        let passThrough = inlines.contains {
            switch $0 {
            case .text(_, let style): return style.contains(.noteReference)
            case .lineBreak, .ruby: return true
            case .pageBreak: return false
            }
        }
        if passThrough {
            collector.seal()
            for inline in inlines {
                switch inline {
                case .text(let text, let style): collector.append(text, style: style)
                case .lineBreak: collector.appendLineBreak()
                case .ruby(let base, let annotation): collector.appendRuby(base: Array(base.utf8), annotation: annotation)
                case .pageBreak(let label): collector.appendPageBreak(label)
                }
            }
            return
        }
        let text = inlines.plainText
        guard !text.isEmpty else { return }
        var style = context.style
        for case .text(_, let s) in inlines { style.formUnion(s) }
        collector.seal()
        collector.append(ScriptForms.linear(text, position), style: style)
        for case .pageBreak(let label) in inlines { collector.appendPageBreak(label) }
    }

    /// The label of a note reference (issue 16): an element marked `epub:type="noteref"` or `role="doc-noteref"`,
    /// or, as EPUB 2 books and converters write them, a link to a fragment whose short label is raised
    /// (`<sup><a href="#fn3">3</a></sup>`, `<a href="#fn3"><sup>3</sup></a>`). Nil for anything else.
    func noteReferenceLabel(_ e: E, tag: InlineTag, context: Context) -> String? {
        // Note references are links (or, rarely, spans and superscripts around one); other elements are not read.
        guard doc.node(e).count > 0, tag == .a || tag == .span || tag == .sup else { return nil }
        if PackageDocument.hasToken(doc.attribute(e, Known.type, namespace: NS.epub), anyOf: ["noteref"])
            || PackageDocument.hasToken(doc.attribute(e, Known.role), anyOf: ["doc-noteref"]) {
            return doc.textContent(e)
        }
        guard tag == .a, let href = doc.attribute(e, Known.href), href.hasPrefix("#") else { return nil }
        let raised = context.style.contains(.superscript) || onlyChildIsSuperscript(e)
        guard raised else { return nil }
        let label = NoteMarkers.core(of: doc.textContent(e))
        guard !label.isEmpty, label.count <= 4, !label.contains(where: \.isWhitespace) else { return nil }
        return label
    }

    /// True when `e`'s content is one `<sup>` element (whitespace aside).
    private func onlyChildIsSuperscript(_ e: E) -> Bool {
        var found = false
        for c in doc.children(e) {
            if doc.isText(c) {
                if !doc.text(c).allSatisfy(\.isWhitespace) { return false }
                continue
            }
            guard !found, doc.lowercasedName(c) == "sup" else { return false }
            found = true
        }
        return found
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
}

/// Where a raised or lowered run starts: the element's style (from HTML or the book's CSS) has a script bit that
/// no enclosing run is writing already.
enum ScriptRun {
    static func start(outer: InlineStyle, inner: InlineStyle) -> ScriptForms.Position? {
        if inner.contains(.superscript) && !outer.contains(.superscript) { return .superscript }
        if inner.contains(.subscript) && !outer.contains(.subscript) { return .subscript }
        return nil
    }
}
