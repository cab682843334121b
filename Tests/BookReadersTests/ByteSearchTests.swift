@testable import BookReaders
import TestSupport
import XCTest

/// `ByteSearch.firstIndex(of:or:in:from:)`, a word at a time, against a plain byte-by-byte search.
final class ByteSearchTests: XCTestCase {
    func testFindsWhatAPlainSearchFinds() {
        // The wanted bytes, their neighbours (a borrow in the word test could mistake them), 0x00 and 0xFF, and
        // multi-byte text.
        let alphabet: [UInt8] = [0x7C, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x0A, 0x0D, 0x0B, 0x00, 0xFF, 0x80, 0x61, 0x20, 0xE2]
        var generator = SeededGenerator(for: self)
        for _ in 0..<3000 {
            let count = Int.random(in: 0...40, using: &generator)
            // Mostly other bytes, so that runs of whole words pass before a match.
            let bytes = (0..<count).map { _ in
                Int.random(in: 0..<6, using: &generator) == 0 ? alphabet.randomElement(using: &generator)!
                    : UInt8.random(in: 0x61...0x7A, using: &generator)
            }
            let (a, b) = Bool.random(using: &generator) ? (UInt8(0x7C), UInt8(0x5C)) : (UInt8(0x0A), UInt8(0x0D))
            let start = Int.random(in: 0...count, using: &generator)
            let expected = bytes[start...].firstIndex { $0 == a || $0 == b } ?? count
            let found = bytes.withUnsafeBufferPointer { ByteSearch.firstIndex(of: a, or: b, in: $0, from: start) }
            XCTAssertEqual(found, expected, "\(bytes) from \(start)")
        }
    }
}
