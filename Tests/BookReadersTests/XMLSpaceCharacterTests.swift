@testable import BookReaders
import XCTest

/// `isXMLSpace(_: Character)` stands for comparing each Character with " ", "\t", "\n" and "\r" in `collapse`,
/// `PackageDocument.tokens` and MathML's `collapsingSpaces`: these hold it to that definition where the two could
/// part, a space that a combining mark or joiner joins, CR LF (one Character), and non-ASCII spaces.
final class XMLSpaceCharacterTests: XCTestCase {
    /// The definition the fast test replaced.
    private func compared(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }

    private func definitionCollapse(_ s: String) -> String {
        s.split(whereSeparator: compared).joined(separator: " ")
    }

    func testEveryCharacterOfTrickyTextIsToldAsCompared() {
        let text = "a b\tc\nd\re\r\nf \u{301}g\u{301} h\u{200D} i \u{200D}j\u{A0}k\u{3000}l\u{2028}m\u{85}n \u{94D}o" +
            "आदि पर्व अध्याय ४ क्\u{200D}ष 🇯🇵 👩‍👩‍👧 \u{600} x\u{0E33} \u{1100}\u{1161} "
        for c in text {
            XCTAssertEqual(isXMLSpace(c), compared(c), "\(c.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// Random strings over an alphabet of the characters above, collapsed both ways.
    func testCollapseAndTokensMatchTheCharacterDefinitionOnRandomText() {
        let alphabet: [String] = [" ", "\t", "\n", "\r", "\r\n", "a", "\u{301}", "\u{200D}", "\u{A0}", "\u{3000}",
                                  "क", "\u{94D}", "ष", "\u{600}", "🇯", "👩", "\u{1100}", "\u{1161}", "é"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...9, using: &generator)
            let s = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            XCTAssertEqual(collapse(s), definitionCollapse(s), "collapse of \(s.unicodeScalars.map(\.value))")
            XCTAssertEqual(PackageDocument.tokens(s), s.split(whereSeparator: compared).map(String.init),
                           "tokens of \(s.unicodeScalars.map(\.value))")
        }
    }
}
