import BookModel
import Layout
import XCTest

/// A CR LF left in a paragraph's text (a Markdown `&#13;&#10;`, say) separates words like any white space.
final class LineEndingTests: XCTestCase {
    func testCRLFInsideAParagraphIsOneSpace() {
        let b = Builder()
        for text in ["one\r\ntwo", "caf\u{E9}\r\ntwo", "one\r\n\u{201C}two\u{201D}"] {
            let lines = paginate(document([b.paragraph(text)]), options: options(40, 5)).flatMap(\.lines)
            let expected = text.replacingOccurrences(of: "\r\n", with: " ")
            XCTAssertEqual(lines.map(\.text), [expected], text.debugDescription)
        }
    }

    func testCRLFIsABreakOpportunity() {
        let b = Builder()
        let lines = paginate(document([b.paragraph("alpha\r\nbeta")]), options: options(6, 5)).flatMap(\.lines)
        XCTAssertEqual(lines.map(\.text), ["alpha", "beta"])
    }
}
