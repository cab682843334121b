import Layout

/// What the page map says about one page, stated once (`PageMap.fields`) and handed to a sink: `JSONMembers`
/// builds a `JSON` value (`PageMap.page(_:)`), `PrettyMembers` writes the pretty bytes straight from the page
/// (`PageMap.writePage`, no value built per line: the map of a long book holds millions of lines). Being
/// generic, the writer costs what hand-written bytes cost, and the two can never disagree.
protocol PageMapSink {
    mutating func int(_ key: StaticString, _ value: Int)
    mutating func string(_ key: StaticString, _ value: String)
    mutating func optional(_ key: StaticString, _ value: String?)
    mutating func null(_ key: StaticString)
    mutating func bool(_ key: StaticString, _ value: Bool)
    mutating func object(_ key: StaticString, _ members: (inout Self) -> Void)
    /// An array of `count` strings, `item(i)` giving each.
    mutating func strings(_ key: StaticString, count: Int, _ item: (Int) -> String)
    /// An array of the texts of `lines`: each read in place (a closure returning it retained and released it, a
    /// hundred thousand times a long book).
    mutating func texts(_ key: StaticString, of lines: [Line])
    /// An array of `count` integers, `item(i)` giving each.
    mutating func ints(_ key: StaticString, count: Int, _ item: (Int) -> Int)
    /// An array of `count` objects, `item(i, &members)` writing the members of each.
    mutating func objects(_ key: StaticString, count: Int, _ item: (Int, inout Self) -> Void)
}

extension PageMap {
    /// The fields of a page, in order: schema version 1, documented in the README; fields are only added.
    static func fields<Sink: PageMapSink>(of page: Page, into sink: inout Sink) {
        sink.int("number", page.number)
        sink.string("kind", page.kind.rawValue)
        sink.optional("chapter", page.chapterTitle)
        sink.string("writingMode", page.writingMode.rawValue)
        sink.string("direction", page.direction.rawValue)
        sink.optional("language", page.language)
        if page.kind == .blank {
            // Inserted for a page-spread: no text of the book is on it.
            sink.null("source")
        } else {
            sink.object("source") { source in
                source.int("spine", page.source.spine)
                source.string("href", page.source.href)
                source.int("start", page.source.start)
                source.int("end", page.source.end)
            }
        }
        sink.strings("printPages", count: page.printPages.count) { page.printPages[$0] }
        sink.texts("lines", of: page.lines)
        // Only on a page with a centred or end-aligned line (the book's `text-align`): every other page is as it
        // was. Justified lines start at the start edge like `start` ones, and say so.
        if hasPlacedLine(page) {
            sink.strings("alignment", count: page.lines.count) { page.lines[$0].alignment.rawValue }
        }
        // Only pages with styled text say so: a book without styles keeps the bytes it had.
        if page.lines.contains(where: { !$0.styles.isEmpty }) {
            let spans = PageStyleSpans(page.lines)
            sink.objects("styles", count: spans.items.count) { i, item in spans.write(i, into: &item) }
        }
        // Only pages where Quire split a word: the indexes of the lines that end in the hyphen it drew (its last
        // character, not the book's), so a consumer can take it off and join the word again.
        let hyphenated = hyphenatedLines(page)
        if !hyphenated.isEmpty { sink.ints("hyphenated", count: hyphenated.count) { hyphenated[$0] } }
        // Only pages with footnotes (issue 17): where the note area starts (its rule), and each note's marker, the
        // note in the book, and its lines here, so a consumer can tell the text of the page from its notes.
        if let start = page.noteStart {
            sink.int("noteStart", start)
            sink.objects("notes", count: page.notes.count) { i, item in
                let note = page.notes[i]
                item.string("marker", note.marker)
                item.string("source", note.source)
                item.int("line", note.line)
                item.int("lines", note.lineCount)
                item.bool("continued", note.continued)
            }
        }
        // Only pages cut with a running head (`--running-head`): the indexes of the lines it takes (the head, empty
        // on a chapter's opening page, and the blank line under it), page furniture rather than the book's text.
        if page.lines.first?.role == .runningHead { sink.ints("runningHead", count: min(2, page.lines.count)) { $0 } }
    }
}

/// The indexes of a page's lines that end in a drawn hyphen, by index as `hasPlacedLine` reads them.
private func hyphenatedLines(_ page: Page) -> [Int] {
    var indexes: [Int] = []
    for i in page.lines.indices where page.lines[i].hyphenated { indexes.append(i) }
    return indexes
}

/// Whether a line of the page is centred or set to the end. By index: a closure over the lines would copy each
/// (a retain and release per field), on every page of every book.
private func hasPlacedLine(_ page: Page) -> Bool {
    for i in page.lines.indices where page.lines[i].alignment == .center || page.lines[i].alignment == .end {
        return true
    }
    return false
}

/// The members of a `JSON` object.
struct JSONMembers: PageMapSink {
    var members: [(String, JSON)] = []

    mutating func int(_ key: StaticString, _ value: Int) { members.append(("\(key)", .int(value))) }
    mutating func string(_ key: StaticString, _ value: String) { members.append(("\(key)", .string(value))) }
    mutating func optional(_ key: StaticString, _ value: String?) { members.append(("\(key)", .optional(value))) }
    mutating func null(_ key: StaticString) { members.append(("\(key)", .null)) }
    mutating func bool(_ key: StaticString, _ value: Bool) { members.append(("\(key)", .bool(value))) }

    mutating func object(_ key: StaticString, _ body: (inout JSONMembers) -> Void) {
        var inner = JSONMembers()
        body(&inner)
        members.append(("\(key)", .object(inner.members)))
    }

    mutating func strings(_ key: StaticString, count: Int, _ item: (Int) -> String) {
        members.append(("\(key)", .array((0..<count).map { .string(item($0)) })))
    }

    mutating func texts(_ key: StaticString, of lines: [Line]) {
        strings(key, count: lines.count) { lines[$0].text }
    }

    mutating func ints(_ key: StaticString, count: Int, _ item: (Int) -> Int) {
        members.append(("\(key)", .array((0..<count).map { .int(item($0)) })))
    }

    mutating func objects(_ key: StaticString, count: Int, _ item: (Int, inout JSONMembers) -> Void) {
        members.append(("\(key)", .array((0..<count).map { i in
            var inner = JSONMembers()
            item(i, &inner)
            return .object(inner.members)
        })))
    }
}

/// Members written as `JSON.write(pretty: true)` writes them, at `indent` (the object's braces are the
/// caller's). Keys are plain ASCII names, so they need no escaping.
struct PrettyMembers: PageMapSink {
    /// Into room made for the page (`PageMap.writePage`): a store per byte where an array append checks
    /// uniqueness and capacity.
    var out: ByteWriter
    var indent: Int
    private var first = true

    init(out: ByteWriter, indent: Int) {
        self.out = out
        self.indent = indent
    }

    /// `,` after the first member, the line's start and `"name": `, stored into room made once: a page map writes a
    /// dozen keys a page, and building the key apart and copying it in (two copies and a call for the line's start)
    /// cost about 230 instructions a key (issue 19).
    private mutating func key(_ name: StaticString) {
        out.putMemberKey(name, comma: !first, spaces: 2 * indent)
        first = false
    }

    mutating func int(_ key: StaticString, _ value: Int) {
        self.key(key)
        JSON.decimal(value, into: &out)
    }

    mutating func string(_ key: StaticString, _ value: String) {
        self.key(key)
        JSON.putEscaped(value, into: &out)
    }

    mutating func optional(_ key: StaticString, _ value: String?) {
        if let value { string(key, value) } else { null(key) }
    }

    mutating func null(_ key: StaticString) {
        self.key(key)
        JSON.ascii("null", into: &out)
    }

    mutating func bool(_ key: StaticString, _ value: Bool) {
        self.key(key)
        JSON.ascii(value ? "true" : "false", into: &out)
    }

    mutating func object(_ key: StaticString, _ body: (inout PrettyMembers) -> Void) {
        self.key(key)
        out.put(UInt8(ascii: "{"))
        let start = out.count
        indent += 1
        first = true
        body(&self)
        indent -= 1
        first = false
        if out.count == start { out.put(UInt8(ascii: "}")); return } // `{}`, as JSON.write writes it
        out.newline(spaces: 2 * indent)
        out.put(UInt8(ascii: "}"))
    }

    mutating func strings(_ key: StaticString, count: Int, _ item: (Int) -> String) {
        array(key, count: count) { i, out in JSON.putEscaped(item(i), into: &out) }
    }

    mutating func texts(_ key: StaticString, of lines: [Line]) {
        array(key, count: lines.count) { i, out in JSON.putEscaped(lines[i].text, into: &out) }
    }

    mutating func ints(_ key: StaticString, count: Int, _ item: (Int) -> Int) {
        array(key, count: count) { i, out in JSON.decimal(item(i), into: &out) }
    }

    /// An array of `count` scalar items, one per line, as `JSON.write` lays them out.
    private mutating func array(_ key: StaticString, count: Int, _ write: (Int, inout ByteWriter) -> Void) {
        self.key(key)
        if count == 0 { JSON.ascii("[]", into: &out); return }
        out.put(UInt8(ascii: "["))
        for i in 0..<count {
            if i > 0 { out.put(UInt8(ascii: ",")) }
            out.newline(spaces: 2 * (indent + 1))
            write(i, &out)
        }
        out.newline(spaces: 2 * indent)
        out.put(UInt8(ascii: "]"))
    }

    mutating func objects(_ key: StaticString, count: Int, _ item: (Int, inout PrettyMembers) -> Void) {
        self.key(key)
        if count == 0 { JSON.ascii("[]", into: &out); return }
        out.put(UInt8(ascii: "["))
        let level = indent
        for i in 0..<count {
            if i > 0 { out.put(UInt8(ascii: ",")) }
            out.newline(spaces: 2 * (level + 1))
            out.put(UInt8(ascii: "{"))
            indent = level + 2
            first = true
            item(i, &self)
            out.newline(spaces: 2 * (level + 1))
            out.put(UInt8(ascii: "}"))
        }
        indent = level
        first = false
        out.newline(spaces: 2 * indent)
        out.put(UInt8(ascii: "]"))
    }
}
