import Foundation
import TestSupport
import XCTest

/// The whole corpus in one batch (runs when QUIRE_CORPUS is set): every book accounted for, outputs equal to
/// single-book runs, a second run skips everything, and three shards make the same tree. A few minutes in a
/// debug build; --format json keeps it the fastest format.
final class CorpusTests: XCTestCase {
    func testWholeCorpusInOneBatch() throws {
        let corpus = try corpus()
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let sample = Run.packageRoot.appendingPathComponent("Samples/lighthouse-keeper").path
        let out = root.appendingPathComponent("out")
        let arguments = ["batch", corpus.path, sample, "--format", "json", "--jobs", "2"]

        let first = try Run.quire(arguments + ["-o", out.path])
        XCTAssertTrue([0, 65].contains(first.status), first.stderr)
        let lines = manifest(out)
        let expectedKeys = Set(books(in: corpus) + ["lighthouse-keeper"])
        XCTAssertEqual(Set(lines.compactMap { $0["key"] as? String }), expectedKeys)
        XCTAssertEqual(lines.count, expectedKeys.count)
        for line in lines {
            if line["status"] as? String == "error" {
                XCTAssertFalse((line["error"] as? String ?? "").isEmpty, "\(line)")
            } else {
                XCTAssertEqual(line["status"] as? String, "ok", "\(line)")
                XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent(line["output"] as! String + "/book.json").path))
            }
        }
        XCTAssertEqual(first.status == 0, lines.allSatisfy { $0["status"] as? String == "ok" })

        // Sampled books match `quire render BOOK --format json -o DIR` byte for byte.
        let sampled = [(sample, "lighthouse-keeper"),
                       (corpus.appendingPathComponent("epub/hefty-water.epub").path, "epub/hefty-water.epub"),
                       (corpus.appendingPathComponent("epub/childrens-literature.epub").path, "epub/childrens-literature.epub"),
                       (corpus.appendingPathComponent("markdown/rtl/fa-react-dev-thinking-in-react.md").path, "markdown/rtl/fa-react-dev-thinking-in-react.md")]
        for (path, key) in sampled {
            let single = root.appendingPathComponent("single-\(UUID().uuidString)")
            let render = try Run.quire(["render", path, "--format", "json", "-o", single.path, "--quiet"])
            XCTAssertEqual(render.status, 0, render.stderr)
            let name = try XCTUnwrap(lines.first { $0["key"] as? String == key }?["output"] as? String, key)
            XCTAssertEqual(tree(out.appendingPathComponent(name), skipping: [".quire-batch.json"]), tree(single), key)
        }

        // A second run skips everything and changes nothing.
        let before = tree(out, skipping: ["manifest.jsonl"])
        let second = try Run.quire(arguments + ["-o", out.path])
        XCTAssertEqual(second.status, first.status, second.stderr)
        let again = manifest(out).dropFirst(lines.count)
        XCTAssertEqual(again.count, lines.count)
        XCTAssertTrue(again.allSatisfy { ["skipped", "error"].contains($0["status"] as? String ?? "") })
        XCTAssertEqual(tree(out, skipping: ["manifest.jsonl"]), before)

        // Three shards into one folder make the same tree and the same manifest lines, time aside.
        let shards = root.appendingPathComponent("shards")
        for k in 1...3 {
            let run = try Run.quire(arguments + ["-o", shards.path, "--shard", "\(k)/3"])
            XCTAssertTrue([0, 65].contains(run.status), run.stderr)
        }
        XCTAssertEqual(tree(shards, skipping: ["manifest.jsonl"]), before)
        XCTAssertEqual(manifest(shards).map(timeless).sorted(), lines.map(timeless).sorted())
    }

    /// Keys of the corpus's books: .epub and .md files, relative to the corpus folder.
    func books(in corpus: URL) -> [String] {
        var keys: [String] = []
        let walker = FileManager.default.enumerator(atPath: corpus.path)
        while let relative = walker?.nextObject() as? String {
            let lower = relative.lowercased()
            if lower.hasSuffix(".epub") || lower.hasSuffix(".md") || lower.hasSuffix(".markdown") { keys.append(relative) }
        }
        return keys
    }
}
