import Foundation
@testable import Quire
import TestSupport
import XCTest

/// Batch keys name output folders and shards, so their normalisation must never drift: `BatchInputs.normalize`
/// now takes its steps from `ContainerPath.steps` and must give what the former hand-written loop gave.
final class BatchKeyTests: XCTestCase {
    /// The former implementation, kept as the reference.
    static func former(_ key: String) -> String {
        var parts: [Substring] = []
        for part in key.precomposedStringWithCanonicalMapping.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return (key.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    func testNormalizeMatchesTheFormerRule() {
        let fixed = ["", "/", ".", "..", "../..", "/..", "/../x", "a/../../b", "../a/..", "./a//b/../c.epub", "a/b/../../..",
                     "cafe\u{301}/../x.md", "//a///b//", "a/./././b", "..a/b..", "a/.../b"]
        for key in fixed { XCTAssertEqual(BatchInputs.normalize(key), Self.former(key), key) }
        // Every path of up to five steps drawn from a small alphabet, both relative and absolute.
        let alphabet = ["a", "b", ".", "..", ""]
        var keys: [[String]] = [[]]
        for _ in 0..<5 { keys = keys.flatMap { prefix in alphabet.map { prefix + [$0] } } }
        for steps in keys {
            for key in [steps.joined(separator: "/"), "/" + steps.joined(separator: "/")] {
                XCTAssertEqual(BatchInputs.normalize(key), Self.former(key), key)
            }
        }
    }
}
