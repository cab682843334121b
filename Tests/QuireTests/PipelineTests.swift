import BookModel
import Foundation
import Layout
import Quire
import Renderers
import TestSupport
import XCTest

/// Whole books through the library pipeline: every character of the book on exactly one page, in order.
final class PipelineTests: XCTestCase {
    /// The book's visible text without whitespace: in document order, and (for table cells, which a grid
    /// interleaves line by line) as a multiset. The text of the notes in `moved` (set at the foot of pages, issue
    /// 17) is taken out of the order and kept per note, the first note of each key counting.
    static func documentText(_ document: Document, moved: Set<String> = [])
        -> (ordered: [Unicode.Scalar], tables: [Unicode.Scalar: Int], notes: [String: [Unicode.Scalar]]) {
        var out: [Unicode.Scalar] = []
        var tables: [Unicode.Scalar: Int] = [:]
        var notes: [String: [Unicode.Scalar]] = [:]
        var inTable = 0
        var note: String?
        func add(_ s: String) {
            for scalar in s.unicodeScalars where !scalar.properties.isWhitespace && !ignorable(scalar) {
                if let note { notes[note, default: []].append(scalar) } else if inTable > 0 { tables[scalar, default: 0] += 1 } else { out.append(scalar) }
            }
        }
        func walk(_ blocks: [Block]) {
            for block in blocks {
                switch block.kind {
                case .heading(_, let inlines), .paragraph(let inlines): add(inlines.plainText)
                case .preformatted(let text): add(text)
                case .image(let image): add(image.alt)
                case .quote(let inner): walk(inner)
                case .note(let inner):
                    guard note == nil, moved.contains(inner.key) else { walk(inner.blocks); continue }
                    if notes[inner.key] != nil { continue }
                    notes[inner.key] = []
                    note = inner.key
                    walk(inner.blocks)
                    note = nil
                case .list(let list): list.items.forEach { walk($0.blocks) }
                case .table(let table):
                    inTable += 1
                    table.rows.forEach { $0.cells.forEach { walk($0.blocks) } }
                    inTable -= 1
                case .rule: break
                }
            }
        }
        document.chapters.forEach { walk($0.blocks) }
        return (out, tables, notes)
    }

    /// The pages' text as `documentText` takes the book's: the lines of each footnote (`Page.notes`) kept apart,
    /// per note, continuations joined in page order.
    static func pageText(_ pages: [Page])
        -> (ordered: [Unicode.Scalar], tables: [Unicode.Scalar: Int], notes: [String: [Unicode.Scalar]]) {
        var out: [Unicode.Scalar] = []
        var tables: [Unicode.Scalar: Int] = [:]
        var notes: [String: [Unicode.Scalar]] = [:]
        for page in pages {
            var owner: [Int: String] = [:]
            for note in page.notes { for i in note.line..<(note.line + note.lineCount) { owner[i] = note.source } }
            for (index, line) in page.lines.enumerated() {
                for scalar in line.content.unicodeScalars where !scalar.properties.isWhitespace && !ignorable(scalar) {
                    if let key = owner[index] { notes[key, default: []].append(scalar) } else if line.role == .table { tables[scalar, default: 0] += 1 } else { out.append(scalar) }
                }
            }
        }
        return (out, tables, notes)
    }

    /// Zero-width characters the layout uses as break hints and never prints; control characters it removes.
    static func ignorable(_ s: Unicode.Scalar) -> Bool {
        s.properties.isDefaultIgnorableCodePoint || s.properties.generalCategory == .control || s == "\u{AD}"
    }

    static func assertConserved(_ book: Book, options: LayoutOptions = LayoutOptions(), _ name: String,
                         file: StaticString = #filePath, line: UInt = #line) {
        let pagination = Quire.paginate(book, layout: options)
        let (actual, actualTables, actualNotes) = Self.pageText(pagination.pages)
        let moved = Set(pagination.pages.flatMap { $0.notes.map(\.source) })
        let (expected, expectedTables, expectedNotes) = Self.documentText(book.document, moved: moved)
        // Each footnote's text exactly once, whole, across the pages it runs over.
        // (As multisets: a table in a note is interleaved line by line, as any table is.)
        for (key, text) in expectedNotes where actualNotes[key].map({ $0.sorted() }) != text.sorted() {
            XCTFail("\(name): note \(key) differs: book \(String(String.UnicodeScalarView(text.prefix(60)))), pages \(String(String.UnicodeScalarView((actualNotes[key] ?? []).prefix(60))))", file: file, line: line)
        }
        if expectedTables != actualTables {
            let keys = Set(expectedTables.keys).union(actualTables.keys)
            let differences = keys.filter { expectedTables[$0] != actualTables[$0] }.sorted { $0.value < $1.value }.prefix(10)
                .map { "\($0.escaped(asASCII: false)): book \(expectedTables[$0] ?? 0), pages \(actualTables[$0] ?? 0)" }
            XCTFail("\(name): table text differs: \(differences.joined(separator: "; "))", file: file, line: line)
        }
        if expected != actual {
            let first = zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expected.count, actual.count)
            let context = { (s: [Unicode.Scalar]) in String(String.UnicodeScalarView(s[max(0, first - 20)..<min(s.count, first + 20)])) }
            XCTFail("\(name): text differs at scalar \(first) of \(expected.count) (pages hold \(actual.count)):\n  book:  \(context(expected))\n  pages: \(context(actual))", file: file, line: line)
        }
        for page in pagination.pages {
            XCTAssertLessThanOrEqual(page.lines.count, page.blockSize, "\(name) page \(page.number) has too many lines", file: file, line: line)
            for l in page.lines where l.width > page.inlineSize && page.inlineSize >= 2 {
                XCTFail("\(name) page \(page.number): line wider than the page: \(l.text)", file: file, line: line)
            }
            for l in page.lines {
                // Ruby spans point at their base (and at the printed annotation, brackets included) in the line.
                let bytes = Array(l.text.utf8)
                for ruby in l.rubies {
                    guard ruby.base.upperBound <= bytes.count, ruby.shown.map({ $0.upperBound <= bytes.count }) ?? true else {
                        XCTFail("\(name) page \(page.number): ruby outside its line: \(l.text)", file: file, line: line)
                        continue
                    }
                    if let shown = ruby.shown {
                        let printed = String(decoding: bytes[shown], as: UTF8.self)
                        let wanted = [options.ruby == .aozora ? "《" : "(", ruby.annotation, options.ruby == .aozora ? "》" : ")"].joined()
                        XCTAssertEqual(printed, wanted, "\(name) page \(page.number): \(l.text)", file: file, line: line)
                    }
                }
            }
        }
        XCTAssertEqual(pagination.pages.map(\.number), Array(1...max(1, pagination.pages.count)).prefix(pagination.pages.count).map { $0 },
                       "\(name): pages are numbered 1…n", file: file, line: line)
    }

    func testSampleBookIsConservedAtManySizes() throws {
        let book = try Quire.open([Run.packageRoot.appendingPathComponent("Samples/lighthouse-keeper").path])
        for size in [PageSize(columns: 38, lines: 20), PageSize(columns: 20, lines: 8), PageSize(columns: 80, lines: 40), PageSize(columns: 6, lines: 3)] {
            Self.assertConserved(book, options: LayoutOptions(pageSize: size), "sample \(size.columns)x\(size.lines)")
        }
    }

    func testSamplePageCountNeverDecreasesAsPagesShrink() throws {
        let book = try Quire.open([Run.packageRoot.appendingPathComponent("Samples/lighthouse-keeper").path])
        var previous = 0
        for columns in stride(from: 80, through: 10, by: -10) {
            let count = Quire.paginate(book, layout: LayoutOptions(pageSize: PageSize(columns: columns, lines: 20))).pages.count
            XCTAssertGreaterThanOrEqual(count, previous, "\(columns) columns")
            previous = count
        }
    }

    /// Every EPUB of the corpus paginates with its text conserved, or fails to open with a ReadError.
    func testCorpusEPUBsAreConserved() throws {
        let corpus = try corpus()
        let folder = corpus.appendingPathComponent("epub")
        let walker = FileManager.default.enumerator(atPath: folder.path)!
        var opened = 0
        for case let relative as String in walker where relative.hasSuffix(".epub") {
            let book: Book
            do { book = try Quire.open([folder.appendingPathComponent(relative).path]) } catch { continue }
            opened += 1
            Self.assertConserved(book, relative)
        }
        XCTAssertGreaterThan(opened, 100)
    }

    func testCorpusMarkdownIsConserved() throws {
        let corpus = try corpus()
        let folder = corpus.appendingPathComponent("markdown")
        let walker = FileManager.default.enumerator(atPath: folder.path)!
        var opened = 0
        for case let relative as String in walker where relative.hasSuffix(".md") {
            let book = try Quire.open([folder.appendingPathComponent(relative).path])
            opened += 1
            Self.assertConserved(book, relative)
        }
        XCTAssertGreaterThanOrEqual(opened, 7)
    }

    /// Every Markdown document of the corpus renders in every format; the Arabic and Persian ones read right to left.
    func testCorpusMarkdownRendersInAllFormats() throws {
        let corpus = try corpus()
        let folder = corpus.appendingPathComponent("markdown")
        let walker = FileManager.default.enumerator(atPath: folder.path)!
        var rendered = 0
        for case let relative as String in walker where relative.hasSuffix(".md") {
            let book = try Quire.open([folder.appendingPathComponent(relative).path])
            for format in OutputFormat.allCases {
                let (pagination, files) = Quire.render(book, options: RenderOptions(format: format))
                XCTAssertFalse(files.isEmpty, "\(relative) as \(format)")
                if relative.hasPrefix("rtl/") { XCTAssertEqual(pagination.spreads.layout.direction, .rtl, relative) }
            }
            rendered += 1
        }
        XCTAssertGreaterThanOrEqual(rendered, 7)
    }

    /// The page map written page by page (the fast path) is byte for byte the JSON value it documents.
    func testPageMapBytesAreTheJSONValue() throws {
        var books = [("sample", try Quire.open([Run.packageRoot.appendingPathComponent("Samples/lighthouse-keeper").path]))]
        if let corpus = try optionalCorpus() {
            for relative in ["epub/kusamakura-japanese-vertical-writing.epub", "epub/regime-anticancer-arabic.epub",
                             "epub/moby-dick.epub", "markdown/system-design-primer-README.md"] {
                let path = corpus.appendingPathComponent(relative).path
                guard FileManager.default.fileExists(atPath: path) else { continue }
                books.append((relative, try Quire.open([path])))
            }
        }
        for (name, book) in books {
            for layout in [LayoutOptions(), LayoutOptions(pageSize: PageSize(columns: 30, lines: 12), continuous: true, writingMode: .verticalRL)] {
                let pagination = Quire.paginate(book, layout: layout)
                let value = PageMap.json(book: pagination.book, pageSize: pagination.pageSize, spreads: pagination.spreads)
                XCTAssertEqual(String(decoding: Quire.pageMapBytes(pagination), as: UTF8.self), value.serialized(pretty: true) + "\n", name)
                var written: [UInt8] = []
                Quire.writePageMap(pagination) { written += $0 }
                XCTAssertEqual(written, Quire.pageMapBytes(pagination), "\(name): the map written in pieces")
            }
        }
    }

    /// Text spreads drawn in parallel batches come out as the one-by-one rendering, across batch boundaries too.
    func testTextSpreadsInBatchesEqualTheSerialRendering() throws {
        let book = try Quire.open([Run.packageRoot.appendingPathComponent("Samples/lighthouse-keeper").path])
        for size in [PageSize(columns: 12, lines: 4), PageSize(columns: 80, lines: 40)] {
            let pagination = Quire.paginate(book, layout: LayoutOptions(pageSize: size))
            let serial = TextSpreads().render(pagination.spreads, size: size)
            for batch in [1, 5, 17, 512] {
                var written: [UInt8] = []
                Quire.writeTextSpreads(pagination, ambiguousWide: false, batch: batch, where: { _ in true }, write: { written += $0 })
                XCTAssertEqual(String(decoding: written, as: UTF8.self), serial, "\(size.columns)x\(size.lines) in batches of \(batch)")
            }
        }
        let pagination = Quire.paginate(book, layout: LayoutOptions(pageSize: PageSize(columns: 12, lines: 4)))
        XCTAssertGreaterThan(pagination.spreads.spreads.count, 20)
        let odd = pagination.spreads.spreads.indices.filter { $0 % 3 != 1 }
        let expected = odd.map { TextSpreads().render(pagination.spreads.spreads[$0], in: pagination.spreads, size: pagination.pageSize) }
        var written: [UInt8] = []
        Quire.writeTextSpreads(pagination, ambiguousWide: false, batch: 7, where: { $0.number % 3 != 2 }, write: { written += $0 })
        XCTAssertEqual(String(decoding: written, as: UTF8.self), expected.joined(separator: "\u{0C}\n"))
    }
}
