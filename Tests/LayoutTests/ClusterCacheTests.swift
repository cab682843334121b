import XCTest
import ICUShim
@testable import Layout

/// Clusters that join code points are measured through a per-thread cache keyed by their bytes (issue 19). Texts
/// mixing many such clusters (Devanagari, Bengali, Thai, emoji sequences, combining marks), measured again and
/// again so the cache is warm, evicts and refills, must give every cluster the width ICU gives it afresh. Among
/// them, thousands of six-byte clusters of two widths (a CJK ideograph or a Thai consonant with a Thai vowel
/// mark) share the cache's slots, so a lookup that trusted a slot without comparing its bytes would be caught.
final class ClusterCacheTests: XCTestCase {
    func testCachedClusterWidthsEqualFreshOnes() {
        var clusters = ["क्षि", "ने", "कि", "स्त्री", "গ্র", "কি", "ที่", "น้ำ", "e\u{0301}", "a\u{0308}\u{0304}",
                        "👩‍👩‍👦", "🇯🇵", "1️⃣", "☺︎", "☺️", "ᄀ\u{1161}", "x", " ", "漢", "\u{00AD}a"]
        let marks: [UInt32] = [0x0E31, 0x0E34, 0x0E35, 0x0E36, 0x0E37, 0x0E47, 0x0E48, 0x0E49, 0x0E4A, 0x0E4B]
        for base in UInt32(0x4E00)..<0x5A00 { clusters.append(String(Unicode.Scalar(base)!) + "\u{0E34}") }
        for base in UInt32(0x0E01)...0x0E2E {
            for mark in marks { clusters.append(String(Unicode.Scalar(base)!) + String(Unicode.Scalar(mark)!)) }
        }
        var generator = SystemRandomNumberGenerator()
        for ambiguousWide in [false, true] {
            let buffer = ClusterBuffer(ambiguousWide: ambiguousWide)
            for _ in 0..<400 {
                let text = (0..<Int.random(in: 1...200, using: &generator))
                    .map { _ in clusters.randomElement(using: &generator)! }.joined()
                let bytes = Array(text.utf8)
                bytes.withUnsafeBufferPointer { buffer2 in
                    let n = buffer.measure(buffer2)
                    for c in 0..<n {
                        let start = Int(buffer.start[c]), end = Int(buffer.start[c + 1])
                        let info = qi_cluster_info(buffer2.baseAddress! + start, Int32(end - start), ambiguousWide ? 1 : 0)
                        let fresh = info & Int32(QI_INVISIBLE) != 0 ? 0 : Int(info & Int32(QI_WIDTH_MASK))
                        XCTAssertEqual(Int(buffer.width[c]), fresh, "\(String(decoding: bytes[start..<end], as: UTF8.self))")
                    }
                }
            }
        }
    }
}
