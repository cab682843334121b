import Foundation
import Layout
import Quire
@testable import Renderers
import TestSupport
import XCTest

/// `HTMLPageDrawer.isPlainNarrow` lets plain lines skip the walk character by character, and `narrowRuns` lines of
/// narrow characters with styles and decorations (issue 19); these tests prove the shortcuts draw exactly what the
/// walk draws, on random lines and on every line of corpus books.
final class HTMLPlainLineTests: XCTestCase {
    private func drawer(ambiguousWide: Bool = false) -> HTMLPageDrawer {
        HTMLPageDrawer(size: PageSize(columns: 40, lines: 10), ambiguousWide: ambiguousWide, imageURLs: [], imageBoxes: [])
    }

    private func assertSameCells(_ line: Line, _ drawer: HTMLPageDrawer, _ label: String, file: StaticString = #filePath, line number: UInt = #line) {
        XCTAssertEqual(drawer.lineCells(line, links: [:]),
                       drawer.lineCells(line, links: [:], plainFastPath: false, runsFastPath: false),
                       "\(label): \(line.text.debugDescription)", file: file, line: number)
    }

    /// A whole line as a page body draws it (`line(at:)`, through a `ByteWriter`, where a plain line's text is
    /// escaped by `appendNarrowText` and a styled one drawn by `narrowRuns(_:links:into:)`), against the walk's
    /// cells: they must end the line's box.
    private func assertSameLine(_ line: Line, _ drawer: HTMLPageDrawer, _ label: String, file: StaticString = #filePath, line number: UInt = #line) {
        var drawn: [UInt8] = []
        drawer.line(line, vertical: false, into: &drawn)
        let walked = drawer.lineCells(line, links: [:], plainFastPath: false, runsFastPath: false)
        let text = String(decoding: drawn, as: UTF8.self)
        // After the box's start tag, or after the empty cells that lead a centred line.
        XCTAssertTrue(text.hasSuffix(">" + walked + "</div>"), "\(label): \(line.text.debugDescription) drawn as \(text)",
                      file: file, line: number)
    }

    func testShortcutDrawsWhatTheWalkDraws() {
        // Letters, Latin-1 with NBSP and soft hyphen, a combining accent, Greek, Cyrillic, quotes and dashes, then
        // what must take the long way: ‼ (emoji), ‸, wide ideographs, Hangul jamo, fullwidth forms, emoji with
        // VS16, a Devanagari conjunct, ZWJ, C1 and C0 controls, and the characters HTML escapes.
        let pieces = Self.pieces
        var generator = SystemRandomNumberGenerator()
        let drawers = [drawer(), drawer(ambiguousWide: true)]
        var shortcuts = 0
        for round in 0..<3000 {
            let plainOnly = round % 2 == 0
            let count = Int.random(in: 0...10, using: &generator)
            let text = (0..<count).map { _ in pieces[Int.random(in: 0..<(plainOnly ? 22 : pieces.count), using: &generator)] }.joined()
            let line = Line(text: text, width: cellWidth(of: text), language: "en")
            for drawer in drawers {
                if drawer.isPlainNarrow(line) { shortcuts += 1 }
                assertSameCells(line, drawer, "random")
                assertSameLine(line, drawer, "random")
            }
        }
        XCTAssertGreaterThan(shortcuts, 1000, "the shortcut is taken for plain lines")
        XCTAssertFalse(drawer().isPlainNarrow(Line(text: "‼", width: 1, language: "en")))
        XCTAssertFalse(drawer(ambiguousWide: true).isPlainNarrow(Line(text: "plain", width: 5, language: "en")))
    }

    /// `hasMarkupCharacter` finds each of `& < > " '` at every position of texts of 1 to 17 bytes (words of eight,
    /// and the overlapping last word), beside every other byte value, and nothing else.
    func testMarkupCharactersAreFoundAtEveryPosition() {
        let markup: Set<UInt8> = [0x22, 0x26, 0x27, 0x3C, 0x3E]
        for length in 1...17 {
            for position in 0..<length {
                for byte in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    bytes[position] = byte
                    // A neighbour one above or below must not be taken for the character (`| 1`, `| 2` tricks).
                    if position + 1 < length { bytes[position + 1] = byte &+ 1 }
                    let expected = markup.contains(byte) || (position + 1 < length && markup.contains(byte &+ 1))
                    let found = bytes.withUnsafeBufferPointer(HTMLEscape.hasMarkupCharacter)
                    if found != expected { XCTFail("byte \(byte) at \(position) of \(length): found \(found)") }
                }
            }
        }
    }

    /// The first 22 pieces are narrow: letters, Latin-1 with NBSP and soft hyphen, a combining accent, Greek,
    /// Cyrillic, quotes and dashes, a hair space, superscripts, ↩, box drawing; then what must take the long way:
    /// ‼ (emoji), ‸, wide ideographs, Hangul jamo, fullwidth forms, emoji with VS16 (also after ↩), ◽ (emoji
    /// presentation), a Devanagari conjunct, ZWJ, ZWSP, C1 and C0 controls, and the characters HTML escapes.
    static let pieces = ["a", "Z", " ", "é", "\u{A0}", "\u{AD}", "e\u{301}", "λ", "Ж", "’", "“", "—", "…", "‹", "‰",
                         "\u{200A}", "\u{2074}", "\u{2081}", "↩", "─", "│", "▀",
                         "‼", "‸", "漢", "\u{1100}\u{1161}", "！", "❤\u{FE0F}", "↩\u{FE0F}", "\u{25FD}", "क्ष", "a\u{200D}b",
                         "\u{200B}", "\u{85}", "\u{1}", "&", "<", "\"", "'", "×"]

    /// Lines with styles and decorations over random characters: `narrowRuns` cuts them where the spans start
    /// and end, the walk where each character's look changes. Spans start and end between pieces, so some fall
    /// before a combining accent (inside a character), which the shortcut must leave to the walk.
    func testRunsShortcutDrawsWhatTheWalkDraws() {
        var generator = SeededGenerator(for: self)
        let styles: [InlineStyle] = [.emphasis, .strong, [.emphasis, .strong], .code, .superscript, .noteReference]
        var shortcuts = 0
        let drawer = drawer()
        for round in 0..<4000 {
            let narrowOnly = round % 3 != 0
            let chosen = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                Self.pieces[Int.random(in: 0..<(narrowOnly ? 22 : Self.pieces.count), using: &generator)]
            }
            // The byte offsets between pieces; "e\u{301}" also gives the offset before its accent.
            var bounds = [0]
            for piece in chosen {
                if piece == "e\u{301}" { bounds.append(bounds.last! + 1) }
                bounds.append(bounds.last! + piece.utf8.count)
            }
            let text = chosen.joined()
            var spans: [StyleSpan] = []
            var decorations: [Range<Int>] = []
            var k = 0
            while k + 1 < bounds.count {
                let end = min(bounds.count - 1, k + Int.random(in: 1...3, using: &generator))
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: spans.append(StyleSpan(range: bounds[k]..<bounds[end], style: styles.randomElement(using: &generator)!))
                case 1: decorations.append(bounds[k]..<bounds[end])
                default: break
                }
                k = end
            }
            let line = Line(text: text, width: cellWidth(of: text), decorations: decorations, language: "en", styles: spans)
            assertSameCells(line, drawer, "styled")
            assertSameLine(line, drawer, "styled")
            if drawer.narrowRuns(line, links: [:]) != nil { shortcuts += 1 }
        }
        XCTAssertGreaterThan(shortcuts, 1000, "the shortcut is taken for narrow lines")
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
                    if page.writingMode != .verticalRL { assertSameLine(line, drawer(), relative) }
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
        for line in shortcuts {
            assertSameCells(line, drawer(), novel)
            assertSameLine(line, drawer(), novel)
        }
    }
}
