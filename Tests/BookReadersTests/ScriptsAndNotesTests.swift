import BookModel
@testable import BookReaders
import XCTest

/// Superscripts, subscripts and note references (issue 16): a character cell cannot raise a glyph, so the importer
/// writes what the reader must see, shaped like the real cases the issue names (the Rust book's integer ranges,
/// "2⁷", chemical formulas, EPUB 3 and EPUB 2 note references).
final class ScriptsAndNotesTests: XCTestCase {
    private func read(_ body: String, markers: NoteMarkers = .superscript) throws -> [Inline] {
        let zip = EPUBBuilder.book([EPUBBuilder.xhtml(body)]).zip
        let book = try EPUBReader.read(bytes: zip, noteMarkers: markers)
        return inlines(try XCTUnwrap(book.document.chapters.first?.blocks.first))
    }

    private func text(_ body: String, markers: NoteMarkers = .superscript) throws -> String {
        try read(body, markers: markers).plainText
    }

    func testScriptFormsWhenEveryCharacterHasOne() {
        XCTAssertEqual(ScriptForms.linear("7", .superscript), "⁷")
        XCTAssertEqual(ScriptForms.linear("n-1", .superscript), "ⁿ⁻¹")
        // A book's typographic spaces around the operator are dropped; U+2212 is the same raised minus.
        XCTAssertEqual(ScriptForms.linear("n \u{2212} 1", .superscript), "ⁿ⁻¹")
        XCTAssertEqual(ScriptForms.linear("10", .subscript), "₁₀")
        XCTAssertEqual(ScriptForms.linear("i+1", .subscript), "ᵢ₊₁")
    }

    func testLinearNotationWhenACharacterHasNoForm() {
        XCTAssertEqual(ScriptForms.linear("iπ", .superscript), "^(iπ)")
        XCTAssertEqual(ScriptForms.linear("*", .superscript), "^*")
        XCTAssertEqual(ScriptForms.linear("ref", .subscript), "_(ref)")
        // Two words keep their space, so the run is not written as one raised word.
        XCTAssertEqual(ScriptForms.linear("a b", .superscript), "^(a b)")
        XCTAssertNil(ScriptForms.unicodeForms("", .superscript))
    }

    func testBaseTextUndoesTheForms() {
        XCTAssertEqual(ScriptForms.baseText("ⁿ⁻¹"), "n-1")
        XCTAssertEqual(ScriptForms.baseText("H₂O"), "H2O")
        XCTAssertEqual(ScriptForms.baseText("plain"), "plain")
        // ASCII is returned as it is without a lookup: that holds only while no form is ASCII.
        XCTAssertEqual(ScriptForms.bases.keys.filter { $0.unicodeScalars.contains { $0.isASCII } }, [])
        XCTAssertEqual(ScriptForms.baseText("1²"), "12")
    }

    func testSupAndSubInTheImporter() throws {
        XCTAssertEqual(try text("<p>from −(2<sup>n − 1</sup>) to 2<sup>n − 1</sup> − 1</p>"), "from −(2ⁿ⁻¹) to 2ⁿ⁻¹ − 1")
        XCTAssertEqual(try text("<p>2<sup>7</sup> is 128; H<sub>2</sub>O</p>"), "2⁷ is 128; H₂O")
        // One script however many text nodes and elements it holds.
        XCTAssertEqual(try text("<p>e<sup>i<i>π</i></sup> = −1</p>"), "e^(iπ) = −1")
        // A subscript inside a superscript is written inside it.
        XCTAssertEqual(try text("<p>e<sup>x<sub>i</sub></sup></p>"), "e^(xᵢ)")
        let runs = try read("<p>x<sup>2</sup></p>")
        XCTAssertEqual(runs, [.text("x", []), .text("²", .superscript)])
    }

    func testStyledPassagesAreNotScripts() throws {
        // A "superscript" holding line breaks is a styled passage: it keeps its text and its style.
        let runs = try read("<p>a<sup>one<br/>two</sup></p>")
        XCTAssertEqual(runs, [.text("a", []), .text("one", .superscript), .lineBreak, .text("two", .superscript)])
    }

    func testNoteReferencesEPUB3AndARIA() throws {
        XCTAssertEqual(try text("<p>voisinage,”<a epub:type=\"noteref\" href=\"#n3\">3</a> et</p>"), "voisinage,”³ et")
        XCTAssertEqual(try text("<p>word<a role=\"doc-noteref\" href=\"#n12\">[12]</a>.</p>"), "word¹².")
        let runs = try read("<p>a<a epub:type=\"noteref\" href=\"#n3\">3</a></p>")
        XCTAssertEqual(runs.last, .text("³", [.superscript, .noteReference, .link]))
    }

    func testNoteReferencesAsEPUB2BooksWriteThem() throws {
        XCTAssertEqual(try text("<p>end.<sup><a href=\"#fn4\">4</a></sup> Next</p>"), "end.⁴ Next")
        XCTAssertEqual(try text("<p>end.<a href=\"#fn5\"><sup>5</sup></a> Next</p>"), "end.⁵ Next")
        let runs = try read("<p>end.<sup><a href=\"#fn4\">4</a></sup></p>")
        XCTAssertEqual(runs.last, .text("⁴", [.superscript, .noteReference, .link]))
        // A plain link to a fragment is not a note.
        XCTAssertEqual(try text("<p>see <a href=\"#ch2\">2</a></p>"), "see 2")
    }

    func testBracketMarkers() throws {
        XCTAssertEqual(try text("<p>voisinage,”<a epub:type=\"noteref\" href=\"#n3\">3</a></p>", markers: .bracket),
                       "voisinage,”[3]")
        XCTAssertEqual(try text("<p>end.<sup><a href=\"#fn4\">4</a></sup></p>", markers: .bracket), "end.[4]")
        let runs = try read("<p>a<a epub:type=\"noteref\" href=\"#n3\">3</a></p>", markers: .bracket)
        XCTAssertEqual(runs.last, .text("[3]", [.noteReference, .link]))
        // A label without superscript forms is bracketed in either style.
        XCTAssertEqual(try text("<p>a<a epub:type=\"noteref\" href=\"#s\">*</a></p>"), "a[*]")
    }
}
