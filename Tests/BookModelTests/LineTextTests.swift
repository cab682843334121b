import BookModel
import XCTest

/// Book-controlled text made safe for one terminal line (issue 20, findings 04–06): control characters, DEL, C1
/// controls and bidi overrides escaped, line breaks folded, length capped.
final class LineTextTests: XCTestCase {
    func testControlsAreEscapedAndLineBreaksFolded() {
        XCTAssertEqual(LineText.escaped("a\u{1B}[31mb"), "a\\x1b[31mb")
        XCTAssertEqual(LineText.escaped("one\ntwo\r\nthree"), "one two three")
        XCTAssertEqual(LineText.escaped("nul\u{0}del\u{7F}csi\u{9B}2J"), "nul\\x00del\\x7fcsi\\x9b2J")
        XCTAssertEqual(LineText.escaped("a\u{202E}b\u{2066}c\u{200F}"), "a\\u{202e}b\\u{2066}c\\u{200f}")
        XCTAssertEqual(LineText.escaped("tab\there\u{2028}next\u{85}"), "tab here next ")
    }

    func testPlainTextIsKeptAsIs() {
        for text in ["chapter 1.xhtml", "第一章 「吾輩」", "مرحبا بالعالم", "café — naïve", ""] {
            XCTAssertEqual(LineText.escaped(text), text)
        }
    }

    func testLengthIsCapped() {
        let long = String(repeating: "é", count: 5_000)
        let escaped = LineText.escaped(long, limit: 100)
        XCTAssertEqual(escaped.unicodeScalars.count, 101)
        XCTAssertTrue(escaped.hasSuffix("…"))
        XCTAssertEqual(LineText.escaped(String(repeating: "\u{1B}", count: 10), limit: 4), "\\x1b\\x1b\\x1b\\x1b…")
    }
}
