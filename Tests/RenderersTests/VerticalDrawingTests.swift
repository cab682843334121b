import Layout
@testable import Renderers
import XCTest

/// The vertical text drawer's fast paths (flat form table, wide code points, code-point rows) must draw exactly
/// what the Character-based definitions say.
final class VerticalDrawingTests: XCTestCase {
    /// The README's definition of a cell: the table, space and ASCII turned, anything else padded to two cells.
    private func reference(_ unit: String, ambiguousWide: Bool) -> String {
        var drawn = unit
        if unit.count == 1, let c = unit.first {
            if let turned = VerticalForms.table[c] {
                drawn = String(turned)
            } else if c == " " {
                return "\u{3000}"
            } else if let ascii = c.asciiValue, ascii >= 0x21, ascii <= 0x7E {
                return String(UnicodeScalar(0xFF01 + UInt32(ascii) - 0x21)!)
            }
        }
        return drawn + String(repeating: " ", count: max(0, 2 - cellWidth(of: drawn, ambiguousWide: ambiguousWide)))
    }

    func testEveryCodePointDrawsAsDefined() {
        var scalars = Array(0..<0xD800) + Array(0xE000..<0x10000)
        scalars += [0x1F600, 0x1F44D, 0x20000, 0x2A6D6, 0x1D400, 0xE0001, 0x10FFFD]
        for ambiguousWide in [false, true] {
            for value in scalars {
                let unit = String(UnicodeScalar(UInt32(value))!)
                let drawn = VerticalForms.cell(unit, ambiguousWide: ambiguousWide)
                if drawn != reference(unit, ambiguousWide: ambiguousWide) {
                    XCTFail("U+\(String(value, radix: 16)) ambiguousWide \(ambiguousWide): \(drawn.debugDescription)")
                }
            }
        }
    }

    func testClustersAndPairsDrawAsDefined() {
        for unit in ["12", "!?", "e\u{301}", "か\u{3099}", "👍🏽", "🇯🇵", "\r\n", "\u{2329}", "\u{232A}", "〈", "ﾊﾟ"] {
            for ambiguousWide in [false, true] {
                XCTAssertEqual(VerticalForms.cell(unit, ambiguousWide: ambiguousWide), reference(unit, ambiguousWide: ambiguousWide), unit)
            }
        }
    }

    /// Rows of each column as `VerticalColumns` finds them, as strings.
    private func columnRows(_ texts: [String]) -> [[String]] {
        let columns = VerticalColumns(texts.map { Line(text: $0, width: 0) })
        XCTAssertEqual(columns.firsts.count, texts.count + 1)
        return (0..<texts.count).map { c in
            (columns.firsts[c]..<columns.firsts[c + 1] - 1).map { b in
                String(decoding: columns.text[Int(columns.bounds[b])..<Int(columns.bounds[b + 1])], as: UTF8.self)
            }
        }
    }

    func testColumnsSplitAsTheLayoutCounts() {
        var texts = [
            "", "吾輩は猫である。名前はまだ無い。", "第12回!?", "第123回", "12", "1", "!?!", "ab12cd", "か\u{3099}きくけこ",
            "e\u{301}t\u{301}e\u{301}", "a\r\nb", "👩\u{200D}💻と🇯🇵", "〈括弧〉\u{2329}x\u{232A}", "ﾊﾟﾝ", "한국어", "क्षत्रिय",
            "\u{1F44D}\u{1F3FD}!", "「ー～…」", " 12 ", "\t1\n2", "12!?", "1!", "?!12?", "─┌┐│", "café 12",
        ]
        // Every code point the fast path accepts, in runs, beside digits and marks that pair or join.
        let ranges = VerticalForms.aloneRanges + VerticalForms.wideRanges + [0x3000...0x30FF, 0xFE10...0xFE4F, 0xFF01...0xFFEF]
        for range in ranges {
            var run = ""
            for value in range {
                guard let scalar = UnicodeScalar(value) else { continue }
                run.unicodeScalars.append(scalar)
                if run.unicodeScalars.count == 40 {
                    texts.append(run)
                    texts.append("12" + run + "!?")
                    run = ""
                }
            }
            texts.append(run + "3")
        }
        let rows = columnRows(texts)
        for (text, found) in zip(texts, rows) {
            XCTAssertEqual(found, verticalRows(of: text), text)
        }
    }
}
