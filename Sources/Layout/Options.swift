import BookModel

/// What the caller decides about layout: the page size and the options of `quire render` that shape lines and
/// pages. Everything else Layout needs comes from the book.

/// The text area of a page in character cells; frames, running heads and folios are drawn outside it.
public struct PageSize: Sendable, Hashable, Codable {
    public var columns: Int
    public var lines: Int

    /// Sizes below one cell are raised to one so that layout always terminates.
    public init(columns: Int, lines: Int) {
        self.columns = max(1, columns)
        self.lines = max(1, lines)
    }

    /// 38×20: two framed pages (2 × 40 columns) fill an 80-column terminal, 20 lines + frame + folio fit 24.
    public static let standard = PageSize(columns: 38, lines: 20)
}

/// How the lines of a paragraph are aligned in the inline direction.
public enum TextAlign: String, Sendable, Hashable, Codable, CaseIterable {
    case start
    case justify
}

/// How consecutive paragraphs are told apart.
public enum ParagraphSeparation: String, Sendable, Hashable, Codable, CaseIterable {
    case space
    case indent
}

/// How ruby annotations are shown: dropped, in parentheses, or in Aozora Bunko brackets 《》.
public enum RubyMode: String, Sendable, Hashable, Codable, CaseIterable {
    case drop
    case paren
    case aozora
}

/// Which line breaker sets paragraphs: greedy first-fit, or total fit (Knuth–Plass) over the whole paragraph.
public enum LineBreaking: String, Sendable, Hashable, Codable, CaseIterable {
    case firstFit
    case optimal
}

/// Automatic hyphenation (`--hyphenate`): none, or wherever the paragraph's language has installed patterns
/// (libhyphen, Debian's `hyphen-*` packages) and the book's `hyphens` allows it. Soft hyphens in the text are the
/// book's own and break with a drawn hyphen either way (unless the book says `hyphens: none`).
public enum Hyphenation: String, Sendable, Hashable, Codable, CaseIterable {
    case none
    case auto
}

/// Where the notes a book refers to are set (`--notes`, issue 17): at the foot of the page that refers to them
/// (TeX's footnote insertions), collected at the end of the referring chapter, or where the book put them.
public enum NotePlacement: String, Sendable, Hashable, Codable, CaseIterable {
    case page
    case chapter
    case inline
}

/// A line at the top of every content page saying where the reader is (`--running-head`): none, the chapter's
/// title, or the book's; with the print page label when the book has a page-list (RunningHeads.swift).
public enum RunningHead: String, Sendable, Hashable, Codable, CaseIterable {
    case none
    case chapter
    case title
}

/// Everything the paginator needs besides the book; the defaults give a readable terminal page.
public struct LayoutOptions: Sendable, Hashable {
    public var pageSize: PageSize
    public var align: TextAlign
    public var paragraph: ParagraphSeparation
    public var ruby: RubyMode
    /// East Asian Width "A" characters take two cells (what CJK terminals do).
    public var ambiguousWide: Bool
    /// Chapters follow each other without starting a new page.
    public var continuous: Bool
    public var widows: Int
    public var orphans: Int
    /// Overrides the writing mode of the book and its chapters; nil keeps theirs.
    public var writingMode: WritingMode?
    /// 、。，． may hang past the line end into a reserved space (one row in a column, two cells in a line).
    public var hangingPunctuation: Bool
    public var lineBreaking: LineBreaking
    public var hyphenate: Hyphenation
    public var notes: NotePlacement
    /// A running head takes the first two lines of the page (the head and a blank line); the text gets the rest.
    public var runningHead: RunningHead
    /// Lay chapters out on several threads; the pages are identical either way.
    public var concurrent: Bool

    public init(pageSize: PageSize = .standard, align: TextAlign = .start, paragraph: ParagraphSeparation = .space,
                ruby: RubyMode = .paren, ambiguousWide: Bool = false, continuous: Bool = false, widows: Int = 2,
                orphans: Int = 2, writingMode: WritingMode? = nil, hangingPunctuation: Bool = false,
                lineBreaking: LineBreaking = .firstFit, hyphenate: Hyphenation = .none, notes: NotePlacement = .page,
                concurrent: Bool = true, runningHead: RunningHead = .none) {
        self.pageSize = pageSize
        self.align = align
        self.paragraph = paragraph
        self.ruby = ruby
        self.ambiguousWide = ambiguousWide
        self.continuous = continuous
        self.widows = widows
        self.orphans = orphans
        self.writingMode = writingMode
        self.hangingPunctuation = hangingPunctuation
        self.lineBreaking = lineBreaking
        self.hyphenate = hyphenate
        self.notes = notes
        self.runningHead = runningHead
        self.concurrent = concurrent
    }
}
