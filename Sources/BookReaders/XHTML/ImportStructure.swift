import BookModel

/// Block structure whose parts play roles, in `ContentImporter` (issue 17): a figure and its caption held together,
/// a caption that holds blocks, asides set off as quotes, `details` under its summary, a quote's attribution at the
/// end of the line, and an `hgroup`'s subtitle. Each becomes the model's own blocks (quotes, headings, paragraphs)
/// with a `BlockLook` saying how they sit and what they are kept with; Layout needs nothing new. The rendering each
/// follows is HTML's (HTML §4.4 grouping content, §4.11.1 details, §15.3 rendering), read for pages of cells.
extension ContentImporter {
    /// `<figure>` (HTML §4.4.12): its image, caption (before or after the image) and anything else it holds stay on
    /// one page, as `break-inside: avoid` would keep them; a caption's own lines are never split. A figure taller
    /// than a page still breaks, where it must (Layout relaxes keeps, never an image box). A caption under a lone
    /// quotation is its attribution (HTML §4.4.4's example), set at the end of the line.
    mutating func figure(_ e: E, context: Context, into out: inout [Block]) {
        let first = out.count
        let parts = walkContainer(e, context: context, into: &out)
        guard first < out.count else { return }
        for i in first..<(out.count - 1) { out[i].look.keepWithNext = true }
        let captions = parts.filter { key($0.child) == "figcaption" }
        for part in captions {
            for i in part.blocks { out[i].look.keepTogether = true }
        }
        let others = parts.filter { key($0.child) != "figcaption" }
        if !captions.isEmpty, !others.isEmpty, others.allSatisfy({ key($0.child) == "blockquote" }) {
            for part in captions { attribute(&out, part.blocks) }
        }
    }

    /// `<figcaption>`: a paragraph when it holds text and inline elements only; its blocks when it holds a heading,
    /// paragraphs, a list or a table (as accessibility-minded books write long descriptions), so none of them is
    /// run into one paragraph.
    mutating func caption(_ e: E, context: Context, into out: inout [Block]) {
        let hasBlocks = doc.children(e).contains { c in !doc.isText(c) && isRendered(c) && !isInline(c) }
        if hasBlocks {
            out.append(contentsOf: blocks(in: e, context: context))
        } else {
            leaf(e, context: context, into: &out) { .paragraph($0) }
        }
    }

    /// `<aside>` (HTML §4.3.5): a sidebar, a pull quote or a tip, tangential to the text around it, is set off as a
    /// quote is (behind a bar). Notes are not asides to set off: an aside marked as a footnote or endnote (EPUB 3
    /// Structural Semantics `footnote`, `endnote`, `rearnote`, `note`; DPUB-ARIA `doc-footnote`, `doc-endnote`)
    /// stays a plain container here; notes have their own handling. Quire draws the bar, so the aside's own
    /// start margin is not added (as for `blockquote`, `StyleRules.swift`), or its text would be indented twice.
    mutating func aside(_ e: E, context: Context, parent: Context, into out: inout [Block]) {
        if isNote(e) {
            out.append(contentsOf: blocks(in: e, context: context))
            return
        }
        var ctx = context
        ctx.startIndent = parent.startIndent
        let start = location()
        let inner = blocks(in: e, context: ctx)
        guard !inner.isEmpty else { return }
        out.append(block(.quote(inner), at: start, context: ctx))
    }

    /// Whether an element is marked as a note (see `aside`).
    func isNote(_ e: E) -> Bool {
        guard doc.node(e).count > 0 else { return false }
        return PackageDocument.hasToken(doc.attribute(e, Known.type, namespace: NS.epub), anyOf: Self.noteTypes)
            || PackageDocument.hasToken(doc.attribute(e, Known.role), anyOf: Self.noteRoles)
    }

    /// `<details>` (HTML §4.11.1), shown open as a page cannot be clicked: its `summary` is a heading-like first
    /// line (strong, see the `summary` case of the dispatch) kept with what follows it, and stays where the book
    /// wrote it (blocks keep their source order).
    mutating func details(_ e: E, context: Context, into out: inout [Block]) {
        let parts = walkContainer(e, context: context, into: &out)
        guard let summary = parts.first(where: { key($0.child) == "summary" }), !summary.blocks.isEmpty else { return }
        for i in summary.blocks { out[i].look.keepTogether = true }
        out[summary.blocks.upperBound - 1].look.keepWithNext = true
    }

    /// `<blockquote>` (HTML §4.4.4) behind its bar; its attribution, a `<footer>` or a `<cite>` written as a block
    /// of the quote, sits at the end of the line (as a signature under a letter does) and is kept with the
    /// quotation's last line.
    mutating func blockquote(_ e: E, context: Context, into out: inout [Block]) {
        let start = location()
        var inner: [Block] = []
        let parts = walkContainer(e, context: context, into: &inner, own: ["cite"])
        guard !inner.isEmpty else { return }
        for part in parts where ["footer", "cite"].contains(key(part.child)) { attribute(&inner, part.blocks) }
        out.append(block(.quote(inner), at: start, context: context))
    }

    /// The blocks of an attribution: at the end of the line, and kept with the block before them.
    private func attribute(_ out: inout [Block], _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        for i in range { out[i].look.align = .end }
        if range.lowerBound > 0 { out[range.lowerBound - 1].look.keepWithNext = true }
    }

    /// `<hgroup>` (HTML §4.3.7): a heading with its subtitle or tagline. A paragraph after the heading is set as a
    /// heading one level lower (the subtitle `<h2>` of older HTML): it then reads as subordinate to the title in
    /// text, JSON and HTML alike, and page cutting keeps it with the title as it keeps any heading with what
    /// follows. A paragraph before the heading (a label, "Book One") stays a paragraph, kept with the heading, so
    /// the chapter's title is still the heading's text.
    mutating func headingGroup(_ e: E, context: Context, into out: inout [Block]) {
        let first = out.count
        _ = walkContainer(e, context: context, into: &out)
        guard let main = out[first...].firstIndex(where: { if case .heading = $0.kind { true } else { false } }),
              case .heading(let level, _) = out[main].kind else { return }
        for i in first..<main { out[i].look.keepWithNext = true }
        for i in (main + 1)..<out.count {
            if case .paragraph(let inlines) = out[i].kind { out[i].kind = .heading(level: min(level + 1, 6), inlines) }
        }
    }

    /// The level of a paragraph marked as a subtitle (DPUB-ARIA `doc-subtitle`, EPUB 3 `subtitle`) that follows a
    /// heading directly: one below that heading's, as in `headingGroup`. Nil for any other paragraph.
    func subtitleLevel(_ e: E, after out: [Block]) -> Int? {
        guard case .heading(let level, _)? = out.last?.kind, doc.node(e).count > 0 else { return nil }
        guard PackageDocument.hasToken(doc.attribute(e, Known.role), anyOf: ["doc-subtitle"])
            || PackageDocument.hasToken(doc.attribute(e, Known.type, namespace: NS.epub), anyOf: ["subtitle"])
        else { return nil }
        return min(level + 1, 6)
    }
}
