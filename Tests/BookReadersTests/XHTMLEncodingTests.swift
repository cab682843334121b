import Foundation
import XCTest
@testable import BookReaders
import BookModel

/// Entities, declared encodings and recovery from malformed markup (the XHTML importer over libxml2).
final class XHTMLEncodingTests: XCTestCase {
    func testEntities() throws {
        let c = try chapter(body: "<p>Fish &amp; chips &lt;3 &#233;t&#xE9; &#x1F600; &quot;q&quot;</p>")
        XCTAssertEqual(c.blocks.map(text), ["Fish & chips <3 été 😀 \"q\""])
    }

    func testInternalDTDEntities() throws {
        let doc = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html [
          <!ENTITY author "Jane Q. Writer">
          <!ENTITY nbsp "&#160;">
        ]>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head>
        <body><p>By &author;,&nbsp;today.</p></body></html>
        """
        let book = try EPUBBuilder.book([doc]).read()
        XCTAssertEqual(book.document.chapters.first?.blocks.map(text), ["By Jane Q. Writer,\u{A0}today."])
        XCTAssertEqual(book.diagnostics, [], "parsed as XML, no HTML recovery")
    }

    func testDeclaredNonUTF8Encodings() throws {
        let latin1 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head><body><p>caf".utf8)
            + [0xE9, 0x20, 0xE0, 0x20, 0xFC] + Array("</p></body></html>".utf8)
        // 日本語 in Shift_JIS.
        let sjis = Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head><body><p>".utf8)
            + [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA] + Array("</p></body></html>".utf8)
        var b = EPUBBuilder.book(["", ""])
        b.entries.removeAll { $0.name.hasSuffix(".xhtml") }
        b.add("OEBPS/c1.xhtml", bytes: latin1)
        b.add("OEBPS/c2.xhtml", bytes: sjis)
        let book = try b.read()
        XCTAssertEqual(book.document.chapters.map { $0.blocks.map(text) }, [["café à ü"], ["日本語"]])
        XCTAssertEqual(book.diagnostics, [])
    }

    func testMalformedXHTMLRecoveredWithWarning() throws {
        let doc = "<html><head><title>t</title></head><body><p>Unclosed <b>bold<p>Second &amp; last</body></html>"
        let book = try EPUBBuilder.book([doc]).read()
        XCTAssertEqual(book.document.chapters.first?.blocks.map(text), ["Unclosed bold", "Second & last"])
        XCTAssertTrue(book.diagnostics.contains { $0.severity == .warning && $0.message.contains("HTML parser") && $0.message.contains("OEBPS/c1.xhtml") },
                      "\(book.diagnostics)")
    }

    func testRecoveredHTMLKeepsDeclaredEncoding() throws {
        // Malformed (unclosed <b>) and declared Latin-1: the HTML recovery must still decode it as Latin-1.
        let latin1 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=ISO-8859-1\"/><title>t</title></head><body><p><b>caf".utf8)
            + [0xE9] + Array("</p></body></html>".utf8)
        let utf8 = "<html><body><p><b>naïve 日本</p></body></html>"
        var b = EPUBBuilder.book(["", utf8])
        b.entries.removeAll { $0.name == "OEBPS/c1.xhtml" }
        b.add("OEBPS/c1.xhtml", bytes: latin1)
        let book = try b.read()
        XCTAssertEqual(book.document.chapters.map { $0.blocks.map(text) }, [["café"], ["naïve 日本"]])
        XCTAssertEqual(book.diagnostics.filter { $0.message.contains("HTML parser") }.count, 2, "\(book.diagnostics)")
    }

    func testRecoveredHTMLKeepsSVGImageSource() throws {
        let doc = """
        <html><body><p>Unclosed<div><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
        <image xlink:href="img/p.png" width="3" height="4"/></svg></div></body></html>
        """
        let book = try EPUBBuilder.book([doc]).read()
        XCTAssertTrue(book.diagnostics.contains { $0.message.contains("HTML parser") })
        let images = book.document.chapters.first?.blocks.compactMap { if case .image(let i) = $0.kind { return i } else { return nil } }
        XCTAssertEqual(images, [ImageRef(source: "OEBPS/img/p.png", alt: "", width: 3, height: 4)])
    }

    func testSVGSpineItemContributesText() throws {
        var b = EPUBBuilder()
        b.add("OEBPS/content.opf", EPUBBuilder.opf(manifest: """
            <item id="s" href="page.svg" media-type="image/svg+xml"/>
            <item id="p" href="plate.png" media-type="image/png"/>
            """, spine: "<itemref idref=\"s\"/><itemref idref=\"p\"/>"))
        b.add("OEBPS/page.svg", """
        <?xml version="1.0"?>
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">
          <title>Not shown</title>
          <text x="0" y="10">Hello   SVG</text>
          <g><text x="0" y="20">Second <tspan>line</tspan></text><image xlink:href="plate.png" width="5" height="6"/></g>
        </svg>
        """)
        b.add("OEBPS/plate.png", bytes: XHTMLImporterTests.png(width: 7, height: 9))
        let chapters = try b.read().document.chapters
        XCTAssertEqual(chapters.count, 2)
        XCTAssertEqual(chapters.first?.blocks.map(text), ["Hello SVG", "Second line", "[image ]"])
        XCTAssertEqual(chapters.first?.blocks.map(\.location.offset), [0, 9, 20])
        // An image directly in the spine becomes one placeholder with the header's size.
        XCTAssertEqual(chapters.last?.blocks.map(\.kind), [.image(ImageRef(source: "OEBPS/plate.png", alt: "", width: 7, height: 9))])
    }
}
