import BookModel

/// The element dispatch and block structure of `ContentImporter`: which block an element makes, how loose text
/// between blocks gathers into anonymous paragraphs, and leaf blocks (paragraphs, headings) whose content is
/// inline only. Lists, tables and images have files of their own; what an element *is* (inline, hidden, its
/// language) is decided in `ElementRules.swift`.
extension ContentImporter {
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
                appendText(child, context: context, to: &collector)
            } else {
                node(child, context: context, into: &out, collector: &collector, paragraphLocation: &paragraphLocation)
            }
        }
    }

    /// Imports one element met in a block context: block elements end the running anonymous paragraph.
    private mutating func node(_ e: E, context parent: Context, into out: inout [Block],
                               collector: inout InlineCollector, paragraphLocation: inout SourceLocation) {
        guard isRendered(e) else { return }
        var context = inherit(parent, from: e)
        if let label = pageBreakLabel(e) {
            pageBreak(label, collector: &collector)
            return
        }
        let entered = enterElement()
        defer { leaveElement() }
        guard entered else { return }
        let name = key(e)
        if let math = displayMath(e, name: name) {
            flush(&collector, into: &out, context: parent, at: paragraphLocation)
            recordAnchor(e, isLink: false, at: offset)
            mathBlock(math, context: math == e ? parent : context, into: &out)
            return
        }
        if (isInline(e) && !isBlockByStyle(e)) || isInlineByStyle(e, name: name) {
            if collector.isEmpty { paragraphLocation = location() }
            var hoisted: [Block] = []
            inline(e, tag: inlineTag(e), context: context, collector: &collector, blockSink: &hoisted, paragraphLocation: &paragraphLocation)
            if !hoisted.isEmpty {
                flush(&collector, into: &out, context: parent, at: paragraphLocation)
                place(hoisted, into: &out)
            }
            return
        }
        flush(&collector, into: &out, context: parent, at: paragraphLocation)
        recordAnchor(e, isLink: name == "a", at: offset)
        let look = styles.look(e)
        if let side = look?.breakBefore { breakPage(side) }
        if look?.avoidBreakBefore == true, !out.isEmpty { out[out.count - 1].look.keepWithNext = true }
        let first = out.count
        defer {
            if let look { Self.keeps(look, blocks: &out, from: first) }
            if let side = look?.breakAfter { breakPage(side) }
        }
        if let key = noteKey(e, name: name, context: &context) {
            noteBlock(e, key: key, context: context, into: &out)
            return
        }
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            let level = Int(String(name.dropFirst()))!
            leaf(e, context: context, into: &out) { .heading(level: level, $0) }
        case "p", "dt", "caption", "summary", "legend":
            var ctx = context
            // A term, and the heading-like line of a `details` (ImportStructure.swift), are set strong.
            if name == "dt" || name == "summary" { ctx.style.insert(.strong) }
            if name == "p", let level = subtitleLevel(e, after: out) {
                leaf(e, context: ctx, into: &out) { .heading(level: level, $0) }
            } else {
                leaf(e, context: ctx, into: &out) { .paragraph($0) }
            }
        case "figcaption":
            caption(e, context: context, into: &out)
        case "figure":
            figure(e, context: context, into: &out)
        case "aside":
            aside(e, context: context, parent: parent, into: &out)
        case "details":
            details(e, context: context, into: &out)
        case "hgroup":
            headingGroup(e, context: context, into: &out)
        case "pre", "listing", "xmp", "plaintext":
            let start = location()
            var text = String(decoding: preformattedText(e), as: UTF8.self)
            if text.hasPrefix("\n") { text.removeFirst() }
            if text.hasSuffix("\n") { text.removeLast() }
            appendBlock(.preformatted(text), at: start, context: context, into: &out)
        case "hr":
            appendBlock(.rule, at: location(), context: context, into: &out)
        case "blockquote":
            blockquote(e, context: context, into: &out)
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

    /// Imports the children of `e` as an anonymous block container does (the `default` case above), and says which
    /// blocks of `out` each child element made, for those that make their own: every child written as a block, and
    /// the inline ones named in `own` (ended as a paragraph of their own). Loose text before such a child is ended
    /// first, so a child's range holds its blocks only. Used where a container's parts play roles (a figure's
    /// caption, a quote's attribution; ImportStructure.swift).
    mutating func walkContainer(_ e: E, context: Context, into out: inout [Block],
                                own: Set<String> = []) -> [(child: E, blocks: Range<Int>)] {
        var parts: [(child: E, blocks: Range<Int>)] = []
        var collector = InlineCollector()
        var paragraphLocation = location()
        for c in doc.children(e) {
            if doc.isText(c) {
                if collector.isEmpty { paragraphLocation = location() }
                appendText(c, context: context, to: &collector)
                continue
            }
            let name = key(c)
            let inline = (isInline(c) && !isBlockByStyle(c)) || isInlineByStyle(c, name: name)
            guard isRendered(c), !inline || own.contains(name) else {
                node(c, context: context, into: &out, collector: &collector, paragraphLocation: &paragraphLocation)
                continue
            }
            flush(&collector, into: &out, context: context, at: paragraphLocation)
            let first = out.count
            paragraphLocation = location()
            node(c, context: context, into: &out, collector: &collector, paragraphLocation: &paragraphLocation)
            flush(&collector, into: &out, context: context, at: paragraphLocation)
            parts.append((c, first..<out.count))
        }
        flush(&collector, into: &out, context: context, at: paragraphLocation)
        return parts
    }

    /// A block whose content is inline only (paragraph, heading); nested blocks are split out after it.
    mutating func leaf(_ e: E, context: Context, into out: inout [Block], make: ([Inline]) -> BlockKind) {
        var collector = InlineCollector()
        takePendingPageBreaks(into: &collector)
        let start = location()
        var trailing: [Block] = []
        var unused = start
        for c in doc.children(e) {
            if doc.isText(c) {
                appendText(c, context: context, to: &collector)
                continue
            }
            guard isRendered(c) else { continue }
            let childContext = inherit(context, from: c)
            if let label = pageBreakLabel(c) { collector.appendPageBreak(label); continue }
            if isBlockByStyle(c) {
                collector.appendBlockBoundary()
                inline(c, tag: inlineTag(c), context: childContext, collector: &collector, blockSink: &trailing, paragraphLocation: &unused)
                collector.appendBlockBoundary()
            } else if isInline(c) {
                inline(c, tag: inlineTag(c), context: childContext, collector: &collector, blockSink: &trailing, paragraphLocation: &unused)
            } else {
                // Block content inside a paragraph (invalid but common): keep its text in the paragraph.
                collector.append(" ", style: context.style)
                inline(c, tag: .span, context: childContext, collector: &collector, blockSink: &trailing, paragraphLocation: &unused)
                collector.append(" ", style: context.style)
            }
        }
        let inlines = collector.take()
        if !inlines.isEmpty {
            append(block(make(inlines), at: start, context: context), into: &out)
        }
        // Images found inside the paragraph follow it, with their own offsets.
        place(trailing, into: &out)
    }

    /// The text of `<pre>` and its kin as written, `<br>` as a line feed.
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
}
