@testable import Renderers
import XCTest

/// `ByteWriter` behind `appendUpTo`: a request sized too small (down to nothing, or negative) grows instead of
/// trapping, and the array keeps exactly the bytes written, after what it held before.
/// (Renderers has no test target of its own yet; these belong there once it does.)
final class ByteWriterTests: XCTestCase {
    /// Every kind of write, with every limit from absurd to ample: the same bytes each time.
    func testAnyLimitGivesTheSameBytes() {
        let long = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        func draw(_ writer: inout ByteWriter) {
            writer.put(0x41)
            writer.put(PackedUTF8("━"), count: 3)
            writer.spaces(3)
            writer.spaces(40)
            long.withUnsafeBufferPointer { writer.put($0) }
            writer.put("é")
            writer.spaces(20)
            writer.trimSpaces(downTo: 0)
            writer.put(0x0A)
        }
        var expected: [UInt8] = Array("A━━━".utf8) + [UInt8](repeating: 0x20, count: 43) + long + Array("é\n".utf8)
        for limit in [Int.min, -1, 0, 1, 2, 5, 16, 63, 64, 65, expected.count - 1, expected.count, 4096] {
            var out: [UInt8] = Array("head:".utf8)
            let count = out.appendUpTo(limit) { writer -> Int in
                draw(&writer)
                return writer.count
            }
            XCTAssertEqual(out, Array("head:".utf8) + expected, "limit \(limit)")
            XCTAssertEqual(count, expected.count, "limit \(limit)")
        }
        expected = []
        var empty: [UInt8] = []
        empty.appendUpTo(0) { _ in }
        XCTAssertEqual(empty, expected)
    }

    /// A line feed and `n` spaces at every depth and with every room left, on both sides of the two-word path
    /// (room for sixteen bytes, fewer than sixteen spaces): only the bytes meant land, whatever was stored past them.
    func testNewlineAtEveryDepthAndRoom() {
        for n in 0...40 {
            let expected = Array("x".utf8) + [0x0A] + [UInt8](repeating: 0x20, count: n) + Array("y".utf8)
            for limit in 0...60 {
                var out: [UInt8] = []
                out.appendUpTo(limit) { writer in
                    writer.put(UInt8(ascii: "x"))
                    writer.newline(spaces: n)
                    writer.put(UInt8(ascii: "y"))
                }
                XCTAssertEqual(out, expected, "n \(n), limit \(limit)")
            }
        }
    }

    /// Characters of one to four bytes, alone and repeated, with every room left: the four-byte stores (one a
    /// character, each repetition overlapping the last) leave only the bytes meant, whatever they stored past them.
    func testPackedCharactersAndEdgesAtEveryRoom() {
        for character in ["a", "é", "─", "━", "😀"] {
            let piece = PackedUTF8(Array(character.utf8))
            for copies in [0, 1, 2, 3, 7, 38] {
                let expected = Array("x".utf8) + Array(String(repeating: character, count: copies).utf8)
                    + Array(character.utf8) + Array("y".utf8)
                for limit in 0...(expected.count + 6) {
                    var out: [UInt8] = []
                    out.appendUpTo(limit) { writer in
                        writer.put(UInt8(ascii: "x"))
                        writer.put(piece, count: copies)
                        writer.put(piece)
                        writer.put(UInt8(ascii: "y"))
                    }
                    XCTAssertEqual(out, expected, "\(character) x \(copies), limit \(limit)")
                }
            }
        }
    }

    /// A pretty object's keys: the comma only after the first, the indent, the quoted name and `: `.
    func testMemberKeys() {
        for limit in [0, 3, 16, 64] {
            var out: [UInt8] = []
            out.appendUpTo(limit) { writer in
                writer.putMemberKey("number", comma: false, spaces: 2)
                writer.put(UInt8(ascii: "1"))
                writer.putMemberKey("writingMode", comma: true, spaces: 20)
                writer.put(UInt8(ascii: "2"))
            }
            XCTAssertEqual(String(decoding: out, as: UTF8.self),
                           "\n  \"number\": 1,\n" + String(repeating: " ", count: 20) + "\"writingMode\": 2", "limit \(limit)")
        }
    }

    /// Many small overflows in a row: the writer keeps growing and every byte lands.
    func testGrowsRepeatedly() {
        var out: [UInt8] = []
        out.appendUpTo(1) { writer in
            for i in 0..<100_000 { writer.put(UInt8(truncatingIfNeeded: i)) }
        }
        XCTAssertEqual(out, (0..<100_000).map { UInt8(truncatingIfNeeded: $0) })
    }
}
