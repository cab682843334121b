import BookModel

/// The line-building phase of a paragraph: once the line breaker has chosen spans of clusters, each span becomes
/// a `Line` with its text (white space normalised, invisible characters dropped, justification spaces added),
/// the byte ranges that are decorations, its ruby and style spans, the source offsets of its book text and the
/// page-break labels that fall on it. A plain line (no decoration, ruby or rewriting) is a slice of the paragraph's
/// bytes.
struct LineBuilder {
    let input: ParagraphInput
    let bytes: UnsafeBufferPointer<UInt8>
    let clusterStart: UnsafeMutablePointer<Int32>
    let clusterWidth: UnsafeMutablePointer<UInt8>
    let clusterFlags: UnsafeMutablePointer<ClusterFlags>
    let prefix: UnsafeMutablePointer<Int32>
    let clusters: ClusterBuffer
    let width: Int
    /// The first line's indent and its width, when it has one.
    let indent: (text: String, width: Int)?
    let direction: Direction
    let language: String?
    let role: LineRole
    let align: TextAlign
    /// Where lines that are not justified sit (`BlockLook.align`): start, center or end.
    let placement: LineAlignment
    let vertical: Bool
    let printedAsIs: Bool
    /// The line being written, and input byte → output byte at cluster starts (-1 elsewhere) to place ruby bases.
    var output: [UInt8]
    var rubyPositions: [Int]
    var offsets = SourceOffsets()
    /// The next page-break marker and the next decoration of the input to place.
    var marker = 0
    var decorationIndex = 0
    /// The first style run of the input that may still reach the line being built.
    var styleIndex = 0
    /// The widest cluster wider than its line so far (0: none), for `LayoutContext.noteOverflow`.
    var widestOverflow = 0

    /// A builder reading `clusters` as they were measured for `input`. A static function over the memberwise
    /// initializer, not an initializer of its own: one assigning the fields one by one made the optimizer build
    /// the builder in a temporary and copy it, retaining the paragraph's arrays and releasing them again.
    static func make(input: ParagraphInput, bytes: UnsafeBufferPointer<UInt8>, clusters: ClusterBuffer, width: Int,
                     indent: (text: String, width: Int)?, direction: Direction, language: String?, role: LineRole,
                     align: TextAlign, placement: LineAlignment = .start, vertical: Bool, printedAsIs: Bool,
                     output: [UInt8], rubyPositions: [Int]) -> LineBuilder {
        LineBuilder(input: input, bytes: bytes, clusterStart: clusters.start, clusterWidth: clusters.width,
                    clusterFlags: clusters.flags, prefix: clusters.prefix, clusters: clusters, width: width,
                    indent: indent, direction: direction, language: language, role: role, align: align,
                    placement: placement, vertical: vertical, printedAsIs: printedAsIs, output: output,
                    rubyPositions: rubyPositions)
    }

    /// Builds line `index` from `span` and appends it to `out`.
    mutating func appendLine(_ index: Int, _ span: LineSpan, isLast: Bool, to out: inout [FlowLine]) {
        // Only lines that `write` builds leave bytes here; emptying an empty array still cost 50 instructions.
        if !output.isEmpty { output.removeAll(keepingCapacity: true) }
        var decorations: [Range<Int>] = []
        var lineWidth = 0
        let indent = index == 0 ? self.indent : nil
        let available = width - (indent?.width ?? 0)
        if let indent {
            output.append(contentsOf: indent.text.utf8)
            decorations.append(0..<output.count)
            lineWidth += indent.width
        }
        let trimmed = clusters.trimmedEnd(span)
        let run = span.start..<trimmed
        // Plain lines are a slice of the paragraph: no invisible characters or spaces to rewrite, no ruby to map.
        var tally = LineTally(plain: input.decorations.isEmpty && input.rubies.isEmpty && indent == nil)
        // Without justification a line needs only its width, from the running widths, and whether it is a slice
        // of the paragraph: known for the whole paragraph when it prints as it is, else asked of the line's own
        // clusters (counting each of them was 1% of War and Peace, whose paragraphs with a word joiner or a
        // tab are many: issue 19).
        let runWidth = Int(prefix[trimmed] - prefix[span.start])
        if align != .justify {
            tally.contentWidth = runWidth
            if tally.plain && !printedAsIs && clusters.rewrites(bytes, run) { tally.plain = false }
        } else {
            count(run, into: &tally)
        }
        if runWidth > available {
            // Only a cluster wider than the line overflows it: the line breaker splits anything else.
            for c in run where Int(clusterWidth[c]) > available { widestOverflow = max(widestOverflow, Int(clusterWidth[c])) }
        }
        // A line that ends at a soft hyphen or hyphenation point draws a hyphen: a decoration (not book text), in
        // the cell the line breaker kept for it; never when an emergency split left no room.
        let last = span.end - 1
        let hyphenated = !span.last && last >= span.start && clusterFlags[last].contains([.breakAfter, .hyphen])
            && tally.contentWidth + 1 <= available
        if hyphenated { tally.contentWidth += 1 }
        var justification = Justification(align: align, lastLine: span.last, tally: tally, available: available,
                                          vertical: vertical)
        let lineStart = Int(clusterStart[span.start])
        if !input.rubies.isEmpty {
            rubyPositions.removeAll(keepingCapacity: true)
            rubyPositions.append(contentsOf: repeatElement(-1, count: Int(clusterStart[trimmed]) - lineStart + 1))
        }
        let text: String
        var styles: [StyleSpan] = []
        if tally.plain && justification.gaps == 0 {
            let slice = UnsafeBufferPointer(rebasing: bytes[lineStart..<Int(clusterStart[trimmed])])
            text = hyphenated ? String(decoding: slice, as: UTF8.self) + "-" : String(decoding: slice, as: UTF8.self)
            lineWidth += tally.contentWidth
            if !input.styles.isEmpty { styles = slicedStyles(run) }
        } else {
            write(run, lineStart: lineStart, justification: &justification, decorations: &decorations,
                  styles: &styles, width: &lineWidth)
            if hyphenated {
                output.append(UInt8(ascii: "-"))
                lineWidth += 1
            }
            text = String(decoding: output, as: UTF8.self)
        }
        if hyphenated { drawHyphen(textLength: text.utf8.count, decorations: &decorations, styles: &styles) }
        let rubySpans = rubySpans(lineStart: lineStart)
        let endByte = Int(clusterStart[span.end])
        let start = input.offset + offsets.scalars(upTo: lineStart, in: bytes, decorations: input.decorations)
        let end = input.offset + offsets.scalars(upTo: endByte, in: bytes, decorations: input.decorations)
        var labels: [String] = []
        while marker < input.markers.count && (isLast || input.markers[marker].position < endByte) {
            labels.append(input.markers[marker].label)
            marker += 1
        }
        // Built where it is stored: a FlowLine copied into `out` costs a retain and release per field. The locals
        // are consumed: without it the optimizer copied the new Line (a retain per field) and destroyed the first.
        out.append(FlowLine(line: Line(text: consume text, width: lineWidth, direction: direction,
                                       alignment: justification.gaps > 0 ? .justify : placement, role: role,
                                       decorations: consume decorations, language: language,
                                       rubies: consume rubySpans, styles: consume styles, hyphenated: hyphenated),
                            start: start, end: end, labels: consume labels))
    }

    /// Records the hyphen just written at the end of the text as a decoration; it takes the style of the letter
    /// before it (an italic word keeps an italic hyphen).
    private func drawHyphen(textLength: Int, decorations: inout [Range<Int>], styles: inout [StyleSpan]) {
        let hyphen = (textLength - 1)..<textLength
        if let last = decorations.last, last.upperBound == hyphen.lowerBound {
            decorations[decorations.count - 1] = last.lowerBound..<hyphen.upperBound
        } else {
            decorations.append(hyphen)
        }
        if let last = styles.last, last.range.upperBound == hyphen.lowerBound {
            styles[styles.count - 1].range = last.range.lowerBound..<hyphen.upperBound
        }
    }

    /// Counts what the plain-line test and justification need about the clusters of a justified line (an
    /// unjustified one needs only its width and the plain-line test, `appendLine`: issue 19).
    @inline(__always)
    private func count(_ run: Range<Int>, into tally: inout LineTally) {
        for c in run {
            tally.contentWidth += Int(clusterWidth[c])
            let f = clusterFlags[c]
            if f.contains(.space) {
                tally.spaces += 1
                let b = Int(clusterStart[c])
                if bytes[b] != 0x20 && bytes[b] < 0x80 { tally.plain = false }
            } else if f.contains(.invisible) {
                tally.plain = false
            } else if clusterWidth[c] > 0 {
                tally.inks += 1
                if f.contains(.breakAfter) && !f.contains(.hyphen) { tally.breakableInks += 1 }
            }
            if f.contains(.wide) { tally.wide = true }
        }
    }

    /// Writes the clusters of `run` into `output`: ASCII white space as U+0020, invisible characters dropped,
    /// decorations recorded as byte ranges of the output, justification spaces after the clusters that take them.
    /// A style span covers the clusters whose first byte its run holds, and the justification spaces between
    /// them, not those after its last cluster.
    private mutating func write(_ run: Range<Int>, lineStart: Int, justification: inout Justification,
                                decorations: inout [Range<Int>], styles: inout [StyleSpan],
                                width lineWidth: inout Int) {
        var openDecoration = -1
        let inputDecorations = input.decorations
        let mapsRuby = !input.rubies.isEmpty
        let inputStyles = input.styles
        let mapsStyles = !inputStyles.isEmpty
        if !justification.betweenCharacters && !mapsRuby && !mapsStyles && inputDecorations.isEmpty {
            writeUnmapped(run, justification: &justification, width: &lineWidth)
            return
        }
        // The style run being written (-1: none), where its span starts and where its last cluster ended.
        var openStyle = -1
        var styleStart = 0
        var styleEnd = 0
        for c in run {
            let f = clusterFlags[c]
            if f.contains(.invisible) { continue }
            let b0 = Int(clusterStart[c])
            let b1 = Int(clusterStart[c + 1])
            while decorationIndex < inputDecorations.count && inputDecorations[decorationIndex].upperBound <= b0 {
                decorationIndex += 1
            }
            let isDecoration = decorationIndex < inputDecorations.count
                && inputDecorations[decorationIndex].lowerBound <= b0
            let o0 = output.count
            if mapsRuby { rubyPositions[b0 - lineStart] = o0 }
            if mapsStyles {
                while styleIndex < inputStyles.count && inputStyles[styleIndex].range.upperBound <= b0 { styleIndex += 1 }
                let current = styleIndex < inputStyles.count && inputStyles[styleIndex].range.lowerBound <= b0
                    ? styleIndex : -1
                if current != openStyle {
                    if openStyle >= 0 { styles.append(StyleSpan(range: styleStart..<styleEnd, style: inputStyles[openStyle].style)) }
                    openStyle = current
                    styleStart = o0
                }
            }
            if isDecoration {
                if openDecoration < 0 { openDecoration = o0 }
            } else if openDecoration >= 0 {
                decorations.append(openDecoration..<o0)
                openDecoration = -1
            }
            if f.contains(.space) && bytes[b0] < 0x80 {
                output.append(0x20)
            } else if isDecoration, inputDecorations[decorationIndex].upperBound < b1 {
                // A combining mark of the book that starts right after a decoration joins its last
                // cluster; it stays book text.
                let split = inputDecorations[decorationIndex].upperBound
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[b0..<split]))
                decorations.append(openDecoration..<output.count)
                openDecoration = -1
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[split..<b1]))
            } else {
                // Byte by byte: a generic append of a few bytes costs more than the copy.
                for k in b0..<b1 { output.append(bytes[k]) }
            }
            lineWidth += Int(clusterWidth[c])
            if mapsStyles { styleEnd = output.count }
            if let add = justification.spaces(after: f, width: clusterWidth[c]) {
                if openDecoration >= 0 {
                    decorations.append(openDecoration..<output.count)
                    openDecoration = -1
                }
                for _ in 0..<add { output.append(0x20) }
                lineWidth += add
            }
        }
        if openDecoration >= 0 { decorations.append(openDecoration..<output.count) }
        if openStyle >= 0 { styles.append(StyleSpan(range: styleStart..<styleEnd, style: inputStyles[openStyle].style)) }
    }

    /// `write` for a line with nothing to map (no decorations, ruby or styles) and spaces to widen, if any, rather
    /// than gaps between characters: a line with a word joiner or a tab, or a justified line. The runs between the
    /// clusters it must look at (those it rewrites; for a justified line, every space too) are copied whole, found
    /// sixteen clusters at a time, their width from the running widths. An invisible cluster is left out, ASCII
    /// white space is a space, and a justified line's spaces take their extra cells. (Cluster by cluster, such a
    /// line of War and Peace cost about 4,000 instructions: issue 19.)
    private mutating func writeUnmapped(_ run: Range<Int>, justification: inout Justification, width lineWidth: inout Int) {
        let widens = justification.gaps > 0
        var c = run.lowerBound
        while c < run.upperBound {
            let next = widens ? clusters.next([.space, .invisible], from: c, to: run.upperBound)
                : clusters.nextRewritten(bytes, c..<run.upperBound)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[Int(clusterStart[c])..<Int(clusterStart[next])]))
            lineWidth += Int(prefix[next] - prefix[c])
            if next == run.upperBound { break }
            let f = clusterFlags[next]
            if !f.contains(.invisible) {
                let b0 = Int(clusterStart[next])
                if f.contains(.space) && bytes[b0] < 0x80 {
                    output.append(0x20)
                } else {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[b0..<Int(clusterStart[next + 1])]))
                }
                lineWidth += Int(clusterWidth[next])
                if let add = justification.spaces(after: f, width: clusterWidth[next]) {
                    for _ in 0..<add { output.append(0x20) }
                    lineWidth += add
                }
            }
            c = next + 1
        }
    }

    /// The style spans of a line that is a slice of the paragraph (`run`'s clusters, nothing rewritten): the runs
    /// cut to the line, each bound moved to the cluster that starts at or after it, as `write` counts them.
    private mutating func slicedStyles(_ run: Range<Int>) -> [StyleSpan] {
        var spans: [StyleSpan] = []
        let inputStyles = input.styles
        let lineStart = Int(clusterStart[run.lowerBound])
        let lineEnd = Int(clusterStart[run.upperBound])
        func boundary(_ byte: Int) -> Int {
            // The first cluster start at or after `byte` (clusterStart ascends over run.lowerBound...upperBound).
            var low = run.lowerBound, high = run.upperBound
            while low < high {
                let mid = (low + high) / 2
                if Int(clusterStart[mid]) < byte { low = mid + 1 } else { high = mid }
            }
            return Int(clusterStart[low])
        }
        while styleIndex < inputStyles.count && inputStyles[styleIndex].range.upperBound <= lineStart { styleIndex += 1 }
        var k = styleIndex
        while k < inputStyles.count && inputStyles[k].range.lowerBound < lineEnd {
            let span = inputStyles[k]
            let start = boundary(max(span.range.lowerBound, lineStart))
            let end = boundary(min(span.range.upperBound, lineEnd))
            if start < end { spans.append(StyleSpan(range: (start - lineStart)..<(end - lineStart), style: span.style)) }
            k += 1
        }
        return spans
    }

    /// The ruby bases on the line just written, as byte ranges of its text (bases cut by the line end are left).
    private mutating func rubySpans(lineStart: Int) -> [RubySpan] {
        var spans: [RubySpan] = []
        guard !input.rubies.isEmpty else { return spans }
        rubyPositions[rubyPositions.count - 1] = output.count
        let positions = rubyPositions
        func position(_ byte: Int) -> Int? {
            let k = byte - lineStart
            return k >= 0 && k < positions.count && positions[k] >= 0 ? positions[k] : nil
        }
        // A cluster's position is where it starts, after the justification spaces that follow the one before: a
        // base or annotation ends before those (it never ends with a space of its own).
        let output = self.output
        func endBefore(_ p: Int, floor: Int) -> Int {
            var e = p
            while e > floor && output[e - 1] == 0x20 { e -= 1 }
            return e
        }
        for ruby in input.rubies {
            guard let start = position(ruby.base.lowerBound), var end = position(ruby.base.upperBound) else { continue }
            if ruby.shown == nil { end = endBefore(end, floor: start) }
            let shown = ruby.shown.flatMap { r in position(r.upperBound).map { end..<endBefore($0, floor: end) } }
            spans.append(RubySpan(base: start..<end, annotation: ruby.annotation, shown: shown))
        }
        return spans
    }
}

/// What a line's clusters hold, as justification and the plain-line test need it.
struct LineTally {
    /// The line can be a slice of the paragraph's bytes.
    var plain: Bool
    var contentWidth = 0
    var spaces = 0
    /// Clusters with ink (not spaces, not zero width).
    var inks = 0
    /// Clusters with ink after which the line could break: where inter-character justification may add space.
    var breakableInks = 0
    /// Some cluster is East Asian Wide or Fullwidth.
    var wide = false
}

/// Source offsets of a paragraph's lines: the book's Unicode scalars before a byte position, decorations not
/// counted (`SourceLocation.offset` counts scalars). Positions are asked in ascending order, so one scan serves
/// every line of the paragraph.
struct SourceOffsets {
    private var byte = 0
    private var scalars = 0
    private var decoration = 0

    mutating func scalars(upTo p: Int, in bytes: UnsafeBufferPointer<UInt8>, decorations: [Range<Int>]) -> Int {
        while byte < p {
            while decoration < decorations.count && decorations[decoration].upperBound <= byte {
                decoration += 1
            }
            if decoration < decorations.count && decorations[decoration].lowerBound <= byte {
                byte = min(p, decorations[decoration].upperBound)
                continue
            }
            let stop = decoration < decorations.count ? min(p, decorations[decoration].lowerBound) : p
            scalars += String.scalarCount(of: UnsafeBufferPointer(rebasing: bytes[byte..<stop]))
            byte = stop
        }
        return scalars
    }
}
