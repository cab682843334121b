import BookModel
import Layout
@testable import Renderers
import Spreads
import Synchronization
import TestSupport
import XCTest

/// Files made when they are written (issue 19, peak memory): `OutputFile`'s lazy forms, the page bodies a site's
/// documents share (`HTMLPageBodies`), and the page map made a chunk at a time. Whatever order or thread makes
/// them, the bytes are the same.
final class LazyOutputTests: XCTestCase {
    /// Counts calls from any thread.
    final class Counter: Sendable {
        let value = Atomic<Int>(0)
        func add() { value.add(1, ordering: .relaxed) }
        var count: Int { value.load(ordering: .relaxed) }
    }

    func testPiecesAreMadeOneAtATimeAsTheyAreWritten() {
        let made = Counter()
        let file = OutputFile(name: "a.txt", pieces: 3) { i in
            made.add()
            return Array("piece \(i);".utf8)
        }
        XCTAssertEqual(made.count, 0, "nothing is made before the file is written")
        var written: [String] = []
        file.writeParts { part in
            // Piece i is handed over before piece i + 1 is made: a writer holds one piece at a time.
            XCTAssertEqual(made.count, written.count + 1)
            written.append(String(decoding: part, as: UTF8.self))
        }
        XCTAssertEqual(written, ["piece 0;", "piece 1;", "piece 2;"])
        XCTAssertEqual(String(decoding: file.bytes, as: UTF8.self), "piece 0;piece 1;piece 2;")
        XCTAssertEqual(file, OutputFile(name: "a.txt", bytes: Array("piece 0;piece 1;piece 2;".utf8)))
    }

    func testALaterFileIsMadeWhenRead() {
        let made = Counter()
        let file = OutputFile(name: "b.txt") { made.add(); return [[1, 2], [3]] }
        XCTAssertEqual(made.count, 0)
        XCTAssertEqual(file.parts, [[1, 2], [3]])
        XCTAssertEqual(file.bytes, [1, 2, 3])
        XCTAssertEqual(made.count, 2, "made again each time it is read: nothing is kept")
    }

    func testAPageBodyIsDrawnOnceForItsTwoDocumentsThenDropped() {
        let bodies = HTMLPageBodies<String>(pageCount: 3)
        let drawn = Counter()
        let draw = { drawn.add(); return "<div>two</div>" }
        XCTAssertEqual(bodies.body(2, draw: draw), "<div>two</div>")
        XCTAssertEqual(drawn.count, 1)
        XCTAssertEqual(bodies.keptCount, 1, "kept for the page's other document")
        XCTAssertEqual(bodies.body(2, draw: draw), "<div>two</div>")
        XCTAssertEqual(drawn.count, 1, "the second document takes the kept body")
        XCTAssertEqual(bodies.keptCount, 0, "dropped once both documents have it")
        XCTAssertEqual(bodies.body(2, draw: draw), "<div>two</div>")
        XCTAssertEqual(drawn.count, 2, "a third ask draws again")
        XCTAssertEqual(bodies.keptCount, 0)
    }

    func testDrawAllKeepsEachBodyForBothAsks() {
        let bodies = HTMLPageBodies<String>(pageCount: 50)
        bodies.drawAll { "page \($0)" }
        XCTAssertEqual(bodies.keptCount, 50)
        let drawn = Counter()
        for ask in 0..<2 {
            for number in 1...50 {
                XCTAssertEqual(bodies.body(number) { drawn.add(); return "wrong" }, "page \(number)", "ask \(ask)")
            }
        }
        XCTAssertEqual(drawn.count, 0)
        XCTAssertEqual(bodies.keptCount, 0)
    }

    /// Two asks per page from all cores, in a shuffled order: every answer is the page's own body, each page is
    /// drawn once or (when both asks draw it at once) twice, and nothing is left held.
    func testConcurrentAsksGetTheirOwnPagesBodies() {
        let pages = 2_000
        let bodies = HTMLPageBodies<String>(pageCount: pages)
        let drawn = Counter()
        var asks = Array(1...pages) + Array(1...pages)
        var generator = SeededGenerator(for: self)
        asks.shuffle(using: &generator)
        let answers = orderedConcurrentMap(count: asks.count) { k in
            bodies.body(asks[k]) { drawn.add(); return "body of \(asks[k])" }
        }
        for (k, answer) in answers.enumerated() { XCTAssertEqual(answer, "body of \(asks[k])") }
        XCTAssertGreaterThanOrEqual(drawn.count, pages)
        XCTAssertLessThanOrEqual(drawn.count, 2 * pages)
        XCTAssertEqual(bodies.keptCount, 0)
    }

    /// A site of 600 pages (so the index has three grid pieces) made file by file in order, in reverse, and on all
    /// cores at once: the same bytes every time, whichever document draws a page first.
    func testSiteFilesDoNotDependOnTheOrderTheyAreMade() {
        let (summary, result) = Self.longBook(pages: 600)
        for singleFile in [false, true] {
            let site = HTMLSite(book: summary, pageSize: PageSize(columns: 24, lines: 4), spreads: result,
                                options: HTMLSite.Options(singleFile: singleFile))
            let inOrder = site.files().map(\.bytes)
            let reversed = Array(site.files().reversed().map(\.bytes).reversed())
            let files = site.files()
            let concurrent = orderedConcurrentMap(count: files.count) { files[$0].bytes }
            XCTAssertEqual(inOrder.count, singleFile ? 2 : 2 + result.spreads.count + 2)
            XCTAssertEqual(reversed, inOrder, "single file: \(singleFile)")
            XCTAssertEqual(concurrent, inOrder, "single file: \(singleFile)")
            // Every page's text is on the index (its thumbnail) and in its spread's document.
            let index = String(decoding: inOrder[0], as: UTF8.self)
            XCTAssertTrue(index.contains("line 3 of page 599"))
            if !singleFile {
                let spread = String(decoding: inOrder[1 + 300], as: UTF8.self)
                XCTAssertTrue(spread.contains("line 3 of page 599"))
                XCTAssertTrue(spread.contains("line 0 of page 600"))
            }
        }
    }

    func testThePageMapMadeAChunkAtATimeIsTheSameFile() {
        for pages in [0, 1, 31, 600] {
            let (summary, result) = Self.longBook(pages: pages)
            let size = PageSize(columns: 24, lines: 4)
            let whole = PageMap.fileChunks(book: summary, pageSize: size, spreads: result).flatMap { $0 }
            let file = PageMap.file(named: "book.json", book: summary, pageSize: size, spreads: result)
            XCTAssertEqual(file.name, "book.json")
            XCTAssertEqual(file.bytes, whole, "\(pages) pages")
            // The pages in up to 32 chunks, the spreads (one per two pages) in up to 8, and the text around them.
            let spreads = (pages + 1) / 2
            XCTAssertEqual(file.parts.count, pages == 0 ? 1 : min(pages, 32) + min(spreads, 8) + 3)
            // Made in parallel waves (`--format json`): the same parts in the same order, whatever the wave size
            // (34 parts are not a whole number of waves of 2 per core on any machine with more than one core).
            let waves = PageMap.file(named: "book.json", book: summary, pageSize: size, spreads: result, inParallel: true)
            var parts: [[UInt8]] = []
            waves.writeParts { parts.append($0) }
            XCTAssertEqual(parts, file.parts, "\(pages) pages, in parallel waves")
            XCTAssertEqual(whole.last, 0x0A)
            // Cut into chunks of pages and of spreads, the map is still the JSON tree's bytes.
            var tree: [UInt8] = []
            PageMap.json(book: summary, pageSize: size, spreads: result).write(to: &tree, pretty: true, indent: 0)
            XCTAssertEqual(String(decoding: whole, as: UTF8.self), String(decoding: tree + [0x0A], as: UTF8.self),
                           "\(pages) pages: the tree's bytes")
        }
    }

    /// `pages` pages of four lines, Latin with a wide word now and then, two pages a spread.
    static func longBook(pages count: Int) -> (BookSummary, SpreadResult) {
        let pages = (0..<count).map { p in
            Fixture.page(p + 1, (0..<4).map { l in Fixture.line(l == 2 && p % 7 == 0 ? "漢字 line \(l) of page \(p + 1)" : "line \(l) of page \(p + 1)") },
                         href: "c\(p / 50).xhtml")
        }
        let spreads = stride(from: 0, to: count, by: 2).map { first in
            Spread(number: first / 2 + 1, slots: [Slot(side: .left, page: first + 1),
                                                  Slot(side: .right, page: first + 2 <= count ? first + 2 : nil)])
        }
        return (Fixture.summary(), SpreadResult(pages: pages, spreads: spreads, layout: Fixture.layout()))
    }
}
