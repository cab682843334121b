import BookModel
import Foundation
import Layout
import Quire
import Renderers
import Spreads
import TestSupport
import XCTest

/// `ContentsPages` (issue 22): a contents entry leads to the page holding its fragment's element, found from the
/// pages' source ranges and the chapters' anchors.
final class ContentsPagesTests: XCTestCase {
    /// A page's text, lines joined by spaces.
    private func text(_ page: Page) -> String { page.lines.map(\.text).joined(separator: " ") }

    /// Lower-case letters and digits only: titles and page text compared whatever the line breaks, spacing,
    /// case and punctuation (a heading set in capitals, a title written with curly quotes).
    private func letters(_ text: String) -> String {
        String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }))
    }

    private func flatten(_ entries: [TOCEntry]) -> [TOCEntry] { entries.flatMap { [$0] + flatten($0.children) } }

    func testFixtureEntriesLandOnThePagesOfTheirHeadings() throws {
        let path = Run.packageRoot.appendingPathComponent("Tests/Fixtures-html/toc-fragments").path
        let book = try Quire.open([path])
        let pagination = Quire.paginate(book, layout: LayoutOptions(pageSize: PageSize(columns: 38, lines: 20)))
        let pages = pagination.pages
        let chapterTwo = pages.filter { $0.kind == .content && $0.source.href == "OEBPS/ch2.xhtml" }
        XCTAssertGreaterThanOrEqual(chapterTwo.count, 4, "the fixture's chapter 2 spans four pages or more")

        let targets = ContentsPages.pages(toc: book.document.toc, pages: pages, chapters: book.document.chapters)
        let entries = flatten(book.document.toc)
        XCTAssertEqual(Set(targets.keys), Set(entries.map(\.href)))
        let byNumber = Dictionary(uniqueKeysWithValues: pages.map { ($0.number, $0) })
        for entry in entries where entry.title != "A Missing Target" {
            let page = try XCTUnwrap(targets[entry.href].flatMap { byNumber[$0] }, entry.href)
            XCTAssertTrue(letters(text(page)).contains(letters(entry.title)), "\(entry.href) → page \(page.number): \(text(page))")
            if !entry.href.contains("#") { XCTAssertTrue(page.startsChapter, entry.href) }
        }
        // The fragments in the middle of chapter 2 are not on its first page, and not all on one page.
        let middle = ["OEBPS/ch2.xhtml#part-b", "OEBPS/ch2.xhtml#harbour", "OEBPS/ch2.xhtml#lantern"].compactMap { targets[$0] }
        XCTAssertEqual(middle.count, 3)
        XCTAssertTrue(middle.allSatisfy { $0 > chapterTwo[0].number }, "\(middle)")
        XCTAssertEqual(middle, Array(Set(middle)).sorted(), "three pages, in order")
        // The inline target is found within its paragraph, which starts a page earlier.
        let paragraph = try XCTUnwrap(chapterTwo.first { letters(text($0)).contains("thedoctorclimbedout") })
        XCTAssertEqual(targets["OEBPS/ch2.xhtml#lantern"], paragraph.number + 1)
        // An id the chapter does not have: its first page, as before fragments were followed.
        XCTAssertEqual(targets["OEBPS/ch3.xhtml#no-such-id"], targets["OEBPS/ch3.xhtml"])
    }

    /// Hand-made pages: chapters sharing an href (a Markdown file split at its headings), a page holding two
    /// chapters (continuous layout), a blank page, percent-encoded hrefs and an id past the last character.
    func testRangesSpinesAndEncodings() {
        func page(_ number: Int, _ sources: [PageSource], kind: PageKind = .content) -> Page {
            Page(number: number, kind: kind, source: sources[0], additionalSources: Array(sources.dropFirst()))
        }
        let pages = [
            page(1, [PageSource(spine: 0, href: "book.md", start: 0, end: 50)]),
            page(2, [PageSource(spine: 0, href: "book.md", start: 50, end: 90),
                     PageSource(spine: 1, href: "book.md", start: 0, end: 30)]),
            page(3, [PageSource(spine: 1, href: "book.md", start: 30, end: 30)], kind: .blank),
            page(4, [PageSource(spine: 1, href: "book.md", start: 30, end: 80)]),
            page(5, [PageSource(spine: 2, href: "a b.xhtml", start: 0, end: 40)]),
            page(6, [PageSource(spine: 2, href: "a b.xhtml", start: 40, end: 70)]),
        ]
        let anchors = [0: ["intro": 0, "late": 60], 1: ["second": 0, "deep": 45],
                       2: ["x": 40, "é": 10, "end": 70]]
        let toc = [
            TOCEntry(title: "", href: "book.md", children: [
                TOCEntry(title: "", href: "book.md#late"),
                TOCEntry(title: "", href: "book.md#second"),
                TOCEntry(title: "", href: "book.md#deep"),
                TOCEntry(title: "", href: "book.md#unknown"),
            ]),
            TOCEntry(title: "", href: "a%20b.xhtml#x"),
            TOCEntry(title: "", href: "a b.xhtml#%C3%A9"),
            TOCEntry(title: "", href: "a b.xhtml#end"),
            TOCEntry(title: "", href: "a b.xhtml#"),
            TOCEntry(title: "", href: "missing.xhtml#x"),
            TOCEntry(title: "", href: ""),
        ]
        XCTAssertEqual(ContentsPages.pages(toc: toc, pages: pages, anchors: anchors), [
            "book.md": 1, "book.md#late": 2, "book.md#second": 2, "book.md#deep": 4, "book.md#unknown": 1,
            "a%20b.xhtml#x": 6, "a b.xhtml#%C3%A9": 5, "a b.xhtml#end": 6, "a b.xhtml#": 5,
        ])
        // Without anchors every entry goes to its document's first page.
        XCTAssertEqual(ContentsPages.pages(toc: toc, pages: pages, anchors: [:])["book.md#deep"], 1)
    }

    /// The words of a text, lower-cased: runs of letters and digits.
    private func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init))
    }

    /// Real books whose contents point inside their documents: O'Reilly's Accessible EPUB 3 (sections of
    /// chapters), the EPUB 3.0 specification (309 entries, down to the fifth level) and the Rust book in Markdown
    /// (one file split at its headings: every chapter has the same href). Every entry with a title
    /// lands on a page whose text holds the words of that title. Words, not the title as one string: the
    /// specification's nav writes `The <code>nav</code> Element` for the heading "The toc nav Element", and the
    /// reader keeps only the text outside `<code>` (Navigation.swift). (Children's Literature was tried and left
    /// out: its nav composes titles such as "190 A FOUR-LEAVED CLOVER" for a section headed "190".)
    func testCorpusEntriesLandOnTheirTitles() throws {
        let corpus = try corpus()
        for name in ["epub/accessible_epub_3.epub", "epub/epub30-spec.epub", "markdown/rust-book-nostarch.md"] {
            let book = try Quire.open([corpus.appendingPathComponent(name).path])
            let pagination = Quire.paginate(book)
            let pages = Dictionary(uniqueKeysWithValues: pagination.pages.map { ($0.number, $0) })
            let targets = ContentsPages.pages(toc: book.document.toc, pages: pagination.pages, chapters: book.document.chapters)
            let entries = flatten(book.document.toc).filter { $0.href.contains("#") && !words($0.title).isEmpty }
            XCTAssertGreaterThan(entries.count, 20, name)
            var distinct: Set<Int> = []
            for entry in entries {
                guard let number = targets[entry.href], let page = pages[number] else {
                    XCTFail("\(name): \(entry.href) leads nowhere"); continue
                }
                distinct.insert(number)
                let missing = words(entry.title).subtracting(words(text(page)))
                XCTAssertTrue(missing.isEmpty, "\(name): \(entry.title) → page \(number) lacks \(missing.sorted()): \(text(page))")
            }
            XCTAssertGreaterThan(distinct.count, entries.count / 2, name)
        }
    }
}
