import Foundation
import XCTest
@testable import BookReaders
import BookModel

/// A small book must not make the reader do work in proportion to how often it names one thing: a repeated
/// itemref, manifest items sharing a document, fallbacks meeting on one document, a long fallback chain, one
/// picture named thousands of times. Each is counted at the container, so no test depends on timing.
final class SpineAmplificationTests: XCTestCase {
    private static let chapterText = EPUBBuilder.xhtml("<h1>One</h1><p>The only chapter.</p>")

    /// A book with the given manifest items and spine itemrefs (inner XML) and files under OEBPS/.
    private func book(manifest: [String], spine: [String], files: [(String, String)]) -> EPUBBuilder {
        var b = EPUBBuilder()
        b.add("OEBPS/content.opf", EPUBBuilder.opf(manifest: manifest.joined(separator: "\n"),
                                                   spine: spine.joined(separator: "\n")))
        for (path, text) in files { b.add("OEBPS/" + path, text) }
        return b
    }

    private func xhtmlItem(_ id: String, _ href: String, _ extra: String = "") -> String {
        "<item id=\"\(id)\" href=\"\(href)\" media-type=\"application/xhtml+xml\"\(extra)/>"
    }

    private func read(_ b: EPUBBuilder, limits: InputLimits = InputLimits()) throws -> (EPUBBook, CountingContainer) {
        let container = CountingContainer(try ZipContainer(bytes: b.zip))
        return (try EPUBReader.read(container: container, limits: limits), container)
    }

    private func warnings(_ book: EPUBBook) -> [String] { book.diagnostics.map(\.message) }

    func testAnItemrefRepeated5000TimesIsReadOnceWithOneWarning() throws {
        let b = book(manifest: [xhtmlItem("c", "c.xhtml")], spine: Array(repeating: "<itemref idref=\"c\"/>", count: 5_000),
                     files: [("c.xhtml", Self.chapterText)])
        let (epub, container) = try read(b)
        XCTAssertEqual(epub.document.chapters.map(\.href), ["OEBPS/c.xhtml"])
        XCTAssertEqual(epub.document.chapters.first?.title, "One")
        XCTAssertEqual(container.reads("OEBPS/c.xhtml"), 1, "the document is inflated and parsed once")
        XCTAssertEqual(warnings(epub), ["the spine lists OEBPS/c.xhtml 4999 more times; repeats skipped"])
    }

    func testTheFirstOccurrenceKeepsItsPlaceAndFlags() throws {
        let b = book(manifest: [xhtmlItem("a", "a.xhtml"), xhtmlItem("b", "b.xhtml"), xhtmlItem("c", "c.xhtml")],
                     spine: ["<itemref idref=\"a\"/>", "<itemref idref=\"b\" linear=\"no\"/>", "<itemref idref=\"a\"/>",
                             "<itemref idref=\"b\"/>", "<itemref idref=\"c\" properties=\"page-spread-left\"/>",
                             "<itemref idref=\"a\"/>"],
                     files: ["a", "b", "c"].map { ("\($0).xhtml", EPUBBuilder.xhtml("<p>\($0)</p>")) })
        let (epub, _) = try read(b)
        let chapters = epub.document.chapters
        // Linear documents first, then the non-linear one; each keeps its first itemref's index and properties.
        XCTAssertEqual(chapters.map(\.href), ["OEBPS/a.xhtml", "OEBPS/c.xhtml", "OEBPS/b.xhtml"])
        XCTAssertEqual(chapters.map(\.spineIndex), [0, 4, 1])
        XCTAssertEqual(chapters.map(\.linear), [true, true, false])
        XCTAssertEqual(chapters[1].pageSpread, .left)
        XCTAssertEqual(warnings(epub),
                       ["the spine lists 2 documents more than once (3 repeats, the first OEBPS/a.xhtml); repeats skipped"])
    }

    func testManifestItemsSharingADocumentReadItOnce() throws {
        let b = book(manifest: [xhtmlItem("c1", "c.xhtml"), xhtmlItem("c2", "./c.xhtml"), xhtmlItem("c3", "x/../c.xhtml")],
                     spine: ["<itemref idref=\"c1\"/>", "<itemref idref=\"c2\"/>", "<itemref idref=\"c3\"/>"],
                     files: [("c.xhtml", Self.chapterText)])
        let (epub, container) = try read(b)
        XCTAssertEqual(epub.document.chapters.count, 1)
        XCTAssertEqual(container.reads("OEBPS/c.xhtml"), 1)
        XCTAssertEqual(warnings(epub), ["the spine lists OEBPS/c.xhtml 2 more times; repeats skipped"])
    }

    func testFallbacksMeetingOnOneDocumentReadItOnce() throws {
        let foreign = (1...3).map { "<item id=\"x\($0)\" href=\"x\($0).foo\" media-type=\"application/x-foo\" fallback=\"c\"/>" }
        let b = book(manifest: foreign + [xhtmlItem("c", "c.xhtml")],
                     spine: (1...3).map { "<itemref idref=\"x\($0)\"/>" },
                     files: [("c.xhtml", Self.chapterText)])
        let (epub, container) = try read(b)
        XCTAssertEqual(epub.document.chapters.map(\.spineIndex), [0])
        XCTAssertEqual(container.reads("OEBPS/c.xhtml"), 1)
        XCTAssertEqual(warnings(epub), ["the spine lists OEBPS/c.xhtml 2 more times; repeats skipped"])
    }

    /// 100 spine items start at different links of one 200-link chain of foreign items ending at a document:
    /// each link is checked once for the whole book, not once for every spine item that passes it. Two more
    /// items fall back to each other: their loop ends without a document.
    func testALongFallbackChainIsWalkedOnce() throws {
        let links = (0..<200).map { i in
            "<item id=\"f\(i)\" href=\"f\(i).foo\" media-type=\"application/x-foo\" fallback=\"\(i == 199 ? "c" : "f\(i + 1)")\"/>"
        }
        let loop = ["<item id=\"p\" href=\"p.foo\" media-type=\"application/x-foo\" fallback=\"q\"/>",
                    "<item id=\"q\" href=\"q.foo\" media-type=\"application/x-foo\" fallback=\"p\"/>"]
        let b = book(manifest: links + loop + [xhtmlItem("c", "c.xhtml")],
                     spine: (0..<100).map { "<itemref idref=\"f\($0)\"/>" } + ["<itemref idref=\"p\"/>", "<itemref idref=\"q\"/>"],
                     files: [("c.xhtml", Self.chapterText)])
        let (epub, container) = try read(b)
        XCTAssertEqual(epub.document.chapters.map(\.href), ["OEBPS/c.xhtml"])
        XCTAssertEqual(container.lookups("OEBPS/f150.foo"), 1)
        XCTAssertEqual(container.lookups("OEBPS/f50.foo"), 1)
        XCTAssertEqual(warnings(epub), ["the spine lists OEBPS/c.xhtml 99 more times; repeats skipped",
                                        "spine item OEBPS/p.foo is missing from the book; skipped",
                                        "spine item OEBPS/q.foo is missing from the book; skipped"])
    }

    func testAnUnknownIdRepeatedInTheSpineWarnsOnce() throws {
        let b = book(manifest: [xhtmlItem("c", "c.xhtml")],
                     spine: Array(repeating: "<itemref idref=\"nope\"/>", count: 1_000) + ["<itemref idref=\"c\"/>"],
                     files: [("c.xhtml", Self.chapterText)])
        let (epub, _) = try read(b)
        XCTAssertEqual(epub.document.chapters.count, 1)
        XCTAssertEqual(warnings(epub), ["OEBPS/content.opf: spine item 'nope' is not in the manifest; skipped"])
    }

    func testASpineOverTheLimitIsANamedErrorBeforeAnyDocumentIsRead() throws {
        var limits = InputLimits()
        limits.spineItems = 3
        let b = book(manifest: (1...4).map { xhtmlItem("c\($0)", "c\($0).xhtml") },
                     spine: (1...4).map { "<itemref idref=\"c\($0)\"/>" },
                     files: (1...4).map { ("c\($0).xhtml", Self.chapterText) })
        let container = CountingContainer(try ZipContainer(bytes: b.zip))
        let error = readError { () throws(ReadError) in try EPUBReader.read(container: container, limits: limits) }
        XCTAssertEqual(error?.message, "limit exceeded: the spine has 4 items; the limit is 3 (--max-spine-items)")
        XCTAssertEqual(error?.isMissingInput, false, "bad data (exit 65), not a missing input")
        XCTAssertEqual(container.reads(endingWith: ".xhtml"), 0, "no content document is read")
    }

    /// The default limit counts itemrefs as written: 10,000 repeats are read (as one document), 10,001 are not.
    func testTheDefaultLimitCountsEveryItemref() throws {
        func repeated(_ n: Int) -> EPUBBuilder {
            book(manifest: [xhtmlItem("c", "c.xhtml")], spine: Array(repeating: "<itemref idref=\"c\"/>", count: n),
                 files: [("c.xhtml", Self.chapterText)])
        }
        XCTAssertEqual(try read(repeated(10_000)).0.document.chapters.count, 1)
        let error = readError { () throws(ReadError) in try repeated(10_001).read() }
        XCTAssertEqual(error, .limitExceeded("the spine has 10001 items; the limit is 10000 (--max-spine-items)"))
    }

    /// One picture without width and height, named 2,000 times in one chapter and again in another.
    func testAPictureNamedThousandsOfTimesIsReadOnce() throws {
        let images = String(repeating: "<p><img src=\"p.png\" alt=\"\"/></p>", count: 2_000)
        let b = book(manifest: [xhtmlItem("a", "a.xhtml"), xhtmlItem("b", "b.xhtml"),
                                "<item id=\"p\" href=\"p.png\" media-type=\"image/png\"/>"],
                     spine: ["<itemref idref=\"a\"/>", "<itemref idref=\"b\"/>"],
                     files: [("a.xhtml", EPUBBuilder.xhtml(images)), ("b.xhtml", EPUBBuilder.xhtml("<img src=\"p.png\" alt=\"\"/>"))])
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0, 0, 0, 40, 0, 0, 0, 30, 8, 2, 0, 0, 0]
        var withImage = b
        withImage.add("OEBPS/p.png", bytes: png)
        let (epub, container) = try read(withImage)
        XCTAssertEqual(container.prefixReads("OEBPS/p.png"), 1, "its head, once")
        XCTAssertEqual(container.reads("OEBPS/p.png"), 0, "never the whole picture")
        let sizes = epub.document.chapters.flatMap(\.blocks).compactMap { block -> String? in
            guard case .image(let image) = block.kind else { return nil }
            return "\(image.width ?? 0)x\(image.height ?? 0)"
        }
        XCTAssertEqual(sizes.count, 2_001)
        XCTAssertEqual(Set(sizes), ["40x30"])
    }
}

/// A container that counts what the reader asks of it, per path; thread-safe, as chapters are read in parallel.
final class CountingContainer: Container, @unchecked Sendable {
    let inner: any Container
    private var readCounts: [String: Int] = [:]
    private var lookupCounts: [String: Int] = [:]
    private var prefixCounts: [String: Int] = [:]
    private let lock = NSLock()

    init(_ inner: any Container) { self.inner = inner }

    var paths: [String] { inner.paths }

    func contains(_ path: String) -> Bool {
        lock.withLock { lookupCounts[path, default: 0] += 1 }
        return inner.contains(path)
    }

    func read(_ path: String) throws(ReadError) -> [UInt8] {
        lock.withLock { readCounts[path, default: 0] += 1 }
        return try inner.read(path)
    }

    func readPrefix(_ path: String, upTo count: Int) throws(ReadError) -> [UInt8] {
        lock.withLock { prefixCounts[path, default: 0] += 1 }
        return try inner.readPrefix(path, upTo: count)
    }

    func size(of path: String) -> Int? { inner.size(of: path) }

    /// How many times the entry was read (inflated) whole.
    func reads(_ path: String) -> Int { lock.withLock { readCounts[path, default: 0] } }
    /// How many times the entry's first bytes were read.
    func prefixReads(_ path: String) -> Int { lock.withLock { prefixCounts[path, default: 0] } }
    /// How many times the reader asked whether the entry exists.
    func lookups(_ path: String) -> Int { lock.withLock { lookupCounts[path, default: 0] } }
    /// Reads of every entry whose path ends with the suffix.
    func reads(endingWith suffix: String) -> Int {
        lock.withLock { readCounts.filter { $0.key.hasSuffix(suffix) }.values.reduce(0, +) }
    }
}
