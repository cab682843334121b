/// The book as the layout sees it: chapters of blocks, with no trace of EPUB, XML or Markdown.
public struct Document: Sendable, Equatable {
    public var metadata: BookMetadata
    public var chapters: [Chapter]
    public var toc: [TOCEntry]
    public var pageList: [PageTarget]

    public init(metadata: BookMetadata = BookMetadata(), chapters: [Chapter] = [], toc: [TOCEntry] = [],
                pageList: [PageTarget] = []) {
        self.metadata = metadata
        self.chapters = chapters
        self.toc = toc
        self.pageList = pageList
    }

    /// Characters of visible text in the whole book (what the paginator must conserve).
    public var characterCount: Int { chapters.reduce(0) { $0 + $1.characterCount } }
}

/// One spine item (EPUB) or one file / top-level section (Markdown): it starts on a new page.
public struct Chapter: Sendable, Equatable {
    public var spineIndex: Int
    public var href: String
    public var title: String?
    public var blocks: [Block]
    public var language: String?
    public var direction: Direction?
    public var writingMode: WritingMode?
    /// What decided `writingMode` in the book's CSS (`.vrtl in style-standard.css`, `style attribute`), for
    /// `quire info`; nil when no declaration did.
    public var writingModeSource: String?
    public var pageSpread: PageSpread?
    public var linear: Bool
    /// The chapter's note references in source order (issue 17); Layout sets the notes they name on their pages.
    public var noteReferences: [NoteReference] = []
    /// Where the targets of fragment identifiers start (issue 22): element id (or EPUB 2 `<a name>`; a Markdown
    /// heading's slug) → offset of its text, counted as `SourceLocation.offset` is, so a contents entry
    /// `ch2.xhtml#part-b` can be taken to the page whose source range holds it (Renderers' `ContentsPages`). The
    /// first element with an id wins; empty for a chapter without ids.
    public var anchors: [String: Int] = [:]

    public init(spineIndex: Int, href: String, title: String? = nil, blocks: [Block] = [],
                language: String? = nil, direction: Direction? = nil, writingMode: WritingMode? = nil,
                pageSpread: PageSpread? = nil, linear: Bool = true) {
        self.spineIndex = spineIndex
        self.href = href
        self.title = title
        self.blocks = blocks
        self.language = language
        self.direction = direction
        self.writingMode = writingMode
        self.pageSpread = pageSpread
        self.linear = linear
    }

    public var characterCount: Int { blocks.reduce(0) { $0 + $1.characterCount } }
}

/// Where a block starts in its source: spine position, document path, and character offset in the
/// document's extracted text (counted in Unicode scalars).
public struct SourceLocation: Sendable, Hashable, Codable {
    public var spine: Int
    public var href: String
    public var offset: Int

    public init(spine: Int, href: String, offset: Int) {
        self.spine = spine
        self.href = href
        self.offset = offset
    }
}

/// Base direction of a paragraph or a page progression.
public enum Direction: String, Sendable, Codable, CaseIterable {
    case ltr
    case rtl
}

/// How text runs inside a page (DESIGN.md §1).
public enum WritingMode: String, Sendable, Codable, CaseIterable {
    case horizontalTB = "horizontal-tb"
    case verticalRL = "vertical-rl"
}

/// The side a spine item asks to start on (EPUB `page-spread-*`).
public enum PageSpread: String, Sendable, Codable, CaseIterable {
    case left
    case right
    case center
}
