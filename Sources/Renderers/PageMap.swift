import BookModel
import Layout
import Spreads

/// The JSON page map (`quire render --format json`): schema version 1, documented in the README; fields are only added.
public enum PageMap {
    public static let schemaVersion = 1

    public static func json(book: BookSummary, pageSize: PageSize, spreads result: SpreadResult) -> JSON {
        let layout = result.layout
        return json(book: book, pageSize: pageSize, pages: result.pages, extra: [
            ("layout", .object([
                ("orientation", .string(layout.orientation.rawValue)),
                ("spine", .string(layout.spine.rawValue)),
                ("doubleSided", .bool(layout.doubleSided)),
                ("direction", .string(layout.direction.rawValue)),
                ("axis", .string(layout.axis.rawValue)),
                ("firstPage", .string(layout.firstPage.rawValue)),
                ("gap", .int(layout.gap)),
            ])),
            ("spreads", .array(result.spreads.map(spread))),
        ])
    }

    static func spread(_ spread: Spread) -> JSON {
        .object([
            ("number", .int(spread.number)),
            ("slots", .array(spread.slots.map { slot in
                var members: [(String, JSON)] = [("side", .string(slot.side.rawValue)), ("page", slot.page.map(JSON.int) ?? .null)]
                if slot.placeholder { members.append(("placeholder", .bool(true))) }
                if let back = slot.back { members.append(("back", .int(back))) }
                return .object(members)
            })),
        ])
    }

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
