import BookModel

/// How a block's own look (`Block.look`, the book's CSS as computed values) turns into cells: where its lines sit
/// (alignment), how far they are indented, and the keeps and forced breaks page flow honours. Every rule that
/// reads a `BlockLook` in Layout lives here; a block whose look is `.plain` is laid out exactly as before.

/// The start indent and first-line indent of a block, in cells of its line.
struct Indents: Equatable {
    /// Before every line (`BlockLook.startIndent`), never more than half the line.
    var start = 0
    /// The first line's indent relative to the others (negative hangs); nil: Quire's own (`--paragraph`).
    var text: Int?
}

/// Whether lines are justified, and where those that are not sit.
struct LinePlacement: Equatable {
    var align: TextAlign
    var placement: LineAlignment
}

extension LayoutContext {
    /// Cells for a length in `em` and percent of a line of `width` cells (CSS Values 4 §6.1): 1em is one
    /// full-width cell when the paragraph is CJK or in a vertical column (two cells across a horizontal line, one
    /// row down a column), one cell otherwise; percent is of the line. Rounded to the nearest cell.
    func cells(_ measure: Measure, width: Int, language: String?) -> Int {
        let em = vertical ? 1.0 : (isCJKLanguage(language) ? 2.0 : 1.0)
        let value = measure.ems * em + measure.percent / 100 * Double(width)
        guard value.isFinite else { return 0 }
        return Int(max(-1e6, min(1e6, value.rounded(.toNearestOrAwayFromZero))))
    }

    /// A block's indents in cells of a line of `width`: the start indent never negative (a negative margin would
    /// push text off the page) and never more than half the line; the first line's indent as the book set it,
    /// kept so that the first line stays between the start edge and half the line.
    func indents(of look: BlockLook, width: Int, language: String?) -> Indents {
        var indents = Indents()
        if !look.startIndent.isZero {
            indents.start = min(max(0, cells(look.startIndent, width: width, language: language)), width / 2)
        }
        if let text = look.textIndent {
            let first = min(max(0, indents.start + cells(text, width: width, language: language)), width / 2)
            indents.text = first - indents.start
        }
        return indents
    }

    /// Where the lines of a block with `look` sit. nil keeps Quire's own: `fallback` (`--align` for body text,
    /// `start` for headings). An explicit `start` (or `center`, `end`) is not justified even with `--align justify`;
    /// `justify` justifies whatever `--align` says (CSS Text 3 §6.1).
    func placement(of look: BlockLook, fallback: TextAlign) -> LinePlacement {
        switch look.align {
        case nil: LinePlacement(align: fallback, placement: .start)
        case .start?: LinePlacement(align: .start, placement: .start)
        case .justify?: LinePlacement(align: .justify, placement: .start)
        case .center?: LinePlacement(align: .start, placement: .center)
        case .end?: LinePlacement(align: .start, placement: .end)
        }
    }

    /// The first-line indent a paragraph or heading is set with: the book's when it set one (its positive indent
    /// dropped for body paragraphs under `--paragraph space`, where a blank line already sets paragraphs apart;
    /// a hanging one is left to `layoutIndented`), else Quire's `--paragraph indent` for body paragraphs.
    func firstLineIndent(_ indents: Indents, body: Bool, inCell: Bool, language: String?) -> String? {
        if let text = indents.text {
            if text <= 0 || (body && options.paragraph == .space) { return nil }
            return String.repeated(" ", count: text)
        }
        guard body && options.paragraph == .indent && !inCell else { return nil }
        return vertical || isCJKLanguage(language) ? "\u{3000}" : "  "
    }

    /// Lays out a block behind its start indent: the block is set `indents.start` cells narrower and every line
    /// gets that many cells before it as a decoration (as list markers and quote bars do), a hanging first line
    /// fewer (`start + text`, never below zero). The indent is given up when it squeezes a character that fits
    /// the line without it.
    func layoutIndented(_ block: Block, indents: Indents, env: BlockEnv, out: inout [FlowLine],
                        content: (BlockEnv, inout [FlowLine]) -> Void) {
        var inner = env
        inner.width -= indents.start
        let first = out.count
        let overflow = self.overflow { content(inner, &out) }
        if overflow > 0 && overflow <= env.width {
            out.removeSubrange(first...)
            content(env, &out)
            return
        }
        let hang = min(0, indents.text ?? 0)
        prefix(&out, from: first, first: String.repeated(" ", count: max(0, indents.start + hang)),
               rest: String.repeated(" ", count: indents.start))
    }
}

extension LayoutContext {
    /// Marks the lines a block just set (`out[first...]`, not empty) with its forced break and keeps; returns
    /// whether the block is kept with the next (its `keepWithNext`), so the separator after it is kept too.
    ///
    /// - `pageBreak` (CSS Fragmentation 3 §3.1) goes on its first line: page cutting ends a page there and records
    ///   the side on the page it starts (`Page.breakSide`).
    /// - `keepTogether` (`break-inside: avoid`, §3.2) keeps every line with the next, unless the block is taller
    ///   than a page: then it breaks where it must, as it would without the keep.
    /// - `keepWithNext` (`break-after: avoid`, or the next block's `break-before: avoid`) keeps its last line with
    ///   what follows. Forced breaks win over both (§4.4).
    func applyKeepsAndBreaks(_ look: BlockLook, to out: inout [FlowLine], from first: Int) -> Bool {
        if let pageBreak = look.pageBreak { out[first].pageBreak = pageBreak }
        if look.keepTogether {
            let mode: WritingMode = vertical ? .verticalRL : .horizontalTB
            let capacity = textAreaLines(options, mode: mode)
            if out.count - first <= capacity {
                for i in first..<(out.count - 1) { out[i].keep = true }
            }
        }
        if look.keepWithNext { out[out.count - 1].keep = true }
        return look.keepWithNext
    }
}
