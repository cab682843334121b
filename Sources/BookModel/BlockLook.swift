/// How a block sits on its page, as the book's CSS asked (issue 15), in the terms Layout uses: never CSS, never
/// selectors. Lengths stay in `em` (and percent of the line) because only Layout knows a cell: 1em is one
/// full-width cell for CJK text and vertical columns, one cell otherwise.
public struct BlockLook: Sendable, Equatable {
    /// Where the lines sit on the inline axis (`text-align`, CSS Text 3 §6.1, read logically: `end` in a vertical
    /// column is its bottom, 地付き); nil: Quire's own (`--align`).
    public var align: BlockAlign?
    /// Space before every line on the inline-start side: start margin plus start padding (CSS Box 3 §3–4).
    public var startIndent = Measure.zero
    /// The first line's indent relative to the others (`text-indent`, CSS Text 3 §8.1; negative hangs); nil when
    /// the book set none, so Quire's own `--paragraph indent` applies.
    public var textIndent: Measure?
    /// A page break the book forces before this block (`break-before`, or `break-after` on what came before;
    /// CSS Fragmentation 3 §3.1).
    public var pageBreak: PageBreak?
    /// No page break between this block and the next (`break-after: avoid`, or the next's `break-before: avoid`).
    public var keepWithNext = false
    /// No page break inside this block (`break-inside: avoid`).
    public var keepTogether = false
    /// Where words may be hyphenated (`hyphens`, CSS Text 3 §5.1), recorded for hyphenation (issue 16); nil when
    /// the book did not say.
    public var hyphens: Hyphens?

    public init(align: BlockAlign? = nil, startIndent: Measure = .zero, textIndent: Measure? = nil,
                pageBreak: PageBreak? = nil, keepWithNext: Bool = false, keepTogether: Bool = false,
                hyphens: Hyphens? = nil) {
        self.align = align
        self.startIndent = startIndent
        self.textIndent = textIndent
        self.pageBreak = pageBreak
        self.keepWithNext = keepWithNext
        self.keepTogether = keepTogether
        self.hyphens = hyphens
    }

    public static let plain = BlockLook()
}

/// Alignment of a block's lines along the inline axis, in logical terms.
public enum BlockAlign: String, Sendable, Equatable, Codable, CaseIterable {
    case start, center, end, justify
}

/// A length along the inline axis: `ems` plus `percent` of the line (`calc()`-free CSS gives one or the other).
public struct Measure: Sendable, Equatable {
    public var ems: Double
    public var percent: Double

    public init(ems: Double = 0, percent: Double = 0) {
        self.ems = ems
        self.percent = percent
    }

    public static let zero = Measure()
    public var isZero: Bool { ems == 0 && percent == 0 }

    public static func + (a: Measure, b: Measure) -> Measure { Measure(ems: a.ems + b.ems, percent: a.percent + b.percent) }
}

/// `hyphens`: never, only at the book's soft hyphens (`manual`), or wherever the language's patterns allow.
public enum Hyphens: String, Sendable, Equatable, Codable, CaseIterable {
    case none, manual, auto
}

/// Which page a forced break goes to (CSS Fragmentation 3 §3.1; CSS Paged Media: `recto`/`verso` follow the
/// page progression, `left`/`right` are physical).
public enum PageBreak: String, Sendable, Equatable, Codable, CaseIterable {
    /// The next page, whichever side it falls on.
    case page
    case left, right, recto, verso
}

/// How a list numbers or marks its items (`list-style-type`, CSS Lists 3 §3 and CSS Counter Styles 3 §6–7).
public enum ListStyle: Sendable, Equatable {
    case none, disc, circle, square, decimal, decimalLeadingZero, lowerRoman, upperRoman, lowerAlpha, upperAlpha
    case lowerGreek, cjkIdeographic, cjkDecimal, hiragana, katakana, hiraganaIroha, katakanaIroha
    /// A string marker (`list-style-type: "– "`), shown as written.
    case string(String)
}
