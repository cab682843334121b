import XCTest
@testable import Layout

/// `SourceOffsets` counts scalars eight bytes at a time (`String.scalarCount(of:)`); it must agree with counting
/// them one by one at every start and end, so word boundaries falling inside multi-byte characters are covered.
final class SourceOffsetsTests: XCTestCase {
    func testWordAtATimeCountMatchesTheScalarView() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", " ", "é", "—", "“", "日", "😀", "\u{0301}", "ж", "\u{00AD}"]
        for _ in 0..<200 {
            let text = String((0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement()! })
            let bytes = Array(text.utf8)
            // Scalar starts: every byte offset that begins a scalar, and the end.
            var starts: [Int] = []
            var offset = 0
            for scalar in text.unicodeScalars {
                starts.append(offset)
                offset += String(scalar).utf8.count
            }
            starts.append(bytes.count)
            bytes.withUnsafeBufferPointer { buffer in
                var offsets = SourceOffsets()
                for (i, p) in starts.enumerated() {
                    XCTAssertEqual(offsets.scalars(upTo: p, in: buffer, decorations: []), i)
                }
                for (i, a) in starts.enumerated() {
                    for (j, b) in starts.enumerated() where j >= i {
                        XCTAssertEqual(String.scalarCount(of: UnsafeBufferPointer(rebasing: buffer[a..<b])), j - i,
                                       "\(text.debugDescription) \(a)..<\(b)")
                    }
                }
            }
        }
    }

    func testDecorationsAreNotCounted() {
        let bytes = Array("ab• cd".utf8)   // "• " (4 bytes) is a decoration
        var offsets = SourceOffsets()
        bytes.withUnsafeBufferPointer { buffer in
            XCTAssertEqual(offsets.scalars(upTo: 2, in: buffer, decorations: [2..<6]), 2)
            XCTAssertEqual(offsets.scalars(upTo: bytes.count, in: buffer, decorations: [2..<6]), 4)
        }
    }
}
