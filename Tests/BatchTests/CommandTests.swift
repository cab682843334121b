import Foundation
import TestSupport
import XCTest

/// `quire batch` end to end: the built binary on small libraries made in a scratch folder.
final class CommandTests: XCTestCase {
    func testEveryBookIsWrittenAndTheCorruptOneFails() throws {
        let root = try makeLibrary()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let run = try Run.quire(["batch", "library", "-o", "out", "--jobs", "2"], in: root)
        XCTAssertEqual(run.status, 65, run.stderr)
        XCTAssertTrue(run.stderr.contains("quire: error: library/broken.epub: not a valid EPUB"), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("\n") && run.stderr.contains("batch: 4 ok, 1 failed, 0 skipped in "), run.stderr)
        let lines = manifest(out)
        XCTAssertEqual(lines.count, 5)
        for line in lines {
            let key = line["key"] as? String ?? ""
            XCTAssertEqual(line["status"] as? String, key == "broken.epub" ? "error" : "ok", key)
            XCTAssertEqual((line["content_sha256"] as? String)?.count, 64)
            XCTAssertEqual((line["options_sha256"] as? String)?.count, 64)
            if key == "broken.epub" {
                XCTAssertTrue((line["error"] as? String ?? "").hasPrefix("not a valid EPUB (ZIP) archive"))
                XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent(line["output"] as! String).path))
            } else {
                XCTAssertTrue(line["error"] is NSNull)
                XCTAssertGreaterThan(line["pages"] as? Int ?? 0, 0)
            }
        }
        // The same bytes as single-book runs of `quire render … -o DIR`.
        for (input, key) in [("library/lighthouse-keeper", "lighthouse-keeper"), ("library/nested/deeper/book 3.md", "nested/deeper/book 3.md")] {
            let single = root.appendingPathComponent("single-\(UUID().uuidString)")
            let render = try Run.quire(["render", input, "-o", single.path, "--quiet"], in: root)
            XCTAssertEqual(render.status, 0, render.stderr)
            let name = try XCTUnwrap(lines.first { $0["key"] as? String == key }?["output"] as? String)
            let batch = tree(out.appendingPathComponent(name), skipping: [".quire-batch.json"])
            XCTAssertFalse(batch.isEmpty)
            XCTAssertEqual(batch, tree(single), key)
        }
        XCTAssertTrue(leftovers(out).isEmpty)
    }

    func testSecondRunSkipsAndForceOrChangesRedo() throws {
        let root = try makeLibrary(corrupt: false)
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        XCTAssertEqual(try Run.quire(["batch", "library", "-o", "out", "--format", "json"], in: root).status, 0)
        let first = tree(out, skipping: ["manifest.jsonl"])

        let second = try Run.quire(["batch", "library", "-o", "out", "--format", "json"], in: root)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stderr.contains("batch: 0 ok, 0 failed, 4 skipped"), second.stderr)
        XCTAssertEqual(manifest(out).suffix(4).map { $0["status"] as? String }, Array(repeating: "skipped", count: 4))
        XCTAssertEqual(tree(out, skipping: ["manifest.jsonl"]), first)

        // Other options are another rendering; a changed book is redone alone.
        let text = try Run.quire(["batch", "library", "-o", "out", "--page", "30x12", "--format", "json"], in: root)
        XCTAssertTrue(text.stderr.contains("batch: 4 ok, 0 failed, 0 skipped"), text.stderr)
        try markdownBook(99, paragraphs: 2).write(to: root.appendingPathComponent("library/book 1.md"), atomically: true, encoding: .utf8)
        let changed = try Run.quire(["batch", "library", "-o", "out", "--page", "30x12", "--format", "json"], in: root)
        XCTAssertTrue(changed.stderr.contains("batch: 1 ok, 0 failed, 3 skipped"), changed.stderr)
        let forced = try Run.quire(["batch", "library", "-o", "out", "--page", "30x12", "--format", "json", "--force"], in: root)
        XCTAssertTrue(forced.stderr.contains("batch: 4 ok, 0 failed, 0 skipped"), forced.stderr)
        XCTAssertTrue(leftovers(out).isEmpty)
    }

    func testShardsTogetherEqualOneRun() throws {
        let root = try makeLibrary(markdown: 12, paragraphs: 1)
        defer { try? FileManager.default.removeItem(at: root) }
        let whole = root.appendingPathComponent("whole")
        XCTAssertEqual(try Run.quire(["batch", "library", "-o", "whole", "--jobs", "2"], in: root).status, 65)
        let shared = root.appendingPathComponent("shards")
        var lines: [String] = []
        for k in 1...3 {
            // Shards write into their own folders and into one shared folder, as on many machines.
            let own = root.appendingPathComponent("shard\(k)")
            for folder in [own, shared] {
                let run = try Run.quire(["batch", "library", "-o", folder.lastPathComponent, "--shard", "\(k)/3", "--jobs", "1"], in: root)
                XCTAssertTrue([0, 65].contains(run.status), run.stderr)
            }
            lines += manifest(own).map(timeless)
        }
        var union: [String: Data] = [:]
        for k in 1...3 {
            for (path, bytes) in tree(root.appendingPathComponent("shard\(k)"), skipping: ["manifest.jsonl"]) {
                XCTAssertNil(union[path], "\(path) is in two shards")
                union[path] = bytes
            }
        }
        let expected = tree(whole, skipping: ["manifest.jsonl"])
        XCTAssertEqual(expected.count, union.count)
        XCTAssertEqual(union, expected)
        XCTAssertEqual(tree(shared, skipping: ["manifest.jsonl"]), expected)
        XCTAssertEqual(lines.sorted(), manifest(whole).map(timeless).sorted())
        XCTAssertEqual(manifest(shared).map(timeless).sorted(), lines.sorted())
    }

    func testInterruptedRunsResumeWithNothingCorrupt() throws {
        let root = try makeLibrary(markdown: 40, paragraphs: 30, corrupt: false)
        defer { try? FileManager.default.removeItem(at: root) }
        let reference = root.appendingPathComponent("reference")
        XCTAssertEqual(try Run.quire(["batch", "library", "-o", "reference", "--format", "json"], in: root).status, 0)
        let expected = tree(reference, skipping: ["manifest.jsonl"])
        let out = root.appendingPathComponent("out")

        var interrupted = 0
        for signal in [SIGTERM, SIGKILL, SIGINT] {
            let before = manifest(out).count
            let process = try Background(["batch", "library", "-o", "out", "--format", "json", "--jobs", "2", "--force"], in: root)
            let deadline = Date().addingTimeInterval(120)
            while manifest(out).count <= before, process.process.isRunning, Date() < deadline { usleep(5_000) }
            process.signal(signal)
            let run = process.wait()
            // A fast machine may finish first; otherwise the exit status names the signal.
            XCTAssertTrue(run.status == 0 || run.status == 128 + signal, "signal \(signal): status \(run.status) \(run.stderr)")
            if run.status != 0 { interrupted += 1 }
            if signal != SIGKILL, run.status != 0 { XCTAssertTrue(run.stderr.contains("batch: interrupted"), run.stderr) }
            assertComplete(out, against: expected)
        }
        XCTAssertGreaterThan(interrupted, 0, "no run was still going when signalled")
        // A killed writer's leftovers: a temporary folder of a dead process, a half-written manifest line.
        let stale = out.appendingPathComponent(".tmp.2147483000.\(hostTag()).book-00000000")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        let handle = try FileHandle(forWritingTo: out.appendingPathComponent("manifest.jsonl"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"input\":\"libr".utf8))
        try handle.close()

        let resumed = try Run.quire(["batch", "library", "-o", "out", "--format", "json", "--jobs", "2"], in: root)
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertEqual(tree(out, skipping: ["manifest.jsonl"]), expected)
        XCTAssertTrue(leftovers(out).isEmpty, "\(leftovers(out))")
        let text = try String(contentsOf: out.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n"))
        XCTAssertEqual(text.split(separator: "\n").count, manifest(out).count, "every line is JSON")
        XCTAssertEqual(Set(latest(manifest(out)).keys).count, expected.keys.filter { $0.hasSuffix("book.json") }.count)
    }

    func testUnwritableOutputIsAClearError() throws {
        let root = try makeLibrary(markdown: 1, corrupt: false)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("x".utf8).write(to: root.appendingPathComponent("file"))
        for output in ["file", "file/under"] {
            let run = try Run.quire(["batch", "library", "-o", output], in: root)
            XCTAssertEqual(run.status, 73, run.stderr)
            XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
            XCTAssertTrue(run.stderr.hasPrefix("quire: error: \(output): cannot write the output folder"), run.stderr)
        }
    }

    func testUsageErrors() throws {
        let root = try makeLibrary(markdown: 1, corrupt: false)
        defer { try? FileManager.default.removeItem(at: root) }
        for arguments in [["library"], ["-o", "out"], ["library", "-o", "out", "--shard", "4/3"],
                          ["library", "-o", "out", "--jobs", "0"], ["library", "-o", "out", "--page", "0x1"],
                          ["library", "-o", "out", "--from", "2"]] {
            let run = try Run.quire(["batch"] + arguments, in: root)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("Usage: quire batch"), run.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
        let list = try Run.quire(["batch", "@missing.txt", "-o", "out"], in: root)
        XCTAssertEqual(list.status, 66, list.stderr)
        let help = try Run.quire(["batch", "--help"], in: root)
        XCTAssertTrue(help.stdout.contains("--shard K/N") && help.stdout.contains("--page COLSxLINES"), help.stdout)
    }

    func testListFilesAndMissingEntries() throws {
        let root = try makeLibrary(markdown: 2, corrupt: false)
        defer { try? FileManager.default.removeItem(at: root) }
        try "# my books\nlibrary/book 1.md\n\n  library/lighthouse-keeper  \nlibrary/gone.epub\n"
            .write(to: root.appendingPathComponent("books.txt"), atomically: true, encoding: .utf8)
        let run = try Run.quire(["batch", "@books.txt", "-o", "out", "--quiet"], in: root)
        XCTAssertEqual(run.status, 65)
        XCTAssertEqual(run.stderr, "quire: error: library/gone.epub: no such file or folder\n")
        let lines = latest(manifest(root.appendingPathComponent("out")))
        XCTAssertEqual(Set(lines.keys), ["library/book 1.md", "library/lighthouse-keeper", "library/gone.epub"])
        XCTAssertEqual(lines["library/gone.epub"]?["status"] as? String, "error")
    }

    /// Output folders that hold anything but complete books: temporary or set-aside folders.
    func leftovers(_ out: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).filter { $0.hasPrefix(".") }
    }

    /// Every book folder is complete (marker and bytes as the reference run), nothing temporary is visible.
    func assertComplete(_ out: URL, against expected: [String: Data], file: StaticString = #filePath, line: UInt = #line) {
        let files = tree(out, skipping: ["manifest.jsonl"])
        for (path, bytes) in files where !path.hasPrefix(".tmp.") && !path.hasPrefix(".old.") {
            XCTAssertEqual(bytes, expected[path], path, file: file, line: line)
        }
        let folders = Set(files.keys.filter { !$0.hasPrefix(".") }.map { String($0.split(separator: "/")[0]) })
        for folder in folders {
            XCTAssertNotNil(files[folder + "/.quire-batch.json"], "\(folder) has no marker", file: file, line: line)
            XCTAssertNotNil(files[folder + "/book.json"], "\(folder) has no book.json", file: file, line: line)
        }
        let text = (try? String(contentsOf: out.appendingPathComponent("manifest.jsonl"), encoding: .utf8)) ?? ""
        XCTAssertTrue(text.isEmpty || text.hasSuffix("\n"), file: file, line: line)
    }

    func hostTag() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count - 1)
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(name.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }.map(Character.init))
    }
}
