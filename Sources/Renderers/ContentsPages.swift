import BookModel
import Layout

/// The page each contents entry leads to (issue 22): the page holding the element its fragment names, not only the
/// first page of its document. Layout gives every page the source range it holds (`Page.source`, offsets in Unicode
/// scalars of the chapter's text) and the reader gives every chapter the offsets of its ids (`Chapter.anchors`), so
/// an entry `ch2.xhtml#part-b` is the first page of `ch2.xhtml` whose range reaches past `part-b`'s offset.
///
/// Anchors are keyed by spine index (`Chapter.spineIndex`, which is `PageSource.spine`), not by href: a Markdown
/// file split at its headings is several chapters with one href, each counting offsets from 0, so only the spine
/// index tells which chapter `book.md#ownership` is in.
public enum ContentsPages {
    /// Page numbers (`Page.number`) by contents entry href, as written in `TOCEntry.href` (children included).
    /// - An entry whose fragment names an id of one of its document's chapters: the first content page of that
    ///   chapter whose source range `[start, end)` reaches past the id's offset, which is the page holding it (or,
    ///   when its element has no text of its own and nothing follows in the range, the page where text resumes);
    ///   the chapter's last page when the id is at its very end.
    /// - No fragment, or one naming no known id: the first page of the document (the behaviour before fragments).
    /// - A document no content page comes from (not in the spine, or empty): no entry.
    /// The href's path is matched as written, then percent-decoded (a nav may write `ch%202.xhtml`, chapters are
    /// named by their container path); the fragment likewise (RFC 3986 §3.5).
    public static func pages(toc: [TOCEntry], pages: [Page], anchors: [Int: [String: Int]]) -> [String: Int] {
        let index = SourceIndex(pages)
        var out: [String: Int] = [:]
        func visit(_ entries: [TOCEntry]) {
            for entry in entries {
                if out[entry.href] == nil, !entry.href.isEmpty,
                   let page = index.page(for: entry.href, anchors: anchors) {
                    out[entry.href] = page
                }
                visit(entry.children)
            }
        }
        visit(toc)
        return out
    }

    /// The same, with the anchors taken from the book's chapters.
    public static func pages(toc: [TOCEntry], pages: [Page], chapters: [Chapter]) -> [String: Int] {
        let anchors = Dictionary(chapters.lazy.filter { !$0.anchors.isEmpty }.map { ($0.spineIndex, $0.anchors) },
                                 uniquingKeysWith: { first, _ in first })
        return Self.pages(toc: toc, pages: pages, anchors: anchors)
    }

    /// The content pages' source ranges by chapter, in page order.
    private struct SourceIndex {
        struct Span { var page: Int; var start: Int; var end: Int }
        /// Spine indexes of the chapters each href's pages come from, in page order.
        var spines: [String: [Int]] = [:]
        var ranges: [Int: [Span]] = [:]

        init(_ pages: [Page]) {
            for page in pages where page.kind == .content {
                for source in [page.source] + page.additionalSources {
                    if ranges[source.spine] == nil { spines[source.href, default: []].append(source.spine) }
                    ranges[source.spine, default: []].append(Span(page: page.number, start: source.start, end: source.end))
                }
            }
        }

        func page(for href: String, anchors: [Int: [String: Int]]) -> Int? {
            let hash = href.firstIndex(of: "#")
            let path = String(href[..<(hash ?? href.endIndex)])
            guard let chapters = spines[path] ?? path.percentDecoded.flatMap({ spines[$0] }),
                  let first = chapters.first, let opening = ranges[first]?.first else { return nil }
            let fragment = hash.map { String(href[href.index(after: $0)...]) } ?? ""
            guard !fragment.isEmpty else { return opening.page }
            for spine in chapters {
                guard let ids = anchors[spine],
                      let offset = ids[fragment] ?? fragment.percentDecoded.flatMap({ ids[$0] }),
                      let pages = ranges[spine] else { continue }
                return (pages.first { $0.end > offset } ?? pages[pages.count - 1]).page
            }
            return opening.page
        }
    }
}

extension String {
    /// The string with `%XX` escapes decoded (RFC 3986 §2.1), nil when it has none or they do not decode to
    /// UTF-8: how a contents entry's path is matched to a document's (here and in `HTMLSite.page(of:)`).
    var percentDecoded: String? {
        guard contains("%") else { return nil }
        var bytes: [UInt8] = []
        var rest = Array(utf8)[...]
        while let byte = rest.popFirst() {
            if byte == 0x25 {
                guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
