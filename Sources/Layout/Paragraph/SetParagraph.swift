import BookModel

/// Setting one paragraph, start to end: the phases in order, each in its own file.
///
/// 1. `ParagraphInput`: the inlines as UTF-8 with decorations, glue, forced breaks, page-break labels, ruby and
///    style runs.
/// 2. `ClusterBuffer.measure`: grapheme clusters (UAX #29) with widths in cells (UAX #11).
/// 3. `markBreaks` (BreakOpportunities.swift): where a line may end (UAX #14; strict kinsoku for CJK).
/// 4. In vertical-rl, rows instead of cells (TateChuYoko.swift, combined style runs included); glue and forced
///    breaks applied; soft hyphens and hyphenation points (Hyphenation.swift).
/// 5. `LineBreakStrategy.breakLines` (LineBreaking.swift): which opportunities are taken.
/// 6. `LineBuilder` (LineBuilder.swift): each line's text, decorations, justification (Justification.swift),
///    ruby and style spans, source offsets and page-break labels.
/// 7. Widows and orphans: `keepTogether` (Pages/Tidy.swift).
extension LayoutContext {
    /// Sets a paragraph into lines of at most `width` cells, appending them to `out`. `align` says whether lines
    /// are justified, `placement` where the others sit (the last line of a justified paragraph included);
    /// `hyphens` where words may be split (`auto` only takes effect with `--hyphenate auto`).
    func setParagraph(_ input: ParagraphInput, width: Int, indent: String? = nil, language: String?,
                      direction explicit: Direction?, fallback: Direction, role: LineRole = .body,
                      align: TextAlign = .start, placement: LineAlignment = .start, hyphens: Hyphens = .manual,
                      out: inout [FlowLine]) {
        let firstOut = out.count
        // Measured before the paragraph: measuring reuses the cluster buffers.
        var indentText = indent
        var indentWidth = indent.map { self.width(of: $0) } ?? 0
        if width - indentWidth < 2 {
            indentText = nil
            indentWidth = 0
        }
        input.bytes.withUnsafeBufferPointer { bytes in
            let clusters = self.clusters
            let n = clusters.measure(bytes)
            let direction = explicit ?? firstStrongDirection(bytes) ?? fallback
            markBreaks(bytes, n, language: language)
            if vertical { clusters.applyVerticalWidths(bytes, n, combined: input.combined) }
            clusters.removeBreaks(inside: input.glue, count: n)
            let hardBefore = clusters.clusterIndexes(ofHardBreaks: input.hardBreaks, count: n, length: bytes.count)
            let printedAsIs = clusters.runningWidths(bytes, count: n)
            if !printedAsIs { markSoftHyphens(bytes, n, hyphens: hyphens) }
            var measured = MeasuredText(count: n, width: UnsafePointer(clusters.width),
                                        flags: UnsafePointer(clusters.flags), hardBefore: hardBefore,
                                        prefix: UnsafePointer(clusters.prefix))
            if let hyphenator = hyphenator(input, bytes, count: n, language: language, hyphens: hyphens) {
                // First-fit asks for the words that overflow; a strategy weighing all breaks needs them all.
                if strategy is FirstFit { measured.hyphenator = hyphenator } else { hyphenator.markAll() }
            }
            // Hanging punctuation (burasage, JLReq) hangs into reserved room: a row in a column, two cells in a line.
            let reserve = options.hangingPunctuation ? (vertical ? 1 : 2) : 0
            var spans = strategy.breakLines(measured, firstWidth: max(1, width - indentWidth), restWidth: max(1, width),
                                            reserve: reserve)
            // An indent that squeezes a character which fits the line without it is given up.
            if indentWidth > 0, let first = spans.first, clusters.inkWidth(first) > width - indentWidth {
                indentText = nil
                indentWidth = 0
                spans = strategy.breakLines(measured, firstWidth: max(1, width), restWidth: max(1, width), reserve: reserve)
            }
            if spans.isEmpty {
                if !input.markers.isEmpty {
                    var marker = FlowLine.blank(direction: direction)
                    marker.markerOnly = true
                    marker.labels = input.markers.map(\.label)
                    out.append(marker)
                }
                return
            }
            var builder = LineBuilder.make(input: input, bytes: bytes, clusters: clusters, width: width,
                                           indent: indentText.map { ($0, indentWidth) }, direction: direction,
                                           language: language, role: role, align: align, placement: placement,
                                           vertical: vertical, printedAsIs: printedAsIs, output: self.output,
                                           rubyPositions: self.rubyPositions)
            self.output = []
            self.rubyPositions = []
            for (index, span) in spans.enumerated() {
                builder.appendLine(index, span, isLast: index == spans.count - 1, to: &out)
            }
            overflowWidest = max(overflowWidest, builder.widestOverflow)
            self.output = builder.output
            self.rubyPositions = builder.rubyPositions
        }
        keepTogether(&out, from: firstOut)
    }
}
