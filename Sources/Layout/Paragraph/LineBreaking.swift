/// The line-breaking phase: given the measured clusters and their break opportunities, which opportunities
/// end lines. First-fit by default; total fit (Knuth–Plass) in OptimalFit.swift.

/// The measured clusters of one paragraph, as a line breaker sees them.
struct MeasuredText {
    var count: Int
    var width: UnsafePointer<UInt8>
    var flags: UnsafePointer<ClusterFlags>
    /// Cluster indexes before which a line must end (forced line breaks), ascending, possibly repeated.
    var hardBefore: [Int]
    /// Running widths (`count + 1` entries: the width of the clusters before each index), when the caller has
    /// them: lines are then found by search instead of cluster by cluster.
    var prefix: UnsafePointer<Int32>? = nil
    /// Marks the hyphenation points of one word on request (first-fit asks for the word that overflows a line);
    /// nil when the paragraph is not hyphenated automatically. Strategies that weigh every break find all points
    /// already marked (`ParagraphHyphenator.markAll`).
    var hyphenator: ParagraphHyphenator? = nil
}

extension MeasuredText {
    /// A line may end after cluster `k`, the line's clusters before it being `inkWidth` cells wide (the width
    /// through `k`): a break that splits a word draws a hyphen, which needs one more cell within `limit`.
    @inline(__always)
    func canEnd(after k: Int, inkWidth: Int, limit: Int) -> Bool {
        let f = flags[k]
        return f.contains(.breakAfter) && (!f.contains(.hyphen) || inkWidth + 1 <= limit)
    }
}

/// A line as a range of clusters; `last` lines (paragraph end or forced break) are never justified.
struct LineSpan: Equatable {
    var start: Int
    var end: Int
    var last: Bool
}

/// A way of choosing line breaks among the opportunities, so Knuth–Plass can replace first-fit.
protocol LineBreakStrategy {
    /// Lines covering the clusters in order; `firstWidth` applies to the first line, `restWidth` to the others;
    /// the last `reserve` cells of a line are only for hanging punctuation.
    func breakLines(_ text: MeasuredText, firstWidth: Int, restWidth: Int, reserve: Int) -> [LineSpan]
}

extension LineBreaking {
    var strategy: any LineBreakStrategy {
        switch self {
        case .firstFit: return FirstFit()
        case .optimal: return OptimalFit()
        }
    }
}

/// Greedy breaking: each line takes as much as fits; a run longer than a line is split between clusters.
struct FirstFit: LineBreakStrategy {
    func breakLines(_ text: MeasuredText, firstWidth: Int, restWidth: Int, reserve: Int) -> [LineSpan] {
        if let prefix = text.prefix, reserve == 0 {
            return breakLines(text, prefix: prefix, firstWidth: firstWidth, restWidth: restWidth)
        }
        return breakLinesByCluster(text, firstWidth: firstWidth, restWidth: restWidth, reserve: reserve)
    }

    /// The same lines as `breakLinesByCluster` without hanging punctuation, found from running widths: the line ends
    /// at the first ink cluster (after the line's first) whose end passes the width, and only the clusters before it
    /// are scanned back for a break opportunity. Forced breaks (`<br>`) cut the text into segments set one after
    /// another, each ending a line; one at the end of the text adds nothing, and one at a segment's start makes an
    /// empty line, as in the cluster loop. (A verse book breaks every line: the Mahabharata's lines were all found
    /// cluster by cluster, issue 19.)
    func breakLines(_ text: MeasuredText, prefix: UnsafePointer<Int32>, firstWidth: Int, restWidth: Int) -> [LineSpan] {
        let n = text.count
        let width = text.width
        let flags = text.flags
        let hardBefore = text.hardBefore
        var spans: [LineSpan] = []
        spans.reserveCapacity(n / max(1, restWidth - 8) + 2 + hardBefore.count)
        /// Ink: a cluster that can overflow a line (not space, not zero width).
        func isInk(_ i: Int) -> Bool { width[i] > 0 && !flags[i].contains(.space) }
        var start = 0
        // The segment's end: the next forced break, or the text's end.
        var hard = 0
        var segmentEnd = hardBefore.isEmpty ? n : min(hardBefore[0], n)
        while true {
            while start < segmentEnd && flags[start].contains(.space) { start += 1 }
            if start >= segmentEnd {
                if segmentEnd >= n { break }
                // A forced break where the line starts: an empty line.
                spans.append(LineSpan(start: segmentEnd, end: segmentEnd, last: true))
                hard += 1
                segmentEnd = hard < hardBefore.count ? min(hardBefore[hard], n) : n
                continue
            }
            let target = Int(prefix[start]) + (spans.isEmpty ? firstWidth : restWidth)
            var end = segmentEnd
            if Int(prefix[segmentEnd]) > target {
                // The first cluster whose end passes the width: prefix[p + 1] > target.
                var low = start, high = segmentEnd - 1
                while low < high {
                    let mid = (low + high) / 2
                    if Int(prefix[mid + 1]) > target { high = mid } else { low = mid + 1 }
                }
                var i = low
                while i < segmentEnd && !isInk(i) { i += 1 }
                // The line's first ink always stays on it, however wide.
                if i < segmentEnd {
                    var inkBefore = false
                    for k in start..<i where isInk(k) {
                        inkBefore = true
                        break
                    }
                    if !inkBefore {
                        i += 1
                        while i < segmentEnd && !isInk(i) { i += 1 }
                    }
                }
                if i < segmentEnd {
                    text.hyphenator?.markWord(around: i, before: target)
                    var lastBreak = i - 1
                    while lastBreak >= start
                            && !text.canEnd(after: lastBreak, inkWidth: Int(prefix[lastBreak + 1]), limit: target) {
                        lastBreak -= 1
                    }
                    end = lastBreak >= start ? lastBreak + 1 : split(at: i, from: start, flags)
                }
            }
            spans.append(LineSpan(start: start, end: end, last: end >= segmentEnd))
            if end >= segmentEnd && segmentEnd < n {
                hard += 1
                segmentEnd = hard < hardBefore.count ? min(hardBefore[hard], n) : n
            }
            start = end
        }
        return spans
    }

    /// Lines found cluster by cluster: the general case, with forced breaks and hanging punctuation.
    func breakLinesByCluster(_ text: MeasuredText, firstWidth: Int, restWidth: Int, reserve: Int) -> [LineSpan] {
        let n = text.count
        var spans: [LineSpan] = []
        spans.reserveCapacity(n / max(1, restWidth - 8) + 2)
        var start = 0
        var hard = 0
        let hardBefore = text.hardBefore
        let width = text.width
        let flags = text.flags
        while true {
            let nextHard = hard < hardBefore.count ? hardBefore[hard] : Int.max
            while start < n && start != nextHard && flags[start].contains(.space) { start += 1 }
            if start >= n && nextHard >= n { break }
            let available = spans.isEmpty ? firstWidth : restWidth
            let limit = reserve > 0 && available > reserve ? available - reserve : available
            var used = 0
            var ink = false
            var lastBreak = -1
            var end = -1
            var forced = false
            var i = start
            while i < n {
                if i == nextHard {
                    end = i
                    forced = true
                    break
                }
                let w = Int(width[i])
                let f = flags[i]
                if f.contains(.space) {
                    used += w
                    if f.contains(.breakAfter) { lastBreak = i }
                    i += 1
                    continue
                }
                if w > 0 && ink {
                    let room = f.contains(.hangable) ? available : limit
                    if used + w > room {
                        if let hyphenator = text.hyphenator, let prefix = text.prefix {
                            hyphenator.markWord(around: i, before: Int(prefix[start]) + limit)
                            lastBreak = lastHyphenBreak(text, before: i, from: start, used: used, limit: limit,
                                                        after: lastBreak)
                        }
                        end = lastBreak >= start ? lastBreak + 1 : split(at: i, from: start, flags)
                        break
                    }
                }
                used += w
                if w > 0 { ink = true }
                if text.canEnd(after: i, inkWidth: used, limit: limit) { lastBreak = i }
                i += 1
            }
            if end < 0 { end = n }
            spans.append(LineSpan(start: start, end: end, last: forced || end >= n))
            if forced { hard += 1 }
            start = end
        }
        return spans
    }

    /// The last break before cluster `i` once the word there has been hyphenated: a hyphen point after
    /// `lastBreak` whose hyphen fits (`used` cells come before `i`), else `lastBreak`.
    private func lastHyphenBreak(_ text: MeasuredText, before i: Int, from start: Int, used: Int, limit: Int,
                                 after lastBreak: Int) -> Int {
        var through = used
        var k = i - 1
        while k > lastBreak && k >= start {
            if text.flags[k].contains(.hyphen) && text.canEnd(after: k, inkWidth: through, limit: limit) { return k }
            through -= Int(text.width[k])
            k -= 1
        }
        return lastBreak
    }

    /// Where to split a run too long for the line: before cluster `i`, moved back over kinsoku pairs if it can be
    /// (OptimalFit splits such runs the same way).
    func split(at i: Int, from start: Int, _ flags: UnsafePointer<ClusterFlags>) -> Int {
        var j = i
        while j > start + 1 && (flags[j].contains(.noStart) || flags[j - 1].contains(.noEnd)) { j -= 1 }
        return flags[j].contains(.noStart) || flags[j - 1].contains(.noEnd) ? i : j
    }
}
