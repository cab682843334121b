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
    func isMath(_ e: E) -> Bool { doc.isMath(e) }

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
    static func joined(_ text: String) -> String { joinedScalars(text) ?? characterJoined(text) }

    private static let breaksAfter: Set<Character> = ["/", "-", "|", "‖", "}", "〉", "⟩", "⌉", "⌋", "¦"]
    private static let closing: Set<Character> = [")", "]", "}", "〉", "⟩"]
    private static let opening: Set<Character> = ["(", "[", "{", "〈", "⟨", "√", "∛", "∜"]

    /// `joined` character by character: the definition, for any text.
    static func characterJoined(_ text: String) -> String {
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

    /// The same sets as scalars, each character in them being one scalar, with the scalars Character equality
    /// also takes for them: it compares canonical equivalents, and U+2329 and U+232A (the angle brackets of
    /// Miscellaneous Technical) decompose to U+3008 and U+3009 (`ScalarTextTests` checks every simple scalar).
    static let scalarSets: (breaksAfter: Set<UInt32>, closing: Set<UInt32>, opening: Set<UInt32>) = {
        func scalars(_ set: Set<Character>) -> Set<UInt32> {
            var out = Set(set.map { $0.unicodeScalars.first!.value })
            if out.contains(0x3008) { out.insert(0x2329) }
            if out.contains(0x3009) { out.insert(0x232A) }
            return out
        }
        return (scalars(breaksAfter), scalars(closing), scalars(opening))
    }()

    /// The character sets, for the test that holds `scalarSets` to them.
    static var characterSets: (breaksAfter: Set<Character>, closing: Set<Character>, opening: Set<Character>) {
        (breaksAfter, closing, opening)
    }

    /// `joined` on the UTF-8 of a text whose scalars are all simple (`ScalarText.isSimpleScalar`: each is a
    /// character); nil otherwise. Walking characters and building the string one at a time cost 4,800
    /// instructions a formula (issue 19).
    static func joinedScalars(_ text: String) -> String? {
        let bytes: [UInt8]?? = text.utf8.withContiguousStorageIfAvailable { b in
            var out: [UInt8] = []
            out.reserveCapacity(b.count + 16)
            var previous: UInt32?
            var i = 0
            while i < b.count {
                let (v, next) = ScalarText.scalar(b, at: i)
                guard ScalarText.isSimpleScalar(v) else { return nil }
                if let p = previous, v != 0x20, p != 0x20,
                   scalarSets.breaksAfter.contains(p) || scalarSets.closing.contains(p) && scalarSets.opening.contains(v) {
                    out += [0xE2, 0x81, 0xA0]
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[i..<next]))
                previous = v
                i = next
            }
            return out
        }
        guard let bytes = bytes ?? nil else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
