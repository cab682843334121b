import BookModel
@testable import BookReaders
import XCTest

/// `InlineCollector.append` collapses white space as CSS `white-space: normal` does, sixteen bytes at a time where
/// nothing changes (`qx_unchanged_prefix`, issue 19). Random texts that put spaces, runs of spaces, tabs, line
/// feeds and controls at every position of a sixteen-byte block, long clean runs between them, across appends,
/// must collapse exactly as the rule says, scalar by scalar.
final class InlineCollectorCollapseTests: XCTestCase {
    func testWordAtATimeCollapseMatchesTheRule() {
        let pieces = ["a", "b", " ", "  ", "\t", "\n", "\r\n", "\u{0C}", "\u{01}", "é", "—", "漢", "😀", "\u{0B}",
                      "abcdefghijklmnopq", "The quick brown fox, "]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var collector = InlineCollector()
            var expected = ""
            var atSpace = true
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let text = (0..<Int.random(in: 0...40, using: &generator))
                    .map { _ in pieces.randomElement(using: &generator)! }.joined()
                collector.append(text, style: [])
                for scalar in text.unicodeScalars {
                    if [" ", "\t", "\n", "\r", "\u{0C}"].contains(scalar) {
                        if !atSpace { expected += " " }
                        atSpace = true
                    } else {
                        expected.unicodeScalars.append(scalar)
                        atSpace = false
                    }
                }
            }
            if expected.hasSuffix(" ") { expected.removeLast() }
            let got = collector.take().map { inline -> String in
                if case .text(let text, _) = inline { return text } else { return "" }
            }.joined()
            XCTAssertEqual(got, expected)
        }
    }
}
