import BookModel

/// Layout's output, what every later stage reads: pages of lines in logical order, with their roles,
/// decorations, ruby, source ranges and page-break labels.

/// A content page holds text; a blank page is inserted (by the spreads stage) so a chapter starts on its side.
public enum PageKind: String, Sendable, Hashable, Codable, CaseIterable {
    case content
    case blank
}

/// Where a page's text comes from: offsets count Unicode scalars in the chapter's text, as
/// `SourceLocation.offset` does; `end` is one past the last character on the page.
public struct PageSource: Sendable, Hashable, Codable {
    public var spine: Int
    /// The chapter's href, bounded by `pageHref` as every page repeats it.
    public var href: String
    public var start: Int
    public var end: Int

    public init(spine: Int, href: String, start: Int, end: Int) {
        self.spine = spine
        self.href = href
        self.start = start
        self.end = end
    }
}

/// What produced a line, so renderers can style it (HTML) without parsing the text.
public enum LineRole: Sendable, Hashable {
    case body
    case heading(level: Int)
    case preformatted
    case table
    case image
    case rule
    case blank
    /// Page furniture: the running head (`--running-head`), the whole line a decoration (RunningHeads.swift).
    case runningHead
}

/// Alignment in logical terms; `start` is the right edge in a right-to-left line, the top of a vertical column.
/// A line never carries padding for its alignment: where it starts is `Line.offset(inInlineSize:vertical:)`.
public enum LineAlignment: String, Sendable, Hashable, Codable {
    case start
    /// Widened to its measure (spaces or character gaps written into the text), so it starts at the start edge.
    case justify
    /// `text-align: center` (CSS Text 3 §6.1): the spare cells split, the odd one after the line.
    case center
    /// `text-align: end`: flush with the end edge (right in ltr, left in rtl, the bottom of a column: 地付き).
    case end
}

/// One line (a column, in vertical writing) of a page, in logical order and without trailing padding.
public struct Line: Sendable, Hashable {
    /// The text in logical order, decorations (markers, bars, borders, frames) included.
    public var text: String
    /// Width in cells (in rows for vertical writing: one per character, two digits upright in one).
    public var width: Int
    public var direction: Direction
    public var alignment: LineAlignment
    public var role: LineRole
    /// UTF-8 byte ranges of `text` that are not the book's text (list markers, borders, ruby annotations).
    public var decorations: [Range<Int>]
    /// The language of the paragraph the line belongs to, when known (HTML `lang`).
    public var language: String?
    /// Ruby on this line, so HTML can give real `<ruby>` markup whatever `--ruby` printed.
    public var rubies: [RubySpan]
    /// The book's inline styles on this line (bold, emphasis marks, tate-chu-yoko, …), ascending and disjoint;
    /// empty for unstyled text, so plain lines carry nothing.
    public var styles: [StyleSpan]
    /// The line ends in a hyphen Quire drew where it split a word (at a soft hyphen or a hyphenation point): the
    /// last byte of `text`, also a decoration. The book's text is the line without it.
    @inlinable public var hyphenated: Bool {
        get { endsInDrawnHyphen }
        set { endsInDrawnHyphen = newValue }
    }
    /// `hyphenated`'s storage. Its name differs so that the memberwise initializer exists beside the public one
    /// (their labels would be the same) and the public one can delegate to it: an initializer assigning the fields
    /// one by one made the optimizer build every line in a temporary and copy it, retaining each of its strings
    /// and arrays and releasing them again (about 170 instructions a line).
    @usableFromInline var endsInDrawnHyphen: Bool
}

extension Line {
    public init(text: String, width: Int, direction: Direction = .ltr, alignment: LineAlignment = .start,
                role: LineRole = .body, decorations: [Range<Int>] = [], language: String? = nil,
                rubies: [RubySpan] = [], styles: [StyleSpan] = [], hyphenated: Bool = false) {
        self.init(text: text, width: width, direction: direction, alignment: alignment, role: role,
                  decorations: decorations, language: language, rubies: rubies, styles: styles,
                  endsInDrawnHyphen: hyphenated)
    }

    /// The book's own text on this line, decorations removed: what "nothing lost" is checked against.
    public var content: String {
        if decorations.isEmpty { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var position = 0
        for range in decorations {
            if range.lowerBound > position { out.append(contentsOf: bytes[position..<range.lowerBound]) }
            position = max(position, range.upperBound)
        }
        if position < bytes.count { out.append(contentsOf: bytes[position...]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Cells to leave between the line's own start edge (the right edge of an rtl line, the top of a column) and
    /// its text: the one rule of where a line starts, which `offset(inInlineSize:vertical:)` turns physical.
    /// `start` and `justify` sit at the start edge, `end` at the end edge, `center` leaves floor(spare / 2) cells
    /// on the start side (CSS Text 3 §6.1). Inlinable, as every renderer asks it for every line: a call across
    /// modules would copy the line.
    @inlinable
    public func startOffset(inInlineSize size: Int) -> Int {
        Line.startOffset(width: width, alignment: alignment, inInlineSize: size)
    }

    /// `startOffset(inInlineSize:)` from the fields it reads, for a renderer that must not copy the line.
    @inlinable
    public static func startOffset(width: Int, alignment: LineAlignment, inInlineSize size: Int) -> Int {
        let spare = max(0, size - width)
        switch alignment {
        case .start, .justify: return 0
        case .center: return spare / 2
        case .end: return spare
        }
    }

    /// Cells (rows in a column) to leave before the text from the physical start of the line: the left edge, or
    /// the top of a vertical column. A right-to-left line mirrors `startOffset`; a column is always read top down
    /// (Quire draws no bottom-to-top column), so its start is the top whatever the line's direction.
    @inlinable
    public func offset(inInlineSize size: Int, vertical: Bool = false) -> Int {
        Line.offset(width: width, alignment: alignment, direction: direction, inInlineSize: size, vertical: vertical)
    }

    /// `offset(inInlineSize:vertical:)` from the fields it reads, for a renderer that must not copy the line.
    @inlinable
    public static func offset(width: Int, alignment: LineAlignment, direction: Direction, inInlineSize size: Int,
                              vertical: Bool = false) -> Int {
        let fromStart = startOffset(width: width, alignment: alignment, inInlineSize: size)
        return direction == .rtl && !vertical ? max(0, size - width) - fromStart : fromStart
    }
}

/// A ruby base on a line: its UTF-8 byte range in `Line.text`, the annotation, and the bytes where `--ruby paren`
/// or `aozora` printed the annotation (nil with `--ruby drop`).
public struct RubySpan: Sendable, Hashable {
    public var base: Range<Int>
    public var annotation: String
    public var shown: Range<Int>?

    public init(base: Range<Int>, annotation: String, shown: Range<Int>? = nil) {
        self.base = base
        self.annotation = annotation
        self.shown = shown
    }
}

/// A run of styled text on a line: its UTF-8 byte range in `Line.text` and its style (never empty, never only
/// `.link`, which nothing draws). A run the line end cuts continues as another span on the next line.
public struct StyleSpan: Sendable, Hashable {
    public var range: Range<Int>
    public var style: InlineStyle

    public init(range: Range<Int>, style: InlineStyle) {
        self.range = range
        self.style = style
    }

    /// The same span after `shift` bytes of decoration were put before it on the line.
    public func shifted(by shift: Int) -> StyleSpan { StyleSpan(range: range.shifted(by: shift), style: style) }
}

extension Line {
    /// The byte ranges of `text` set with `text-combine-upright` (`StyleSpan`s with `.combineUpright`): what
    /// `verticalRowRanges(of:combined:)` needs to draw the column in the rows layout counted.
    public var combinedRanges: [Range<Int>] {
        styles.isEmpty ? [] : styles.compactMap { $0.style.contains(.combineUpright) ? $0.range : nil }
    }
}

/// A footnote (or the part of one) at the foot of a page.
public struct PageNote: Sendable, Hashable {
    /// The marker of the reference it belongs to, as the text shows it ("³").
    public var marker: String
    /// The note's document path and id in the book ("text/endnotes.xhtml#note-3").
    public var source: String
    /// The index in `Page.lines` of its first line here, and how many lines it has here.
    public var line: Int
    public var lineCount: Int
    /// It began on an earlier page: these are its remaining lines.
    public var continued: Bool

    public init(marker: String, source: String, line: Int, lineCount: Int, continued: Bool = false) {
        self.marker = marker
        self.source = source
        self.line = line
        self.lineCount = lineCount
        self.continued = continued
    }
}

/// One fixed-size page of lines, with what renderers and the page map need to know about it.
public struct Page: Sendable, Hashable {
    /// 1-based physical position in the book.
    public var number: Int
    public var kind: PageKind
    /// The chapter's title as a running head: cut to the page's columns by `runningTitle`, as every page repeats
    /// it (the full title is the chapter's, `Chapter.title`).
    public var chapterTitle: String?
    /// Index of the chapter in `Document.chapters` where the page starts.
    public var chapterIndex: Int
    /// This page holds the first line of a chapter (the spreads stage honours `pageSpread` there).
    public var startsChapter: Bool
    public var pageSpread: PageSpread?
    /// The side the book's CSS asks this page to fall on (`break-before: left|right|recto|verso` on its first
    /// block; nil otherwise, `page` included). Layout cannot know sides (they come from the spread options), so
    /// the spreads stage inserts the blank page, where it honours `pageSpread` (DESIGN.md §1).
    public var breakSide: PageBreak?
    public var source: PageSource
    /// Further chapters on the same page, only in continuous layout.
    public var additionalSources: [PageSource]
    /// Labels of the print page-break markers that fall on this page.
    public var printPages: [String]
    /// Lines top to bottom; in vertical-rl, columns in reading order (rightmost first), each read top down.
    public var lines: [Line]
    public var size: PageSize
    public var writingMode: WritingMode
    public var direction: Direction
    /// The chapter's language tag, when it can be one (`pageLanguage`).
    public var language: String?
    /// The footnotes set at the foot of this page (issue 17), in order; their lines close `lines`, under a short
    /// rule that starts the note area (`noteStart`).
    public var notes: [PageNote] = []

    /// The index of the rule that starts the note area, nil when the page has no notes.
    public var noteStart: Int? { notes.first.map { $0.line - 1 } }

    public init(number: Int, kind: PageKind = .content, chapterTitle: String? = nil, chapterIndex: Int = 0,
                startsChapter: Bool = false, pageSpread: PageSpread? = nil, source: PageSource,
                additionalSources: [PageSource] = [], printPages: [String] = [], lines: [Line] = [],
                size: PageSize = .standard, writingMode: WritingMode = .horizontalTB, direction: Direction = .ltr,
                language: String? = nil, breakSide: PageBreak? = nil) {
        self.number = number
        self.kind = kind
        self.chapterTitle = chapterTitle
        self.chapterIndex = chapterIndex
        self.startsChapter = startsChapter
        self.pageSpread = pageSpread
        self.source = source
        self.additionalSources = additionalSources
        self.printPages = printPages
        self.lines = lines
        self.size = size
        self.writingMode = writingMode
        self.direction = direction
        self.language = language
        self.breakSide = breakSide
    }

    /// A blank page standing in for `page`'s side of the spread: same chapter and place, no lines.
    public static func blank(number: Int, before page: Page) -> Page {
        Page(number: number, kind: .blank, chapterTitle: nil, chapterIndex: page.chapterIndex, startsChapter: false,
             pageSpread: nil,
             source: PageSource(spine: page.source.spine, href: page.source.href, start: page.source.start,
                                end: page.source.start),
             size: page.size, writingMode: page.writingMode, direction: page.direction, language: page.language)
    }

    /// Lines per page and cells per line for this page's writing mode.
    public var blockSize: Int { size.blockSize(writingMode) }
    public var inlineSize: Int { size.inlineSize(writingMode) }
}
