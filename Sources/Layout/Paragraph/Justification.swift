/// The justification phase (`--align justify`): a line short of its measure is widened to fill it, never the
/// last line of a paragraph or one ended by a forced break (CSS Text 3 `text-align: justify`). Latin text widens
/// its spaces (`text-justify: inter-word`); a line without spaces that holds wide (CJK) characters, or any column
/// in vertical writing, spreads its characters instead (`inter-character`, the line adjustment of JLReq 3.8).
/// Characters are spread only where a line could break (after a cluster that keeps its break opportunity): never
/// inside a ruby base with its printed annotation (glue), a tate-chu-yoko pair, or a word of Latin letters (not at
/// its hyphenation points either). A line that ends in a drawn hyphen counts its cell (`LineTally.contentWidth`).
/// The extra cells go to the gaps in order, the first gaps one more each.
struct Justification {
    /// Cells to add over the whole line, and between how many gaps.
    private(set) var extra = 0
    private(set) var gaps = 0
    /// The extra cells go between characters (`inter-character`), not into spaces.
    private(set) var betweenCharacters = false
    private var inks = 0
    /// Gaps filled and ink clusters passed so far.
    private var gap = 0
    private var inkSeen = 0

    init(align: TextAlign, lastLine: Bool, tally: LineTally, available: Int, vertical: Bool) {
        guard align == .justify && !lastLine && tally.contentWidth < available else { return }
        if tally.spaces > 0 {
            extra = available - tally.contentWidth
            gaps = tally.spaces
        } else if (tally.wide || vertical) && tally.breakableInks > 1 {
            extra = available - tally.contentWidth
            gaps = tally.breakableInks - 1
            betweenCharacters = true
            inks = tally.breakableInks
        }
    }

    /// Spaces to write after a cluster with `flags` and `width`, nil when no gap follows it (a gap may get none
    /// when there are more gaps than cells to share, yet it still ends a decoration).
    @inline(__always)
    mutating func spaces(after flags: ClusterFlags, width: UInt8) -> Int? {
        guard gaps > 0 else { return nil }
        var insert = false
        if betweenCharacters {
            if !flags.contains(.space) && width > 0 && flags.contains(.breakAfter) && !flags.contains(.hyphen) {
                inkSeen += 1
                insert = inkSeen < inks
            }
        } else {
            insert = flags.contains(.space)
        }
        guard insert else { return nil }
        let add = extra / gaps + (gap < extra % gaps ? 1 : 0)
        gap += 1
        return add
    }
}
