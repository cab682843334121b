import BookModel
import Foundation
import Layout
import Quire
@testable import Renderers
import TestSupport
import XCTest

/// Every corpus book at the default page size (run when QUIRE_CORPUS is set, skipped otherwise): no image box is
/// split across pages, as a printed picture never is, so the HTML viewer draws each picture once.
final class ImageBoxCorpusTests: XCTestCase {
    /// The corpus's books, relative paths, in a stable order.
    static func books(in corpus: URL) -> [String] {
        var keys: [String] = []
        let walker = FileManager.default.enumerator(atPath: corpus.path)
        while let relative = walker?.nextObject() as? String {
            let lower = relative.lowercased()
            if lower.hasSuffix(".epub") || lower.hasSuffix(".md") { keys.append(relative) }
        }
        return keys.sorted()
    }

    /// Where a line sits in a framed image box: its top or bottom frame line, a line between them, or none (any
    /// other line, an unframed placeholder included). Told by role and the frame's end edge, which closes every
    /// line of a box (a quote's bar or a list's marker only ever comes before it), so a box inside a quote or a
    /// list counts too.
    enum BoxPart { case top, inside, bottom, none }

    static func part(_ line: Line) -> BoxPart {
        guard line.role == .image else { return .none }
        if line.text.hasSuffix("┐") { return .top }
        if line.text.hasSuffix("┘") { return .bottom }
        return line.text.hasSuffix("│") ? .inside : .none
    }

    /// The problems of one book's pages: a page that holds a top frame line but not the bottom one after it, or
    /// that starts inside a box.
    static func splitBoxes(_ pages: [Page]) -> [String] {
        var problems: [String] = []
        for page in pages {
            var open = false
            for (i, line) in page.lines.enumerated() {
                switch part(line) {
                case .top:
                    if open { problems.append("page \(page.number) line \(i + 1): a box opens inside a box") }
                    open = true
                case .inside, .bottom:
                    if !open { problems.append("page \(page.number) starts inside an image box (line \(i + 1))") }
                    if part(line) == .bottom { open = false }
                case .none:
                    if open { problems.append("page \(page.number) line \(i + 1): an image box is interrupted") }
                    open = false
                }
            }
            if open { problems.append("page \(page.number): an image box runs past the page's end") }
        }
        return problems
    }

    func testNoImageBoxIsSplitAcrossPages() throws {
        let corpus = try corpus()
        var boxes = 0
        var books = 0
        for key in Self.books(in: corpus) {
            guard let book = try? Quire.open([corpus.appendingPathComponent(key).path]) else { continue }
            books += 1
            let pages = Layout.layOut(book.document, baseDirection: book.document.metadata.pageProgression).pages
            let problems = Self.splitBoxes(pages)
            XCTAssertEqual(problems, [], key)
            boxes += pages.reduce(0) { $0 + $1.lines.filter { Self.part($0) == .top }.count }
            // The HTML viewer draws a picture over each run of a box's lines: one run, on one page.
            let pagesOfBox = HTMLAssets.imageBoxes(pages).enumerated().flatMap { page, lines in
                Set(lines.compactMap { $0 }).map { ($0, page) }
            }
            let shownTwice = Dictionary(grouping: pagesOfBox, by: \.0).filter { $0.value.count > 1 }
                .map { "box \($0.key) on pages \($0.value.map { $0.1 + 1 }.sorted())" }.sorted()
            XCTAssertEqual(shownTwice, [], "\(key): image boxes drawn on more than one page")
        }
        XCTAssertGreaterThan(books, 100, "the corpus's books were read")
        XCTAssertGreaterThan(boxes, 50, "the corpus's image boxes were seen")
    }

    /// The two books the issue names: the portrait in Kusamakura and the cover in A Shared Culture, each shown
    /// whole on one page (and so once in the HTML viewer).
    func testNamedBooksShowTheirPicturesWhole() throws {
        let corpus = try corpus()
        for name in ["kusamakura-japanese-vertical-writing.epub", "cc-shared-culture.epub"] {
            let book = try Quire.open([corpus.appendingPathComponent("epub/\(name)").path])
            let pages = Layout.layOut(book.document, baseDirection: book.document.metadata.pageProgression).pages
            let tops = pages.filter { $0.lines.contains { Self.part($0) == .top } }
            XCTAssertFalse(tops.isEmpty, "\(name) has image boxes")
            XCTAssertEqual(Self.splitBoxes(pages), [], name)
            let sources = HTMLAssets.imageSources(book.document)
            let drawn = HTMLAssets.imageBoxes(pages).map { Set($0.compactMap { $0 }) }
            for box in sources.indices {
                XCTAssertLessThanOrEqual(drawn.filter { $0.contains(box) }.count, 1, "\(name): image \(box) drawn once")
            }
        }
    }
}
