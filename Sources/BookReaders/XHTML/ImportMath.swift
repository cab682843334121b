import BookModel

/// MathML in the content (`<math>` in the MathML namespace, or named `math` where the HTML parser leaves names
/// without one): converted to UnicodeMath's linear text by `MathLinear` (`Math/`), never to loose tokens.
/// Inline math is text styled `.math` in the running paragraph; it breaks only where its top-level spaces are:
/// those inside brackets are U+00A0, which UAX #14 never breaks, and where UAX #14 would break between two
/// characters of a formula (after `/` or `|`, between `)` and `(`) a U+2060 WORD JOINER is put (`joined`), which
/// Layout prints as nothing. Display math is a block of its own, centred: a
/// paragraph when it is one line, preformatted text when it is a grid (a matrix, an equation array), so that its
/// lines stay as drawn.
extension ContentImporter {
    /// Whether `e` is a `<math>` element.
    func isMath(_ e: E) -> Bool {
        guard !doc.isText(e), doc.lowercasedName(e) == "math" else { return false }
        let ns = doc.namespaceID(e)
        return ns == NS.none || ns == NS.xhtml || doc.namespace(e) == MathNode.namespace
    }

    /// The `<math>` to set as display math when `e` is one with `display="block"`, or a paragraph or `div` whose
    /// only content is one `<math>` (books such as those made by DITA-OT's TeX converter set display formulas
    /// that way, without `display`; a formula alone on its line is displayed in print).
    func displayMath(_ e: E, name: String) -> E? {
        guard hasMath else { return nil }
        if isMath(e) { return MathLinear.isDisplay(MathNode("math", mathAttributes(e))) ? e : nil }
        guard name == "p" || name == "div" else { return nil }
        var found: E?
        for c in doc.children(e) {
            if doc.isText(c) {
                let text = doc.text(c)
                if !(ScalarText.isBlankASCII(text) ?? text.allSatisfy(\.isWhitespace)) { return nil }
                continue
            }
            guard isRendered(c) else { continue }
            guard found == nil, isMath(c) else { return nil }
            found = c
        }
        return found
    }

    private func mathAttributes(_ e: E) -> [String: String] {
        var out: [String: String] = [:]
        if let display = doc.attribute(e, named: "display") { out["display"] = display }
        if let mode = doc.attribute(e, named: "mode") { out["mode"] = mode }
        return out
    }

    /// Display math as its own centred block.
    mutating func mathBlock(_ math: E, context: Context, into out: inout [Block]) {
        let lines = MathLinear.lines(of: MathNode(doc, math), display: true)
        guard !lines.isEmpty else { return }
        var ctx = inherit(context, from: math)
        ctx.align = .center
        ctx.textIndent = .zero
        let kind: BlockKind = lines.count == 1 ? .paragraph([.text(MathLinear.joined(lines[0]), ctx.style.union(.math))])
            : .preformatted(lines.joined(separator: "\n"))
        appendBlock(kind, at: location(), context: ctx, into: &out)
    }

    /// Math met inside a paragraph: its linear text joins the paragraph; display math there (the paragraph has
    /// text around it) gets lines of its own inside the paragraph.
    mutating func mathInline(_ math: E, context: Context, collector: inout InlineCollector) {
        let node = MathNode(doc, math)
        let display = MathLinear.isDisplay(node)
        let lines = MathLinear.lines(of: node, display: display)
        let style = context.style.union(.math)
        guard display else {
            if let line = lines.first { collector.append(MathLinear.joined(line), style: style) }
            return
        }
        collector.appendBlockBoundary()
        for (i, line) in lines.enumerated() {
            if i > 0 { collector.appendLineBreak() }
            collector.appendRaw(line, style: style)
        }
        collector.appendBlockBoundary()
    }
}

extension MathLinear {
    /// `text` with U+2060 WORD JOINER where UAX #14 allows a line break between two characters that are not
    /// spaces but belong together in a formula: after a solidus, a hyphen-minus or a vertical bar (classes SY, HY,
    /// BA), after a closing bracket of class CL, and between a closing and an opening bracket (CP or CL before OP,
    /// no rule of UAX #14 keeps those together). The joiner is invisible and zero-width (Layout drops it from the
    /// printed line) and is part of the book text like the U+200B of `<wbr>`.
    static func joined(_ text: String) -> String {
        let breaksAfter: Set<Character> = ["/", "-", "|", "‖", "}", "〉", "⟩", "⌉", "⌋", "¦"]
        let closing: Set<Character> = [")", "]", "}", "〉", "⟩"]
        let opening: Set<Character> = ["(", "[", "{", "〈", "⟨", "√", "∛", "∜"]
        var out = ""
        var previous: Character?
        for c in text {
            if let p = previous, c != " ", p != " ", breaksAfter.contains(p) || closing.contains(p) && opening.contains(c) {
                out.append("\u{2060}")
            }
            out.append(c)
            previous = c
        }
        return out
    }
}
