import BookModel
import Layout
import Renderers
import Spreads

/// A book laid out in pages and spreads, with the book-level facts renderers print.
public struct Pagination: Sendable {
    public var book: BookSummary
    public var pageSize: PageSize
    /// Pages (blank pages inserted for page-spread included), spreads, and the resolved spread layout.
    public var spreads: SpreadResult
    /// Set when the page is too small for the book: the pages would show lines wider than the page, so nothing
    /// may be written from them; the caller reports this instead.
    public var problem: PageTooSmall?

    public var pages: [Page] { spreads.pages }
}

extension Book {
    /// What the book says about how it wants to be shown.
    public var hints: BookHints {
        BookHints(metadata: document.metadata, firstItemHasPageSpread: document.chapters.first.map { $0.pageSpread != nil })
    }
}

extension Quire {
    /// Lays a book out in pages and groups them in spreads: the pure middle of the pipeline, no I/O.
    public static func paginate(_ book: Book, layout: LayoutOptions = LayoutOptions(),
                                spreads: SpreadOptions = SpreadOptions(), decorations: Decorations = .text) -> Pagination {
        // The façade's choice, as Quire has always made it: a chapter that states no direction takes the book's
        // page progression, since a book that turns its pages right to left is in practice written right to left
        // (an Arabic or Hebrew EPUB whose chapters omit `dir`). Layout keeps page progression and text direction
        // apart (DESIGN.md §1) and is told here.
        let laidOut = Layout.layOut(book.document, options: layout, baseDirection: book.document.metadata.pageProgression)
        let result = makeSpreads(pages: laidOut.pages, hints: book.hints, options: spreads, decorations: decorations)
        return Pagination(book: summary(book, layout: layout, direction: result.layout.direction),
                          pageSize: layout.pageSize, spreads: result, problem: laidOut.problem)
    }

    /// Title, authors and the resolved direction and writing mode of a book.
    static func summary(_ book: Book, layout: LayoutOptions, direction: Direction) -> BookSummary {
        let metadata = book.document.metadata
        return BookSummary(title: metadata.title, authors: metadata.authors, language: metadata.language,
                           direction: direction, writingMode: WritingModes.book(metadata, override: layout.writingMode),
                           layout: metadata.layout)
    }
}
