import BookModel

/// Inline elements of `ContentImporter`: their text joins the running paragraph through `InlineCollector` with
/// the style the element gives it (`inlineStyle(of:name:)` in `ElementRules.swift`); `<br>`, `<wbr>` and ruby
/// are special, and images met inline are hoisted out as blocks because the model has no inline image.
extension ContentImporter {
    mutating func inline(_ e: E, name: String, context: Context, collector: inout InlineCollector,
                         blockSink: inout [Block], paragraphLocation: inout SourceLocation) {
        var ctx = context
        switch name {
        case "br": collector.appendLineBreak(); return
        case "wbr": collector.appendRaw("\u{200B}", style: ctx.style); return
        case "ruby": ruby(e, context: ctx, collector: &collector); return
        case "math" where isMath(e): mathInline(e, context: ctx, collector: &collector); return
        case "img", "svg:image", "image":
            // Hoisted: the model has no inline images; the placeholder follows the paragraph.
            blockSink.append(imageBlock(e, context: ctx))
            return
        case "svg:svg":
            blockSink.append(contentsOf: svgBlocks(e, context: ctx))
            return
        default:
            // HTML's defaults for the element, less what the book's CSS turns off on it (`b { font-weight: normal }`).
            ctx.style.formUnion(inlineStyle(of: e, name: name).subtracting(styles.look(e)?.removes ?? []))
        }
        let combined = styles.look(e)?.adds.contains(.combineUpright) == true
        if combined { collector.seal() }
        defer { if combined { collector.seal() } }
        if name == "q" { collector.append("“", style: ctx.style) }
        for c in doc.children(e) {
            if doc.isText(c) {
                appendText(c, context: ctx, to: &collector)
                continue
            }
            guard isRendered(c) else { continue }
            if let label = pageBreakLabel(c) { collector.appendPageBreak(label); continue }
            let block = isBlockByStyle(c)
            if block { collector.appendBlockBoundary() }
            inline(c, name: key(c), context: inherit(ctx, from: c), collector: &collector,
                   blockSink: &blockSink, paragraphLocation: &paragraphLocation)
            if block { collector.appendBlockBoundary() }
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
}
