import BookModel

/// The book-level facts a renderer prints, already resolved (direction and writing mode after `auto`).
public struct BookSummary: Sendable, Equatable {
    public var title: String?
    public var authors: [String]
    public var language: String?
    public var direction: Direction
    public var writingMode: WritingMode
    public var layout: BookMetadata.Layout

    public init(title: String?, authors: [String], language: String?, direction: Direction, writingMode: WritingMode,
                layout: BookMetadata.Layout) {
        self.title = title
        self.authors = authors
        self.language = language
        self.direction = direction
        self.writingMode = writingMode
        self.layout = layout
    }
}
