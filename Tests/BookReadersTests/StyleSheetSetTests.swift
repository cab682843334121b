import BookModel
@testable import BookReaders
import XCTest

/// Style sheet sets (HTML §4.6.7.8): a book offers a preferred set and alternates by `title`; `--stylesheet TITLE`
/// (`EPUBReader.read(…, stylesheet:)`) chooses one. Shaped like Kusamakura, whose vertical sheet is preferred and
/// whose horizontal one is an alternate, with a persistent (untitled) sheet beside them.
final class StyleSheetSetTests: XCTestCase {
    private let head = """
        <link rel="stylesheet" href="common.css"/>\
        <link rel="stylesheet" href="v.css" title="縦組"/>\
        <link rel="alternate stylesheet" href="h.css" title="横組"/>
        """
    private var book: EPUBBuilder {
        EPUBBuilder.book([EPUBBuilder.xhtml("<p>本文。</p><p class=\"note\">注。</p>", head: head)], extra: [
            ("OEBPS/common.css", ".note { display: none }"),
            ("OEBPS/v.css", "html { writing-mode: vertical-rl }"),
            ("OEBPS/h.css", "html { writing-mode: horizontal-tb }"),
        ])
    }

    private func read(_ choice: String?) throws -> EPUBBook {
        try EPUBReader.read(bytes: book.zip, stylesheet: choice)
    }

    func testPreferredSetByDefault() throws {
        let chapter = try XCTUnwrap(read(nil).document.chapters.first)
        XCTAssertEqual(chapter.writingMode, .verticalRL)
        XCTAssertEqual(chapter.blocks.map(text), ["本文。"])  // the persistent sheet applies
    }

    func testChoosingTheAlternate() throws {
        let book = try read("横組")
        let chapter = try XCTUnwrap(book.document.chapters.first)
        XCTAssertEqual(chapter.writingMode, .horizontalTB)
        XCTAssertEqual(chapter.writingModeSource, "html in h.css")
        XCTAssertEqual(chapter.blocks.map(text), ["本文。"])  // the persistent sheet still applies
        XCTAssertTrue(book.diagnostics.isEmpty, "\(book.diagnostics)")
    }

    func testChoosingThePreferredByName() throws {
        XCTAssertEqual(try read("縦組").document.chapters.first?.writingMode, .verticalRL)
    }

    /// A set no document offers: each keeps its preferred sheets, and the reader hears once what the book offers.
    func testUnknownSetKeepsThePreferredWithAWarning() throws {
        let book = try read("Horizontal")
        XCTAssertEqual(book.document.chapters.first?.writingMode, .verticalRL)
        XCTAssertEqual(book.diagnostics.map(\.message),
                       ["no style sheet titled 'Horizontal'; the book offers '横組', '縦組'"])
    }
}
