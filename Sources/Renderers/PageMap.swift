import BookModel
import Layout
import Spreads

/// The JSON page map (`quire render --format json`): schema version 1, documented in the README; fields are only added.
public enum PageMap {
    public static let schemaVersion = 1

    public static func json(book: BookSummary, pageSize: PageSize, spreads result: SpreadResult) -> JSON {
        json(book: book, pageSize: pageSize, pages: result.pages, extra: extra(result))
    }

    /// `json(book:pageSize:spreads:).serializedBytes(pretty: true)`, with the pages serialized in parallel
    /// chunks and joined in order: the same bytes whatever the number of threads.
    public static func prettyBytes(book: BookSummary, pageSize: PageSize, spreads result: SpreadResult) -> [UInt8] {
        let chunks = prettyChunks(book: book, pageSize: pageSize, spreads: result)
        var out: [UInt8] = []
        out.reserveCapacity(chunks.reduce(1) { $0 + $1.count }) // one more byte: callers end the map with a newline
        for chunk in chunks { out.append(contentsOf: chunk) }
        return out
    }

    /// The map as a file holds it (`book.json`, standard output): `prettyChunks` ending with a newline, left in
    /// pieces so that a writer never joins a large map in memory (issue 19: peak memory).
    public static func fileChunks(book: BookSummary, pageSize: PageSize, spreads result: SpreadResult) -> [[UInt8]] {
        var chunks = prettyChunks(book: book, pageSize: pageSize, spreads: result)
        chunks[chunks.count - 1].append(0x0A)
        return chunks
    }

    /// The same bytes as `fileChunks` as a file of pieces made when it is written, each dropped once written, so
    /// that no writer holds the whole map (War and Peace's is 7 MB, issue 19): one at a time (the HTML site's
    /// `book.json`, written beside other files), or `inParallel` in waves on all cores (`--format json`).
    public static func file(named name: String, book: BookSummary, pageSize: PageSize, spreads result: SpreadResult,
                            inParallel: Bool = false) -> OutputFile {
        let pieces = PrettyPieces(book: book, pageSize: pageSize, spreads: result)
        let last = pieces.count - 1
        return OutputFile(name: name, pieces: pieces.count, inParallel: inParallel) { i in
            i == last ? pieces.make(i) + [0x0A] : pieces.make(i)
        }
    }

    /// `prettyBytes` as consecutive pieces (the pages and the spreads in parallel-built chunks), for writers that
    /// need not join them.
    public static func prettyChunks(book: BookSummary, pageSize: PageSize, spreads result: SpreadResult) -> [[UInt8]] {
        let pieces = PrettyPieces(book: book, pageSize: pageSize, spreads: result)
        return orderedConcurrentMap(count: pieces.count, pieces.make)
    }

    /// The pretty map cut where its two long arrays' items are: text written once (the members, up to and after
    /// each array's items), the pages' items in up to 32 chunks and the spreads' items in up to 8, each chunk made on
    /// demand. The one place the map's framing is written. Spreads are chunks too so that no piece is made alone
    /// while the others wait: written in one go they were 11 M of War and Peace's 1,060 M instructions, on one
    /// core (issue 19).
    struct PrettyPieces: Sendable {
        enum Part: Sendable {
            case text([UInt8])
            case pages(Int)
            case spreads(Int)
        }

        private(set) var parts: [Part] = []
        let pages: [Page]
        let spreads: [Spread]
        let chunkSize: Int
        let spreadChunkSize: Int

        var count: Int { parts.count }

        init(book: BookSummary, pageSize: PageSize, spreads result: SpreadResult) {
            pages = result.pages
            spreads = result.spreads
            let chunkCount = min(pages.count, 32), spreadChunkCount = min(spreads.count, 8)
            chunkSize = chunkCount == 0 ? 0 : (pages.count + chunkCount - 1) / chunkCount
            spreadChunkSize = spreadChunkCount == 0 ? 0 : (spreads.count + spreadChunkCount - 1) / spreadChunkCount
            let members: [(String, JSON)]
            if case .object(let m) = json(book: book, pageSize: pageSize, pages: [], extra: extra(result, spreadsTree: false)) {
                members = m
            } else {
                members = []
            }
            var out: [UInt8] = []
            // An array's opening bracket ends a text part, its chunks follow, and the text goes on with the closing
            // bracket: `JSON.writeArray`'s framing, cut where the items are.
            func items(_ chunks: [Part]) {
                out.append(UInt8(ascii: "["))
                parts.append(.text(out))
                parts += chunks
                out = []
                JSON.newline(&out, indent: 1)
                out.append(UInt8(ascii: "]"))
            }
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSON.newline(&out, indent: 1)
                JSON.escape(key, into: &out)
                JSON.ascii(": ", into: &out)
                if key == "spreads" && !spreads.isEmpty {
                    items((0..<spreadChunkCount).map(Part.spreads))
                } else if key == "spreads" {
                    JSON.ascii("[]", into: &out)
                } else if key == "pages" && !pages.isEmpty {
                    items((0..<chunkCount).map(Part.pages))
                } else {
                    value.write(to: &out, pretty: true, indent: 1)
                }
            }
            if !members.isEmpty { JSON.newline(&out, indent: 0) }
            out.append(UInt8(ascii: "}"))
            parts.append(.text(out))
        }

        /// Part `i`'s bytes: its text, or the items of its chunk, comma-separated (indent level 2).
        func make(_ i: Int) -> [UInt8] {
            switch parts[i] {
            case .text(let bytes): return bytes
            case .pages(let k): return pageChunk(k)
            case .spreads(let k):
                var out: [UInt8] = []
                for j in min(spreads.count, k * spreadChunkSize)..<min(spreads.count, (k + 1) * spreadChunkSize) {
                    if j > 0 { out.append(UInt8(ascii: ",")) }
                    JSON.newline(&out, indent: 2)
                    writeSpread(spreads[j], into: &out, indent: 2)
                }
                return out
            }
        }

        private func pageChunk(_ k: Int) -> [UInt8] {
            var out: [UInt8] = []
            let range = min(pages.count, k * chunkSize)..<min(pages.count, (k + 1) * chunkSize)
            out.appendUpTo(range.reduce(0) { $0 + roomForPage(pages[$1]) }) { writer in
                for j in range {
                    if j > 0 { writer.put(UInt8(ascii: ",")) }
                    JSON.newline(&writer, indent: 2)
                    writePage(pages[j], into: &writer)
                }
            }
            return out
        }
    }

    /// The members after the pages. With `spreadsTree` false, "spreads" is left null for a writer that writes
    /// them straight from the result (`PrettyPieces`, `writeSpread`).
    static func extra(_ result: SpreadResult, spreadsTree: Bool = true) -> [(String, JSON)] {
        let layout = result.layout
        return [
            ("layout", .object([
                ("orientation", .string(layout.orientation.rawValue)),
                ("spine", .string(layout.spine.rawValue)),
                ("doubleSided", .bool(layout.doubleSided)),
                ("direction", .string(layout.direction.rawValue)),
                ("axis", .string(layout.axis.rawValue)),
                ("firstPage", .string(layout.firstPage.rawValue)),
                ("gap", .int(layout.gap)),
            ])),
            ("spreads", spreadsTree ? .array(result.spreads.map(spread)) : .null),
        ]
    }

    /// `spread(_:)` written pretty at `indent`, straight into bytes: the same bytes as the tree's `write`
    /// (`PageMapSchemaTests` holds them together), without building a tree per spread (issue 19: the spreads' tree
    /// cost War and Peace's map 40 M instructions of 190 M).
    static func writeSpread(_ spread: Spread, into out: inout [UInt8], indent: Int) {
        // Through a writer, into room made once: appended piece by piece, the array checked its capacity and
        // uniqueness for every one, about 4,000 instructions a spread (issue 19).
        out.appendUpTo(32 + 2 * indent + spread.slots.count * (96 + 8 * indent)) { out in
            out.put(UInt8(ascii: "{"))
            out.putMemberKey("number", comma: false, spaces: 2 * (indent + 1))
            JSON.decimal(spread.number, into: &out)
            out.putMemberKey("slots", comma: true, spaces: 2 * (indent + 1))
            if spread.slots.isEmpty {
                out.put("[]")
            } else {
                out.put(UInt8(ascii: "["))
                for (i, slot) in spread.slots.enumerated() {
                    if i > 0 { out.put(UInt8(ascii: ",")) }
                    out.newline(spaces: 2 * (indent + 2))
                    out.put(UInt8(ascii: "{"))
                    out.putMemberKey("side", comma: false, spaces: 2 * (indent + 3))
                    JSON.putEscaped(slot.side.rawValue, into: &out)
                    out.putMemberKey("page", comma: true, spaces: 2 * (indent + 3))
                    if let page = slot.page { JSON.decimal(page, into: &out) } else { out.put("null") }
                    if slot.placeholder {
                        out.putMemberKey("placeholder", comma: true, spaces: 2 * (indent + 3))
                        out.put("true")
                    }
                    if let back = slot.back {
                        out.putMemberKey("back", comma: true, spaces: 2 * (indent + 3))
                        JSON.decimal(back, into: &out)
                    }
                    out.newline(spaces: 2 * (indent + 2))
                    out.put(UInt8(ascii: "}"))
                }
                out.newline(spaces: 2 * (indent + 1))
                out.put(UInt8(ascii: "]"))
            }
            out.newline(spaces: 2 * indent)
            out.put(UInt8(ascii: "}"))
        }
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

    /// One item of the pretty "pages" array (indent level 2), written straight from the page.
    static func writePage(_ page: Page, into out: inout [UInt8]) {
        out.appendUpTo(roomForPage(page)) { writePage(page, into: &$0) }
    }

    static func writePage(_ page: Page, into out: inout ByteWriter) {
        out.put(UInt8(ascii: "{"))
        var members = PrettyMembers(out: out, indent: 3)
        fields(of: page, into: &members)
        out = members.out
        JSON.newline(&out, indent: 2)
        out.put(UInt8(ascii: "}"))
    }

    /// Room to make for a page's item: its fields, each line's text with its indent, quotes and comma, and an item
    /// per style span; a little less than War and Peace's pages take (7.0 MB for 7.4 MB). The room is zeroed, so
    /// all of it counts in memory while the chunk lives, whereas a chunk that needs more grows into memory touched
    /// only as far as it is written: 1 KB a page for the fields raised `--format json -o DIR`'s peak by 3 MB
    /// (issue 19, peak memory).
    static func roomForPage(_ page: Page) -> Int {
        page.lines.reduce(384) { $0 + $1.text.utf8.count + 16 + 128 * $1.styles.count }
    }

    /// A page of the map as a JSON value (`fields(of:into:)` says what is in it).
    static func page(_ page: Page) -> JSON {
        var members = JSONMembers()
        fields(of: page, into: &members)
        return .object(members.members)
    }
}
