import BookModel
@testable import BookReaders
import TestSupport
import XCTest

/// `Chapter.anchors` (issue 22): each id a contents entry can name is recorded at the offset where its element's
/// text starts, counted as block locations are, so the page holding it can be found from page source ranges.
final class AnchorTests: XCTestCase {
    /// The fixture book of Tests/Fixtures-html (shared with the renderers' and browser tests).
    private static let fixture = Run.packageRoot.appendingPathComponent("Tests/Fixtures-html/toc-fragments").path

    /// The block whose text starts with `prefix`, searched through the chapter's blocks.
    private func block(_ chapter: Chapter, startingWith prefix: String, file: StaticString = #filePath,
                       line: UInt = #line) throws -> Block {
        try XCTUnwrap(chapter.blocks.first { text($0).hasPrefix(prefix) }, "no block starts with \(prefix)",
                      file: file, line: line)
    }

    func testFixtureIDsAreRecordedWhereTheirElementsStart() throws {
        let book = try EPUBReader.read(path: Self.fixture)
        let chapters = book.document.chapters
        XCTAssertEqual(chapters.map(\.href), ["OEBPS/ch1.xhtml", "OEBPS/ch2.xhtml", "OEBPS/ch3.xhtml"])
        XCTAssertEqual(chapters[0].anchors, [:], "a chapter without ids has none")

        let two = chapters[1]
        XCTAssertEqual(Set(two.anchors.keys), ["part-b", "harbour", "lantern"])
        // An `<h2 id>` and a `<section id>`: the offset of their first block.
        let partB = try block(two, startingWith: "Night on the Water")
        XCTAssertEqual(two.anchors["part-b"], partB.location.offset)
        XCTAssertGreaterThan(partB.location.offset, 0)
        XCTAssertEqual(two.anchors["harbour"], try block(two, startingWith: "The Harbour Wall").location.offset)
        // An inline `<span id>` mid-paragraph: the paragraph's offset plus the scalars before the span's text.
        let paragraph = try block(two, startingWith: "The doctor climbed out")
        let before = try XCTUnwrap(text(paragraph).range(of: "the green lantern")).lowerBound
        let expected = paragraph.location.offset + text(paragraph)[..<before].unicodeScalars.count
        XCTAssertEqual(two.anchors["lantern"], expected)

        // EPUB 2's `<a name>`, empty, at the start of a heading.
        let three = chapters[2]
        XCTAssertEqual(three.anchors, ["old-mill": try block(three, startingWith: "The Old Mill").location.offset])
    }

    func testFirstElementWithAnIDWinsAndNestedPlacesCount() throws {
        let chapter = try chapter(body: """
            <p>Alpha beta.</p>
            <div id="box"><p>Gamma <em>delta <b id="deep">epsilon</b></em> zeta.</p></div>
            <ul><li id="item">Eta</li><li><p id="twice">Theta</p></li></ul>
            <p id="twice">Iota</p>
            <p><a name="both">Mu</a></p><p id="both">Nu</p>
            loose <span id="loose">kappa</span>
            <p>x<sup id="raised">2</sup> and <a name="old" id="new">lambda</a></p>
            """)
        let offsets = chapter.blocks.map(\.location.offset)
        let gamma = try block(chapter, startingWith: "Gamma").location.offset
        XCTAssertEqual(chapter.anchors["box"], gamma)
        XCTAssertEqual(chapter.anchors["deep"], gamma + "Gamma delta ".unicodeScalars.count)
        let list = try XCTUnwrap(chapter.blocks.first { if case .list = $0.kind { return true } else { return false } })
        XCTAssertEqual(chapter.anchors["item"], list.location.offset)
        XCTAssertEqual(chapter.anchors["twice"], list.location.offset + "Eta".count, "the first element wins")
        XCTAssertEqual(chapter.anchors["both"], try block(chapter, startingWith: "Nu").location.offset,
                       "an id wins over an earlier link name, as HTML finds the indicated element")
        XCTAssertEqual(chapter.anchors["loose"], try block(chapter, startingWith: "loose").location.offset + "loose ".count)
        let last = try XCTUnwrap(offsets.last)
        XCTAssertEqual(chapter.anchors["raised"], last + 1)
        // `name` is read on links only, and both names of one link lead to it.
        let lambda = last + text(chapter.blocks.last!).unicodeScalars.count - "lambda".count
        XCTAssertEqual(chapter.anchors["new"], lambda)
        XCTAssertEqual(chapter.anchors["old"], lambda)
    }

    func testMarkdownHeadingSlugsOfTheContentsAreAnchors() throws {
        let source = "# Getting Started\n\nSome text.\n\n## Inside\n\nMore.\n\n# Ownership & Borrowing\n\nText.\n\n# Getting Started\n\nAgain.\n"
        let book = try MarkdownReader.read(data: Array(source.utf8), name: "book.md")
        let chapters = book.document.chapters
        XCTAssertEqual(chapters.map(\.anchors), [["getting-started": 0], ["ownership--borrowing": 0], ["getting-started-1": 0]])
        // Every contents fragment is an anchor of a chapter with the entry's href: what `ContentsPages` looks up.
        for entry in book.document.toc {
            let parts = entry.href.split(separator: "#", maxSplits: 1).map(String.init)
            XCTAssertEqual(parts.count, 2, entry.href)
            XCTAssertTrue(chapters.contains { $0.href == parts[0] && $0.anchors[parts[1]] == $0.blocks.first?.location.offset },
                          entry.href)
        }
    }
}
