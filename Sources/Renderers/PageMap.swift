import BookModel
import Layout

/// The JSON page map (`quire render --format json`): schema version 1, documented in the README; fields are only added.
public enum PageMap {
    public static let schemaVersion = 1

    public static func json(book: BookSummary, pageSize: PageSize, pages: [Page], extra: [(String, JSON)] = []) -> JSON {
        var members: [(String, JSON)] = [
            ("quire", .int(schemaVersion)),
            ("book", .object([
                ("title", .optional(book.title)),
                ("authors", .array(book.authors.map(JSON.string))),
                ("language", .optional(book.language)),
                ("direction", .string(book.direction.rawValue)),
                ("writingMode", .string(book.writingMode.rawValue)),
                ("layout", .string(book.layout.rawValue)),
            ])),
            ("pageSize", .object([("columns", .int(pageSize.columns)), ("lines", .int(pageSize.lines))])),
            ("pages", .array(pages.map(page))),
        ]
        members.append(contentsOf: extra)
        return .object(members)
    }

    static func page(_ page: Page) -> JSON {
        .object([
            ("number", .int(page.number)),
            ("kind", .string(page.kind.rawValue)),
            ("chapter", .optional(page.chapterTitle)),
            ("writingMode", .string(page.writingMode.rawValue)),
            ("direction", .string(page.direction.rawValue)),
            ("language", .optional(page.language)),
            ("source", .object([
                ("spine", .int(page.source.spine)),
                ("href", .string(page.source.href)),
                ("start", .int(page.source.start)),
                ("end", .int(page.source.end)),
            ])),
            ("printPages", .array(page.printPages.map(JSON.string))),
            ("lines", .array(page.lines.map { .string($0.text) })),
        ])
    }
}
