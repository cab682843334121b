import BookModel
@testable import BookReaders
import XCTest

/// A document's writing mode comes from the real cascade (issue 15): classes, `@import`, specificity and the
/// preferred (not alternate) stylesheets, as a browser-based reading system shows the book.
final class StyleCascadeTests: XCTestCase {
    /// Shaped like the EBPAJ (電書協) guide template used by most commercial Japanese EPUBs: `class="vrtl"` on
    /// `<html>`, a linked `book-style.css` that imports the template's sheets first and then sets
    /// `html, .hltr { horizontal-tb }`, and `.vrtl { vertical-rl }` in the imported `style-standard.css`. The class
    /// selector beats the type selector that comes later, so the book is vertical.
    private func ebpajBook(htmlClass: String) throws -> EPUBBook {
        let bookStyle = """
            @charset "UTF-8";
            @import url("style-reset.css");
            @import url("style-standard.css");
            html, .hltr { -epub-writing-mode: horizontal-tb; -webkit-writing-mode: horizontal-tb; writing-mode: horizontal-tb; }
            .main { margin: 0; }
            """
        let standard = """
            @charset "UTF-8";
            .vrtl { -epub-writing-mode: vertical-rl; -webkit-writing-mode: vertical-rl; writing-mode: vertical-rl; }
            .hltr { -epub-writing-mode: horizontal-tb; }
            .tcy { -epub-text-combine: horizontal; }
            """
        let head = "<link rel=\"stylesheet\" type=\"text/css\" href=\"style/book-style.css\"/>"
        let doc = EPUBBuilder.xhtml("<div class=\"main\"><p>吾輩は猫である。名前はまだ無い。</p></div>", head: head,
                                    htmlAttributes: "class=\"\(htmlClass)\"")
        let builder = EPUBBuilder.book([doc], extra: [("OEBPS/style/book-style.css", bookStyle),
                                                      ("OEBPS/style/style-standard.css", standard),
                                                      ("OEBPS/style/style-reset.css", "html, body { margin: 0; }")])
        return try builder.read()
    }

    func testEBPAJTemplateIsVertical() throws {
        let book = try ebpajBook(htmlClass: "vrtl")
        let chapter = try XCTUnwrap(book.document.chapters.first)
        XCTAssertEqual(chapter.writingMode, .verticalRL)
        XCTAssertEqual(chapter.writingModeSource, ".vrtl in style-standard.css")
        XCTAssertEqual(book.document.metadata.writingMode, .verticalRL)
        XCTAssertTrue(book.diagnostics.isEmpty, "\(book.diagnostics)")
    }

    func testEBPAJHorizontalClassStaysHorizontal() throws {
        let chapter = try XCTUnwrap(ebpajBook(htmlClass: "hltr").document.chapters.first)
        XCTAssertEqual(chapter.writingMode, .horizontalTB)
        XCTAssertEqual(chapter.writingModeSource, ".hltr in book-style.css")
    }

    /// `rel="alternate stylesheet"` is a sheet the reader may choose, not one that applies (HTML §4.6.7.8):
    /// a book offering a horizontal alternate to its vertical default is vertical.
    func testAlternateStylesheetDoesNotApply() throws {
        let head = """
            <link rel="stylesheet" href="v.css" title="縦組"/><link rel="alternate stylesheet" href="h.css" title="横組"/>
            """
        let doc = EPUBBuilder.xhtml("<p>縦</p>", head: head)
        let book = try EPUBBuilder.book([doc], extra: [("OEBPS/v.css", "html { writing-mode: vertical-rl }"),
                                                      ("OEBPS/h.css", "html { writing-mode: horizontal-tb }")]).read()
        XCTAssertEqual(book.document.chapters.first?.writingMode, .verticalRL)
    }

    /// CSS Writing Modes 3 §8: an HTML document's principal writing mode is its body's.
    func testBodyClassDecides() throws {
        let doc = EPUBBuilder.xhtml("<p>縦</p>", head: "<style>.tate { writing-mode: vertical-rl }</style>")
            .replacingOccurrences(of: "<body>", with: "<body class=\"tate\">")
        let chapter = try XCTUnwrap(EPUBBuilder.book([doc]).read().document.chapters.first)
        XCTAssertEqual(chapter.writingMode, .verticalRL)
        XCTAssertEqual(chapter.writingModeSource, ".tate in c1.xhtml")
    }

    /// An import cycle is cut where it closes and reported once; the rules read before it still apply.
    func testImportCycleIsCut() throws {
        let doc = EPUBBuilder.xhtml("<p>縦</p>", head: "<link rel=\"stylesheet\" href=\"a.css\"/>")
        let book = try EPUBBuilder.book([doc, doc], extra: [
            ("OEBPS/a.css", "@import \"b.css\"; html { writing-mode: vertical-rl }"),
            ("OEBPS/b.css", "@import \"a.css\";")]).read()
        XCTAssertEqual(book.document.chapters.map(\.writingMode), [.verticalRL, .verticalRL])
        XCTAssertEqual(book.diagnostics.filter { $0.message.contains("a.css") }.count, 1, "\(book.diagnostics)")
    }

    /// A missing sheet linked by every document is reported once, and the same way whichever thread read first.
    func testSheetWarningsAreSaidOncePerBook() throws {
        let doc = EPUBBuilder.xhtml("<p>x</p>", head: "<link rel=\"stylesheet\" href=\"css/gone.css\"/>")
        let builder = EPUBBuilder.book(Array(repeating: doc, count: 24))
        let first = try builder.read().diagnostics.map(\.message)
        XCTAssertEqual(first.filter { $0.contains("gone.css") }, ["stylesheet OEBPS/css/gone.css is missing"])
        for _ in 0..<5 { XCTAssertEqual(try builder.read().diagnostics.map(\.message), first) }
    }
}
