import BookModel

/// Block layout: each block of a chapter (paragraph, heading, list, quote, preformatted text, rule, image, table)
/// becomes flow lines. Paragraphs and headings go to `setParagraph`; the other kinds have their own files in this
/// folder. Decorations (list markers, quote bars, frames, borders) are byte ranges of the line, not book text, and
/// each is given up when it would squeeze a character that fits the page without it.

/// What a block inherits from the blocks around it.
struct BlockEnv {
    var width: Int
    var language: String?
    var direction: Direction
    var inCell = false
    var listDepth = 0
}

/// Box-drawing characters, or ASCII ones when ambiguous-width characters are wide and would break the grid.
struct BoxChars {
    var horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: String
    var down, up, cross, left, right: String

    static let unicode = BoxChars(horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└",
                                  bottomRight: "┘", down: "┬", up: "┴", cross: "┼", left: "├", right: "┤")
    static let ascii = BoxChars(horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+",
                                bottomRight: "+", down: "+", up: "+", cross: "+", left: "+", right: "+")
}

extension LayoutContext {
    var box: BoxChars { options.ambiguousWide ? .ascii : .unicode }

    func layoutBlocks(_ blocks: [Block], env: BlockEnv, separated: Bool, out: inout [FlowLine]) {
        var previous: BlockKind?
        var keepNext = false
        // A forced break on a block that sets no line (an empty `<div class="pagebreak">`) goes to the next one.
        var pendingBreak: PageBreak?
        for block in blocks {
            if separated, let previous, needsSeparator(previous, block.kind) {
                out.append(.blank(direction: env.direction))
                if keepNext { out[out.count - 1].keep = true }
            }
            let first = out.count
            layoutBlock(block, env: env, out: &out)
            previous = block.kind
            guard first < out.count else {
                pendingBreak = block.look.pageBreak ?? pendingBreak
                continue
            }
            keepNext = applyKeepsAndBreaks(block.look, to: &out, from: first)
            if let pending = pendingBreak {
                if out[first].pageBreak == nil { out[first].pageBreak = pending }
                pendingBreak = nil
            }
        }
    }

    /// Paragraphs in indent mode run on; everything else is set apart by a blank line.
    private func needsSeparator(_ a: BlockKind, _ b: BlockKind) -> Bool {
        if options.paragraph == .space { return true }
        if case .paragraph = a, case .paragraph = b { return false }
        return true
    }

    func layoutBlock(_ block: Block, env: BlockEnv, out: inout [FlowLine]) {
        let language = block.language ?? env.language
        // The book's indents (BlockLooks.swift); a block without any is laid out as it always was.
        guard !block.look.startIndent.isZero || block.look.textIndent != nil else {
            layoutContent(block, env: env, language: language, indents: Indents(), out: &out)
            return
        }
        let indents = self.indents(of: block.look, width: env.width, language: language)
        if indents.start == 0 {
            layoutContent(block, env: env, language: language, indents: indents, out: &out)
            return
        }
        layoutIndented(block, indents: indents, env: env, out: &out) { inner, out in
            layoutContent(block, env: inner, language: language, indents: indents, out: &out)
        }
    }

    /// A block's own lines, inside whatever start indent `layoutBlock` keeps for it.
    private func layoutContent(_ block: Block, env: BlockEnv, language: String?, indents: Indents,
                               out: inout [FlowLine]) {
        switch block.kind {
        case .paragraph(let inlines):
            let input = ParagraphInput(inlines, offset: block.location.offset, ruby: options.ruby)
            let indent = firstLineIndent(indents, body: true, inCell: env.inCell, language: language)
            let place = placement(of: block.look, fallback: env.inCell ? .start : options.align)
            setParagraph(input, width: env.width, indent: indent, language: language, direction: block.direction,
                         fallback: env.direction, role: .body, align: place.align, placement: place.placement,
                         hyphens: hyphens(block.look, body: true), out: &out)
        case .heading(let level, let inlines):
            let input = ParagraphInput(inlines, offset: block.location.offset, ruby: options.ruby)
            let indent = firstLineIndent(indents, body: false, inCell: env.inCell, language: language)
            let place = placement(of: block.look, fallback: .start)
            let first = out.count
            setParagraph(input, width: env.width, indent: indent, language: language, direction: block.direction,
                         fallback: env.direction, role: .heading(level: level), align: place.align,
                         placement: place.placement, hyphens: hyphens(block.look, body: false), out: &out)
            if !env.inCell { underline(level: level, from: first, width: env.width, out: &out) }
        case .list(let list):
            layoutList(list, block: block, env: env, language: language, out: &out)
        case .quote(let blocks):
            layoutQuote(blocks, block: block, env: env, language: language, out: &out)
        case .preformatted(let text):
            layoutCode(text, block: block, env: env, out: &out)
        case .rule:
            let unit = width(of: box.horizontal)
            let count = env.width / max(1, unit)
            let text = String.repeated(box.horizontal, count: count)
            out.append(FlowLine(line: Line(text: text, width: count * unit, direction: env.direction, role: .rule,
                                           decorations: text.isEmpty ? [] : [0..<text.utf8.count])))
        case .image(let image):
            layoutImage(image, block: block, env: env, language: language, out: &out)
        case .table(let table):
            layoutTable(table, block: block, env: env, language: language, out: &out)
        case .note(let note):
            layoutNote(note, block: block, env: env, language: language, out: &out)
        }
    }

    /// Where a block's words may be split (CSS Text 3 §5.1): the book's `hyphens` when it set one, else `auto`
    /// for body text under `--hyphenate auto` (headings keep their words whole unless the book asks) and `manual`
    /// (soft hyphens only, CSS's initial value) otherwise.
    func hyphens(_ look: BlockLook, body: Bool) -> Hyphens {
        switch look.hyphens {
        case .some(.none): return .none
        case .some(.manual): return .manual
        case .some(.auto): return .auto
        case nil: return body && options.hyphenate == .auto ? .auto : .manual
        }
    }

    /// Puts a decoration before the lines from `from` on: `first` on the first line, `rest` on the others (and on
    /// the table header lines they repeat, which stand where they do). A centred or end-aligned line set `measure`
    /// cells wide (an attribution in a quote) is placed in that measure first when the decoration shows (a bar, a
    /// marker), so it sits after the decoration instead of carrying it along the page's line, as a table cell's
    /// line sits in its cell. An indent of spaces alone travels with the line, which keeps its alignment (no
    /// padding, see `LineAlignment`).
    func prefix(_ out: inout [FlowLine], from start: Int, first: String, rest: String, measure: Int? = nil) {
        let shows = first.contains { $0 != " " } || rest.contains { $0 != " " }
        // The prefixes' widths, measured once rather than once a line.
        let firstWidth = width(of: first), restWidth = width(of: rest)
        var isFirst = true
        // A table's body lines share one header: prefixed once (Array's == sees shared storage at once).
        var header: (source: [Line], prefixed: [Line]) = ([], [])
        for i in start..<out.count where !out[i].markerOnly {
            let text = isFirst ? first : rest
            // The prefix's width (`prefixLine` measures it again once it changes the prefix).
            let textWidth: Int? = isFirst ? firstWidth : restWidth
            isFirst = false
            if !out[i].repeatedHeader.isEmpty, !rest.isEmpty {
                if out[i].repeatedHeader != header.source {
                    let shift = rest.utf8.count
                    header = (out[i].repeatedHeader, out[i].repeatedHeader.map { line in
                        var line = line
                        line.text = rest + line.text
                        line.width += restWidth
                        line.decorations = [0..<line.text.utf8.count]
                        if !line.styles.isEmpty { line.styles = line.styles.map { $0.shifted(by: shift) } }
                        return line
                    })
                }
                out[i].repeatedHeader = header.prefixed
            }
            // Changed where it lies (`out[i].line` passed inout): moving it out and back through a static
            // placeholder line copied that placeholder for every line (issue 19).
            prefixLine(&out[i].line, with: text, width: textWidth, measure: shows ? measure : nil)
        }
    }

    /// One line of `prefix`: `text` (`textWidth` cells, nil: to be measured) put before it, after the lead that
    /// places a centred or end-aligned line in `measure`; an empty line drops the prefix's trailing spaces.
    private func prefixLine(_ line: inout Line, with prefix: String, width prefixWidth: Int?, measure: Int?) {
        var text = prefix, textWidth = prefixWidth
        if let measure, line.alignment == .center || line.alignment == .end {
            let lead = line.startOffset(inInlineSize: measure)
            line.alignment = .start
            if lead > 0 {
                text += String.repeated(" ", count: lead)
                textWidth = nil
            }
        }
        if line.text.isEmpty {
            while text.last == " " {
                text.removeLast()
                textWidth = nil
            }
        }
        if text.isEmpty { return }
        let shift = text.utf8.count
        var decorations = [0..<shift]
        for range in line.decorations {
            let moved = (range.lowerBound + shift)..<(range.upperBound + shift)
            if moved.lowerBound == decorations[decorations.count - 1].upperBound {
                decorations[decorations.count - 1] = decorations[decorations.count - 1].lowerBound..<moved.upperBound
            } else {
                decorations.append(moved)
            }
        }
        line.width += textWidth ?? width(of: text)
        line.text = text + line.text
        line.decorations = decorations
        if !line.rubies.isEmpty { line.rubies = line.rubies.map { $0.shifted(by: shift) } }
        if !line.styles.isEmpty { line.styles = line.styles.map { $0.shifted(by: shift) } }
    }

    /// A quote is its blocks behind a bar, given up when the bar squeezes a character that fits without it.
    private func layoutQuote(_ blocks: [Block], block: Block, env: BlockEnv, language: String?, out: inout [FlowLine]) {
        var inner = env
        inner.language = language
        inner.direction = block.direction ?? env.direction
        let bar = box.vertical + " "
        let barWidth = width(of: bar)
        if env.width - barWidth < 2 {
            layoutBlocks(blocks, env: inner, separated: true, out: &out)
            return
        }
        inner.width -= barWidth
        let first = out.count
        let overflow = self.overflow { layoutBlocks(blocks, env: inner, separated: true, out: &out) }
        if overflow > 0 && overflow <= env.width {
            // The bar squeezes a character that fits without it: the quote goes without its bar.
            out.removeSubrange(first...)
            inner.width = env.width
            layoutBlocks(blocks, env: inner, separated: true, out: &out)
            return
        }
        prefix(&out, from: first, first: bar, rest: bar, measure: inner.width)
    }
}
