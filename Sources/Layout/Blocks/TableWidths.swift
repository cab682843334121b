import BookModel

/// Column widths by CSS automatic table layout (CSS 2.1 §17.5.2.2, CSS Tables 3 §3.9 "auto" layout): each cell's
/// minimum content width (its widest run between line-break opportunities: nothing narrower sets it without
/// splitting a word) and maximum content width (each paragraph on one line) give each column a minimum and a
/// maximum; a cell spanning columns spreads what its columns lack over them. The maxima are used when they fit;
/// else each column gets its minimum and the cells left over go in proportion to (maximum − minimum); only when
/// even the minima do not fit are words split (columns squeezed toward 4 cells, as before automatic layout).

/// A column's minimum and maximum content widths, in cells.
struct ColumnLimits: Equatable {
    var minimum: Int
    var maximum: Int
}

/// What a cell asks of the columns it covers.
struct CellLimits {
    var column: Int
    var span: Int
    var limits: ColumnLimits
}

extension LayoutContext {
    /// The cell's minimum and maximum content widths, from one measuring of each paragraph.
    ///
    /// The minimum is its widest run between line-break opportunities, measured as the line breaker measures it
    /// (the same clusters, widths, UAX #14 opportunities, glue and forced breaks; a soft hyphen's break draws a
    /// hyphen, one more cell), so a cell this wide is set with no word split.
    ///
    /// The maximum is its widest line when set at an unbounded width (lines end only at forced breaks). A plain
    /// paragraph (no decorations or ruby, printed as is, not justified) takes each line's width from the running
    /// widths of the spans the line breaker chooses, as `LineBuilder.appendLine` does for such a line; any other
    /// is set (`settingMaximumWidth`). Setting every cell at an unbounded width only to read its widths was about
    /// a twentieth of a table-heavy book's instructions (issue 19).
    func contentWidths(_ paragraphs: [CellParagraph], env: BlockEnv) -> ColumnLimits {
        var widest = 0
        var maximum = 0
        for paragraph in paragraphs {
            let input = paragraph.input
            var plain = false
            input.bytes.withUnsafeBufferPointer { bytes in
                let clusters = self.clusters
                let n = clusters.measure(bytes)
                markBreaks(bytes, n, language: paragraph.language)
                if vertical { clusters.applyVerticalWidths(bytes, n, combined: input.combined) }
                clusters.removeBreaks(inside: input.glue, count: n)
                let hardBefore = clusters.clusterIndexes(ofHardBreaks: input.hardBreaks, count: n, length: bytes.count)
                let printedAsIs = clusters.runningWidths(bytes, count: n)
                if !printedAsIs { markSoftHyphens(bytes, n, hyphens: .manual) }
                let width = clusters.width, flags = clusters.flags
                // The run since the last opportunity: its ink, and spaces that count only once ink follows them
                // (a line's leading and trailing spaces are never printed).
                var run = 0
                var spaces = 0
                var hard = 0
                for c in 0..<n {
                    while hard < hardBefore.count && hardBefore[hard] <= c {
                        if hardBefore[hard] == c { run = 0; spaces = 0 }
                        hard += 1
                    }
                    let f = flags[c]
                    let w = f.contains(.invisible) ? 0 : Int(width[c])
                    if f.contains(.space) {
                        if run > 0 { spaces += w }
                    } else if w > 0 {
                        run += spaces + w
                        spaces = 0
                    }
                    if f.contains(.breakAfter) {
                        widest = max(widest, run + (f.contains(.hyphen) ? 1 : 0))
                        run = 0
                        spaces = 0
                    }
                }
                widest = max(widest, run)
                plain = printedAsIs && input.decorations.isEmpty && input.rubies.isEmpty
                    && placement(of: paragraph.look, fallback: .start).align != .justify
                guard plain else { return }
                let measured = MeasuredText(count: n, width: UnsafePointer(width), flags: UnsafePointer(flags),
                                            hardBefore: hardBefore, prefix: UnsafePointer(clusters.prefix))
                let reserve = options.hangingPunctuation ? (vertical ? 1 : 2) : 0
                let unbounded = Self.unboundedWidth
                // No line of it draws a hyphen: a soft hyphen is invisible, so its paragraph does not print as it is.
                for span in strategy.breakLines(measured, firstWidth: unbounded, restWidth: unbounded, reserve: reserve) {
                    maximum = max(maximum, clusters.inkWidth(span))
                }
            }
            if !plain { maximum = max(maximum, settingMaximumWidth([paragraph], env: env)) }
        }
        return ColumnLimits(minimum: widest, maximum: maximum)
    }

    /// The width a paragraph is set at to find its maximum content width: wider than any book's line.
    static let unboundedWidth = 1 << 24

    /// The widest line of the paragraphs set as a cell at an unbounded width: what `contentWidths` reads of a
    /// paragraph that is not plain, and the reference its plain path is tested against.
    func settingMaximumWidth(_ paragraphs: [CellParagraph], env: BlockEnv) -> Int {
        setCell(paragraphs, width: Self.unboundedWidth, env: env).map(\.line.width).max() ?? 0
    }
}

enum TableWidths {
    /// Each column's limits from its cells (CSS 2.1 §17.5.2.2 steps 1–2): single-column cells first, then cells
    /// spanning columns, narrowest span first, each spreading what its columns lack (over their own widths and
    /// the `gap` of border and padding between them) in proportion to the columns' maxima.
    static func columnLimits(_ cells: [CellLimits], columns: Int, gap: Int) -> [ColumnLimits] {
        var limits = [ColumnLimits](repeating: ColumnLimits(minimum: 0, maximum: 0), count: columns)
        for cell in cells where cell.span == 1 && cell.column < columns {
            limits[cell.column].minimum = max(limits[cell.column].minimum, cell.limits.minimum)
            limits[cell.column].maximum = max(limits[cell.column].maximum, cell.limits.maximum)
        }
        for cell in cells.filter({ $0.span > 1 }).sorted(by: { $0.span < $1.span }) {
            let range = cell.column..<min(columns, cell.column + cell.span)
            guard !range.isEmpty else { continue }
            let inner = gap * (range.count - 1)
            let weights = range.map { max(1, limits[$0].maximum) }
            let lackMinimum = cell.limits.minimum - inner - range.reduce(0) { $0 + limits[$1].minimum }
            if lackMinimum > 0 {
                for (k, extra) in distribute(lackMinimum, weights: weights).enumerated() {
                    limits[range.lowerBound + k].minimum += extra
                }
            }
            for c in range { limits[c].maximum = max(limits[c].maximum, limits[c].minimum) }
            let lackMaximum = cell.limits.maximum - inner - range.reduce(0) { $0 + limits[$1].maximum }
            if lackMaximum > 0 {
                for (k, extra) in distribute(lackMaximum, weights: weights).enumerated() {
                    limits[range.lowerBound + k].maximum += extra
                }
            }
        }
        // Every column is at least one cell wide, and its maximum is never below its minimum.
        return limits.map { ColumnLimits(minimum: max(1, $0.minimum), maximum: max(1, $0.minimum, $0.maximum)) }
    }

    /// How well a table's columns fit the page, best first.
    enum Fit: Equatable {
        /// Every column as wide as its widest line.
        case natural
        /// Words whole, and every column that wraps at least `readableWidth` cells wide.
        case readable
        /// Words whole, but some column wraps narrower than that.
        case cramped
        /// Words split.
        case squeezed
    }

    /// The narrowest a column of wrapped text may be and still read as lines rather than fragments: 8 cells (a
    /// word or two, four CJK characters; a CJK column at its minimum holds one character a line). A column whose
    /// widest line is shorter is as wide as that line.
    static let readableWidth = 8

    /// Column widths in `available` cells (CSS 2.1 §17.5.2.2 step 3, CSS Tables 3 §3.9.3): the maxima when they
    /// fit; else the minima plus the cells left over in proportion to (maximum − minimum), the minima first raised
    /// to `readableWidth` (or the maximum, when less) when that fits; else (`squeezed`) words must split, and
    /// columns are squeezed as Quire always did: each from its maximum capped at 4 cells, the cells left over
    /// going one at a time to the column furthest below its maximum. Nil when not even the capped maxima fit.
    static func columnWidths(_ limits: [ColumnLimits], available: Int) -> (widths: [Int], fit: Fit)? {
        let maxima = limits.map(\.maximum)
        if maxima.reduce(0, +) <= available { return (maxima, .natural) }
        let readable = limits.map { max($0.minimum, min($0.maximum, readableWidth)) }
        for (minima, fit) in [(readable, Fit.readable), (limits.map(\.minimum), Fit.cramped)] {
            let spare = available - minima.reduce(0, +)
            if spare >= 0 {
                let extra = distribute(spare, weights: zip(maxima, minima).map { $0 - $1 })
                return (zip(minima, extra).map { $0 + $1 }, fit)
            }
        }
        var widths = maxima.map { min($0, 4) }
        var remaining = available - widths.reduce(0, +)
        guard remaining >= 0 else { return nil }
        while remaining > 0 {
            var best = -1
            for c in widths.indices where widths[c] < maxima[c]
                && (best < 0 || maxima[c] - widths[c] > maxima[best] - widths[best]) {
                best = c
            }
            if best < 0 { break }
            widths[best] += 1
            remaining -= 1
        }
        return (widths, .squeezed)
    }

    /// `total` cells shared in proportion to `weights` (equally when all are 0): each share rounded down, the
    /// cells left by rounding going to the largest remainders, earlier columns first on ties.
    static func distribute(_ total: Int, weights: [Int]) -> [Int] {
        guard total > 0, !weights.isEmpty else { return [Int](repeating: 0, count: weights.count) }
        let weights = weights.reduce(0, +) > 0 ? weights.map { max(0, $0) } : [Int](repeating: 1, count: weights.count)
        let sum = weights.reduce(0, +)
        var shares = weights.map { total * $0 / sum }
        let order = weights.indices.sorted { a, b in
            let ra = total * weights[a] % sum, rb = total * weights[b] % sum
            return ra != rb ? ra > rb : a < b
        }
        var left = total - shares.reduce(0, +)
        for c in order where left > 0 {
            shares[c] += 1
            left -= 1
        }
        return shares
    }
}
