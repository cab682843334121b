import XCTest
@testable import Layout

/// `verticalRows(of:)` works on UTF-8 bytes with a code-point fast path; it must split exactly as the
/// Character-based definition does.
final class VerticalRowsBytesTests: XCTestCase {
    /// The Character-based definition the byte version replaced.
    private func reference(_ column: String) -> [String] {
        let characters = Array(column)
        func kind(_ i: Int) -> Int {
            guard i >= 0 && i < characters.count, let ascii = characters[i].asciiValue else { return 0 }
            if ascii >= 0x30 && ascii <= 0x39 { return 1 }
            if ascii == 0x21 || ascii == 0x3F { return 2 }
            return 0
        }
        var rows: [String] = []
        var i = 0
        while i < characters.count {
            let k = kind(i)
            if k != 0 && kind(i + 1) == k && kind(i - 1) != k && kind(i + 2) != k {
                rows.append(String(characters[i]) + String(characters[i + 1]))
                i += 2
            } else {
                rows.append(String(characters[i]))
                i += 1
            }
        }
        return rows
    }

    func testSameRowsAsCharacters() {
        let samples = [
            "", "吾輩は猫である。名前はまだ無い。", "第12回!?", "第123回", "12", "1", "!?!", "ab12cd",
            "か\u{3099}きくけこ", "e\u{301}t\u{301}e\u{301}", "a\r\nb", "👩\u{200D}💻と🇯🇵", "〈括弧〉\u{2329}x\u{232A}",
            "ﾊﾟﾝ", "한국어", "क्षत्रिय", "\u{1F44D}\u{1F3FD}!", "「ー～…」", " 12 ", "\t1\n2",
        ]
        for sample in samples {
            XCTAssertEqual(verticalRows(of: sample), reference(sample), sample)
        }
    }
}
