import BookModel
import XCTest

final class ScalarCountTests: XCTestCase {
    func testUnicodeScalarCountMatchesTheScalarView() {
        let samples = ["", "a", "hello world, a longer ASCII line", "café", "草枕　夏目漱石", "👩‍👩‍👧 family", "é\u{301}",
                       "مرحبا بالعالم", "\u{2060}\u{00A0}x", String(repeating: "ab€😀", count: 37), "1234567", "12345678é"]
        for sample in samples {
            for start in 0..<min(sample.unicodeScalars.count, 9) {
                let s = String(String.UnicodeScalarView(sample.unicodeScalars.dropFirst(start)))
                XCTAssertEqual(s.unicodeScalarCount, s.unicodeScalars.count, s)
            }
            XCTAssertEqual(sample.unicodeScalarCount, sample.unicodeScalars.count, sample)
        }
    }

    /// Random UTF-8 of every length up to 600 bytes, every length of the tail after the last whole word, against
    /// the scalar view.
    func testRandomTextOfEveryLength() {
        let pieces = ["a", "é", "€", "😀", " ", "ab", "\u{301}"]
        var generator = SystemRandomNumberGenerator()
        for length in 0..<600 {
            var text = ""
            while text.utf8.count < length { text += pieces.randomElement(using: &generator)! }
            XCTAssertEqual(text.unicodeScalarCount, text.unicodeScalars.count, "\(text.utf8.count) bytes")
        }
    }
}
