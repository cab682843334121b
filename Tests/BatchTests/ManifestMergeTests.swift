import Foundation
@testable import Quire
import XCTest

/// `BatchManifestMerge`: per-shard manifests as one, each book's last line kept, bad lines counted and skipped.
final class ManifestMergeTests: XCTestCase {
    /// A manifest line as `BatchResult.jsonLine` writes it (fields beyond key and status are passed through).
    func line(_ key: String, _ status: String, error: String? = nil, ms: Int = 1) -> String {
        let error = error.map { "\"\($0)\"" } ?? "null"
        return "{\"input\":\"lib/\(key)\",\"key\":\"\(key)\",\"output\":\"x\",\"status\":\"\(status)\",\"ms\":\(ms),\"error\":\(error)}\n"
    }

    func testLastLineOfEachKeyWinsByManifestThenLineOrder() {
        var merge = BatchManifestMerge()
        merge.add(Data((line("b.md", "error", error: "boom") + line("a.md", "ok") + line("b.md", "ok", ms: 2)).utf8), source: "one")
        merge.add(Data((line("c.md", "ok") + line("a.md", "skipped")).utf8), source: "two")
        merge.add(Data((line("c.md", "error", error: "late")).utf8), source: "three")
        XCTAssertEqual(merge.manifests, 3)
        XCTAssertEqual(merge.lines, 6)
        XCTAssertEqual(merge.merged, line("a.md", "skipped") + line("b.md", "ok", ms: 2) + line("c.md", "error", error: "late"))
        XCTAssertEqual(merge.entries.map(\.source), ["two", "one", "three"])
        XCTAssertEqual(merge.failed.map(\.key), ["c.md"])
        XCTAssertEqual(merge.failed.first?.error, "late")
        XCTAssertEqual([merge.count(.ok), merge.count(.skipped), merge.count(.error)], [1, 1, 1])
        XCTAssertTrue(merge.invalid.isEmpty)
    }

    func testKeysAreSortedByBytesAndLinesCopiedVerbatim() {
        var merge = BatchManifestMerge()
        // Extra spaces and unknown fields survive: lines are copied, not re-encoded.
        let odd = "{ \"key\": \"Z.md\", \"status\": \"ok\", \"new_field\": [1, 2] }\n"
        merge.add(Data((line("é.md", "ok") + line("a/b.md", "ok") + odd + line("a.md", "ok")).utf8), source: "m")
        XCTAssertEqual(merge.entries.map(\.key), ["Z.md", "a.md", "a/b.md", "é.md"])
        XCTAssertTrue(merge.merged.hasPrefix(odd))
    }

    func testTornAndInvalidLinesAreCountedNeverFatal() {
        var merge = BatchManifestMerge()
        let torn = String(line("c.md", "ok").prefix(25))
        let text = line("a.md", "ok") + "\n  \n" + "not json\n" + "{\"key\":\"x.md\",\"status\":\"done\"}\n" + "[1]\n"
            + "{\"status\":\"ok\"}\n" + line("b.md", "error") + torn
        merge.add(Data(text.utf8), source: "s1/manifest.jsonl")
        merge.add(Data([0xFF, 0xFE, 0x0A]) + Data(line("d.md", "ok").utf8), source: "s2/manifest.jsonl")
        merge.add(Data(), source: "empty")
        XCTAssertEqual(merge.entries.map(\.key), ["a.md", "b.md", "d.md"])
        XCTAssertEqual(merge.invalid, [
            .init(source: "s1/manifest.jsonl", line: 4, reason: "not a manifest line"),
            .init(source: "s1/manifest.jsonl", line: 5, reason: "not a manifest line"),
            .init(source: "s1/manifest.jsonl", line: 6, reason: "not a manifest line"),
            .init(source: "s1/manifest.jsonl", line: 7, reason: "not a manifest line"),
            .init(source: "s1/manifest.jsonl", line: 9, reason: "cut short"),
            .init(source: "s2/manifest.jsonl", line: 1, reason: "not a manifest line"),
        ])
        XCTAssertEqual(merge.manifests, 3)
        XCTAssertTrue(merge.merged.hasSuffix("\n"))
    }

    /// A torn line never hides the key's earlier, whole line.
    func testTornLastLineKeepsTheEarlierStatus() {
        var merge = BatchManifestMerge()
        merge.add(Data((line("a.md", "error", error: "first") + String(line("a.md", "ok").dropLast())).utf8), source: "m")
        XCTAssertEqual(merge.latest["a.md"]?.status, .error)
        XCTAssertEqual(merge.invalid.map(\.reason), ["cut short"])
    }

    func testMissingKeysInTheOrderExpected() {
        var merge = BatchManifestMerge()
        merge.add(Data((line("b.md", "ok") + line("d.md", "error")).utf8), source: "m")
        XCTAssertEqual(merge.missing(["a.md", "b.md", "c.md", "d.md"]), ["a.md", "c.md"])
        XCTAssertEqual(merge.missing([]), [])
    }

    /// The real writer's lines merge back to themselves.
    func testRoundTripOfBatchResultLines() {
        let books = (1...5).map { BatchBook(path: "lib/\($0).md", key: "\($0).md", kind: .markdown, name: "n\($0)") }
        let results = books.map {
            BatchResult(book: $0, status: .ok, contentHash: String(repeating: "a", count: 64), optionsHash: String(repeating: "b", count: 64),
                        pages: 3, spreads: 2, warnings: 0, milliseconds: 7, error: nil)
        }
        var merge = BatchManifestMerge()
        merge.add(Data(results.reversed().map(\.jsonLine).joined().utf8), source: "m")
        XCTAssertEqual(merge.merged, results.map(\.jsonLine).joined())
    }
}
