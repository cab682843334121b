import XCTest
@testable import BookReaders

/// `PackageDocument.hasToken` answers what splitting the list and looking for a token answers (`tokens`), on
/// values shaped like real `epub:type` and `role` attributes: several tokens, prefixes, XML white space of
/// every kind, empty values, tokens that contain a candidate or that a candidate contains.
final class TokenListTests: XCTestCase {
    private static let words = ["footnote", "footnotes", "note", "z3998:roman", "bodymatter", "doc-endnote",
                                "doc-endnotes", "pagebreak", "page", "noteref", "rearnote", "é", "日本"]
    /// No CR LF: `tokens` splits Characters, and "\r\n" is one that is not XML white space; a parsed attribute
    /// value never holds it (XML 1.0 §2.11 makes it a line feed, §3.3.3 a space).
    private static let spaces = [" ", "  ", "\t", "\n", "\r", ""]
    private static let candidates: [[StaticString]] = [["footnote", "endnote", "rearnote", "note"], ["pagebreak"],
                                                       ["doc-endnotes", "doc-footnotes"], ["noteref"], []]

    func testHasTokenAgreesWithTokens() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            var value = ""
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                value += Self.spaces.randomElement(using: &rng)! + Self.words.randomElement(using: &rng)!
            }
            value += Self.spaces.randomElement(using: &rng)!
            for list in Self.candidates {
                let split = PackageDocument.tokens(value)
                let expected = list.contains { c in split.contains(c.description) }
                XCTAssertEqual(PackageDocument.hasToken(value, anyOf: list), expected, "\(value.debugDescription) \(list)")
            }
        }
        XCTAssertFalse(PackageDocument.hasToken(nil, anyOf: ["note"]))
        XCTAssertTrue(PackageDocument.hasToken("bodymatter\tnote", anyOf: ["note"]))
        XCTAssertFalse(PackageDocument.hasToken("footnotes", anyOf: ["footnote"]))
    }
}
