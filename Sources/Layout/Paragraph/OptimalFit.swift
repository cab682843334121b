/// Total-fit line breaking (`--breaking optimal`): Knuth and Plass, "Breaking Paragraphs into Lines", Software:
/// Practice and Experience 11 (1981), as TeX sets it (TeX: The Program §813–890), over the break opportunities
/// the paragraph already has (`.breakAfter`), with badness from the cell model.
///
/// - A line's *slack* is the cells left between its content (up to its last ink; trailing spaces hang, as in
///   first-fit) and its width less the hanging-punctuation reserve; a break that draws a hyphen takes one cell.
///   Its *stretch* is what justification can widen (Justification.swift): its inter-word spaces, or, on a line
///   without spaces, the gaps between the characters after which it may break (CJK, vertical columns).
/// - Badness is 100·(slack/stretch)³ (the paper's β = 100 r³, TeX §108 without its 10000 cap, so that looser
///   lines stay worse); a line with slack but nothing to stretch gets TeX's inf_bad plus that cube. The last line
///   of a paragraph and a line ended by a forced break are free, as `\parfillskip` makes them in TeX.
/// - Demerits are (linepenalty + badness)² plus hyphenpenalty² at a hyphen, doublehyphendemerits for two hyphens
///   in a row, finalhyphendemerits for a hyphen before the last line, adjdemerits between lines of fitness classes
///   more than one apart (decent, loose, very loose: TeX's classes without `tight`, as cells never shrink). The
///   values are plain TeX's.
///
/// Every line fits its width, as in first-fit: a line is feasible when no ink on it passes the width (a hangable
/// cluster may pass into the reserve) and the line's first ink is always taken, however wide. A break stays active
/// until a line from it overflows; the active breaks of the paragraph are those within one line width of the
/// cluster being read, and they leave in the order they came, so the work is O(clusters × active breaks).
/// When every line from the active breaks overflows (a run between two opportunities longer than the line),
/// the lines up to the latest break are kept, that run is split between clusters exactly as first-fit splits it
/// (kinsoku honoured, `FirstFit.split`), and total fit starts again after the split.
struct OptimalFit: LineBreakStrategy {
    /// Plain TeX's parameters (The TeXbook, Appendix B).
    var linePenalty = 10.0
    var hyphenPenalty = 50.0
    var doubleHyphenDemerits = 10_000.0
    var finalHyphenDemerits = 5_000.0
    var adjacentDemerits = 10_000.0

    func breakLines(_ text: MeasuredText, firstWidth: Int, restWidth: Int, reserve: Int) -> [LineSpan] {
        if let prefix = text.prefix {
            var run = TotalFit(text, prefix: prefix, firstWidth: firstWidth, restWidth: restWidth, reserve: reserve,
                               costs: self)
            return run.lines(hardBefore: text.hardBefore)
        }
        var running = [Int32](repeating: 0, count: text.count + 1)
        for i in 0..<text.count { running[i + 1] = running[i] + Int32(text.width[i]) }
        return running.withUnsafeBufferPointer { prefix in
            var run = TotalFit(text, prefix: prefix.baseAddress!, firstWidth: firstWidth, restWidth: restWidth,
                               reserve: reserve, costs: self)
            return run.lines(hardBefore: text.hardBefore)
        }
    }
}

/// A feasible break: where a line may end, and the best way found to get there.
private struct Breakpoint {
    /// The line before it ends before this cluster.
    var position: Int
    /// Where the line after it starts (its leading spaces skipped).
    var start: Int
    /// Spaces, and inks with a break opportunity, from the root of the run to `start`.
    var spaces: Int
    var breakableInks: Int
    var total: Double
    /// The break the line ending here starts from (-1: the root).
    var previous: Int
    var fitness: Int
    var hyphenated: Bool
}

/// One paragraph being broken: its segments between forced breaks, each by total fit from a root.
private struct TotalFit {
    let n: Int
    let width: UnsafePointer<UInt8>
    let flags: UnsafePointer<ClusterFlags>
    let prefix: UnsafePointer<Int32>
    let firstWidth: Int
    let restWidth: Int
    let reserve: Int
    let costs: OptimalFit
    var spans: [LineSpan] = []
    /// The breaks of the run being set; index 0 is its root.
    var nodes: [Breakpoint] = []

    /// TeX's fitness classes, loosest last (no `tight`: cells never shrink).
    static let decent = 0, loose = 1, veryLoose = 2
    /// TeX's inf_bad, for a line with slack and nothing to stretch.
    static let infiniteBadness = 10_000.0

    init(_ text: MeasuredText, prefix: UnsafePointer<Int32>, firstWidth: Int, restWidth: Int, reserve: Int,
         costs: OptimalFit) {
        n = text.count
        width = text.width
        flags = text.flags
        self.prefix = prefix
        self.firstWidth = firstWidth
        self.restWidth = restWidth
        self.reserve = reserve
        self.costs = costs
        spans.reserveCapacity(n / max(1, restWidth - 8) + 2)
    }

    /// The segments between forced breaks, walked as `FirstFit.breakLinesByCluster` walks them: leading spaces
    /// skipped (never past a forced break), an empty line where a forced break follows another.
    mutating func lines(hardBefore: [Int]) -> [LineSpan] {
        var start = 0
        var hard = 0
        while true {
            let nextHard = hard < hardBefore.count ? hardBefore[hard] : Int.max
            while start < n && start != nextHard && flags[start].contains(.space) { start += 1 }
            if start >= n && nextHard >= n { break }
            let end = min(nextHard, n)
            if start == end {
                spans.append(LineSpan(start: start, end: end, last: true))
            } else {
                setSegment(from: start, to: end)
            }
            if end == nextHard { hard += 1 }
            start = end
        }
        return spans
    }

    /// The width of a line from `node` (the root's is the paragraph's first line when nothing precedes it), and
    /// the part of it that is not the hanging-punctuation reserve.
    @inline(__always)
    func widths(_ node: Int, first: Bool) -> (available: Int, limit: Int) {
        let available = node == 0 && first ? firstWidth : restWidth
        return (available, reserve > 0 && available > reserve ? available - reserve : available)
    }

    /// Lines for the clusters `from..<end` (`from` is not a space), the last one ending at `end`.
    mutating func setSegment(from segmentStart: Int, to end: Int) {
        // No line may end where only spaces follow: first-fit hangs them on the last line.
        var contentEnd = end
        while contentEnd > segmentStart && flags[contentEnd - 1].contains(.space) { contentEnd -= 1 }
        var root = segmentStart
        while let latest = totalFit(from: root, to: end, contentEnd: contentEnd) {
            commit(latest, end: end)
            let node = nodes[latest]
            let (available, limit) = widths(latest, first: spans.isEmpty)
            let split = overflowEnd(from: node.start, to: end, available: available, limit: limit)
            spans.append(LineSpan(start: node.start, end: split, last: split >= end))
            if split >= end { return }
            root = split
            while root < end && flags[root].contains(.space) { root += 1 }
        }
    }

    /// Total fit from `root` to `end`: appends the lines and returns nil, or, when every line from the breaks
    /// found overflows, the latest break (the best of those at the latest position).
    mutating func totalFit(from root: Int, to end: Int, contentEnd: Int) -> Int? {
        nodes.removeAll(keepingCapacity: true)
        nodes.append(Breakpoint(position: root, start: root, spaces: 0, breakableInks: 0, total: 0, previous: -1,
                                fitness: Self.decent, hyphenated: false))
        let first = spans.isEmpty
        let prefix = self.prefix, flags = self.flags, width = self.width
        // The root may have a line width of its own (the first line), so it leaves apart from the others,
        // which all share one width and so overflow in the order they came: nodes[front...] are active.
        var rootActive = true
        var front = 1
        // Running counts from the root: spaces, inks with a break opportunity, spaces since the last non-space.
        var spaces = 0, breakable = 0, trailing = 0
        var lastInk = -1
        var i = root
        while true {
            if i > root && (i == end || (i < contentEnd && flags[i - 1].contains(.breakAfter))) {
                addBreaks(at: i, end: end, first: first, rootActive: rootActive, front: front,
                          spaces: spaces, breakable: breakable, trailing: trailing)
            }
            if i == end { break }
            let f = flags[i]
            let w = Int(width[i])
            if f.contains(.space) {
                spaces += 1
                trailing += 1
            } else {
                trailing = 0
                if w > 0 {
                    // Justification never spreads the letters of a word at its hyphenation points.
                    if f.contains(.breakAfter) && !f.contains(.hyphen) { breakable += 1 }
                    // A line's first ink stays on it however wide (first-fit's rule); later inks must fit.
                    let reach = Int(prefix[i + 1])
                    if rootActive && lastInk >= root {
                        let (available, limit) = widths(0, first: first)
                        if reach - Int(prefix[root]) > (f.contains(.hangable) ? available : limit) { rootActive = false }
                    }
                    let (available, limit) = widths(1, first: first)
                    let room = f.contains(.hangable) ? available : limit
                    while front < nodes.count && lastInk >= nodes[front].start
                            && reach - Int(prefix[nodes[front].start]) > room {
                        front += 1
                    }
                    lastInk = i
                    if !rootActive && front == nodes.count {
                        var latest = nodes.count - 1
                        var k = latest - 1
                        while k > 0 && nodes[k].position == nodes[latest].position {
                            if nodes[k].total < nodes[latest].total { latest = k }
                            k -= 1
                        }
                        return latest
                    }
                }
            }
            i += 1
        }
        var best = nodes.count - 1
        var k = best - 1
        while k > 0 && nodes[k].position == end {
            if nodes[k].total < nodes[best].total { best = k }
            k -= 1
        }
        commit(best, end: end)
        return nil
    }

    /// The breaks at `b`: the best line to it from each active break, kept per fitness class (TeX §829–836).
    /// The counts are those of the clusters before `b`.
    mutating func addBreaks(at b: Int, end: Int, first: Bool, rootActive: Bool, front: Int,
                            spaces: Int, breakable: Int, trailing: Int) {
        let isLast = b == end
        let hyphen = !isLast && flags[b - 1].contains(.hyphen)
        let contentEnd = Int(prefix[b - trailing])
        let lineSpaces = spaces - trailing
        var best = (Double.infinity, Double.infinity, Double.infinity)
        var from = (-1, -1, -1)
        // Breaks that start their next line at one cluster (those of one position, one per fitness class) share
        // the line to `b`: its badness is reckoned once for them all.
        var lineStart = -1, lineFromRoot = false
        var feasible = false, fitness = Self.decent, lineDemerits = 0.0
        // The least total of the active breaks, and of the lines to `b` so far: a line whose demerits alone put
        // it past the best by more than adjdemerits can make no break (below).
        var leastActive = rootActive ? nodes[0].total : Double.infinity
        for k in front..<nodes.count { leastActive = min(leastActive, nodes[k].total) }
        var leastSoFar = Double.infinity
        var k = rootActive ? 0 : front
        while k < nodes.count {
            defer { k = k == 0 ? front : k + 1 }
            let a = nodes[k]
            if a.start != lineStart || (k == 0) != lineFromRoot {
                lineStart = a.start
                lineFromRoot = k == 0
                let (_, limit) = widths(k, first: first)
                let used = contentEnd - Int(prefix[a.start]) + (hyphen ? 1 : 0)
                feasible = b > a.start && !(hyphen && used > limit)
                var badness = 0.0
                let slack = limit - used
                if !isLast && slack > 0 {
                    let gaps = lineSpaces > a.spaces ? lineSpaces - a.spaces : breakable - a.breakableInks - 1
                    let r = Double(slack) / Double(max(gaps, 1))
                    badness = 100 * r * r * r + (gaps > 0 ? 0 : Self.infiniteBadness)
                }
                fitness = badness > 99 ? Self.veryLoose : badness > 12 ? Self.loose : Self.decent
                lineDemerits = (costs.linePenalty + badness) * (costs.linePenalty + badness)
                // The breaks after this one (all but the root share one width) start later: their lines have
                // more slack and no more gaps than the most this line could count. Once even that bound puts them
                // past the best by more than adjdemerits, none of them can make a break here (TeX §836), and the
                // loop stops: most lines weighed are one or two words, hopelessly loose.
                if k != 0 && !isLast && slack > 0 && leastActive + lineDemerits > leastSoFar + costs.adjacentDemerits {
                    let gaps = max(lineSpaces - a.spaces, breakable - a.breakableInks - 1, 1)
                    let r = Double(slack) / Double(gaps)
                    let bound = costs.linePenalty + 100 * r * r * r
                    if leastActive + bound * bound > leastSoFar + costs.adjacentDemerits { break }
                }
            }
            guard feasible else { continue }
            var demerits = lineDemerits
            if hyphen {
                demerits += costs.hyphenPenalty * costs.hyphenPenalty
                if a.hyphenated { demerits += costs.doubleHyphenDemerits }
            } else if isLast && a.hyphenated {
                demerits += costs.finalHyphenDemerits
            }
            if abs(fitness - a.fitness) > 1 { demerits += costs.adjacentDemerits }
            let total = a.total + demerits
            leastSoFar = min(leastSoFar, total)
            // On a tie the later break wins: the trailing spaces stay on the line, as first-fit leaves them.
            switch fitness {
            case Self.decent: if total <= best.0 { best.0 = total; from.0 = k }
            case Self.loose: if total <= best.1 { best.1 = total; from.1 = k }
            default: if total <= best.2 { best.2 = total; from.2 = k }
            }
        }
        let least = min(best.0, best.1, best.2)
        guard least < .infinity else { return }
        var start = b
        if !isLast { while flags[start].contains(.space) { start += 1 } }
        // A class whose best is worse than the best of all by more than adjdemerits can never win (TeX §836).
        func keep(_ fitness: Int, _ total: Double, _ previous: Int) {
            guard previous >= 0 && total <= least + costs.adjacentDemerits else { return }
            nodes.append(Breakpoint(position: b, start: start, spaces: spaces + (start - b), breakableInks: breakable,
                                    total: total, previous: previous, fitness: fitness, hyphenated: hyphen))
        }
        keep(Self.decent, best.0, from.0)
        keep(Self.loose, best.1, from.1)
        keep(Self.veryLoose, best.2, from.2)
    }

    /// Appends the lines from the root to break `k`.
    mutating func commit(_ k: Int, end: Int) {
        let first = spans.count
        var k = k
        while nodes[k].previous >= 0 {
            let previous = nodes[k].previous
            spans.append(LineSpan(start: nodes[previous].start, end: nodes[k].position, last: nodes[k].position >= end))
            k = previous
        }
        spans[first...].reverse()
    }

    /// Where first-fit ends a line from `start` that no break opportunity keeps within the width: at the last
    /// opportunity before the overflow if there is one (a hyphen's cell counted), else split between clusters.
    /// Only a line of one character may still pass the width with a drawn hyphen (a line one cell wide).
    func overflowEnd(from start: Int, to end: Int, available: Int, limit: Int) -> Int {
        var used = 0
        var ink = false
        var lastBreak = -1
        for i in start..<end {
            let w = Int(width[i])
            let f = flags[i]
            if w > 0 && ink && !f.contains(.space) && used + w > (f.contains(.hangable) ? available : limit) {
                if lastBreak >= start { return lastBreak + 1 }
                // A split that falls on a hyphenation point draws its hyphen: one cluster back when it would not fit.
                var split = FirstFit().split(at: i, from: start, flags)
                while split > start + 1 && flags[split - 1].contains(.hyphen)
                        && Int(prefix[split] - prefix[start]) + 1 > limit {
                    split -= 1
                }
                return split
            }
            used += w
            if w > 0 && !f.contains(.space) { ink = true }
            if f.contains(.breakAfter) && !(f.contains(.hyphen) && used + 1 > limit) { lastBreak = i }
        }
        return end
    }
}
