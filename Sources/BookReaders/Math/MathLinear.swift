/// Presentation MathML to the linear format of Unicode Technical Note #28 (UnicodeMath), the notation made for
/// plain text and for people: `x² + y² = 1`, `(a+b)/c`, `∑_(i=1)^n aᵢ`, `√(x+1)`. Character cells cannot draw a
/// fraction bar or raise a glyph; UnicodeMath keeps the structure in characters, so the meaning survives the page.
///
/// The converter is a pure function of a `MathNode` tree. Its parts: this file walks the tree and joins rows with
/// the operator spacing of `MathOperators.swift`; `MathScripts.swift` writes scripts, limits, accents, fractions
/// and roots; `MathTables.swift` writes `mtable` as a grid (display) or as UTN #28's `■(…)`/`█(…)` (inline);
/// `MathBox.swift` sets pieces side by side when a display formula is several lines high.
struct MathLinear {
    /// The text of one `<math>` element: one line for inline math, and for display math the lines it is drawn on
    /// (several when it holds a matrix or an equation array). Presentation markup always wins; `alttext` and
    /// Content MathML's annotations are used only when there is none, and "[math]" when there is nothing at all.
    static func lines(of math: MathNode, display: Bool) -> [String] {
        if let fallback = fallbackText(math) { return [fallback] }
        let piece = MathLinear(display: display).row(math.children, Context.top)
        let lines = display ? piece.box.trimmedLines : [piece.box.flat]
        return lines.allSatisfy(\.isEmpty) ? [] : lines
    }

    /// Whether `<math>` asks to be set as a block (`display="block"`, MathML 3 §2.2.1; `mode="display"` from MathML 1).
    static func isDisplay(_ math: MathNode) -> Bool {
        math.attribute("display")?.lowercased() == "block" || math.attribute("mode")?.lowercased() == "display"
    }

    /// The text for MathML with no presentation content: the annotation a `semantics` element carries in plain
    /// text or TeX, else `alttext`, else "[math]"; nil when there is presentation content to convert.
    static func fallbackText(_ math: MathNode) -> String? {
        guard !hasPresentation(math) else { return nil }
        if let annotation = annotationText(math) { return annotation }
        if let alt = math.attribute("alttext")?.collapsingSpaces, !alt.isEmpty { return alt }
        return math.textContent.collapsingSpaces.isEmpty && math.elements.isEmpty ? "" : "[math]"
    }

    /// Whether any presentation element (or presentation-tagged annotation) is below `node`.
    static func hasPresentation(_ node: MathNode) -> Bool {
        for child in node.elements {
            if child.name == "annotation" || child.name == "annotation-xml" { continue }
            if contentElements.contains(child.name) { continue }
            if child.name == "semantics" || child.name == "mrow" || child.name == "mstyle" {
                if hasPresentation(child) { return true }
                continue
            }
            return true
        }
        return false
    }

    private static func annotationText(_ node: MathNode) -> String? {
        for child in node.elements {
            if child.name == "annotation" {
                let encoding = child.attribute("encoding")?.lowercased() ?? "text/plain"
                if encoding == "text/plain" || encoding.contains("tex") {
                    let text = child.textContent.collapsingSpaces
                    if !text.isEmpty { return text }
                }
            } else if child.name == "semantics", let text = annotationText(child) {
                return text
            }
        }
        return nil
    }

    /// Content MathML's elements (MathML 3 §4): they say what an expression means, not how it looks.
    static let contentElements: Set<String> = ["apply", "ci", "cn", "csymbol", "cs", "bind", "bvar", "cerror",
                                               "cbytes", "share", "lambda", "set", "list", "vector", "matrix",
                                               "matrixrow", "interval", "piecewise", "declare"]

    // MARK: The walk

    /// Where a piece is written: at the top level of the formula (spaces around operators that a line may break
    /// at), inside fences at the top level (spaces that do not break: U+00A0), or inside a script, fraction or
    /// root (no spaces, UTN #28 §2.1). `inFence`: the content of brackets, where a table is a matrix.
    struct Context {
        var spaced: Bool
        var breakable: Bool
        var inFence = false

        static let top = Context(spaced: true, breakable: true)
        /// Inside a script, fraction, root or matrix cell.
        static let tight = Context(spaced: false, breakable: false)
        var space: String { breakable ? " " : "\u{00A0}" }
        /// Inside brackets: spaced as the brackets are, never breakable.
        var fenced: Context { Context(spaced: spaced, breakable: false, inFence: true) }
        var plain: Context { Context(spaced: spaced, breakable: breakable) }
    }

    /// One converted element and what its neighbours need to know about it.
    struct Piece {
        enum Kind { case token, word, fenced, script, compound, juxtaposed, space, empty }
        var box: MathBox
        var role: MathOperators.Role = .ordinary
        var kind: Kind = .token
        /// Written with a space before or after (`<mtext> if </mtext>`).
        var spaceBefore = false
        var spaceAfter = false

        /// Reads as one unit next to `/`, `^` or `_` (UTN #28 §2.2: an operand needs no parentheses).
        var grouped: Bool { kind != .compound }
        static var empty: Piece { Piece(box: MathBox(""), kind: .empty) }
    }

    let display: Bool

    /// The piece for one element.
    func piece(_ node: MathNode, _ context: Context) -> Piece {
        let ctx = context.plain
        // Cases are compared in order, a call each: the commonest elements come first (issue 19).
        switch node.name {
        case "mi", "mo", "mn": return token(node)
        case "mrow", "mtd", "mstyle": return row(node.children, context)
        case "": return Piece.empty
        case "ms", "mtext": return token(node)
        case "mspace": return spaceWidth(node.attribute("width")) >= 1 ? Piece(box: MathBox(""), kind: .space) : Piece.empty
        case "mphantom", "annotation", "annotation-xml", "mglyph", "maligngroup", "malignmark", "mprescripts", "none":
            return Piece.empty
        case "msup", "msub", "msubsup": return scripts(node, ctx)
        case "munder", "mover", "munderover": return underOver(node, ctx)
        case "mmultiscripts": return multiscripts(node, ctx)
        case "mfrac": return fraction(node, ctx)
        case "msqrt": return root(node.children, index: nil, ctx)
        case "mroot":
            let e = node.elements
            return root(e.isEmpty ? [] : [e[0]], index: e.count > 1 ? e[1] : nil, ctx)
        case "mfenced": return fenced(node, ctx)
        case "mtable": return table(node, context)
        case "semantics":
            guard let first = node.elements.first(where: { $0.name != "annotation" && $0.name != "annotation-xml" }) else {
                return Piece.empty
            }
            if MathLinear.contentElements.contains(first.name) {
                return Piece(box: MathBox(MathLinear.annotationText(node) ?? "[math]"), kind: .compound)
            }
            return piece(first, context)
        case "maction":
            let e = node.elements
            let selected = Int(node.attribute("selection") ?? "1") ?? 1
            return e.indices.contains(selected - 1) ? piece(e[selected - 1], context) : Piece.empty
        case "menclose" where node.attribute("notation")?.split(separator: " ").contains("radical") == true:
            return root(node.children, index: nil, ctx)
        default:
            if MathLinear.contentElements.contains(node.name) { return Piece(box: MathBox("[math]"), kind: .compound) }
            // mrow, mstyle, mpadded, menclose, merror, mtd, unknown elements: their children as a row.
            return row(node.children, context)
        }
    }

    /// A token element's text: whitespace collapsed and trimmed (MathML 3 §2.1.7), `<ms>` in its quotes, an
    /// `<mtext>`'s leading and trailing spaces kept as spaces beside it.
    private func token(_ node: MathNode) -> Piece {
        let raw = node.textContent
        let text = raw.collapsingSpaces
        switch node.name {
        case "ms":
            let open = node.attribute("lquote") ?? "\"", close = node.attribute("rquote") ?? "\""
            return Piece(box: MathBox(open + text + close))
        case "mtext":
            let edges = (raw.first?.isWhitespace ?? false, raw.last?.isWhitespace ?? false)
            if text.isEmpty { return raw.isEmpty ? Piece.empty : Piece(box: MathBox(""), kind: .space) }
            return Piece(box: MathBox(text), kind: text.count > 1 ? .word : .token, spaceBefore: edges.0, spaceAfter: edges.1)
        case "mo":
            let role = MathOperators.role(of: text)
            if role == .invisible { return Piece.empty }
            let word = text.count > 1 && text.allSatisfy(\.isLetter)
            return Piece(box: MathBox(text), role: role, kind: word ? .word : .token)
        default:
            if text.isEmpty { return Piece.empty }
            let word = node.name == "mi" && text.count > 1 && text.allSatisfy(\.isLetter)
            return Piece(box: MathBox(text), kind: word ? .word : .token)
        }
    }

    /// Elements side by side (`mrow` and every element that is a row of its children), with UTN #28's spacing:
    /// a space each side of a relation or binary operator and after punctuation when `context` is spaced, none
    /// around an operator used as a prefix (a leading minus), a space between a function name and its argument.
    func row(_ nodes: [MathNode], _ context: Context) -> Piece {
        let elements = MathNode.elements(of: nodes)
        if elements.count == 1 { return piece(elements[0], context) }
        let isFenced = elements.count >= 2 && isFence(elements.first!, .open) && isFence(elements.last!, .close)
        var pieces: [Piece] = []
        // Room made once: pieces are large, and growing the array copied them (issue 19).
        pieces.reserveCapacity(elements.count)
        for (i, e) in elements.enumerated() {
            let inside = isFenced && i > 0 && i < elements.count - 1
            pieces.append(piece(e, inside ? context.fenced : context.plain))
        }
        return join(pieces, context, fenced: isFenced)
    }

    private func isFence(_ node: MathNode, _ role: MathOperators.Role) -> Bool {
        node.name == "mo" && MathOperators.role(of: node.textContent.collapsingSpaces) == role
    }

    /// Joins pieces into one row; `fenced`: the first and last pieces are brackets, drawn as tall as what they hold.
    func join(_ input: [Piece], _ context: Context, fenced: Bool = false) -> Piece {
        var pieces = input.contains { $0.kind == .empty } ? input.filter { $0.kind != .empty } : input
        if pieces.isEmpty { return Piece.empty }
        if fenced, pieces.count >= 2 {
            let inner = MathBox.row(pieces[1..<(pieces.count - 1)].map(\.box))
            if inner.isMultiline {
                pieces[0].box = MathLinear.stretch(pieces[0].box.flat, open: true, around: inner)
                pieces[pieces.count - 1].box = MathLinear.stretch(pieces[pieces.count - 1].box.flat, open: false, around: inner)
            }
        }
        // Spaces between a row's own brackets do not break either, like those of a nested bracket.
        var depth = 0
        var parts: [MathBox] = []
        parts.reserveCapacity(2 * pieces.count)
        var pending = false
        var previous: Piece?
        var infix = false
        var visible = 0
        for var p in pieces {
            if p.kind == .space { pending = true; continue }
            // An operator at the start, or after another operator or an opening bracket, is a prefix (−1, (−x)).
            if p.role == .binary, previous.map({ [.relation, .binary, .punctuation, .open, .largeOperator].contains($0.role) }) ?? true {
                p.role = .ordinary
            }
            if [.relation, .binary, .punctuation].contains(p.role) { infix = true }
            let spacedOperator = context.spaced && (p.role == .relation || p.role == .binary)
            if p.role == .close { depth -= 1 }
            if p.spaceBefore || spacedOperator || needsWordSpace(previous, p) { pending = true }
            if previous?.role == .largeOperator && context.spaced && p.role != .close && p.role != .punctuation { pending = true }
            if p.role == .close || (p.role == .punctuation && !p.spaceBefore) { pending = pending && spacedOperator }
            if pending && !parts.isEmpty { parts.append(MathBox(depth > 0 ? "\u{00A0}" : context.space)) }
            pending = false
            parts.append(p.box)
            visible += 1
            pending = p.spaceAfter || (context.spaced && [.relation, .binary, .punctuation].contains(p.role))
            if p.role == .open { pending = false; depth += 1 }
            previous = p
        }
        let box = MathBox.row(parts)
        let trailingSpace = pieces.last?.kind == .space || pieces.last?.spaceAfter == true
        if visible == 1, let only = pieces.first(where: { $0.kind != .space }) {
            return Piece(box: box, role: only.role, kind: only.kind, spaceAfter: trailingSpace)
        }
        let kind: Piece.Kind = fenced ? .fenced : (infix ? .compound : .juxtaposed)
        return Piece(box: box, kind: kind, spaceBefore: pieces.first?.spaceBefore ?? false, spaceAfter: trailingSpace)
    }

    /// A function name and what comes before or after it need a space between them ("det A", "sin x", "[A]ᵢⱼ
    /// det(B)"); so do two words. Letters of one-letter identifiers stay together, as they multiply ("ab").
    private func needsWordSpace(_ previous: Piece?, _ next: Piece) -> Bool {
        guard let previous, next.role == .ordinary, [.ordinary, .close, .largeOperator].contains(previous.role),
              let last = previous.box.flatLast, let first = next.box.flatFirst, last != "|", last != "‖" else { return false }
        if next.kind == .word { return true }
        guard previous.kind == .word else { return false }
        // A name with limits (`lim_(x→0) f`) ends in its limits, yet is still a name before its argument.
        return first.isLetter || first.isNumber
    }

    /// MathML 3's named spaces (§2.1.5.2), in em; made once: a dictionary literal in `spaceWidth` was built at
    /// every `<mspace>`, 8,500 instructions each (issue 19).
    private static let namedSpaces = ["veryverythinmathspace": 1.0 / 18, "verythinmathspace": 2.0 / 18,
                                      "thinmathspace": 3.0 / 18, "mediummathspace": 4.0 / 18,
                                      "thickmathspace": 5.0 / 18, "verythickmathspace": 6.0 / 18,
                                      "veryverythickmathspace": 7.0 / 18]

    /// `mspace`'s width in em (MathML 3 §2.1.5.2: em, ex, px, pt, pc, in, cm, mm; 1em taken as 10pt, 16px).
    func spaceWidth(_ value: String?) -> Double {
        guard let value = value?.trimmingSpaces.lowercased(), !value.isEmpty else { return 0 }
        if let em = MathLinear.namedSpaces[value] { return em }
        let number = value.prefix { $0.isNumber || $0 == "." || $0 == "-" }
        guard let amount = Double(number) else { return 0 }
        switch value.dropFirst(number.count) {
        case "em": return amount
        case "ex": return amount / 2
        case "px": return amount / 16
        case "pt": return amount / 10
        case "pc": return amount * 12 / 10
        case "in": return amount * 72 / 10
        case "cm": return amount * 72 / 2.54 / 10
        case "mm": return amount * 72 / 25.4 / 10
        default: return 0
        }
    }
}

extension String {
    /// Runs of whitespace as one space, no white space at the ends, no-break spaces included (MathML 3 §2.1.7
    /// for token content; books pad `<mtext>` with U+00A0 where the spacing belongs to the formula).
    var collapsingSpaces: String { ScalarText.alreadyCollapsed(self) ?? characterCollapsingSpaces }

    /// `collapsingSpaces` character by character: the definition, for any text.
    var characterCollapsingSpaces: String {
        split(whereSeparator: isXMLSpace).joined(separator: " ").trimmingSpaces
    }
}
