/// What the book says about itself, independent of its format.
public struct BookMetadata: Sendable, Equatable {
    public var titles: [String]
    public var authors: [String]
    public var languages: [String]
    public var identifier: String?
    public var modified: String?
    public var layout: Layout
    public var pageProgression: Direction?
    public var writingMode: WritingMode?
    public var spread: SpreadHint
    public var orientation: OrientationHint

    public init(titles: [String] = [], authors: [String] = [], languages: [String] = [], identifier: String? = nil,
                modified: String? = nil, layout: Layout = .reflowable, pageProgression: Direction? = nil,
                writingMode: WritingMode? = nil, spread: SpreadHint = .auto, orientation: OrientationHint = .auto) {
        self.titles = titles
        self.authors = authors
        self.languages = languages
        self.identifier = identifier
        self.modified = modified
        self.layout = layout
        self.pageProgression = pageProgression
        self.writingMode = writingMode
        self.spread = spread
        self.orientation = orientation
    }

    public var title: String? { titles.first }
    public var language: String? { languages.first }

    /// EPUB `rendition:layout`.
    public enum Layout: String, Sendable, Codable, CaseIterable {
        case reflowable
        case prePaginated = "pre-paginated"
    }

    /// EPUB `rendition:spread` (`portrait` is deprecated and read as `both`).
    public enum SpreadHint: String, Sendable, Codable, CaseIterable {
        case none, landscape, both, auto
    }

    /// EPUB `rendition:orientation`.
    public enum OrientationHint: String, Sendable, Codable, CaseIterable {
        case landscape, portrait, auto
    }
}

/// A table-of-contents entry: label, target (href with optional fragment), nested entries.
public struct TOCEntry: Sendable, Equatable {
    public var title: String
    public var href: String
    public var children: [TOCEntry]

    public init(title: String, href: String, children: [TOCEntry] = []) {
        self.title = title
        self.href = href
        self.children = children
    }

    /// Number of entries in this subtree, this one included.
    public var count: Int { 1 + children.reduce(0) { $0 + $1.count } }
}

/// A print page of the source edition (EPUB page-list / NCX pageList).
public struct PageTarget: Sendable, Equatable {
    public var label: String
    public var href: String

    public init(label: String, href: String) {
        self.label = label
        self.href = href
    }
}
