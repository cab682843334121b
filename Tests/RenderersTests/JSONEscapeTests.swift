import Renderers
import TestSupport
import XCTest

/// JSON string escaping, checked against a plain per-scalar definition of RFC 8259 (plus U+2028/U+2029).
final class JSONEscapeTests: XCTestCase {
    /// The escaping rules spelled out scalar by scalar, independent of the renderer's sixteen-byte scan (`qi_json_plain_prefix`).
    private func reference(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x2028: out += "\\u2028"
            case 0x2029: out += "\\u2029"
            case 0..<0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    func testEscapingMatchesThePlainDefinitionOnRandomText() {
        // Pieces that sit on both sides of the 16-byte scan: controls, quotes, backslashes, E2 sequences that are
        // and are not line/paragraph separators, other multi-byte text.
        let pieces = ["a", "bcdefgh", " ", "\"", "\\", "\n", "\t", "\r", "\u{01}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}",
                      "\u{2019}", "\u{201C}", "\u{2014}", "\u{2027}", "\u{202A}", "é", "漢字", "😀", "0123456789abcdef",
                      // Other characters ending in 0xA8 or 0xA9, the bytes the scan stops at: è, Ш, Щ, ₨, ⸨.
                      "è", "Ш", "Щ", "\u{20A8}", "\u{2E28}"]
        var generator = SeededGenerator(for: self)
        for _ in 0..<3000 {
            let count = Int.random(in: 0...40, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            var bytes: [UInt8] = []
            JSON.escape(text, into: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), reference(text), text.debugDescription)
        }
    }

    func testLongCleanRunsAndEscapesAtEveryOffset() {
        // Every offset in and across two sixteen-byte blocks, before a tail of every length (the tail's overlapping
        // load sees bytes already passed: an escape there must not be found twice or early).
        for offset in 0..<40 {
            for tail in [0, 1, 7, 15, 16, 17, 31] {
                for special in ["\"", "\\", "\u{0}", "\u{1F}", "\u{2028}", "\u{2029}", "\u{2019}", "è"] {
                    let text = String(repeating: "x", count: offset) + special + String(repeating: "y", count: tail)
                    var bytes: [UInt8] = []
                    JSON.escape(text, into: &bytes)
                    XCTAssertEqual(String(decoding: bytes, as: UTF8.self), reference(text), "offset \(offset), tail \(tail)")
                }
            }
        }
    }
}
