import BookModel

/// Images: a framed placeholder with the alt text, as tall as the image's aspect ratio asks (capped at a page).

extension LayoutContext {
    func layoutImage(_ image: ImageRef, block: Block, env: BlockEnv, language: String?, out: inout [FlowLine]) {
        let input = ParagraphInput(imageAlt: image.alt, offset: block.location.offset)
        let box = self.box
        let edge = width(of: box.vertical)
        if env.width < 2 * edge + 2 || width(of: box.horizontal) != 1 {
            setParagraph(input, width: env.width, language: language, direction: block.direction,
                         fallback: env.direction, role: .image, out: &out)
            return
        }
        let inner = env.width - 2 * edge
        var text: [FlowLine] = []
        let overflow = self.overflow {
            setParagraph(input, width: inner, language: language, direction: block.direction, fallback: env.direction,
                         role: .image, out: &text)
        }
        if overflow > 0 && overflow <= env.width {
            // The frame squeezes a character that fits without it: the alt text goes unframed.
            setParagraph(input, width: env.width, language: language, direction: block.direction,
                         fallback: env.direction, role: .image, out: &out)
            return
        }
        let pageLines = options.pageSize.blockSize(vertical ? .verticalRL : .horizontalTB)
        var height = 6
        if let w = image.width, let h = image.height, w > 0, h > 0 {
            // Against a fixed 40-cell width, not the page's, so a narrower page never makes the book shorter;
            // a cell is about twice as tall as it is wide.
            let referenceWidth = 40
            height = (referenceWidth * min(h, 1 << 20) + w) / (2 * w)
        }
        height = max(min(height, pageLines), text.count + 2)
        let direction = text.first?.line.direction ?? env.direction
        func frameLine(_ left: String, _ fill: String, _ right: String) -> FlowLine {
            let s = left + String(repeating: fill, count: inner) + right
            var flow = FlowLine(line: Line(text: s, width: env.width, direction: direction, role: .image,
                                           decorations: [0..<s.utf8.count]))
            flow.keep = true
            return flow
        }
        let first = out.count
        out.append(frameLine(box.topLeft, box.horizontal, box.topRight))
        let padding = (height - 2 - text.count) / 2
        for _ in 0..<padding { out.append(frameLine(box.vertical, " ", box.vertical)) }
        for var row in text {
            let shift = box.vertical.utf8.count
            var line = row.line
            let pad = String(repeating: " ", count: max(0, inner - line.width))
            var decorations = [0..<shift]
            decorations += line.decorations.map { ($0.lowerBound + shift)..<($0.upperBound + shift) }
            let tail = shift + line.text.utf8.count
            line.rubies = line.rubies.map { $0.shifted(by: shift) }
            if !line.styles.isEmpty { line.styles = line.styles.map { $0.shifted(by: shift) } }
            line.text = box.vertical + line.text + pad + box.vertical
            decorations.append(tail..<line.text.utf8.count)
            line.decorations = decorations
            line.width = env.width
            row.line = line
            row.keep = true
            out.append(row)
        }
        while out.count - first < height - 1 { out.append(frameLine(box.vertical, " ", box.vertical)) }
        var bottom = frameLine(box.bottomLeft, box.horizontal, box.bottomRight)
        bottom.keep = false
        out.append(bottom)
    }
}
