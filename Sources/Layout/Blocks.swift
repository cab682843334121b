import BookModel

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

extension Range where Bound == Int {
    func shifted(by shift: Int) -> Range<Int> { (lowerBound + shift)..<(upperBound + shift) }
}

extension RubySpan {
    /// The same span after `shift` bytes of decoration were put before it on the line.
    func shifted(by shift: Int) -> RubySpan {
        RubySpan(base: base.shifted(by: shift), annotation: annotation, shown: shown.map { $0.shifted(by: shift) })
    }
}

extension ParagraphInput {
    /// The same paragraph behind a decoration (a table label) that is not book text.
    func prepending(decoration text: String) -> ParagraphInput {
        let shift = text.utf8.count
        if shift == 0 { return self }
        var copy = ParagraphInput(offset: offset)
        copy.bytes = Array(text.utf8) + bytes
        copy.decorations = [0..<shift] + decorations.map { ($0.lowerBound + shift)..<($0.upperBound + shift) }
        copy.glue = glue.map { ($0.lowerBound + shift)..<($0.upperBound + shift) }
        copy.hardBreaks = hardBreaks.map { $0 + shift }
        copy.markers = markers.map { ($0.position + shift, $0.label) }
        copy.rubies = rubies.map { ($0.base.shifted(by: shift), $0.annotation, $0.shown.map { $0.shifted(by: shift) }) }
        return copy
    }
}

extension LayoutContext {
    var box: BoxChars { options.ambiguousWide ? .ascii : .unicode }

    func layoutBlocks(_ blocks: [Block], env: BlockEnv, separated: Bool, out: inout [FlowLine]) {
        var previous: BlockKind?
        for block in blocks {
            if separated, let previous, needsSeparator(previous, block.kind) {
                out.append(.blank(direction: env.direction))
            }
            layoutBlock(block, env: env, out: &out)
            previous = block.kind
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
        switch block.kind {
        case .paragraph(let inlines):
            let input = ParagraphInput(inlines, offset: block.location.offset, ruby: options.ruby)
            var indent: String?
            if options.paragraph == .indent && !env.inCell {
                indent = vertical || isCJKLanguage(language) ? "\u{3000}" : "  "
            }
            setParagraph(input, width: env.width, indent: indent, language: language, direction: block.direction,
                         fallback: env.direction, role: .body, align: env.inCell ? .start : options.align, out: &out)
        case .heading(let level, let inlines):
            let input = ParagraphInput(inlines, offset: block.location.offset, ruby: options.ruby)
            setParagraph(input, width: env.width, language: language, direction: block.direction,
                         fallback: env.direction, role: .heading(level: level), out: &out)
        case .list(let list):
            layoutList(list, block: block, env: env, language: language, out: &out)
        case .quote(let blocks):
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
            prefix(&out, from: first, first: bar, rest: bar)
        case .preformatted(let text):
            layoutPreformatted(text, block: block, env: env, out: &out)
        case .rule:
            let unit = width(of: box.horizontal)
            let count = env.width / max(1, unit)
            let text = String(repeating: box.horizontal, count: count)
            out.append(FlowLine(line: Line(text: text, width: count * unit, direction: env.direction, role: .rule,
                                           decorations: text.isEmpty ? [] : [0..<text.utf8.count])))
        case .image(let image):
            layoutImage(image, block: block, env: env, language: language, out: &out)
        case .table(let table):
            layoutTable(table, block: block, env: env, language: language, out: &out)
        }
    }

    /// Puts a decoration before the lines from `from` on: `first` on the first line, `rest` on the others.
    func prefix(_ out: inout [FlowLine], from start: Int, first: String, rest: String) {
        var isFirst = true
        for i in start..<out.count where !out[i].markerOnly {
            var text = isFirst ? first : rest
            isFirst = false
            var line = out[i].line
            if line.text.isEmpty {
                while text.last == " " { text.removeLast() }
            }
            if text.isEmpty { continue }
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
            line.text = text + line.text
            line.width += width(of: text)
            line.decorations = decorations
            line.rubies = line.rubies.map { $0.shifted(by: shift) }
            out[i].line = line
        }
    }

    private func layoutList(_ list: ListBlock, block: Block, env: BlockEnv, language: String?, out: inout [FlowLine]) {
        let bullets = ["•", "◦", "▪"]
        let markers = list.items.enumerated().map { index, item in
            item.marker ?? (list.ordered ? "\(list.start + index)." : bullets[env.listDepth % bullets.count])
        }
        let markerWidths = markers.map { width(of: $0) }
        let indent = (markerWidths.max() ?? 0) + 1
        var inner = env
        inner.language = language
        inner.direction = block.direction ?? env.direction
        inner.listDepth += 1
        let decorated = env.width - indent >= 2
        if decorated { inner.width -= indent }
        let first = out.count
        let overflow = self.overflow { layoutItems(list.items, markers: markers, indent: decorated ? indent : 0, env: inner, out: &out) }
        if decorated && overflow > 0 && overflow <= env.width {
            // The markers squeeze a character that fits without them: the list goes without its markers.
            out.removeSubrange(first...)
            inner.width = env.width
            layoutItems(list.items, markers: markers, indent: 0, env: inner, out: &out)
        }
    }

    /// The items of a list, each behind its marker padded to `indent` cells (none when `indent` is 0).
    private func layoutItems(_ items: [ListItem], markers: [String], indent: Int, env inner: BlockEnv, out: inout [FlowLine]) {
        for (index, item) in items.enumerated() {
            let first = out.count
            layoutBlocks(item.blocks, env: inner, separated: false, out: &out)
            if !out[first...].contains(where: { !$0.markerOnly }) {
                out.append(FlowLine(line: Line(text: "", width: 0, direction: inner.direction)))
            }
            if indent > 0 {
                let markerWidth = width(of: markers[index])
                let marker = markers[index] + String(repeating: " ", count: indent - markerWidth)
                prefix(&out, from: first, first: marker, rest: String(repeating: " ", count: indent))
            }
        }
    }

    /// Preformatted text keeps its lines; a line too long for the page continues after a "↪" marker.
    private func layoutPreformatted(_ text: String, block: Block, env: BlockEnv, out: inout [FlowLine]) {
        let first = out.count
        let bytes = Array(text.utf8)
        let marker = "↪"
        let markerWidth = width(of: marker)
        let useMarker = env.width - markerWidth >= 2
        let direction = block.direction ?? bytes.withUnsafeBufferPointer { firstStrongDirection($0) } ?? env.direction
        var scalar = block.location.offset
        var lineStart = 0
        var line: [UInt8] = []
        var decorations: [Range<Int>] = []
        var used = 0
        var inkLength = 0
        var inkWidth = 0
        var pieceStart = scalar
        func emit(_ end: Int) {
            line.removeSubrange(inkLength...)
            var flow = FlowLine(line: Line(text: String(decoding: line, as: UTF8.self), width: inkWidth,
                                           direction: direction, role: .preformatted, decorations: decorations))
            flow.start = pieceStart
            flow.end = end
            out.append(flow)
            line.removeAll(keepingCapacity: true)
            decorations = []
            used = 0
            inkLength = 0
            inkWidth = 0
            pieceStart = end
        }
        while lineStart < bytes.count || (lineStart == 0 && bytes.isEmpty == false) {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let hasNewline = lineEnd < bytes.count
            var contentEnd = lineEnd
            if contentEnd > lineStart && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            pieceStart = scalar
            let n = bytes.withUnsafeBufferPointer { all in
                let line = UnsafeBufferPointer(rebasing: all[lineStart..<contentEnd])
                let n = measure(line)
                if vertical { verticalWidths(line, n) }
                return n
            }
            let clusterStart = self.clusterStart, clusterWidth = self.clusterWidth, clusterFlags = self.clusterFlags
            for c in 0..<n {
                let b0 = lineStart + Int(clusterStart[c])
                let b1 = lineStart + Int(clusterStart[c + 1])
                var clusterScalars = 0
                for b in b0..<b1 where bytes[b] & 0xC0 != 0x80 { clusterScalars += 1 }
                let f = clusterFlags[c]
                if f.contains(.invisible) {
                    scalar += clusterScalars
                    continue
                }
                let isTab = bytes[b0] == 0x09
                let w = isTab ? tabWidth(at: used, lineWidth: env.width) : Int(clusterWidth[c])
                noteOverflow(w, available: env.width)
                if !isTab && used + w > env.width && used > 0 {
                    emit(scalar)
                    // Without the marker when it would push the character past the line's end.
                    if useMarker && markerWidth + w <= env.width {
                        line.append(contentsOf: marker.utf8)
                        decorations.append(0..<line.count)
                        used = markerWidth
                        inkLength = line.count
                        inkWidth = used
                    }
                }
                if isTab || (f.contains(.space) && b1 - b0 == 1) {
                    for _ in 0..<w { line.append(0x20) }
                } else {
                    line.append(contentsOf: bytes[b0..<b1])
                }
                used += w
                if !f.contains(.space) {
                    inkLength = line.count
                    inkWidth = used
                }
                scalar += clusterScalars
            }
            // The carriage return and newline belong to this line's source range.
            for b in contentEnd..<lineEnd where bytes[b] & 0xC0 != 0x80 { scalar += 1 }
            if hasNewline { scalar += 1 }
            emit(scalar)
            lineStart = lineEnd + 1
            if !hasNewline { break }
        }
        keepTogether(&out, from: first)
    }

    /// Cells a tab takes at `used` cells into a preformatted line: up to the next stop of 4, but never past the
    /// line's width. A stop beyond a narrow page clamps to its edge (a full line gives the tab no cells), so a tab
    /// never makes a line wider than the page and never asks for a negative number of spaces; the text after it
    /// continues on the next line, after the "↪" marker, like any line too long for the page.
    func tabWidth(at used: Int, lineWidth: Int) -> Int {
        let stop = 4 - used % 4
        return max(0, min(stop, lineWidth - used))
    }

    private func layoutImage(_ image: ImageRef, block: Block, env: BlockEnv, language: String?, out: inout [FlowLine]) {
        var input = ParagraphInput(offset: block.location.offset)
        input.appendDecoration(image.alt.isEmpty ? "[image" : "[image: ")
        input.bytes.append(contentsOf: image.alt.utf8)
        input.appendDecoration("]")
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
        let pageLines = vertical ? max(1, options.pageSize.columns / 2) : options.pageSize.lines
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
