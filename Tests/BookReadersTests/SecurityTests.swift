import Foundation
import TestSupport
import XCTest
@testable import BookReaders
import BookModel

final class SecurityTests: XCTestCase {
    /// A file with a marker string that must never show up in a book's text.
    private func secretFile() throws -> URL {
        let url = try temporaryFolder(self).appendingPathComponent("secret.txt")
        try Data("TOP-SECRET-MARKER".utf8).write(to: url)
        return url
    }

    private func allText(_ book: EPUBBook) -> String {
        book.document.chapters.flatMap(\.blocks).map(text).joined(separator: "\n")
            + book.document.metadata.titles.joined() + book.document.toc.map(\.title).joined()
    }

    func testExternalEntityInContentIsNeverRead() throws {
        let secret = try secretFile()
        for system in ["file://\(secret.path)", secret.path, "file:///etc/hostname", "http://127.0.0.1:9/xxe"] {
            let doc = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html [<!ENTITY xxe SYSTEM "\(system)">]>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head>
            <body><p>Before &xxe; after</p></body></html>
            """
            do {
                let book = try EPUBBuilder.book([doc]).read()
                let all = allText(book)
                XCTAssertFalse(all.contains("TOP-SECRET-MARKER"), system)
                if let hostname = try? String(contentsOfFile: "/etc/hostname", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
                   !hostname.isEmpty {
                    XCTAssertFalse(all.contains("Before \(hostname)"), system)
                }
                XCTAssertTrue(all.contains("Before"), all)
            } catch {
                // Refusing the document is acceptable too, as long as nothing was read.
                XCTAssertFalse(error.message.contains("TOP-SECRET-MARKER"))
            }
        }
    }

    func testExternalParameterEntityAndDTDAreNeverRead() throws {
        let secret = try secretFile()
        let dtd = try temporaryFolder(self).appendingPathComponent("evil.dtd")
        try Data("<!ENTITY leak SYSTEM \"file://\(secret.path)\">".utf8).write(to: dtd)
        let doc = """
        <?xml version="1.0"?>
        <!DOCTYPE html SYSTEM "file://\(dtd.path)" [<!ENTITY % p SYSTEM "file://\(dtd.path)"> %p;]>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body><p>Text &leak; end</p></body></html>
        """
        do {
            let book = try EPUBBuilder.book([doc]).read()
            XCTAssertFalse(allText(book).contains("TOP-SECRET-MARKER"))
        } catch {
            XCTAssertFalse(error.message.contains("TOP-SECRET-MARKER"))
        }
    }

    func testExternalEntityInPackageDocument() throws {
        let secret = try secretFile()
        var b = EPUBBuilder()
        b.add("OEBPS/content.opf", """
        <?xml version="1.0"?>
        <!DOCTYPE package [<!ENTITY xxe SYSTEM "file://\(secret.path)">]>
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="u">
          <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>T &xxe;</dc:title><dc:identifier id="u">i</dc:identifier></metadata>
          <manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest>
          <spine><itemref idref="c"/></spine>
        </package>
        """)
        b.add("OEBPS/c.xhtml", EPUBBuilder.xhtml("<p>x</p>"))
        do {
            let book = try b.read()
            XCTAssertFalse(allText(book).contains("TOP-SECRET-MARKER"))
        } catch {
            XCTAssertFalse(error.message.contains("TOP-SECRET-MARKER"))
        }
    }

    /// Entity expansion must stop with a limit error, quickly and without building the expanded text.
    private func assertExpansionLimit(_ doc: String, file: StaticString = #filePath, line: UInt = #line) {
        let start = Date()
        let error = readError({ () throws(ReadError) in try EPUBBuilder.book([doc]).read() }, file: file, line: line)
        guard case .limitExceeded(let what)? = error else {
            return XCTFail("expected limitExceeded, got \(String(describing: error))", file: file, line: line)
        }
        XCTAssertTrue(what.contains("OEBPS/c1.xhtml") && what.contains("entity expansion"), what, file: file, line: line)
        // Generous: this is a hang detector, not a benchmark.
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "entity expansion took too long", file: file, line: line)
    }

    func testBillionLaughs() {
        var entities = "<!ENTITY lol0 \"lol\">\n"
        for i in 1...9 {
            entities += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">\n"
        }
        assertExpansionLimit("""
        <?xml version="1.0"?>
        <!DOCTYPE html [\(entities)]>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body><p>&lol9;</p></body></html>
        """)
    }

    func testQuadraticBlowup() {
        // One 50 KB entity referenced 20,000 times: 1 GB of text from a 110 KB document.
        let big = String(repeating: "x", count: 50_000)
        let refs = String(repeating: "&a;", count: 20_000)
        assertExpansionLimit("""
        <?xml version="1.0"?>
        <!DOCTYPE html [<!ENTITY a "\(big)">]>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body><p>\(refs)</p></body></html>
        """)
    }

    func testEntityLoop() {
        assertExpansionLimit("""
        <?xml version="1.0"?>
        <!DOCTYPE html [<!ENTITY a "x&b;"><!ENTITY b "y&a;">]>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body><p>&a;</p></body></html>
        """)
    }

    func testModestEntityUseIsFine() throws {
        let refs = String(repeating: "&w; ", count: 2_000)
        let doc = """
        <?xml version="1.0"?>
        <!DOCTYPE html [<!ENTITY w "word">]>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body><p>\(refs)</p></body></html>
        """
        let book = try EPUBBuilder.book([doc]).read()
        XCTAssertEqual(book.document.characterCount, 2_000 * 5 - 1)
    }

    func testDepthLimitInParser() {
        let deep = String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40)
        var limits = XMLLimits()
        limits.maxDepth = 30
        guard case .limitExceeded(let what)? = readError({ () throws(ReadError) in
            try XMLParser.parse(Array(deep.utf8), path: "deep.xml", limits: limits)
        }) else { return XCTFail("expected limitExceeded") }
        XCTAssertTrue(what.contains("deep.xml") && what.contains("30"), what)
        limits.maxDepth = 50
        XCTAssertNoThrow(try XMLParser.parse(Array(deep.utf8), path: "deep.xml", limits: limits))
        // The HTML parser is bounded too.
        limits.maxDepth = 30
        let html = String(repeating: "<div>", count: 40) + "x"
        guard case .limitExceeded? = readError({ () throws(ReadError) in
            try XMLParser.parse(Array(html.utf8), path: "deep.html", html: true, limits: limits)
        }) else { return XCTFail("expected limitExceeded from the HTML parser") }
    }

    func testDeeplyNestedBookIsALimitError() {
        let n = 5000
        let doc = EPUBBuilder.xhtml(String(repeating: "<div>", count: n) + "deep" + String(repeating: "</div>", count: n))
        let error = readError { () throws(ReadError) in try EPUBBuilder.book([doc]).read() }
        guard case .limitExceeded(let what)? = error else { return XCTFail("expected limitExceeded, got \(String(describing: error))") }
        XCTAssertTrue(what.contains("OEBPS/c1.xhtml"), what)
    }

    func testDeepButAllowedNestingKeepsText() throws {
        // html + body + 254 divs: exactly the parser's depth limit. Nothing the parser accepts is dropped.
        let n = 254
        let doc = EPUBBuilder.xhtml("<p>top</p>" + String(repeating: "<div>", count: n) + "deep" + String(repeating: "</div>", count: n))
        let book = try EPUBBuilder.book([doc]).read()
        XCTAssertEqual(book.document.chapters.first?.blocks.map(text), ["top", "deep"])
        XCTAssertEqual(book.diagnostics, [])
    }

    func testEmptyPartsNeverCrash() {
        // Zero-byte container.xml, OPF, content document, nav and stylesheet: errors or warnings, no crash.
        for target in ["META-INF/container.xml", "OEBPS/content.opf"] {
            var b = EPUBBuilder.book([EPUBBuilder.xhtml("<p>x</p>")])
            let i = b.entries.firstIndex { $0.name == target }!
            b.entries[i].data = []
            guard case .malformed(let path, _, _)? = readError({ () throws(ReadError) in try b.read() }) else {
                return XCTFail("expected malformed for an empty \(target)")
            }
            XCTAssertEqual(path, target)
        }
        // An empty content document is skipped with a warning that names it; the rest of the book reads.
        var b = EPUBBuilder.book([EPUBBuilder.xhtml("<p>x</p>")])
        b.entries[b.entries.count - 1].data = []
        do {
            let book = try b.read()
            XCTAssertTrue(book.diagnostics.contains { $0.message == "OEBPS/c1.xhtml is empty; skipped" }, "\(book.diagnostics)")
        } catch {
            XCTFail("an empty content document should not fail the book: \(error.message)")
        }
        XCTAssertNotNil(readError { () throws(ReadError) in try XMLParser.parse([], path: "empty.xml") })
        XCTAssertNotNil(readError { () throws(ReadError) in try XMLParser.parse([], path: "empty.html", html: true) })
    }

    func testBookWithEmptySpineIsReadWithAWarning() throws {
        var b = EPUBBuilder()
        b.add("OEBPS/content.opf", EPUBBuilder.opf(manifest: "", spine: ""))
        let book = try b.read()
        XCTAssertEqual(book.document.chapters, [])
        XCTAssertTrue(book.diagnostics.contains { $0.message.contains("no readable content") }, "\(book.diagnostics)")
    }

    func testGarbageNeverCrashes() {
        // Random bytes, and a ZIP whose entries are random bytes: errors, never crashes.
        var rng = SeededGenerator(for: self)
        for _ in 0..<20 {
            let noise = (0..<Int.random(in: 1...400, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            _ = try? EPUBReader.read(bytes: noise)
            var b = EPUBBuilder.book([EPUBBuilder.xhtml("<p>x</p>")])
            b.entries[b.entries.count - 1].data = noise
            _ = try? b.read()
            b = EPUBBuilder.book([EPUBBuilder.xhtml("<p>x</p>")])
            b.entries[2].data = noise  // the OPF
            _ = try? b.read()
        }
    }
}
