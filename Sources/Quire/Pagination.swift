import BookModel
import Layout
import Renderers

/// A book laid out in pages, with the book-level facts renderers print.
public struct Pagination: Sendable {
    public var book: BookSummary
    public var pageSize: PageSize
    public var pages: [Page]
}

extension Quire {
    /// Lays a book out in pages: the pure middle of the pipeline, no I/O.
    public static func paginate(_ book: Book, options: LayoutOptions = LayoutOptions()) -> Pagination {
        let pages = Layout.paginate(book.document, options: options)
        return Pagination(book: summary(book, options: options), pageSize: options.pageSize, pages: pages)
    }

    /// Title, authors and the resolved direction and writing mode of a book.
    public static func summary(_ book: Book, options: LayoutOptions) -> BookSummary {
        let metadata = book.document.metadata
        return BookSummary(title: metadata.title, authors: metadata.authors, language: metadata.language,
                           direction: BookInfo(book).pageProgression,
                           writingMode: options.writingMode ?? metadata.writingMode ?? .horizontalTB,
                           layout: metadata.layout)
    }
}
