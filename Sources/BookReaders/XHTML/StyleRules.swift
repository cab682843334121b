import BookModel
import CSS

/// How the book's CSS (an element's `ElementLook`) changes what `ContentImporter` makes: the inherited context
/// (alignment, indents, inline styles, text transforms, white space, visibility), roles changed by `display`,
/// keeps between blocks, and text that is not written as it stands. The cascade decided the values; this file
/// decides what they mean for cell pages (issue 15).
extension ContentImporter {
    /// Applies what `e` declares to the context below it. Inherited properties simply stay in the context; the
    /// start indent (margins and paddings, not inherited) adds up over nested blocks instead. Quire draws its own
    /// indent for quotes, lists and tables (their bar, markers and borders), and the body's margins are the page's,
    /// so theirs are not added.
    func applyStyle(of e: E, to ctx: inout Context) {
        guard let look = styles.look(e) else { return }
        if let d = look.direction { ctx.direction = d }
        if let a = look.align { ctx.align = a }
        if let t = look.textIndent { ctx.textIndent = t }
        if let s = look.startIndent, !isInline(e) || look.role == .block, !hasOwnIndent(e) {
            ctx.startIndent = ctx.startIndent + s
        }
        ctx.style.formUnion(look.adds)
        ctx.style.subtract(look.removes)
        if let mark = look.emphasis { ctx.style.emphasisMark = mark }
        if let t = look.transform { ctx.transform = t }
        if let s = look.smallCaps { ctx.smallCaps = s }
        if let w = look.whiteSpace {
            ctx.preformatted = w == .pre || w == .preWrap || w == .breakSpaces
            ctx.preLine = w == .preLine
        }
        if let v = look.invisible { ctx.invisible = v }
        if let h = look.hyphens { ctx.hyphens = h }
    }

    /// Elements whose indent Quire draws itself (a quote's bar, list markers, table borders) or that the page's
    /// margins stand for (`html`, `body`): the book's start indent on them is not added. Read once per element
    /// name (`NameClass.ownIndent`), not hashed per element.
    static let ownIndent: Set<String> = ["html", "body", "blockquote", "ul", "ol", "menu", "dir", "li", "dl",
                                         "dd", "table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption"]

    private func hasOwnIndent(_ e: E) -> Bool {
        doc.namespaceID(e) != NS.svg && classes[Int(doc.nameID(e))].ownIndent
    }

    /// An element written as a block that the book's CSS makes inline (`display: inline`): its text runs on in
    /// the paragraph around it, as `p.inline { display: inline }` does in a browser. Only elements whose content
    /// is text-like; lists, tables, preformatted text and media keep their block handling.
    func isInlineByStyle(_ e: E, name: String) -> Bool {
        guard styles.look(e)?.role == .inline, !isInline(e) else { return false }
        return Self.inlinable.contains(name)
    }

    private static let inlinable: Set<String> = ["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "section",
                                                 "article", "header", "footer", "address", "center", "figcaption"]

    /// `break-after: avoid` and `break-inside: avoid` on an element, applied to the blocks it made (from `first`):
    /// no break after its last one, and none between its own blocks. Static: called from a `defer` in `node`, an
    /// instance method made a copy of the whole importer for every element (issue 19).
    static func keeps(_ look: ElementLook, blocks out: inout [Block], from first: Int) {
        guard first < out.count else { return }
        if look.avoidBreakInside {
            for i in first..<(out.count - 1) { out[i].look.keepWithNext = true }
            out[out.count - 1].look.keepTogether = true
        }
        if look.avoidBreakAfter { out[out.count - 1].look.keepWithNext = true }
    }

    /// Appends the text node `c` as the context says: collapsed (the fast path, bytes as they are), or kept as
    /// written (`pre`), with line feeds kept (`pre-line`), transformed (`text-transform`, small caps) or blanked
    /// (`visibility: hidden`).
    @inline(__always) func appendText(_ c: E, context: Context, to collector: inout InlineCollector) {
        if context.plainText {
            doc.withText(c) { collector.append($0, style: context.style) }
            return
        }
        var text = doc.text(c)
        if context.transform != .none || context.smallCaps {
            let t = context.transform
            let textCase: TextTransformer.Case
            switch t.case {
            case .none: textCase = .none
            case .uppercase: textCase = .uppercase
            case .lowercase: textCase = .lowercase
            case .capitalize: textCase = .capitalize
            }
            var transformer = TextTransformer(case: textCase, fullWidth: t.fullWidth, fullSizeKana: t.fullSizeKana,
                                              smallCaps: context.smallCaps, language: context.language)
            // The paragraph so far ends inside a word: `hel<span class="cap">lo</span>` is not capitalized again.
            transformer.insideWord = collector.lastScalar.map { $0.properties.isAlphabetic || $0.properties.numericType != nil } ?? false
            text = transformer.apply(text)
        }
        if context.invisible { text = Self.blanked(text) }
        guard context.preformatted || context.preLine else {
            collector.append(text, style: context.style)
            return
        }
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { collector.appendLineBreak() }
            if context.preformatted { collector.appendRaw(String(line), style: context.style) } else {
                collector.append(String(line), style: context.style)
            }
        }
    }

    /// Text with `visibility: hidden` keeps its room (CSS Display 3 §4): every character becomes a space of its
    /// width, an ideographic space for wide ones and a no-break space otherwise (so collapsing does not take the
    /// room away); white space stays white space.
    static func blanked(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace { out.unicodeScalars.append(scalar); continue }
            let wide = scalar.properties.isIdeographic || (0x3000...0x30FF).contains(scalar.value)
                || (0xFF01...0xFF60).contains(scalar.value) || (0xAC00...0xD7A3).contains(scalar.value)
            out.unicodeScalars.append(wide ? "\u{3000}" : "\u{00A0}")
        }
        return out
    }
}
