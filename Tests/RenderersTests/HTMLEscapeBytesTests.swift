import BookModel
import TestSupport
import XCTest

/// `HTMLEscape.appendText` (issue 19: the viewer's page bodies are built as bytes) escapes and drops exactly as
/// `HTMLEscape.text`, on text with every kind of character the escaper treats apart.
final class HTMLEscapeBytesTests: XCTestCase {
    func testBytesMatchTheStringEscaperOnRandomText() {
        let alphabet: [String] = ["a", "Z", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\u{1}", "\u{7F}", "\u{85}", "\u{A0}",
                                  "é", "e\u{301}", "漢", "👍🏽", "ï¿", "—"]
            // Noncharacters, which a literal cannot hold.
            + [0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFF, 0x10FFFE].map { String(Character(Unicode.Scalar($0)!)) }
        var generator = SeededGenerator(for: self)
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            var bytes: [UInt8] = Array("<p>".utf8)
            HTMLEscape.appendText(text, to: &bytes)
            XCTAssertEqual(bytes, Array(("<p>" + HTMLEscape.text(text)).utf8), text.debugDescription)
        }
    }

    func testCleanTextIsCopiedAsItIs() {
        var bytes: [UInt8] = []
        HTMLEscape.appendText("Prince Andrew — “Well?”", to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "Prince Andrew — “Well?”")
        HTMLEscape.appendText("a<b & 'c'\u{1}", to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "Prince Andrew — “Well?”a&lt;b &amp; &#39;c&#39;")
    }
}
