import Foundation
import Quire
import TestSupport
import XCTest
@testable import Viewer

final class ContentsPanelTests: XCTestCase {
    typealias Entry = ContentsPanel.Entry
    let screen = Viewport(columns: 40, lines: 8)

    /// One content page a document, in spine order, as an EPUB lays them out (container paths).
    func pages(_ hrefs: [String]) -> [Page] {
        hrefs.enumerated().map { index, href in
            Page(number: index + 1, startsChapter: true,
                 source: PageSource(spine: index, href: href, start: 0, end: 10))
        }
    }

    func testEntriesGoToTheFirstPageOfTheDocumentTheyName() {
        var pages = pages(["OEBPS/text/title.xhtml", "OEBPS/text/ch1.xhtml", "OEBPS/text/ch1.xhtml",
                           "OEBPS/text/ch 2.xhtml"])
        pages[2].startsChapter = false
        pages[2].source.spine = 1  // page 3 continues chapter 1
        let toc = [
            TOCEntry(title: "Title", href: "OEBPS/text/title.xhtml"),
            TOCEntry(title: "Part", href: "", children: [
                TOCEntry(title: "One", href: "OEBPS/text/ch1.xhtml#start", children: [
                    TOCEntry(title: "One, later", href: "OEBPS/text/ch1.xhtml#later"),
                ]),
                TOCEntry(title: "Two", href: "OEBPS/text/ch%202.xhtml"),
            ]),
            TOCEntry(title: "Notes", href: "OEBPS/text/notes.xhtml"),
        ]
        XCTAssertEqual(ContentsPanel.entries(toc: toc, pages: pages), [
            Entry(title: "Title", depth: 0, page: 1),
            Entry(title: "Part", depth: 0, page: nil),
            Entry(title: "One", depth: 1, page: 2),
            Entry(title: "One, later", depth: 2, page: 2),
            Entry(title: "Two", depth: 1, page: 4),
            Entry(title: "Notes", depth: 0, page: nil),
        ])
    }

    func testBlankPagesAreNotWhereAChapterStarts() {
        var pages = pages(["a.xhtml", "b.xhtml", "b.xhtml"])
        pages[1] = Page.blank(number: 2, before: pages[2])
        pages[2].source.spine = 1
        let entries = ContentsPanel.entries(toc: [TOCEntry(title: "B", href: "b.xhtml")], pages: pages)
        XCTAssertEqual(entries.map(\.page), [3])
    }

    /// A Markdown file cut at its headings is one document of several chapters; its TOC has one entry each.
    func testMarkdownHeadingsGoToTheirOwnChapters() throws {
        let document = try document(markdown: markdownBook(chapters: 5, paragraphs: 3))
        let result = spreads(document)
        let entries = ContentsPanel.entries(toc: document.toc, pages: result.pages)
        XCTAssertEqual(entries.count, 5)
        let starts = result.pages.filter { $0.startsChapter && $0.kind == .content }.map(\.number)
        XCTAssertEqual(entries.map(\.page), starts.map { Optional($0) })
        XCTAssertEqual(Set(starts).count, 5, "five chapters on different pages")
    }

    func testPreselectsTheLastEntryAtOrBeforeTheCurrentPage() {
        let entries = [Entry(title: "A", depth: 0, page: 1), Entry(title: "B", depth: 0, page: 5),
                       Entry(title: "lost", depth: 1, page: nil), Entry(title: "C", depth: 0, page: 9)]
        XCTAssertEqual(ContentsPanel(entries: entries, current: 7, screen: screen).selected, 1)
        XCTAssertEqual(ContentsPanel(entries: entries, current: 9, screen: screen).selectedEntry?.title, "C")
        XCTAssertEqual(ContentsPanel(entries: entries, current: nil, screen: screen).selected, 0)
        XCTAssertEqual(ContentsPanel(entries: [], current: 3, screen: screen).selectedEntry, nil)
    }

    func testRowsIndentByDepthAndRightAlignThePage() {
        let entries = [Entry(title: "Opening", depth: 0, page: 1), Entry(title: "Inner", depth: 2, page: 123),
                       Entry(title: "Unknown", depth: 1, page: nil),
                       Entry(title: String(repeating: "長い題名", count: 10), depth: 0, page: 200)]
        let picture = ContentsPanel(entries: entries, current: 123, screen: screen).picture()
        assertFits(picture, screen)
        XCTAssertTrue(picture.rows[0].hasPrefix("Opening "))
        XCTAssertTrue(picture.rows[1].hasPrefix("    Inner "))
        XCTAssertTrue(picture.rows[2].hasPrefix("  Unknown "))
        for (row, number) in zip(picture.rows, ["1", "123", "?", "200"]) {
            XCTAssertEqual(Cells.width(row), screen.columns, row)
            XCTAssertTrue(row.hasSuffix(" " + number), row)
        }
        XCTAssertTrue(picture.rows[3].contains("…"), "a long title is cut: \(picture.rows[3])")
        XCTAssertEqual(picture.highlights, [Highlight(row: 1, columns: 0..<screen.columns)])
        XCTAssertTrue(picture.status.contains("2 of 4"), picture.status)
    }

    func testMovesAndScrolling() {
        let entries = (1...30).map { Entry(title: "Entry \($0)", depth: 0, page: $0 * 2) }
        var panel = ContentsPanel(entries: entries, current: 1, screen: screen)
        let height = screen.lines - 1
        panel.move(.up)
        XCTAssertEqual(panel.selected, 0)
        panel.move(.down); panel.move(.down)
        XCTAssertEqual(panel.selectedEntry?.title, "Entry 3")
        panel.move(.right)
        XCTAssertEqual(panel.selected, 2, "left and right do nothing in a list")
        panel.move(.pageDown)
        XCTAssertEqual(panel.selected, 2 + height)
        XCTAssertEqual(panel.top, panel.selected - height + 1, "scrolled just enough")
        var picture = panel.picture()
        XCTAssertEqual(picture.highlights.first?.row, height - 1)
        XCTAssertTrue(picture.rows[height - 1].hasPrefix("Entry \(panel.selected + 1) "))
        panel.move(.end)
        XCTAssertEqual(panel.selected, 29)
        picture = panel.picture()
        XCTAssertTrue(picture.rows.last!.hasPrefix("Entry 30 "))
        panel.move(.pageUp)
        XCTAssertEqual(panel.selected, 29 - height)
        panel.move(.home)
        XCTAssertEqual(panel.top, 0)
        // Opening the panel deep in the book shows the entry at once.
        let late = ContentsPanel(entries: entries, current: 50, screen: screen)
        XCTAssertEqual(late.selectedEntry?.title, "Entry 25")
        XCTAssertEqual(late.picture().highlights.count, 1)
    }

    func testNoContents() {
        let picture = ContentsPanel(entries: [], current: nil, screen: screen).picture()
        assertFits(picture, screen)
        XCTAssertTrue(picture.highlights.isEmpty)
    }

    /// Real books: TOC hrefs resolve to the documents the pages come from, entries in reading order.
    func testCorpusBooksMapTheirContentsToPages() throws {
        let corpus = try corpus()
        for name in ["accessible_epub_3.epub", "childrens-literature.epub", "israelsailing.epub",
                     "kusamakura-japanese-vertical-writing.epub", "internallinks.epub"] {
            let book = try Quire.open([corpus.appendingPathComponent("epub/\(name)").path])
            let options = SpreadOptions(viewport: Viewport(columns: 80, lines: 24))
            let result = Quire.paginate(book, spreads: options).spreads
            let entries = ContentsPanel.entries(toc: book.document.toc, pages: result.pages)
            XCTAssertEqual(entries.count, book.document.toc.reduce(0) { $0 + $1.count }, name)
            let found = entries.compactMap(\.page)
            // Every entry naming a document of the spine finds it; the few that do not name one outside it.
            let spineHrefs = Set(book.document.chapters.map(\.href))
            for (entry, toc) in zip(entries, flatten(book.document.toc)) {
                let path = String(toc.href.prefix { $0 != "#" })
                if spineHrefs.contains(path) || spineHrefs.contains(path.removingPercentEncoding ?? path) {
                    XCTAssertNotNil(entry.page, "\(name): \(toc.title) → \(toc.href)")
                }
            }
            XCTAssertGreaterThan(found.count, entries.count / 2, "\(name): most entries found")
            XCTAssertEqual(found, found.sorted(), "\(name): entries in reading order")
        }
    }

    private func flatten(_ toc: [TOCEntry]) -> [TOCEntry] { toc.flatMap { [$0] + flatten($0.children) } }
}
