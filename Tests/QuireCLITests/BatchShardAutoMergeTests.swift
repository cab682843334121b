import Foundation
import TestSupport
import XCTest

/// `quire batch --shard auto` and `--merge` end to end: the built binary, run as a Slurm array task or a Kubernetes
/// Indexed Job pod would run it (the environment set by the test), and the shards' manifests merged.
final class BatchShardAutoMergeTests: XCTestCase {
    /// The keys a run's manifest holds.
    func keys(_ out: URL) -> Set<String> {
        Set(manifestLines(out.appendingPathComponent("manifest.jsonl")).compactMap { $0["key"] as? String })
    }

    func testAutoTakesTheSameShardAsKOfN() throws {
        let root = try temporaryFolder(self)
        _ = try smallLibrary(12, paragraphs: 1, in: root)
        var union: [String] = []
        for k in 1...3 {
            let explicit = try ScheduledQuire.run(["batch", "library", "-o", "k\(k)", "--shard", "\(k)/3", "--quiet"], in: root)
            XCTAssertEqual(explicit.status, 0, explicit.stderr)
            // Slurm --array=0-2 (MIN 0), then a Kubernetes pod of a Job with 3 completions.
            let slurm = try ScheduledQuire.run(["batch", "library", "-o", "s\(k)", "--shard", "auto", "--quiet"],
                                               environment: ["SLURM_ARRAY_TASK_ID": "\(k - 1)", "SLURM_ARRAY_TASK_MIN": "0",
                                                             "SLURM_ARRAY_TASK_COUNT": "3"], in: root)
            XCTAssertEqual(slurm.status, 0, slurm.stderr)
            let pod = try ScheduledQuire.run(["batch", "library", "-o", "p\(k)", "--shard", "auto/3", "--quiet"],
                                             environment: ["JOB_COMPLETION_INDEX": "\(k - 1)"], in: root)
            XCTAssertEqual(pod.status, 0, pod.stderr)
            let expected = keys(root.appendingPathComponent("k\(k)"))
            XCTAssertFalse(expected.isEmpty, "shard \(k) of 12 books is empty")
            XCTAssertEqual(keys(root.appendingPathComponent("s\(k)")), expected)
            XCTAssertEqual(keys(root.appendingPathComponent("p\(k)")), expected)
            union += expected
        }
        XCTAssertEqual(union.count, 12)
        XCTAssertEqual(Set(union).count, 12)
    }

    func testAutoRefusalsAreUsageErrors() throws {
        let root = try temporaryFolder(self)
        _ = try smallLibrary(2, paragraphs: 1, in: root)
        let cases: [([String: String], String, String)] = [
            ([:], "auto", "neither is set"),
            (["JOB_COMPLETION_INDEX": "1"], "auto", "give --shard auto/N"),
            (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"], "auto", "shard 5 of 4"),
            (["JOB_COMPLETION_INDEX": "3"], "auto/3", "shard 4 of 3"),
            (["SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "4"], "auto", "'x'"),
            (["SLURM_ARRAY_TASK_ID": "1"], "auto/0", "auto or auto/N"),
        ]
        for (environment, value, message) in cases {
            let run = try ScheduledQuire.run(["batch", "library", "-o", "out", "--shard", value], environment: environment, in: root)
            XCTAssertEqual(run.status, 64, "\(environment): \(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 2, run.stderr)
            XCTAssertTrue(lines.first?.hasPrefix("quire: error: ") == true && lines[0].contains(message), run.stderr)
            XCTAssertTrue(lines.last?.hasPrefix("Usage: quire batch") == true, run.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path), "nothing written")
    }

    func testMergedShardsEqualOneRun() throws {
        let root = try temporaryFolder(self)
        let library = try smallLibrary(9, paragraphs: 1, in: root)
        try Data((0..<500).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: library.appendingPathComponent("broken.epub"))
        XCTAssertEqual(try ScheduledQuire.run(["batch", "library", "-o", "whole", "--quiet"], in: root).status, 65)
        for k in 1...3 {
            let run = try ScheduledQuire.run(["batch", "library", "-o", "shard\(k)", "--shard", "\(k)/3", "--quiet"], in: root)
            XCTAssertTrue([0, 65].contains(run.status), run.stderr)
        }
        // The merge on stdout, and into a file, is the whole run's manifest by key (times aside).
        let merge = try ScheduledQuire.run(["batch", "--merge", "shard1", "shard2", "shard3", "--expect", "library"], in: root)
        XCTAssertEqual(merge.status, 65, "the broken book failed: \(merge.stderr)")
        XCTAssertTrue(merge.stderr.contains("quire: error: broken.epub: failed: not a valid EPUB"), merge.stderr)
        XCTAssertTrue(merge.stderr.hasSuffix("merge: 3 manifests, 10 books: 9 ok, 1 failed, 0 skipped, 0 missing\n"), merge.stderr)
        let whole = manifestLines(root.appendingPathComponent("whole/manifest.jsonl")).map(timeless)
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        let merged = try merge.stdout.split(separator: "\n").map { timeless((try JSONSerialization.jsonObject(with: Data($0.utf8))) as! [String: Any]) }
        XCTAssertEqual(merged.map(\.text), whole.map(\.text))
        let toFile = try ScheduledQuire.run(["batch", "--merge", "shard1", "shard2", "shard3/manifest.jsonl", "-o", "merged.jsonl", "--quiet"], in: root)
        XCTAssertEqual(toFile.status, 65)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("merged.jsonl"), encoding: .utf8), merge.stdout)
        XCTAssertEqual(toFile.stderr, merge.stderr.split(separator: "\n").filter { $0.contains("failed:") }.map { $0 + "\n" }.joined())
    }

    func testMergeReportsMissingBooksAndTornLines() throws {
        let root = try temporaryFolder(self)
        _ = try smallLibrary(8, paragraphs: 1, in: root)
        for k in 1...2 {
            XCTAssertEqual(try ScheduledQuire.run(["batch", "library", "-o", "shard\(k)", "--shard", "\(k)/3", "--quiet"], in: root).status, 0)
        }
        // Shard 3 never ran; shard 2 was killed in the middle of a line.
        let torn = try FileHandle(forWritingTo: root.appendingPathComponent("shard2/manifest.jsonl"))
        try torn.seekToEnd()
        try torn.write(contentsOf: Data("{\"input\":\"library/book-0".utf8))
        try torn.close()
        let third = try ScheduledQuire.run(["batch", "library", "-o", "third", "--shard", "3/3", "--quiet"], in: root)
        XCTAssertEqual(third.status, 0)
        let missing = keys(root.appendingPathComponent("third")).sorted()
        XCTAssertFalse(missing.isEmpty)

        let merge = try ScheduledQuire.run(["batch", "--merge", "shard1", "shard2", "-o", "out", "--expect", "library"], in: root)
        XCTAssertEqual(merge.status, 65, merge.stderr)
        for key in missing { XCTAssertTrue(merge.stderr.contains("quire: error: \(key): missing from every shard\n"), merge.stderr) }
        XCTAssertTrue(merge.stderr.contains("quire: warning: shard2/manifest.jsonl:"), merge.stderr)
        XCTAssertTrue(merge.stderr.contains(": skipped: cut short\n"), merge.stderr)
        XCTAssertTrue(merge.stderr.hasSuffix(", \(missing.count) missing; 1 invalid line skipped\n"), merge.stderr)
        // -o into a folder that does not exist: the file "out".
        XCTAssertEqual(manifestLines(root.appendingPathComponent("out")).count, 8 - missing.count)

        // With the third shard, nothing is missing; -o into a folder writes its manifest.jsonl.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("all"), withIntermediateDirectories: true)
        let complete = try ScheduledQuire.run(["batch", "--merge", "shard1", "shard2", "third", "-o", "all", "--expect", "library"], in: root)
        XCTAssertEqual(complete.status, 0, complete.stderr)
        XCTAssertEqual(manifestLines(root.appendingPathComponent("all/manifest.jsonl")).count, 8)

        // A shard folder without a manifest: the others are merged, exit 66.
        let absent = try ScheduledQuire.run(["batch", "--merge", "shard1", "nowhere", "--quiet"], in: root)
        XCTAssertEqual(absent.status, 66, absent.stderr)
        XCTAssertTrue(absent.stderr.hasPrefix("quire: error: nowhere: cannot read the manifest"), absent.stderr)
        XCTAssertEqual(absent.stdout.split(separator: "\n").count, keys(root.appendingPathComponent("shard1")).count)
    }

    func testMergeUsageErrors() throws {
        let root = try temporaryFolder(self)
        for arguments in [["--merge"], ["--merge", "a", "--jobs", "2"], ["--merge", "a", "--shard", "1/2"], ["library", "-o", "x", "--expect", "library"],
                          ["library", "-o", "x", "--grace", "-1"], ["library", "-o", "x", "--grace", "soon"]] {
            let run = try ScheduledQuire.run(["batch"] + arguments, in: root)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.stderr)")
        }
        let help = try ScheduledQuire.run(["batch", "--help"], in: root)
        for text in ["--shard K/N|auto[/N]", "--grace SECONDS", "--merge", "--expect INPUT", "SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX",
                     "130/143 interrupted"] {
            XCTAssertTrue(help.stdout.contains(text), text)
        }
    }

    /// A manifest line without its time: its key, and its fields as sorted JSON.
    func timeless(_ line: [String: Any]) -> (key: String, text: String) {
        var line = line
        line["ms"] = nil
        let data = (try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])) ?? Data()
        return (line["key"] as? String ?? "", String(decoding: data, as: UTF8.self))
    }
}
