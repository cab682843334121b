import BookModel

/// The scratch state one thread needs to lay out a chapter, created per chapter and never shared: the cluster
/// buffers (`ClusterBuffer`), the ICU line breakers by locale, and reusable byte buffers. The phases that use it
/// live in their own files, as extensions that read and write this state:
///
/// - `Paragraph/`: a paragraph's text is measured into clusters (`ClusterBuffer`), its break opportunities are
///   marked (`BreakOpportunities`, UAX #14), lines are chosen (`LineBreaking`), then built with decorations,
///   ruby, source offsets and labels (`SetParagraph`, `LineBuilder`), justified (`Justification`).
/// - `Blocks/`: lists, quotes, tables, images and preformatted text, set through paragraphs.
/// - `Pages/`: chapters flowed into lines, then cut into pages with widows, orphans and keeps.
final class LayoutContext {
    let options: LayoutOptions
    /// Set in vertical-rl: a line is a column and every character takes one row (see `TateChuYoko.swift`).
    let vertical: Bool
    /// The clusters of the text measured last (a paragraph, a decoration, a preformatted line).
    let clusters: ClusterBuffer
    let strategy: any LineBreakStrategy
    /// ICU line breakers by locale, opened on first use; locales ICU lacks are remembered as missing.
    var lineBreakers: [String: Breaker] = [:]
    var missingBreakers: Set<String> = []
    var boundaryScratch: [Int32] = []
    /// The language asked last, its ICU line locale (`icuLineLocale`) and the fast path's pair rules for it (nil:
    /// ICU only), as a chapter's paragraphs mostly share one: deriving the locale costs more than the pair rules of
    /// a short paragraph.
    var lastLineLocale: (language: String?, locale: String, rules: PairRules?)?
    /// Set in tests to compare the rule-based fast path with ICU (`LineBreakRuleTests`).
    var alwaysUseICU = false
    /// Set in tests to set printable ASCII preformatted lines cluster by cluster too, as other text is, to compare
    /// them with the run-by-run fast path (`PreformattedFastPathTests`).
    var preformattedByClusters = false
    /// Paragraphs whose breaks came from ICU's iterator rather than the fast path (for tests).
    var icuParagraphs = 0
    /// A line's bytes and the ruby positions on it, kept between paragraphs so their capacity is reused.
    var output: [UInt8] = []
    var rubyPositions: [Int] = []
    var widthCache: [String: Int] = [:]
    /// The widest cluster that did not fit its line so far (see `overflow(during:)`).
    var overflowWidest = 0
    /// The hyphenation patterns of the language asked last (nil: none installed), as paragraphs of a chapter
    /// mostly share one (`Hyphenation.swift`).
    var lastPatterns: (language: String, patterns: HyphenationPatterns?)?

    init(options: LayoutOptions, vertical: Bool) {
        self.options = options
        self.vertical = vertical
        self.clusters = ClusterBuffer(ambiguousWide: options.ambiguousWide)
        self.strategy = options.lineBreaking.strategy
    }

    /// Width of a decoration or short string as this layout counts it (rows in vertical writing).
    func width(of text: String) -> Int {
        if let cached = widthCache[text] { return cached }
        var copy = Array(text.utf8)
        let n = copy.withUnsafeBufferPointer { bytes in
            let n = clusters.measure(bytes)
            if vertical { clusters.applyVerticalWidths(bytes, n) }
            return n
        }
        let clusterWidth = clusters.width, clusterFlags = clusters.flags
        var total = 0
        for i in 0..<n where !clusterFlags[i].contains(.invisible) { total += Int(clusterWidth[i]) }
        copy.removeAll()
        widthCache[text] = total
        return total
    }

    /// Runs `body` and returns the widest cluster that overflowed its line meanwhile (0: everything fit), so a
    /// decoration (quote bar, list marker, frame, indent) can be given up when it squeezes a character that
    /// fits without it: a page at least as wide as the book's widest character then never shows a wider line.
    func overflow(during body: () -> Void) -> Int {
        let saved = overflowWidest
        overflowWidest = 0
        body()
        let seen = overflowWidest
        overflowWidest = max(saved, seen)
        return seen
    }

    /// A cluster of `width` cells was set in a line of `available` cells.
    func noteOverflow(_ width: Int, available: Int) {
        if width > available { overflowWidest = max(overflowWidest, width) }
    }
}
