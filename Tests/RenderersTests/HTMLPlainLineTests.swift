import Foundation
import Layout
import Quire
@testable import Renderers
import TestSupport
import XCTest

/// `HTMLPageDrawer.isPlainNarrow` (issue 19) lets plain lines skip the walk character by character; these tests
/// prove the shortcut draws exactly what the walk draws, on random lines and on every line of corpus books.
final class HTMLPlainLineTests: XCTestCase {
    private func drawer(ambiguousWide: Bool = false) -> HTMLPageDrawer {
        HTMLPageDrawer(size: PageSize(columns: 40, lines: 10), ambiguousWide: ambiguousWide, imageURLs: [], imageBoxes: [])
    }

    private func assertSameCells(_ line: Line, _ drawer: HTMLPageDrawer, _ label: String, file: StaticString = #filePath, line number: UInt = #line) {
        XCTAssertEqual(drawer.lineCells(line, links: [:]), drawer.lineCells(line, links: [:], plainFastPath: false),
                       "\(label): \(line.text.debugDescription)", file: file, line: number)
    }

    func testShortcutDrawsWhatTheWalkDraws() {
        // Letters, Latin-1 with NBSP and soft hyphen, a combining accent, Greek, Cyrillic, quotes and dashes, then
        // what must take the long way: ‼ (emoji), ‸, wide ideographs, Hangul jamo, fullwidth forms, emoji with
        // VS16, a Devanagari conjunct, ZWJ, C1 and C0 controls, and the characters HTML escapes.
        let pieces = ["a", "Z", " ", "é", "\u{A0}", "\u{AD}", "e\u{301}", "λ", "Ж", "’", "“", "—", "…", "‹", "‰",
                      "‼", "‸", "漢", "\u{1100}\u{1161}", "！", "❤\u{FE0F}", "क्ष", "a\u{200D}b", "\u{85}", "\u{1}", "&", "<", "\"", "'", "×"]
        var generator = SystemRandomNumberGenerator()
        let drawers = [drawer(), drawer(ambiguousWide: true)]
        var shortcuts = 0
        for round in 0..<3000 {
            let plainOnly = round % 2 == 0
            let count = Int.random(in: 0...10, using: &generator)
            let text = (0..<count).map { _ in pieces[Int.random(in: 0..<(plainOnly ? 15 : pieces.count), using: &generator)] }.joined()
            let line = Line(text: text, width: cellWidth(of: text), language: "en")
            for drawer in drawers {
                if drawer.isPlainNarrow(line) { shortcuts += 1 }
                assertSameCells(line, drawer, "random")
            }
        }
        XCTAssertGreaterThan(shortcuts, 1000, "the shortcut is taken for plain lines")
        XCTAssertFalse(drawer().isPlainNarrow(Line(text: "‼", width: 1, language: "en")))
        XCTAssertFalse(drawer(ambiguousWide: true).isPlainNarrow(Line(text: "plain", width: 5, language: "en")))
    }

    /// Every line of one book per language of the corpus (Arabic, Hebrew, Japanese, Chinese, Sanskrit, …) and of a
    /// Markdown book, with their styles and ruby.
    func testShortcutDrawsWhatTheWalkDrawsOnCorpusBooks() throws {
        let corpus = try corpus()
        let manifest = try String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        // The first book of each language, and every Markdown book's first.
        var byLanguage: [String: String] = [:]
        for row in manifest.split(separator: "\n").dropFirst() {
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count > 5 else { continue }
            let key = fields[0].hasPrefix("markdown/") ? "markdown" : String(fields[5].prefix(2))
            if byLanguage[key] == nil { byLanguage[key] = String(fields[0]) }
        }
        var lines = 0
        for relative in Set(byLanguage.values).sorted() {
            let book = try Quire.open([corpus.appendingPathComponent(relative).path])
            for page in Quire.paginate(book).pages {
                for line in page.lines {
                    lines += 1
                    assertSameCells(line, drawer(), relative)
                }
            }
        }
        XCTAssertGreaterThan(lines, 10_000)
        // The bench's novel: most of its lines take the shortcut.
        let novel = "epub/standardebooks/leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub"
        let pages = Quire.paginate(try Quire.open([corpus.appendingPathComponent(novel).path])).pages
        let novelLines = pages.flatMap(\.lines)
        let shortcuts = novelLines.filter(drawer().isPlainNarrow)
        XCTAssertGreaterThan(shortcuts.count, novelLines.count / 2, "\(shortcuts.count) of \(novelLines.count)")
        for line in shortcuts { assertSameCells(line, drawer(), novel) }
    }
}
