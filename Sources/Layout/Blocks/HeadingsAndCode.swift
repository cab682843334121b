import BookModel

/// Headings and code that look like what they are in a text grid, where there is no bold and no monospace to
/// tell them from prose: a rule under a heading, a bar before every line of a code block. Both are decorations
/// (`Line.decorations`), never book text.
///
/// - Level 1 headings get `═`, level 2 `─`, as wide as the heading's widest line (in its alignment, so under a
///   centred heading the rule is centred too). Levels 3 and below get none: a book's sections and subsections
///   would otherwise fill pages with rules, and the blank lines around a heading already set it apart. The rule
///   line has the heading's role, so page cutting keeps it with the heading and the heading with what follows
///   (`keepHeadingsWithNext`). In vertical-rl the rule is a column beside the heading's, drawn `║` / `│` (the
///   renderers turn box drawing with the text, `VerticalForms`). With `--ambiguous wide` the rules are ASCII.
/// - A code block (`pre`, fenced code) gets "│ " before each line, as a quote gets its bar: the code is set that
///   much narrower (long lines continue after "↪" as before), and the bar is given up when it would squeeze a
///   character that fits without it. A display formula drawn as a grid (a centred preformatted block, issue 16)
///   and code in a table cell keep their look. Preformatted lines are never justified (`Justification`).

extension LayoutContext {
    /// The rule drawn under a heading of `level`, nil for levels 3 and below.
    func headingRule(level: Int) -> String? {
        switch level {
        case 1: options.ambiguousWide ? (vertical ? "|" : "=") : "═"
        case 2: options.ambiguousWide ? (vertical ? "|" : "-") : "─"
        default: nil
        }
    }

    /// Appends the rule under the heading whose lines are `out[first...]`, as wide as its widest line (never
    /// wider than the line it is set in).
    func underline(level: Int, from first: Int, width: Int, out: inout [FlowLine]) {
        guard let rule = headingRule(level: level) else { return }
        var widest = 0
        var model: Line?
        for i in first..<out.count where !out[i].markerOnly {
            widest = max(widest, out[i].line.width)
            if model == nil { model = out[i].line }
        }
        let unit = max(1, self.width(of: rule))
        let count = min(widest, width) / unit
        guard let model, count > 0 else { return }
        let text = String(repeating: rule, count: count)
        let alignment: LineAlignment = model.alignment == .justify ? .start : model.alignment
        out.append(FlowLine(line: Line(text: text, width: count * unit, direction: model.direction,
                                       alignment: alignment, role: model.role, decorations: [0..<text.utf8.count],
                                       language: model.language)))
    }

    /// A preformatted block: code behind a bar; a display grid or code in a table cell as it always was.
    func layoutCode(_ text: String, block: Block, env: BlockEnv, out: inout [FlowLine]) {
        let bar = box.vertical + " "
        let barWidth = width(of: bar)
        guard block.look.align != .center, !env.inCell, env.width - barWidth >= 2 else {
            layoutPreformatted(text, block: block, env: env, out: &out)
            return
        }
        var inner = env
        inner.width -= barWidth
        let first = out.count
        let overflow = self.overflow { layoutPreformatted(text, block: block, env: inner, out: &out) }
        if overflow > 0 && overflow <= env.width {
            // The bar squeezes a character that fits without it: the code goes without its bar.
            out.removeSubrange(first...)
            layoutPreformatted(text, block: block, env: env, out: &out)
            return
        }
        prefix(&out, from: first, first: bar, rest: bar)
    }
}
