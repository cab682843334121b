import BookModel
import TestSupport
import XCTest

/// `HTMLEscape.text` and `appendText` against the escaping rules written out scalar by scalar, independent of the
/// escaper's word-at-a-time scan for text that needs no care: long clean runs with one character that needs care
/// (or only seems to) at every offset, and random mixes.
final class HTMLEscapeScanTests: XCTestCase {
    private func reference(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            let v = scalar.value
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                let forbidden = (v < 0x20 && v != 0x09 && v != 0x0A) || (0x7F...0x9F).contains(v)
                    || (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE
                if !forbidden { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    private func assertEscapes(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(HTMLEscape.text(text), reference(text), text.debugDescription, file: file, line: line)
        var bytes: [UInt8] = []
        HTMLEscape.appendText(text, to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), reference(text), text.debugDescription, file: file, line: line)
    }

    func testEveryCharacterThatNeedsCareAtEveryOffset() {
        // Each needs escaping or dropping, or shares a byte pattern the scan tests (= ; ? are beside < > in ASCII,
        // % beside &, Ã and ï share no lead byte with what is dropped, U+FFFD starts with EF as U+FFFE does).
        let specials = ["&", "'", "<", ">", "\"", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "\u{9F}", "=", ";", "?", "%", "Ã",
                        "ï", "\u{FFFD}", "\u{A0}", "😀", "\t", "\n"]
            // Noncharacters, which a literal cannot hold.
            + [0xFDD0, 0xFFFE, 0x1FFFF, 0x10FFFF].map { String(Character(Unicode.Scalar($0)!)) }
        for special in specials {
            for offset in 0..<20 {
                for tail in [0, 1, 7, 9] {
                    assertEscapes(String(repeating: "x", count: offset) + special + String(repeating: "y", count: tail))
                }
            }
        }
    }

    func testRandomMixes() {
        let pieces = ["Prince Andrew ", "—", "“", "é", "a", "&", "<", ">", "\"", "'", "\u{2}", "\u{7F}", "\u{85}", "\u{A0}",
                      String(Character(Unicode.Scalar(0xFFFE)!)), "漢字", "😀", "\t"]
        var generator = SeededGenerator(for: self)
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
            assertEscapes(text.joined())
        }
    }
}
