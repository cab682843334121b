import Foundation
import Hashing
import XCTest

/// SHA-256 and base64 from libcrypto, against the published vectors: NIST FIPS 180-4 examples and the
/// million 'a', the padding edges (55 and 56 bytes), streaming in every chunk size, and RFC 4648 §10.
final class HashingTests: XCTestCase {
    func testNISTVectors() {
        XCTAssertEqual(SHA256.hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000)).hexString,
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        XCTAssertEqual(SHA256.digest([UInt8](repeating: 0x61, count: 55)).hexString,
                       "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        XCTAssertEqual(SHA256.digest([UInt8](repeating: 0x61, count: 56)).hexString,
                       "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    }

    func testSequencesThatAreNotArrays() {
        XCTAssertEqual(SHA256.hash("abc".utf8).hexString, SHA256.hex("abc"))
        XCTAssertEqual(SHA256.hash(repeatElement(UInt8(0x61), count: 1_000_000)),
                       SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000)))
    }

    func testStreamingInAnyChunkSizeMatchesOneShot() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for chunk in [1, 3, 63, 64, 65, 127, 999, 1_000] {
            var hasher = SHA256()
            var start = 0
            while start < bytes.count {
                hasher.update(Array(bytes[start..<min(bytes.count, start + chunk)]))
                start += chunk
            }
            XCTAssertEqual(hasher.finalize(), SHA256.hash(bytes), "chunk \(chunk)")
        }
    }

    /// A value type: a copy goes on by itself, and a finalized hasher starts over.
    func testCopiesAreIndependentAndFinalizeStartsOver() {
        var first = SHA256()
        first.update(Array("ab".utf8))
        var second = first
        first.update(Array("c".utf8))
        second.update(Array("d".utf8))
        XCTAssertEqual(first.finalize(), SHA256.hash(Array("abc".utf8)))
        XCTAssertEqual(second.finalize(), SHA256.hash(Array("abd".utf8)))
        XCTAssertEqual(first.finalize(), SHA256.hash([]), "a finalized hasher is new again")
        first.update(Array("abc".utf8))
        XCTAssertEqual(first.finalize(), SHA256.hash(Array("abc".utf8)))
    }

    func testHashesOnManyThreadsAgree() {
        let expected = SHA256.hex("quire")
        DispatchQueue.concurrentPerform(iterations: 64) { _ in XCTAssertEqual(SHA256.hex("quire"), expected) }
    }

    func testBase64RFC4648Vectors() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
                       "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors { XCTAssertEqual(base64(Array(plain.utf8)), encoded, plain) }
        let all = (0..<256).map(UInt8.init)
        XCTAssertEqual(base64(all).suffix(8), "/P3+/w==")
    }

    /// Inputs larger than one libcrypto call (3 MiB pieces) join without padding in the middle.
    func testBase64AcrossPieces() {
        for count in [3 << 20, (3 << 20) + 1, (6 << 20) + 2] {
            var bytes = [UInt8](repeating: 0, count: count)
            bytes.withUnsafeMutableBufferPointer { for i in $0.indices { $0[i] = UInt8(truncatingIfNeeded: i &* 7) } }
            XCTAssertEqual(base64(bytes), Data(bytes).base64EncodedString(), "\(count) bytes")
        }
    }
}
