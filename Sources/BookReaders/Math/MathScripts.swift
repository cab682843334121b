import BookModel

/// Scripts, limits, accents, fractions, roots and fences in UnicodeMath (UTN #28 §2.2–§3.6). A script is written
/// with Unicode's superscript and subscript characters when every character has one (`ScriptForms`, shared with
/// the importer's `<sup>`/`<sub>`), else with `^`/`_` and parentheses around more than one character.
extension MathLinear {
    func scripts(_ node: MathNode, _ context: Context) -> Piece {
        let e = node.elements
        guard let baseNode = e.first else { return Piece.empty }
        let base = piece(baseNode, .tight)
        let sub = node.name == "msup" ? nil : e.count > 1 ? e[1] : nil
        let sup = node.name == "msup" ? (e.count > 1 ? e[1] : nil) : node.name == "msubsup" && e.count > 2 ? e[2] : nil
        return attach(base, sub: sub.map { script($0) }, sup: sup.map { script($0) }, limits: base.role == .largeOperator)
    }

    /// `mmultiscripts`: the base with its post-scripts in pairs, the pre-scripts (after `mprescripts`) written
    /// before it as UTN #28 writes them (`_a^b X`).
    func multiscripts(_ node: MathNode, _ context: Context) -> Piece {
        let e = node.elements
        guard let baseNode = e.first else { return Piece.empty }
        var post: [MathNode] = [], pre: [MathNode] = [], seenPre = false
        for child in e.dropFirst() {
            if child.name == "mprescripts" { seenPre = true; continue }
            if seenPre { pre.append(child) } else { post.append(child) }
        }
        func pairs(_ list: [MathNode]) -> (String?, String?) {
            let subs = stride(from: 0, to: list.count, by: 2).map { script(list[$0]) }.filter { !$0.isEmpty }
            let sups = stride(from: 1, to: list.count, by: 2).map { script(list[$0]) }.filter { !$0.isEmpty }
            return (subs.isEmpty ? nil : subs.joined(), sups.isEmpty ? nil : sups.joined())
        }
        let (postSub, postSup) = pairs(post)
        let (preSub, preSup) = pairs(pre)
        var piece = attach(self.piece(baseNode, .tight), sub: postSub, sup: postSup, limits: false)
        let prefix = (preSub.map { scripted($0, .subscript, limits: false) } ?? "")
            + (preSup.map { scripted($0, .superscript, limits: false) } ?? "")
        if !prefix.isEmpty { piece.box = MathBox(prefix + piece.box.flat) }
        return piece
    }

    /// `munder`, `mover`, `munderover`: limits of an n-ary operator or of `lim`, `max`… as `_`/`^` (`∑_(i=1)^n`,
    /// UTN #28 §3.3); an accent as a combining mark after its base (`x̄`, `x⃗`, §3.6); anything else stacked with
    /// UTN #28's `┬` (below) and `┴` (above).
    func underOver(_ node: MathNode, _ context: Context) -> Piece {
        let e = node.elements
        guard let baseNode = e.first else { return Piece.empty }
        let base = piece(baseNode, .tight)
        // An empty script (`<mover><mi>u</mi><mi/></mover>`, what a converter left of a lost bar) is no script.
        let under = (node.name == "mover" ? nil : e.count > 1 ? e[1] : nil).flatMap { script($0).isEmpty ? nil : $0 }
        let over = (node.name == "munder" ? (nil as MathNode?) : node.name == "mover" ? (e.count > 1 ? e[1] : nil)
            : (e.count > 2 ? e[2] : nil)).flatMap { script($0).isEmpty ? nil : $0 }
        let baseText = base.box.flat
        if base.role == .largeOperator || MathOperators.limitNames.contains(baseText)
            || node.attribute("movablelimits") == "true" || baseNode.attribute("movablelimits") == "true" {
            var piece = attach(base, sub: under.map { script($0) }, sup: over.map { script($0) }, limits: true)
            if base.kind == .word { piece.kind = .word }
            return piece
        }
        var text = base.box.flat
        // An accent goes after one character or a bracketed base as it is; anything else is bracketed first.
        var grouped = base.box.flat.count == 1 || base.kind == .fenced
        /// A one-character mark with a combining form is an accent; anything else goes above (┴) or below (┬).
        func addMark(_ node: MathNode, accents: [Character: Character], operator: String) {
            let mark = node.textContent.collapsingSpaces
            if mark.count == 1, let combining = accents[mark.first!] {
                text = accent(text, combining, grouped: grouped)
            } else {
                text = wrap(text, grouped) + `operator` + wrap(script(node), scriptGrouped(node))
            }
        }
        if let over {
            addMark(over, accents: MathOperators.overAccents, operator: "┴")
            grouped = text.count == 1
        }
        if let under { addMark(under, accents: MathOperators.underAccents, operator: "┬") }
        // A labelled arrow (`→┴(R₁↔R₃)`) is still a relation, spaced as one.
        let role: MathOperators.Role = base.role == .relation || base.role == .binary ? base.role : .ordinary
        return Piece(box: MathBox(text), role: role, kind: .script)
    }

    /// A combining accent after one character, or after the parenthesised base (UTN #28 §3.6: `(a+b)̂`).
    private func accent(_ base: String, _ mark: Character, grouped: Bool) -> String {
        grouped ? base + String(mark) : "(" + base + ")" + String(mark)
    }

    /// A fraction as `a/b` with parentheses around an operand that is not one unit (`(a+b)/c`, UTN #28 §2.2), a
    /// Unicode vulgar fraction for a digit over a digit, and `(a¦b)` for a fraction without a bar (§3.1).
    func fraction(_ node: MathNode, _ context: Context) -> Piece {
        let e = node.elements
        guard e.count >= 2 else { return e.first.map { piece($0, context) } ?? Piece.empty }
        let num = piece(e[0], .tight), den = piece(e[1], .tight)
        let thickness = node.attribute("linethickness")?.trimmingSpaces
        if let thickness, thickness == "0" || thickness.hasPrefix("0") && Double(thickness.prefix { $0.isNumber || $0 == "." }) == 0 {
            return Piece(box: MathBox("(" + num.box.flat + "¦" + den.box.flat + ")"), kind: .fenced)
        }
        if let vulgar = MathOperators.vulgarFractions[num.box.flat + "/" + den.box.flat] {
            return Piece(box: MathBox(vulgar))
        }
        return Piece(box: MathBox(wrap(num.box.flat, num.grouped) + "/" + wrap(den.box.flat, den.grouped)), kind: .script)
    }

    /// `√x` for one unit, `√(…)` otherwise; `∛`, `∜` for the cube and fourth roots, else `√(n&x)` (UTN #28 §3.5).
    func root(_ children: [MathNode], index: MathNode?, _ context: Context) -> Piece {
        let radicand = row(children, .tight)
        let text = radicand.box.flat
        let oneUnit = radicand.kind == .token || radicand.kind == .fenced || (radicand.kind == .script && !text.contains("/"))
        let indexText = index.map { row([$0], .tight).box.flat } ?? ""
        switch indexText {
        case "", "2": return Piece(box: MathBox("√" + (oneUnit ? text : "(" + text + ")")), kind: .script)
        case "3": return Piece(box: MathBox("∛" + (oneUnit ? text : "(" + text + ")")), kind: .script)
        case "4": return Piece(box: MathBox("∜" + (oneUnit ? text : "(" + text + ")")), kind: .script)
        default: return Piece(box: MathBox("√(" + indexText + "&" + text + ")"), kind: .script)
        }
    }

    /// `mfenced` (MathML 3 §3.3.8): its children between `open` and `close`, separated by `separators` (one
    /// character each, the last repeated; none when the attribute is empty).
    func fenced(_ node: MathNode, _ context: Context) -> Piece {
        let open = node.attribute("open") ?? "(", close = node.attribute("close") ?? ")"
        let separators = Array((node.attribute("separators") ?? ",").filter { !$0.isWhitespace })
        let children = node.elements
        var pieces: [Piece] = []
        pieces.reserveCapacity(2 * children.count + 1)
        if !open.trimmingSpaces.isEmpty { pieces.append(Piece(box: MathBox(open.trimmingSpaces), role: .open)) }
        for (i, child) in children.enumerated() {
            if i > 0, !separators.isEmpty {
                let separator = String(separators[min(i - 1, separators.count - 1)])
                pieces.append(Piece(box: MathBox(separator), role: MathOperators.role(of: separator)))
            }
            pieces.append(piece(child, context.fenced))
        }
        if !close.trimmingSpaces.isEmpty { pieces.append(Piece(box: MathBox(close.trimmingSpaces), role: .close)) }
        let bothEnds = !open.trimmingSpaces.isEmpty && !close.trimmingSpaces.isEmpty
        var joined = join(pieces, context.fenced, fenced: bothEnds)
        if !bothEnds, pieces.count > 1, joined.box.isMultiline {
            // One bracket only (`{` of cases, `|` of a determinant bar): still as tall as its content.
            let inner = MathBox.row(pieces.filter { $0.role != .open && $0.role != .close }.map(\.box))
            var parts = [inner]
            if !open.trimmingSpaces.isEmpty { parts.insert(MathLinear.stretch(open.trimmingSpaces, open: true, around: inner), at: 0) }
            if !close.trimmingSpaces.isEmpty { parts.append(MathLinear.stretch(close.trimmingSpaces, open: false, around: inner)) }
            // Only the drawing changes: the one-line form stays the joined row's, separators and spaces included,
            // as when the content is not drawn (a table's cells take their one-line forms undrawn; issue 19).
            let drawn = MathBox.row(parts)
            joined.box = MathBox(lines: drawn.lines, baseline: drawn.baseline, flatOf: joined.box)
        }
        joined.kind = .fenced
        joined.role = .ordinary
        return joined
    }

    /// A bracket drawn as tall as `inner`, from the bracket pieces of Unicode's Miscellaneous Technical block
    /// (⎡⎢⎣ ⎛⎜⎝ ⎧⎨⎩): a matrix in the page's characters. Brackets without pieces stand on the middle line.
    static func stretch(_ bracket: String, open: Bool, around inner: MathBox) -> MathBox {
        let height = inner.lines.count
        guard height > 1 else { return MathBox(bracket) }
        let pieces: (String, String, String, String)? = switch bracket {
        case "(": ("⎛", "⎜", "⎝", "⎜")
        case ")": ("⎞", "⎟", "⎠", "⎟")
        case "[": ("⎡", "⎢", "⎣", "⎢")
        case "]": ("⎤", "⎥", "⎦", "⎥")
        case "{": ("⎧", "⎪", "⎩", "⎨")
        case "}": ("⎫", "⎪", "⎭", "⎬")
        case "|", "│": ("│", "│", "│", "│")
        case "‖": ("‖", "‖", "‖", "‖")
        case "⌈": ("⌈", "│", "│", "│")
        case "⌉": ("⌉", "│", "│", "│")
        case "⌊": ("│", "│", "⌊", "│")
        case "⌋": ("│", "│", "⌋", "│")
        default: nil
        }
        var lines: [String]
        if let (top, middle, bottom, centre) = pieces {
            lines = (0..<height).map { r in r == 0 ? top : r == height - 1 ? bottom : middle }
            if (bracket == "{" || bracket == "}") && height > 2 { lines[height / 2] = centre }
        } else {
            let blank = String(repeating: " ", count: bracket.count)
            lines = (0..<height).map { $0 == inner.baseline ? bracket : blank }
        }
        _ = open
        return MathBox(lines: lines, baseline: inner.baseline, flat: bracket)
    }

    // MARK: Helpers

    /// A script's text, written tight (no operator spacing inside scripts, UTN #28 §2.1).
    func script(_ node: MathNode) -> String { piece(node, .tight).box.flat }

    private func scriptGrouped(_ node: MathNode) -> Bool {
        let p = piece(node, .tight)
        return p.box.flat.count == 1 || p.kind == .fenced
    }

    /// `base` with its sub- and superscript: Unicode forms when every character has one, else `_`/`^`; `limits`
    /// (n-ary operators, `lim`) always `_`/`^`, which UTN #28 sets below and above in display.
    func attach(_ base: Piece, sub: String?, sup: String?, limits: Bool) -> Piece {
        let sub = sub.flatMap { $0.isEmpty ? nil : $0 }, sup = sup.flatMap { $0.isEmpty ? nil : $0 }
        var text = base.box.flat
        // `(a+b)²`, `(2x)²`: a base that is not one unit is parenthesised (UTN #28 §2.2).
        if !limits && (base.kind == .compound || base.kind == .juxtaposed) { text = "(" + text + ")" }
        let subText = sub.map { scripted($0, .subscript, limits: limits) } ?? ""
        let supText = sup.map { scripted($0, .superscript, limits: limits) } ?? ""
        var piece = Piece(box: MathBox(text + subText + supText), role: base.role == .largeOperator ? .largeOperator : .ordinary,
                          kind: base.kind == .word && limits ? .word : .script)
        // A script on a matrix goes beside its top (superscript) or bottom (subscript) line.
        if base.box.isMultiline, !limits {
            let flat = piece.box.flat
            var box = base.box
            if !subText.isEmpty { box = box.attaching(subText, top: false, flat: flat) }
            if !supText.isEmpty { box = box.attaching(supText, top: true, flat: flat) }
            piece.box = box
        }
        return piece
    }

    func scripted(_ text: String, _ position: ScriptForms.Position, limits: Bool) -> String {
        // Primes are superscripts already (UTN #28 §2.2: `f′`, not `f^′`).
        if position == .superscript && text.allSatisfy({ "′″‴⁗'".contains($0) }) { return text }
        if !limits { return ScriptForms.linear(text, position) }
        let mark = position == .superscript ? "^" : "_"
        return text.count == 1 ? mark + text : mark + "(" + text + ")"
    }

    private func wrap(_ text: String, _ grouped: Bool) -> String { grouped ? text : "(" + text + ")" }
}
