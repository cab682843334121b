import BookModel
@testable import BookReaders
import XCTest

/// The reader skips some work (HTML parses, rescans of containers); what it skips must give what doing it gives.
final class MarkdownShortcutTests: XCTestCase {
    /// Every HTML block taken for a lone comment imports as nothing, and near misses are not taken for one.
    func testLoneCommentsImportAsNothing() {
        let comments = ["<!-- Old headings. Do not remove or links may break. -->\n", "<!-- a\nb > c -->  \n\n",
                        "<!--x-->", "<!-- - -->\r\n"]
        for html in comments {
            XCTAssertTrue(MarkdownRawHTML.isLoneComment(Array(html.utf8)[...]), html)
            var diagnostics: [Diagnostic] = []
            XCTAssertEqual(MarkdownRawHTML.blocks(html: html, diagnostics: &diagnostics), [], html)
            XCTAssertEqual(diagnostics, [], html)
        }
        for html in ["<!-- a -- b -->\n", "<!-->x\n", "<!--->x -->\n", "<!-- a --> b\n", "<!-- a --!> b -->\n", "<p>x</p>"] {
            XCTAssertFalse(MarkdownRawHTML.isLoneComment(Array(html.utf8)[...]), html)
        }
    }

    /// Anchor-only paragraphs disappear as they do through the importer; anchors with text or other attributes
    /// still go through it.
    func testBareAnchorsGiveNothing() throws {
        let (document, diagnostics) = try readMarkdown("<a id=\"old-name\"></a>\n\nText <a id=\"x\"></a>here.\n\n<a name=\"n\"></a>\n")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(kinds(document), [[.paragraph([plain("Text here.")])]])
        var htmlDiagnostics: [Diagnostic] = []
        XCTAssertEqual(MarkdownRawHTML.inlines(html: "<a id=\"old-name\"></a>", diagnostics: &htmlDiagnostics), [])
    }

    /// A container's guess combines its children's scans in order, as one scan of all their texts would.
    func testScansCombineInOrder() {
        let texts: [(String, isCode: Bool)] = [("let x = 1", true), ("", false), ("שלום", false), ("漢字", false), ("かな", true),
                                               ("پژوهش", false), ("Hello", false)]
        for split in 0...texts.count {
            var first = MarkdownScript.Scan(), second = MarkdownScript.Scan()
            for (text, isCode) in texts[..<split] { first.add(text, isCode: isCode) }
            for (text, isCode) in texts[split...] { second.add(text, isCode: isCode) }
            first.add(second)
            XCTAssertEqual(first.guess, MarkdownScript.guess(texts), "split at \(split)")
        }
    }
}
