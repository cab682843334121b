import XCTest
import ICUShim
import TestSupport
@testable import Layout

/// `qi_grapheme_ends` (graphemes.c) decides grapheme clusters from code point properties; ICU 72's character
/// iterator is the reference it must equal everywhere: UAX #29's rules and ICU's aksara rule for Indic conjuncts.
final class GraphemeRuleTests: XCTestCase {
    private let icu = qi_grapheme_breaker_open()

    deinit { qi_breaker_close(icu) }

    private func ours(_ bytes: [UInt8]) -> [Int32] {
        var ends = [Int32](repeating: 0, count: max(bytes.count, 1))
        let n = bytes.withUnsafeBufferPointer { b in
            ends.withUnsafeMutableBufferPointer { qi_grapheme_ends(b.baseAddress, Int32(bytes.count), $0.baseAddress) }
        }
        return Array(ends.prefix(Int(max(n, 0))))
    }

    private func reference(_ bytes: [UInt8]) -> [Int32] {
        var ends = [Int32](repeating: 0, count: bytes.count + 1)
        let n = bytes.withUnsafeBufferPointer { b in
            ends.withUnsafeMutableBufferPointer { qi_boundaries(icu, b.baseAddress, Int32(bytes.count), $0.baseAddress) }
        }
        return Array(ends.prefix(Int(max(n, 0))))
    }

    private func check(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let bytes = Array(text.utf8)
        let a = ours(bytes), b = reference(bytes)
        if a != b {
            XCTFail("\(text.unicodeScalars.map { String($0.value, radix: 16) }): ours \(a), ICU \(b)", file: file, line: line)
            return false
        }
        return true
    }

    /// Random mixes of what joins: Indic consonants, viramas, nuktas, vowel signs, independent vowels and ZWJ/ZWNJ
    /// in the aksara rule's six scripts and in Tamil (outside it), emoji ZWJ sequences, skin tones, variation
    /// selectors, flags, Hangul jamo and syllables, Prepend, SpacingMark, CR LF and controls, Arabic and Hebrew
    /// marks, Thai.
    func testRandomJoiningTextMatchesICU() {
        let pieces: [String] = ["क", "ष", "र", "म", "\u{094D}", "\u{093C}", "ि", "ु", "ं", "ः", "अ", "।", "१",
                                "ক", "\u{09CD}", "ি", "ક", "\u{0ACD}", "క", "\u{0C4D}", "ക", "\u{0D4D}", "\u{0D4E}",
                                "କ", "\u{0B4D}", "க", "\u{0BCD}", "\u{200D}", "\u{200C}", "👩", "👦", "❤", "\u{1F3FB}",
                                "\u{FE0F}", "\u{FE0E}", "🇯", "🇵", "🇫", "\u{1100}", "\u{1161}", "\u{11A8}", "가", "각",
                                "\u{0600}", "\u{0903}", "\r", "\n", "\u{0007}", "\u{0085}", "ب", "\u{064E}", "\u{0651}",
                                "ש", "\u{05B8}", "ก", "\u{0E31}", "\u{0E33}", "a", "\u{0301}", " ", "1", "漢", "\u{00AD}"]
        var generator = SeededGenerator(for: self)
        var failures = 0
        for _ in 0..<20_000 where failures < 10 {
            let length = Int.random(in: 1...16, using: &generator)
            let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            if !check(text) { failures += 1 }
        }
    }

    /// Every BMP code point (surrogates aside) before and after each of a few neighbours that every rule turns
    /// on: the property lookups and the cache hold for all of them, not only for the scripts above.
    func testEveryBMPCodePointBesideJoinersMatchesICU() {
        let neighbours = ["a", "\u{0301}", "\u{094D}", "क", "\u{200D}", "🇯", "\u{1100}", "\u{1161}", "\u{11A8}",
                          "\u{0600}", "\r", "👩"]
        var failures = 0
        for value in UInt32(0)..<0x10000 where failures < 10 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let s = String(scalar)
            for n in neighbours where failures < 10 {
                if !check(s + n) || !check(n + s) || !check(n + s + n) { failures += 1 }
            }
        }
    }

    /// Ill-formed UTF-8 is left to ICU's iterator: the rules answer -1.
    func testIllFormedUTF8IsLeftToICU() {
        let bytes: [UInt8] = [0x61, 0xE0, 0xA4, 0x61]
        var ends = [Int32](repeating: 0, count: bytes.count)
        XCTAssertEqual(qi_grapheme_ends(bytes, Int32(bytes.count), &ends), -1)
    }

    /// Devanagari prose: clusters as ICU makes them, conjuncts whole, and measured without ICU's iterator.
    func testDevanagariConjunctsStayWhole() {
        let text = "धृतराष्ट्र उवाच। धर्मक्षेत्रे कुरुक्षेत्रे"
        XCTAssertTrue(check(text))
        let clusters = ours(Array(text.utf8)).count
        XCTAssertLessThan(clusters, text.unicodeScalars.count, "marks and conjuncts join their consonants")
        XCTAssertTrue(check("क्\u{200D}ष"), "a ZWJ after a virama keeps the conjunct")
    }
}
