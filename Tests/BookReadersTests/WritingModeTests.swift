import Foundation
import XCTest
@testable import BookReaders
import BookModel

final class WritingModeTests: XCTestCase {
    private func mode(head: String = "", htmlAttributes: String = "", body: String = "<p>縦書きの文。</p>",
                      css: String? = nil) throws -> (chapter: WritingMode?, book: WritingMode?) {
        let doc = EPUBBuilder.xhtml(body, head: head, htmlAttributes: htmlAttributes)
        let b = EPUBBuilder.book([doc], extra: css.map { [("OEBPS/css/book.css", $0)] } ?? [])
        let book = try b.read()
        return (book.document.chapters.first?.writingMode, book.document.metadata.writingMode)
    }

    private let link = "<link rel=\"stylesheet\" type=\"text/css\" href=\"css/book.css\"/>"

    func testDefaultIsHorizontal() throws {
        let m = try mode()
        XCTAssertEqual(m.chapter, .horizontalTB)
        XCTAssertEqual(m.book, .horizontalTB)
    }

    func testLinkedStylesheetOnHtml() throws {
        let m = try mode(head: link, css: "@charset \"utf-8\";\n/* vertical */\nhtml { -epub-writing-mode: vertical-rl; }")
        XCTAssertEqual(m.chapter, .verticalRL)
        XCTAssertEqual(m.book, .verticalRL)
    }

    func testStyleElementOnBody() throws {
        let m = try mode(head: "<style type=\"text/css\">p { margin: 0 } body { -webkit-writing-mode: vertical-rl }</style>")
        XCTAssertEqual(m.chapter, .verticalRL)
    }

    func testRootSelectorInsideMedia() throws {
        let m = try mode(head: link, css: "@media screen { :root { writing-mode: vertical-rl !important; } }")
        XCTAssertEqual(m.chapter, .verticalRL)
    }

    func testStyleAttribute() throws {
        XCTAssertEqual(try mode(htmlAttributes: "style=\"writing-mode: vertical-rl\"").chapter, .verticalRL)
        let onBody = try EPUBBuilder.book([EPUBBuilder.xhtml("<p>x</p>").replacingOccurrences(
            of: "<body>", with: "<body style=\"-epub-writing-mode:vertical-rl\">")]).read()
        XCTAssertEqual(onBody.document.chapters.first?.writingMode, .verticalRL)
    }

    func testStyleAttributeOverridesStylesheet() throws {
        let m = try mode(head: link, htmlAttributes: "style=\"writing-mode: horizontal-tb\"", css: "html { writing-mode: vertical-rl }")
        XCTAssertEqual(m.chapter, .horizontalTB)
    }

    func testRulesOnOtherElementsDoNotCount() throws {
        let m = try mode(head: "<style>p { writing-mode: vertical-rl } .tate { writing-mode: vertical-rl } htmlish { writing-mode: vertical-rl }</style>")
        XCTAssertEqual(m.chapter, .horizontalTB)
    }

    func testBookModeFollowsMostOfTheText() throws {
        let vertical = EPUBBuilder.xhtml("<p>\(String(repeating: "縦", count: 50))</p>", head: "<style>html { writing-mode: vertical-rl }</style>")
        let horizontal = EPUBBuilder.xhtml("<p>Short colophon.</p>")
        let book = try EPUBBuilder.book([horizontal, vertical]).read()
        XCTAssertEqual(book.document.chapters.map(\.writingMode), [.horizontalTB, .verticalRL])
        XCTAssertEqual(book.document.metadata.writingMode, .verticalRL)
        let mostlyHorizontal = try EPUBBuilder.book([EPUBBuilder.xhtml("<p>\(String(repeating: "word ", count: 40))</p>"),
                                                    EPUBBuilder.xhtml("<p>縦</p>", head: "<style>html { writing-mode: vertical-rl }</style>")]).read()
        XCTAssertEqual(mostlyHorizontal.document.metadata.writingMode, .horizontalTB)
    }
}
