import Foundation
import TestSupport
import XCTest

/// Book-controlled text never reaches a terminal raw (issue 20, findings 04–06): every stderr line is one
/// `quire: …` line with control characters, DEL, C1 controls and bidi overrides escaped, and libxml2 never
/// writes to stderr itself. (The escaping function is BookModelTests' LineTextTests.)
final class DiagnosticEscapingTests: XCTestCase {
    // MARK: Every field a book controls, through the built binary

    /// An unpacked EPUB whose mimetype, manifest hrefs, spine idrefs, title, attribute values and comments all
    /// carry controls; each produces a warning (or, for the title, a line of `quire info`).
    private func hostileBook() throws -> URL {
        let folder = try temporaryFolder()
        let files: [String: String] = [
            "mimetype": "application/epub+zip\u{0}\u{1B}[2J",
            "META-INF/container.xml": """
                <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\
                <rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
                """,
            "EPUB/package.opf": """
                <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">\
                <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier>\
                <dc:title>Title\u{9B}31m red \u{202E}desrever</dc:title><dc:language>en</dc:language></metadata>\
                <manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/>\
                <item id="x" href="%1B%5B31mRED%07%0D%0Aquire: error: forged.xhtml" media-type="application/xhtml+xml"/>\
                <item id="u" href="u.xhtml" media-type="application/xhtml+xml"/></manifest>\
                <spine><itemref idref="c"/><itemref idref="x"/><itemref idref="u"/><itemref idref="gone\u{9B}2J&#13;&#10;quire: error: forged"/></spine></package>
                """,
            "EPUB/c.xhtml": """
                <?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c</title></head>\
                <body><p>Plain text.</p></body></html>
                <!--\u{202E}\u{9B}2J
                quire: error: forged
                """,
            "EPUB/u.xhtml": """
                <?xml version="1.0" encoding="UTF-8"?><html xmlns="h&#13;&#27;[31mttp://www.w3.org/1999/xhtml"><head><title>u</title></head>\
                <body><p>More text.</p></body></html>
                """,
        ]
        for (path, text) in files { try writeFile(path, text, in: folder) }
        return folder
    }

    /// Every line ends at its own newline, starts with `quire: warning:` or `quire: error:`, and holds nothing a
    /// terminal would act on.
    private func assertClean(_ stderr: String, file: StaticString = #filePath, line: UInt = #line) {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "", "stderr ends with a newline", file: file, line: line)
        for text in lines.dropLast() {
            XCTAssertTrue(text.hasPrefix("quire: warning: ") || text.hasPrefix("quire: error: "), "\(text)", file: file, line: line)
            for scalar in text.unicodeScalars {
                let v = scalar.value
                let unsafe = v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
                XCTAssertFalse(unsafe, "U+\(String(v, radix: 16)) in \(text)", file: file, line: line)
            }
        }
    }

    /// The folder packed as an .epub (a mimetype is only checked in an archive), with Python's zipfile.
    private func packed(_ folder: URL) throws -> URL {
        let epub = folder.appendingPathExtension("epub")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import os, sys, zipfile
            src, out = sys.argv[1], sys.argv[2]
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
                z.write(os.path.join(src, "mimetype"), "mimetype", compress_type=zipfile.ZIP_STORED)
                for root, _, names in os.walk(src):
                    for name in names:
                        path = os.path.join(root, name)
                        if os.path.relpath(path, src) != "mimetype":
                            z.write(path, os.path.relpath(path, src))
            """, folder.path, epub.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return epub
    }

    func testInfoEscapesEveryBookField() throws {
        let folder = try hostileBook()
        let book = try packed(folder)
        defer { try? FileManager.default.removeItem(at: folder); try? FileManager.default.removeItem(at: book) }
        let run = try Run.quire(["info", book.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        assertClean(run.stderr)
        XCTAssertTrue(run.stderr.contains("mimetype is 'application/epub+zip\\x00\\x1b[2J'"), run.stderr)
        XCTAssertTrue(run.stderr.contains("\\x1b[31mRED\\x07 quire: error: forged.xhtml"), run.stderr)
        XCTAssertTrue(run.stderr.contains("'gone\\x9b2J quire: error: forged'"), run.stderr)
        // The title goes to stdout, escaped the same way.
        XCTAssertTrue(run.stdout.contains("Title\\x9b31m red \\u{202e}desrever"), run.stdout)
        XCTAssertFalse(run.stdout.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
    }

    func testRenderEscapesEveryBookField() throws {
        let book = try hostileBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let run = try Run.quire(["render", book.path, "--format", "json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        assertClean(run.stderr)
        XCTAssertTrue(run.stderr.contains("xmlns: 'h [31mttp://www.w3.org/1999/xhtml'"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Comment not terminated  <!--\\u{202e}\\x9b2J quire: error: forg"), run.stderr)
        XCTAssertTrue(run.stdout.contains("Plain text."))
        XCTAssertTrue(run.stdout.contains("More text."))
    }

    func testInputNamesAreEscaped() throws {
        let run = try Run.quire(["render", "no\u{1B}[31msuch\nfile.epub"])
        XCTAssertEqual(run.status, 66)
        assertClean(run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("quire: error: no\\x1b[31msuch file.epub: "), run.stderr)
    }

    /// A chapter that declares an encoding its bytes do not have: libxml2's encoding layer reports through its
    /// global handler, which by default writes `encoding error : …` straight to stderr.
    func testLibXML2EncodingErrorsComeThroughQuire() throws {
        for encoding in ["EBCDIC-US", "UTF-32"] {
            let book = try hostileBook()
            defer { try? FileManager.default.removeItem(at: book) }
            try Data("""
                <?xml version="1.0" encoding="\(encoding)"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c</title></head>\
                <body><p>Plain text.</p></body></html>
                """.utf8).write(to: book.appendingPathComponent("EPUB/c.xhtml"))
            let run = try Run.quire(["render", book.path, "--format", "json"])
            XCTAssertEqual(run.status, 0, run.stderr)
            assertClean(run.stderr)
            XCTAssertFalse(run.stderr.contains("encoding error :"), run.stderr)
            XCTAssertFalse(run.stderr.contains("I/O error"), run.stderr)
            XCTAssertTrue(run.stderr.contains("EPUB/c.xhtml:1: malformed XML: input conversion failed"), "\(encoding): \(run.stderr)")
        }
    }
}
