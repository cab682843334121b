import Foundation
import TestSupport
import XCTest
import XMLShim
@testable import BookReaders

/// Masked parsing (issue 19, textmask.c): libxml2 reads a copy whose non-ASCII text and attribute values are ASCII
/// letters, and the shim copies the real bytes back as libxml2 hands them over. Every document must come out
/// exactly as libxml2 reads the original: the same nodes, text, attributes and names, or the same error.
final class MaskedParseTests: XCTestCase {
    override func tearDown() {
        qx_set_text_masking(1)
        super.tearDown()
    }

    // MARK: What is masked

    /// The copy, as a String with the mask shown, or nil when the document is parsed as it is.
    private func masked(_ document: [UInt8]) -> [UInt8]? {
        guard let copy = document.withUnsafeBufferPointer({ qx_masked_copy($0.baseAddress, $0.count) }) else { return nil }
        defer { free(copy) }
        return Array(UnsafeBufferPointer(start: copy, count: document.count))
    }

    private func masked(_ document: String) -> String? {
        masked(Array(document.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    func testTextAndSlicedValuesAreMaskedMarkupIsNot() {
        // (bytes, masked): what libxml2 hands over as slices of its input is masked; markup, values it copies
        // (a reference, a tab), xml and xmlns values, and anything outside the document element are not.
        let parts: [(String, Bool)] = [
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><!DOCTYPE html><!-- prologue é -->", false),
            ("<html xmlns=\"http://www.w3.org/1999/xhtml\" xml:lang=\"é\"><p title=\"", false), ("ā ṃ", true),
            ("\" alt='", false), ("é", true), ("' data-x=\"é &amp; ā\" data-t=\"é\tx\">", false),
            ("“Ça” — 漢字 ", true), ("&#x2019;", false), (" ", true), ("<!-- é --><![CDATA[é]]><?pi é?><br/>", false),
            ("😀", true), ("</p><p>plain</p></html>é", false),
        ]
        let document = parts.map(\.0).joined()
        let expected = parts.map { text, masked in
            masked ? String(decoding: text.utf8.map { $0 < 0x80 ? $0 : UInt8(ascii: "x") }, as: UTF8.self) : text
        }.joined()
        XCTAssertEqual(masked(document), expected)
    }

    /// Stretches of text of every length around the sixteen-byte blocks the mask is applied in: every byte that is
    /// not ASCII becomes the mask, every ASCII byte between stays; after a carriage return nothing is masked.
    func testLongStretchesMaskEveryWideByteAndNoOther() {
        let pieces = ["a", " ", ".", "é", "ā", "क्", "ष", "漢", "😀", "—", "\n", "\t"]
        var random = SystemRandomNumberGenerator()
        for length in 0..<90 {
            let text = (0..<length).map { _ in pieces.randomElement(using: &random)! }.joined()
            let tail = (0..<length % 7).map { _ in pieces.randomElement(using: &random)! }.joined()
            let shown = String(decoding: text.utf8.map { $0 < 0x80 ? $0 : UInt8(ascii: "x") }, as: UTF8.self)
            let wide = text.utf8.contains { $0 >= 0x80 }
            XCTAssertEqual(masked("<html><p>" + text + "</p></html>"), wide ? "<html><p>" + shown + "</p></html>" : nil, text)
            let withReturn = "<html><p>" + text + "\r\n" + tail + "é</p></html>"
            XCTAssertEqual(masked(withReturn), wide ? "<html><p>" + shown + "\r\n" + tail + "é</p></html>" : nil, text)
        }
    }

    func testDocumentsParsedAsTheyAre() {
        let body = "<html><p>é</p></html>"
        XCTAssertNil(masked("<html><p>plain</p></html>"), "nothing to mask")
        XCTAssertNil(masked("<?xml version='1.0' encoding='ISO-8859-1'?>" + body), "another encoding")
        XCTAssertNotNil(masked("<?xml version='1.0' encoding='utf8'?>" + body))
        XCTAssertNotNil(masked("\u{FEFF}" + body), "a UTF-8 byte order mark")
        XCTAssertNil(masked("<!DOCTYPE html [<!ENTITY e 'é'>]>" + body), "an internal subset declares entities")
        XCTAssertNil(masked("<html><p title=\"é>"), "a value left open")
        XCTAssertNil(masked("<html><p>é<!-- open</p></html>"), "a comment left open")
        for bad: [UInt8] in [[0xFF], [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBE], [0xF4, 0x90, 0x80, 0x80],
                             [0xE6, 0xBC]] {
            XCTAssertNil(masked(Array("<html><p>é ".utf8) + bad + Array(" </p></html>".utf8)), "text \(bad)")
            XCTAssertNil(masked(Array("<html><p title=\"é".utf8) + bad + Array("\">é</p></html>".utf8)), "value \(bad)")
        }
        // UTF-16, with and without a byte order mark.
        XCTAssertNil(masked([0xFF, 0xFE] + Array("<html>é</html>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        XCTAssertNil(masked(Array("<html>é</html>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
    }

    // MARK: Masked and unmasked parses agree

    func testHandWrittenDocumentsParseAsTheOriginal() throws {
        let documents = [
            "<html xmlns='http://www.w3.org/1999/xhtml'><body><p class='c' title='ā'>“Ça va ?” — 漢字の本 😀</p></body></html>",
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><html><p>caf\u{E9}</p></html>",
            "<html><p>line one é\r\nline two ā\rline three\n</p></html>",
            "<html><p>é &amp; &lt; &#233; &#x1F600; ]] ] ]></p></html>",
            "<html><p>é<![CDATA[ ü < & ]]>ö</p><!-- ß --><?target ç?></html>",
            "<html><p xml:lang='日本' data-a='é&#10;x' data-b='é\tb'>é</p></html>",
            "<html><p>\u{85}\u{9F}\u{FFFD}\u{E000}\u{10FFFF}</p></html>",
            "<html><p>é\u{1}x</p></html>",
            "<html><p>é</p></html><p>after</p>",
            "<html><p>é</b></html>",
        ]
        for (i, document) in documents.enumerated() {
            try assertSameParse(Array(document.utf8), "document \(i)")
        }
        // Latin-1 bytes as they would be written by an editor set to ISO-8859-1.
        try assertSameParse(Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><html><p>caf".utf8) + [0xE9]
                            + Array("</p></html>".utf8), "Latin-1")
    }

    func testRandomDocumentsParseAsTheOriginal() throws {
        var generator = SeededGenerator(for: self)
        for i in 0..<300 {
            // One in ten is large enough that libxml2 drops consumed input (and shifts its buffer) many times.
            let paragraphs = i % 10 == 0 ? 3_000 : Int.random(in: 0...60, using: &generator)
            let document = randomDocument(paragraphs: paragraphs, invalid: i % 7 == 3, using: &generator)
            try assertSameParse(document, "document \(i)")
        }
    }

    /// Every XHTML document of the corpus's EPUBs, masked and not (QUIRE_CORPUS).
    func testCorpusDocumentsParseAsTheOriginal() throws {
        let folder = try corpus().appendingPathComponent("epub")
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var documents = 0, maskedDocuments = 0
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension.lowercased() == "epub", let zip = try? ZipContainer(path: url.path) else { continue }
            for path in zip.paths where [".xhtml", ".html", ".htm", ".opf", ".ncx", ".svg"].contains(where: path.lowercased().hasSuffix) {
                guard let bytes = try? zip.read(path) else { continue }
                documents += 1
                if masked(bytes) != nil { maskedDocuments += 1 }
                try assertSameParse(bytes, "\(url.lastPathComponent): \(path)")
            }
        }
        XCTAssertGreaterThan(documents, 1_000)
        // The books of the corpus are UTF-8 with quotes, dashes and scripts other than Latin: most are masked.
        XCTAssertGreaterThan(maskedDocuments, documents / 2)
    }

    // MARK: Helpers

    private func assertSameParse(_ document: [UInt8], _ label: String, file: StaticString = #filePath,
                                 line: UInt = #line) throws {
        qx_set_text_masking(0)
        let plain = XMLNodes.run(document, path: "d.xhtml", mode: 0)
        qx_set_text_masking(1)
        let masked = XMLNodes.run(document, path: "d.xhtml", mode: 0)
        switch (plain, masked) {
        case (.parsed(let a, let ra), .parsed(let b, let rb)):
            XCTAssertEqual(ra.map { "\($0)" }, rb.map { "\($0)" }, label, file: file, line: line)
            XCTAssertEqual(a.bytes, b.bytes, "\(label): text and attribute bytes", file: file, line: line)
            XCTAssertEqual(a.root, b.root, label, file: file, line: line)
            XCTAssertEqual(a.names.strings, b.names.strings, label, file: file, line: line)
            XCTAssertEqual(a.namespaces.strings, b.namespaces.strings, label, file: file, line: line)
            XCTAssertEqual(a.nodes.count, b.nodes.count, "\(label): nodes", file: file, line: line)
            for (x, y) in zip(a.nodes, b.nodes) where [x.name, x.namespace, x.start, x.count, x.firstChild, x.nextSibling]
                != [y.name, y.namespace, y.start, y.count, y.firstChild, y.nextSibling] || x.names != y.names {
                XCTFail("\(label): node \(x) where the original gives \(y)", file: file, line: line)
                break
            }
            XCTAssertEqual(a.attributes.map { [$0.name, $0.namespace, $0.start, $0.count] },
                           b.attributes.map { [$0.name, $0.namespace, $0.start, $0.count] }, label, file: file, line: line)
        case (.failed(let a, let fa), .failed(let b, let fb)):
            XCTAssertEqual("\(a)", "\(b)", label, file: file, line: line)
            XCTAssertEqual(fa, fb, label, file: file, line: line)
        default:
            XCTFail("\(label): the original gives \(plain), the masked parse \(masked)", file: file, line: line)
        }
    }

    /// A chapter-shaped document of random text: ASCII, two- to four-byte characters, C1 controls, line ends of
    /// every kind, references, CDATA, comments, processing instructions, elements with values of every kind; with
    /// `invalid`, now and then a byte sequence that is no XML Char.
    private func randomDocument(paragraphs: Int, invalid: Bool, using generator: inout SeededGenerator) -> [UInt8] {
        let pieces = ["word", " ", "  ", "\t", "\n", "\r\n", "\r", "\r\n\r\n", "\r\r\n", "é", "’", "—", "न", "漢字", "😀", "\u{85}", "\u{FFFD}",
                      "&amp;", "&lt;", "&#x2019;", "&#233;", "&quot;", "]", "]]", "<![CDATA[漢 & < é]]>", "<!-- é ß -->",
                      "<?pi é?>", "<br/>", "<span class=\"i\" title=\"ā ṃ\">é</span>", "<a href='x' title='é &amp; ā'>a</a>",
                      "<b data-t=\"é\tx\" lang=\"日本\">漢</b>", "<u title='é\r\nā'>ü</u>", "<i xml:lang=\"é\"/>", "<em>“q”</em>",
                      // Values longer than sixteen bytes, with what keeps them unmasked past the sixteenth.
                      "<s title=\"evam uktas tu bhīmena smitaṃ kṛtvā plavaṃgamaḥ\">x</s>",
                      "<s title=\"sixteen bytes and more: ā &amp; ṃ\">x</s>", "<s title=\"sixteen bytes and more: ā\tṃ\">x</s>"]
        let bad: [[UInt8]] = [[0xFF], [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xE6, 0xBC], [0x01]]
        var out: [UInt8] = []
        if Bool.random(using: &generator) { out += [0xEF, 0xBB, 0xBF] }
        out += Array(["", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", "<?xml version='1.0'?>"]
            .randomElement(using: &generator)!.utf8)
        if Bool.random(using: &generator) { out += Array("<!DOCTYPE html>\n".utf8) }
        out += Array("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>".utf8)
        for _ in 0..<paragraphs {
            out += Array("<p class=\"p\">".utf8)
            for _ in 0..<Int.random(in: 0...30, using: &generator) {
                if invalid && Int.random(in: 0..<400, using: &generator) == 0 {
                    out += bad.randomElement(using: &generator)!
                } else {
                    out += Array(pieces.randomElement(using: &generator)!.utf8)
                }
            }
            out += Array("</p>\n".utf8)
        }
        out += Array("</body></html>\n".utf8)
        return out
    }
}
