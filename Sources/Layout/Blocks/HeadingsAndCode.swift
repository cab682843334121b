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

    /// Appends the rule under the heading whose lines are `out[first...]`, from where its text starts (after
    /// the least first-line indent of its lines) to the end of its widest line, never wider than the line it is
    /// set in.
    func underline(level: Int, from first: Int, width: Int, out: inout [FlowLine]) {
        guard let rule = headingRule(level: level) else { return }
        var widest = 0
        var model: Line?
        var indent: (text: Substring, width: Int)?
        for i in first..<out.count where !out[i].markerOnly {
            let line = out[i].line
            widest = max(widest, line.width)
            if model == nil { model = line }
            let lead = leadingIndent(line)
            if indent == nil || lead.width < indent!.width { indent = lead }
        }
        guard let model, let indent else { return }
        let unit = max(1, self.width(of: rule))
        let count = (min(widest, width) - indent.width) / unit
        guard count > 0 else { return }
        let text = String(indent.text) + String.repeated(rule, count: count)
        let alignment: LineAlignment = model.alignment == .justify ? .start : model.alignment
        out.append(FlowLine(line: Line(text: text, width: indent.width + count * unit, direction: model.direction,
                                       alignment: alignment, role: model.role, decorations: [0..<text.utf8.count],
                                       language: model.language)))
    }

    /// The white space a line begins with when it is a decoration (a first-line indent), and its cells.
    private func leadingIndent(_ line: Line) -> (text: Substring, width: Int) {
        guard let first = line.decorations.first, first.lowerBound == 0 else { return ("", 0) }
        let decoration = line.text.utf8.prefix(first.upperBound)
        let text = Substring(decoding: decoration, as: UTF8.self).prefix { $0 == " " || $0 == "\u{3000}" }
        return (text, text.isEmpty ? 0 : self.width(of: String(text)))
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
        // Empty lines that open or end the block stay empty (and so are dropped where a page begins or ends);
        // those between lines of code keep the bar, so it runs unbroken.
        guard let top = out[first...].firstIndex(where: { !$0.line.text.isEmpty }),
              let bottom = out[first...].lastIndex(where: { !$0.line.text.isEmpty }) else { return }
        let trailing = Array(out[(bottom + 1)...])
        out.removeSubrange((bottom + 1)...)
        prefix(&out, from: top, first: bar, rest: bar)
        out += trailing
    }
}
