import BookModel
import Layout
@testable import Renderers
import XCTest

/// The importer writes raised text in Unicode's script forms for character cells (issue 16); the viewer, which
/// raises text itself with `<sup>`/`<sub>`, shows their base characters so "²" is not raised twice, and the page
/// map names note references and math.
extension InlineStyleRenderTests {
    func testScriptsShowBaseCharacters() throws {
        let text = "x² H₂O"
        var line = Line(text: text, width: cellWidth(of: text), language: "en")
        let sup = text.utf8.count - "² H₂O".utf8.count
        let subStart = text.utf8.count - "₂O".utf8.count
        line.styles = [StyleSpan(range: sup..<(sup + "²".utf8.count), style: .superscript),
                       StyleSpan(range: subStart..<(subStart + "₂".utf8.count), style: .subscript)]
        let page = try html([line])
        XCTAssertTrue(page.contains("x<sup>2</sup> H<sub>2</sub>O"), page)
    }

    func testScriptFormsOutsideScriptsStay() throws {
        // A book that types "m²" itself has no <sup>: the character stays as written.
        let text = "10 m² of it"
        var line = Line(text: text, width: cellWidth(of: text), language: "en")
        line.styles = [StyleSpan(range: 10..<12, style: .emphasis)]
        let page = try html([line])
        XCTAssertTrue(page.contains("10 m² of <span class=\"si\">it</span>"), page)
    }

    func testPageMapNamesNoteReferencesAndMath() {
        XCTAssertTrue(PageStyleSpans.names.contains { $0.0 == .noteReference && $0.1 == "noteReference" })
        XCTAssertTrue(PageStyleSpans.names.contains { $0.0 == .math && $0.1 == "math" })
    }
}
