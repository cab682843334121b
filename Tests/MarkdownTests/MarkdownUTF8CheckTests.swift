@testable import BookReaders
import Foundation
import TestSupport
import XCTest

/// cmark-gfm's own UTF-8 check is skipped for text `InputKind.checkText` has already passed (issue 19): the tree
/// must be the same either way for valid text, and bytes given to the library unchecked must still be repaired.
final class MarkdownUTF8CheckTests: XCTestCase {
    /// Every node and every literal byte of the two parses.
    private func assertSameTree(_ bytes: [UInt8], _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let checked = MarkdownSyntax.parse(bytes, checkedUTF8: true)
        let unchecked = MarkdownSyntax.parse(bytes, checkedUTF8: false)
        XCTAssertEqual(checked.flattened, unchecked.flattened, name, file: file, line: line)
        XCTAssertEqual(checked.tree.bytes, unchecked.tree.bytes, "\(name): literals", file: file, line: line)
        XCTAssertEqual(checked.tree.nodes.count, unchecked.tree.nodes.count, "\(name): node count", file: file, line: line)
        for (a, b) in zip(checked.tree.nodes, unchecked.tree.nodes) {
            guard a.kind == b.kind, a.line == b.line, a.end == b.end, a.start == b.start, a.count == b.count,
                  a.holdsHTML == b.holdsHTML else {
                XCTFail("\(name): nodes differ: \(a) and \(b)", file: file, line: line)
                return
            }
        }
    }

    /// Valid text in several scripts, with the constructs whose literals cmark copies (code, HTML, links, notes).
    func testCheckedTextParsesAsCmarkChecksIt() throws {
        let text = """
            # Über «Kapitel» 第一章

            Plain text, *emphasis*, `code – ünïcödé`, <span lang="ja">日本語</span> and [a link](ëxample.html "tïtle").
            מילים בעברית, كلمات عربية, हिन्दी पाठ, emoji 👩‍👩‍👧 and a note.[^1]

            | Spalte | 列 |
            |---|---|
            | ä | 漢字 |

            ```
            fn main() { println!("→ ✓"); }
            ```

            [^1]: Die Fußnote — with an em dash.
            """
        assertSameTree(Array(text.utf8), "fixture")
        for url in try markdownFiles() {
            let bytes = try [UInt8](Data(contentsOf: url))
            guard (try? InputKind.checkText(bytes)) != nil else { continue }
            assertSameTree(bytes, url.lastPathComponent)
        }
    }

    /// The library's `read(data:)` takes bytes nobody checked: what is not UTF-8 is still replaced, and the valid
    /// text around it kept.
    func testUncheckedBytesAreStillRepaired() throws {
        var bytes = Array("Before ".utf8)
        bytes += [0xC3, 0x28, 0xFF, 0xE2, 0x82]
        bytes += Array(" after, ünïcödé.\n".utf8)
        let (document, _) = try MarkdownReader.read(data: bytes)
        let text = document.chapters.flatMap(\.blocks).map { block -> String in
            guard case .paragraph(let inlines) = block.kind else { return "" }
            return inlines.map { if case .text(let t, _) = $0 { return t } else { return "" } }.joined()
        }.joined()
        // Each maximal invalid subpart is one U+FFFD (Unicode 15, §3.9, U+FFFD substitution): C3 before "(" is one,
        // FF another, the cut-off E2 82 a third; nothing valid is lost or doubled.
        XCTAssertEqual(text, "Before \u{FFFD}(\u{FFFD}\u{FFFD} after, ünïcödé.")
    }

    /// The corpus's Markdown files, when the corpus is there.
    private func markdownFiles() throws -> [URL] {
        guard let root = try optionalCorpus() else { return [] }
        let folder = root.appendingPathComponent("markdown")
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    }
}
