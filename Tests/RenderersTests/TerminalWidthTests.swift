import Foundation
import Layout
import Quire
import Spreads
import TestSupport
import XCTest

/// Cells are counted as terminals draw them (issue 13): per code point by wcwidth, spacing marks included, and
/// emoji presentation sequences as two; the text renderer's output fits the terminal it was measured for.
final class TerminalWidthTests: XCTestCase {
    /// glibc's wcswidth, as a terminal counts cells (TestSupport `terminalWidth`).
    private func wcswidth(_ text: String) -> Int {
        terminalWidth(text)
    }

    func testClustersCountEveryCodePointATerminalDraws() {
        let cases: [(String, Int)] = [
            ("कि", 2),                      // ka + vowel sign i (Mc): two cells on a terminal
            ("क्षि", 3),                     // ka, virama (Mn), ssa, vowel sign i
            ("নমস্কার", 6),                  // Bengali with a virama conjunct and a spacing vowel sign
            ("é", 1),                       // e + combining acute (Mn)
            ("\u{1112}\u{1161}\u{11AB}", 2), // a Hangul syllable from conjoining jamo
            ("한", 2),
            ("漢字", 4),
            ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 2), // an emoji ZWJ sequence
            ("\u{1F1EF}\u{1F1F5}", 2),       // a flag
            ("\u{2764}\u{FE0F}", 2),         // an emoji presentation selector
            ("plain", 5),
        ]
        for (text, cells) in cases {
            XCTAssertEqual(cellWidth(of: text), cells, text)
        }
    }

    func testAgreesWithGlibcWhereglibcIsDefinite() {
        // Emoji sequences are left out: glibc sums their parts, terminals draw them in two cells.
        let texts = ["कि", "क्षि", "नारायणं नमस्कृत्य", "নমস্কার", "தமிழ்", "é", "\u{1112}\u{1161}\u{11AB}", "漢字かな",
                     "Ελληνικά", "עִבְרִית", "العربية", "ภาษาไทย", "ಕನ್ನಡ"]
        for text in texts {
            let expected = wcswidth(text)
            XCTAssertGreaterThanOrEqual(expected, 0, text)
            XCTAssertEqual(cellWidth(of: text), expected, text)
        }
    }

    /// Every line of every corpus book's text output fits its spread as a terminal measures it, and every framed
    /// row of a spread is exactly as wide as its top border: frames and the spine stay aligned.
    func testCorpusTextOutputFitsTheTerminal() throws {
        let corpus = try corpus()
        var checked = 0
        for folder in ["epub", "markdown"] {
            let root = corpus.appendingPathComponent(folder)
            let walker = FileManager.default.enumerator(atPath: root.path)!
            for case let relative as String in walker where relative.hasSuffix(".epub") || relative.hasSuffix(".md") {
                guard let book = try? Quire.open([root.appendingPathComponent(relative).path]) else { continue }
                let pagination = Quire.paginate(book, spreads: SpreadOptions(viewport: .standard))
                var bytes: [UInt8] = []
                Quire.writeTextSpreads(pagination, ambiguousWide: false, where: { _ in true }, write: { bytes += $0 })
                var border = 0
                for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                    let text = line.replacingOccurrences(of: "\u{0C}", with: "")
                    let width = wcswidth(text)
                    XCTAssertTrue((0...Viewport.standard.columns).contains(width), "\(relative): \(width) cells: \(text)")
                    if text.hasPrefix("┌") { border = width }
                    if text.hasPrefix("│") && width != border {
                        XCTFail("\(relative): a row of \(width) cells under a border of \(border): \(text)")
                        break
                    }
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }
}
