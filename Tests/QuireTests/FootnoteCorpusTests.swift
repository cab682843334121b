import BookModel
import Foundation
import Layout
import Quire
import TestSupport
import XCTest

/// Footnotes on real books (issue 17): in every corpus book that marks notes (EPUB 3 asides, Standard Ebooks'
/// endnotes, the Waste Land's rearnotes; `accessible_epub_3.epub` only shows note markup in code examples), each referenced note is set on the page of its
/// first reference or the next one (or right after an earlier note that runs over those pages), and every
/// note's text appears once (`PipelineTests.assertConserved`, run on
/// the whole corpus, checks the text note by note).
final class FootnoteCorpusTests: XCTestCase {
    static let books = [
        "epub/standardebooks/leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub",
        "epub/standardebooks/samuel-pepys_the-diary.epub",
        "epub/wasteland.epub", "epub/georgia-cfi.epub", "epub/moby-dick.epub", "epub/w3c/pss-support.epub",
    ]

    func testEachNoteIsOnThePageOfItsFirstReferenceOrTheNext() throws {
        let corpus = try corpus()
        for relative in Self.books {
            let book = try Quire.open([corpus.appendingPathComponent(relative).path])
            let pages = Quire.paginate(book, layout: LayoutOptions()).pages
            // The first reference of each note, in reading order.
            var first: [String: (spine: Int, offset: Int)] = [:]
            for chapter in book.document.chapters {
                for reference in chapter.noteReferences where first[reference.target] == nil {
                    first[reference.target] = (chapter.spineIndex, reference.offset)
                }
            }
            func pageIndex(holding spine: Int, _ offset: Int) -> Int? {
                pages.firstIndex { page in
                    ([page.source] + page.additionalSources).contains { $0.spine == spine && $0.start <= offset && offset < $0.end }
                }
            }
            var placed = 0
            for (index, page) in pages.enumerated() {
                for note in page.notes where !note.continued {
                    placed += 1
                    guard let reference = first[note.source] else {
                        XCTFail("\(relative): page \(page.number) sets \(note.source), which nothing refers to")
                        continue
                    }
                    guard let at = pageIndex(holding: reference.spine, reference.offset) else {
                        XCTFail("\(relative): no page holds the reference to \(note.source)")
                        continue
                    }
                    // Later only when an earlier note held every page in between, continuing from page to page:
                    // notes are never set out of order (Pepys' notes run to two pages and more).
                    let held = index > at + 1 && pages[(at + 1)..<index].allSatisfy { $0.notes.first?.continued == true }
                    XCTAssertTrue(index == at || index == at + 1 || held,
                                  "\(relative): \(note.source) is on page \(page.number), its reference on page \(at + 1)")
                }
                XCTAssertLessThanOrEqual(page.lines.count, page.blockSize, "\(relative) page \(page.number)")
            }
            XCTAssertGreaterThan(placed, 0, "\(relative): no footnote was set")
        }
    }

    /// Markdown footnotes go to the foot of the page that refers to them, as EPUB notes do, and the rule that
    /// introduced them at the chapter's end goes with them.
    func testMarkdownFootnotesAtTheFootOfThePage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-md-notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("notes.md")
        try """
            # Notes

            A claim that needs a source.[^src] Another that needs a comment.[^c]

            More text, and the source again.[^src]

            [^src]: The source, cited once.
            [^c]: A comment.
            """.write(to: path, atomically: true, encoding: .utf8)
        let book = try Quire.open([path.path])
        let pages = Quire.paginate(book, layout: LayoutOptions(pageSize: PageSize(columns: 30, lines: 14))).pages
        XCTAssertEqual(pages.count, 1)
        XCTAssertEqual(pages[0].notes.map(\.marker), ["¹", "²"])
        XCTAssertEqual(pages[0].lines.suffix(2).map(\.text), ["¹ The source, cited once.", "² A comment."])
        XCTAssertEqual(pages[0].lines.filter { $0.role == .rule }.count, 1, "only the rule over the notes")
        PipelineTests.assertConserved(book, options: LayoutOptions(pageSize: PageSize(columns: 30, lines: 14)), "notes.md")
    }
}
