import BookModel

/// Images: a framed placeholder with the alt text, as tall as the image's aspect ratio asks. A box never splits
/// across pages, as a printed picture never does: its lines are `unbreakable` (FlowLine.swift), so page cutting
/// moves the box to the next page rather than cut it, even when the lines before it ask to be kept with it. A box
/// that would be taller than a page is scaled down to the page, keeping its proportions: fewer lines and, in the
/// same ratio, fewer cells across, centred on the line.

extension LayoutContext {
    func layoutImage(_ image: ImageRef, block: Block, env: BlockEnv, language: String?, out: inout [FlowLine]) {
        let input = ParagraphInput(imageAlt: image.alt, offset: block.location.offset)
        let box = self.box
        let edge = width(of: box.vertical)
        func unframed() {
            setParagraph(input, width: env.width, language: language, direction: block.direction,
                         fallback: env.direction, role: .image, out: &out)
        }
        if env.width < 2 * edge + 2 || width(of: box.horizontal) != 1 { return unframed() }
        // The text area, under any running head: a box taller than that would split.
        let pageLines = textAreaLines(options, mode: vertical ? .verticalRL : .horizontalTB)
        var natural = 6
        if let w = image.width, let h = image.height, w > 0, h > 0 {
            // Against a fixed 40-cell width, not the page's, so a narrower page never makes the book shorter;
            // a cell is about twice as tall as it is wide.
            let referenceWidth = 40
            natural = (referenceWidth * min(h, 1 << 20) + w) / (2 * w)
        }
        // Taller than a page: as many cells across as the page's share of the height leaves (rounded), never so
        // few that "[image: …]" has no room to start.
        var boxWidth = env.width
        if natural > pageLines {
            boxWidth = min(env.width, max(2 * edge + 10, (env.width * pageLines + natural / 2) / natural))
        }
        // The alt text is book text: a box too narrow to hold it within a page (or to hold its widest character)
        // grows back towards the full line until it does.
        var text: [FlowLine] = []
        var overflow = 0
        while true {
            text.removeAll()
            overflow = self.overflow {
                setParagraph(input, width: boxWidth - 2 * edge, language: language, direction: block.direction,
                             fallback: env.direction, role: .image, out: &text)
            }
            if boxWidth >= env.width || (overflow == 0 && text.count + 2 <= pageLines) { break }
            boxWidth = min(env.width, boxWidth + max(1, env.width / 16))
        }
        // The frame squeezes a character that fits without it, or the alt text alone fills more than a page (a
        // frame that tall would have to split): the alt text goes unframed.
        if (overflow > 0 && overflow <= env.width) || text.count + 2 > pageLines { return unframed() }
        let inner = boxWidth - 2 * edge
        let height = max(min(natural, pageLines), text.count + 2)
        let direction = text.first?.line.direction ?? env.direction
        let lead = String.repeated(" ", count: (env.width - boxWidth) / 2)
        func frameLine(_ left: String, _ fill: String, _ right: String) -> FlowLine {
            let s = lead + left + String.repeated(fill, count: inner) + right
            var flow = FlowLine(line: Line(text: s, width: lead.count + boxWidth, direction: direction, role: .image,
                                           decorations: [0..<s.utf8.count]))
            flow.keep = true
            flow.unbreakable = true
            return flow
        }
        let first = out.count
        out.append(frameLine(box.topLeft, box.horizontal, box.topRight))
        // Every empty row of a box is the same line, made once: a picture named hundreds of times in a book (an
        // icon, a logo) drew its rows string by string, 7% of such a book's work (issue 19).
        let empty = frameLine(box.vertical, " ", box.vertical)
        let padding = (height - 2 - text.count) / 2
        for _ in 0..<padding { out.append(empty) }
        for var row in text {
            let shift = lead.utf8.count + box.vertical.utf8.count
            var line = row.line
            let pad = String.repeated(" ", count: max(0, inner - line.width))
            var decorations = [0..<shift]
            decorations += line.decorations.map { ($0.lowerBound + shift)..<($0.upperBound + shift) }
            let tail = shift + line.text.utf8.count
            line.rubies = line.rubies.map { $0.shifted(by: shift) }
            if !line.styles.isEmpty { line.styles = line.styles.map { $0.shifted(by: shift) } }
            line.text = lead + box.vertical + line.text + pad + box.vertical
            decorations.append(tail..<line.text.utf8.count)
            line.decorations = decorations
            line.width = lead.count + boxWidth
            row.line = line
            row.keep = true
            row.unbreakable = true
            out.append(row)
        }
        while out.count - first < height - 1 { out.append(empty) }
        var bottom = frameLine(box.bottomLeft, box.horizontal, box.bottomRight)
        bottom.keep = false
        bottom.unbreakable = false
        out.append(bottom)
    }
}
