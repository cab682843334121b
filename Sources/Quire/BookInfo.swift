import Foundation
import BookModel
import Layout
import BookReaders
import Renderers
import Spreads

/// What `quire info` reports, built once and printed as text or JSON from the same values.
public struct BookInfo: Sendable {
    public var book: Book
    /// Page and spread counts at one page size, when asked for (`quire info --page`).
    public var counts: PageCounts?

    public init(_ book: Book, counts: PageCounts? = nil) {
        self.book = book
        self.counts = counts
    }

    private var metadata: BookMetadata { book.document.metadata }

    /// The book's page progression: stated, else rtl for vertical or right-to-left-language books.
    public var pageProgression: Direction { book.hints.progression() }

    public var json: JSON {
        var members: [(String, JSON)] = [
            ("format", .string(book.format.rawValue)),
            ("title", .optional(metadata.title)),
            ("titles", .array(metadata.titles.map(JSON.string))),
            ("authors", .array(metadata.authors.map(JSON.string))),
            ("language", .optional(metadata.language)),
            ("languages", .array(metadata.languages.map(JSON.string))),
            ("identifier", .optional(metadata.identifier)),
            ("modified", .optional(metadata.modified)),
            ("layout", .string(metadata.layout.rawValue)),
            ("pageProgression", .string(pageProgression.rawValue)),
            ("pageProgressionStated", .optional(metadata.pageProgression?.rawValue)),
            ("writingMode", .string(WritingModes.book(metadata).rawValue)),
            ("spread", .string(metadata.spread.rawValue)),
            ("orientation", .string(metadata.orientation.rawValue)),
        ]
        if let publication = book.publication {
            members.append(("epubVersion", .string(publication.version)))
            members.append(("package", .string(publication.packagePath)))
            members.append(("otherRootfiles", .array(publication.otherRootfiles.map(JSON.string))))
        }
        members.append(("spine", .array(book.document.chapters.map { chapter in
            .object([
                ("index", .int(chapter.spineIndex)),
                ("href", .string(chapter.href)),
                ("title", .optional(chapter.title)),
                ("linear", .bool(chapter.linear)),
                ("pageSpread", .optional(chapter.pageSpread?.rawValue)),
                ("writingMode", .optional(chapter.writingMode?.rawValue)),
                ("writingModeSource", .optional(chapter.writingModeSource)),
                ("language", .optional(chapter.language)),
                ("characters", .int(chapter.characterCount)),
            ])
        })))
        members.append(("toc", .array(book.document.toc.map(Self.tocJSON))))
        members.append(("navigation", .optional(book.navigation?.source)))
        members.append(("pageList", .object([("present", .bool(!book.document.pageList.isEmpty)),
                                            ("count", .int(book.document.pageList.count))])))
        members.append(("characters", .int(book.document.characterCount)))
        if let counts {
            members.append(("pagination", .object([
                ("pageSize", .object([("columns", .int(counts.pageSize.columns)), ("lines", .int(counts.pageSize.lines))])),
                ("pages", .int(counts.pages)), ("spreads", .int(counts.spreads)),
                ("orientation", .string(counts.orientation.rawValue)),
            ])))
        }
        members.append(("warnings", .array(book.diagnostics.map { .string($0.message) })))
        return .object(members)
    }

    private static func tocJSON(_ entry: TOCEntry) -> JSON {
        .object([("title", .string(entry.title)), ("href", .string(entry.href)),
                 ("children", .array(entry.children.map(tocJSON)))])
    }

    /// Aligned `key: value` lines for people. Every line is passed through `LineText`: titles, hrefs and warnings
    /// come from the book and must not reach a terminal with their control characters (or grow without bound).
    public var text: String {
        var lines: [String] = []
        func add(_ key: String, _ value: String) { lines.append(key.padding(toLength: 18, withPad: " ", startingAt: 0) + value) }
        add("Title:", metadata.titles.isEmpty ? "(none)" : metadata.titles.joined(separator: " / "))
        add("Authors:", metadata.authors.isEmpty ? "(none)" : metadata.authors.joined(separator: ", "))
        add("Language:", metadata.languages.isEmpty ? "(none)" : metadata.languages.joined(separator: ", "))
        add("Identifier:", metadata.identifier ?? "(none)")
        if let modified = metadata.modified { add("Modified:", modified) }
        add("Format:", book.format == .epub ? "EPUB \(book.publication?.version ?? "")" : "Markdown")
        add("Layout:", metadata.layout.rawValue)
        add("Page progression:", pageProgression.rawValue + (metadata.pageProgression == nil ? " (inferred)" : ""))
        add("Writing mode:", WritingModes.book(metadata).rawValue)
        add("Spread:", metadata.spread.rawValue)
        add("Orientation:", metadata.orientation.rawValue)
        if let publication = book.publication {
            add("Package:", publication.packagePath)
            if !publication.otherRootfiles.isEmpty { add("Other rootfiles:", publication.otherRootfiles.joined(separator: ", ")) }
        }
        add("Characters:", String(book.document.characterCount))
        add("Page list:", book.document.pageList.isEmpty ? "none" : "\(book.document.pageList.count) pages")
        if let counts {
            add("Pages:", "\(counts.pages) of \(counts.pageSize.columns)x\(counts.pageSize.lines) cells, "
                + "\(counts.spreads) spreads (\(counts.orientation.rawValue))")
        }
        lines.append("")
        lines.append("Spine (\(book.document.chapters.count) items):")
        for chapter in book.document.chapters {
            var flags: [String] = []
            if !chapter.linear { flags.append("non-linear") }
            if let spread = chapter.pageSpread { flags.append("page-spread-\(spread.rawValue)") }
            // Vertical chapters always say so; a horizontal one only when the book's CSS said it (not by default).
            if let mode = chapter.writingMode, mode == .verticalRL || chapter.writingModeSource != nil {
                flags.append(mode.rawValue + (chapter.writingModeSource.map { " (\($0))" } ?? ""))
            }
            let title = chapter.title.map { " \"\($0)\"" } ?? ""
            let suffix = flags.isEmpty ? "" : " [" + flags.joined(separator: ", ") + "]"
            lines.append(String(format: "%4d  ", chapter.spineIndex + 1) + chapter.href + title + suffix)
        }
        lines.append("")
        let tocCount = book.document.toc.reduce(0) { $0 + $1.count }
        lines.append("Contents (\(tocCount) entries\(book.navigation?.source.map { ", from \($0)" } ?? "")):")
        func addEntries(_ entries: [TOCEntry], depth: Int) {
            for entry in entries {
                lines.append(String(repeating: "  ", count: depth + 1) + (entry.title.isEmpty ? "(untitled)" : entry.title))
                addEntries(entry.children, depth: depth + 1)
            }
        }
        addEntries(book.document.toc, depth: 0)
        if !book.diagnostics.isEmpty {
            lines.append("")
            lines.append("Warnings (\(book.diagnostics.count)):")
            for diagnostic in book.diagnostics { lines.append("  " + diagnostic.message) }
        }
        return lines.map { LineText.escaped($0, limit: 2_000) }.joined(separator: "\n") + "\n"
    }
}


/// How many pages and spreads a book makes at one page size, with the default layout and the standard viewport.
public struct PageCounts: Sendable, Equatable {
    public var pageSize: PageSize
    public var pages: Int
    public var spreads: Int
    public var orientation: Orientation

    public init(_ pagination: Pagination) {
        pageSize = pagination.pageSize
        pages = pagination.pages.count
        spreads = pagination.spreads.spreads.count
        orientation = pagination.spreads.layout.orientation
    }
}
