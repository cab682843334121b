import Foundation
import XCTest
@testable import Quire
import TestSupport

/// Issue 13: `quire batch` says which inputs it did not take as books. A searched folder's files are books by name;
/// the rest is ignored, counted in the summary line and listed by `--verbose`. A file the user names is a book
/// whatever its name, judged by its content as `quire render` judges it.
final class IgnoredInputsTests: XCTestCase {
    /// Two books, a text file, a PNG, a hidden Markdown file and an executable, in a scratch `library` folder.
    private func makeMixedLibrary() throws -> URL {
        let root = try temporaryFolder()
        let library = root.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library.appendingPathComponent("nested"), withIntermediateDirectories: true)
        try markdownBook(1, paragraphs: 1).write(to: library.appendingPathComponent("one.md"), atomically: true, encoding: .utf8)
        try markdownBook(2, paragraphs: 1).write(to: library.appendingPathComponent("nested/two.markdown"), atomically: true, encoding: .utf8)
        try "Shopping list: lamp oil, rope.\n".write(to: library.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52])
            .write(to: library.appendingPathComponent("nested/cover.png"))
        try "# Hidden\n".write(to: library.appendingPathComponent(".draft.md"), atomically: true, encoding: .utf8)
        try Data([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0, 0, 0, 0, 0]).write(to: library.appendingPathComponent("tool"))
        return root
    }

    private func warnings(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("quire: warning:") }
    }

    func testVerboseListsIgnoredFilesAndTheSummaryCountsThem() throws {
        let root = try makeMixedLibrary()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Run.quire(["batch", "library", "-o", "out", "--verbose"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(warnings(run.stderr), [
            "quire: warning: library/nested/cover.png: ignored: not named .epub, .md or .markdown",
            "quire: warning: library/notes.txt: ignored: not named .epub, .md or .markdown",
            "quire: warning: library/tool: ignored: not named .epub, .md or .markdown",
        ])
        XCTAssertFalse(run.stderr.contains(".draft.md"), run.stderr)
        XCTAssertTrue(run.stderr.contains("batch: 2 ok, 0 failed, 0 skipped, 3 ignored in "), run.stderr)

        // The manifest holds the books only, rendered as a single `quire render` renders them.
        let out = root.appendingPathComponent("out")
        let lines = manifest(out)
        XCTAssertEqual(Set(lines.compactMap { $0["key"] as? String }), ["one.md", "nested/two.markdown"])
        XCTAssertEqual(lines.map { $0["status"] as? String }, ["ok", "ok"])
        for (input, key) in [("library/one.md", "one.md"), ("library/nested/two.markdown", "nested/two.markdown")] {
            let single = root.appendingPathComponent("single-\(UUID().uuidString)")
            let render = try Run.quire(["render", input, "-o", single.path, "--quiet"], in: root)
            XCTAssertEqual(render.status, 0, render.stderr)
            let name = try XCTUnwrap(lines.first { $0["key"] as? String == key }?["output"] as? String)
            XCTAssertEqual(tree(out.appendingPathComponent(name), skipping: [".quire-batch.json"]), tree(single), key)
        }

        // Without --verbose the count stays and the list goes; a rerun skips the books and still counts the rest.
        let again = try Run.quire(["batch", "library", "-o", "out"], in: root)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(warnings(again.stderr), [])
        XCTAssertTrue(again.stderr.contains("batch: 0 ok, 0 failed, 2 skipped, 3 ignored in "), again.stderr)
        XCTAssertEqual(manifest(out).count, 4)
    }

    func testOddEntriesAreListedWithTheirReason() throws {
        let root = try makeMixedLibrary()
        defer { try? FileManager.default.removeItem(at: root) }
        let library = root.appendingPathComponent("library")
        try FileManager.default.createSymbolicLink(atPath: library.appendingPathComponent("elsewhere").path,
                                                   withDestinationPath: root.path)
        try FileManager.default.createSymbolicLink(atPath: library.appendingPathComponent("gone.md").path,
                                                   withDestinationPath: "nowhere.md")
        // A name is the book's text, not Quire's: escaped onto one line, no terminal control reaches stderr.
        try "x".write(to: library.appendingPathComponent("red\u{1B}[31m\nline.txt"), atomically: true, encoding: .utf8)
        let run = try Run.quire(["batch", "library", "-o", "out", "--verbose"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        let listed = warnings(run.stderr)
        XCTAssertTrue(listed.contains("quire: warning: library/elsewhere: ignored: a symbolic link to a folder, not followed"), "\(listed)")
        XCTAssertTrue(listed.contains("quire: warning: library/gone.md: ignored: a broken symbolic link"), "\(listed)")
        XCTAssertTrue(run.stderr.contains("batch: 2 ok, 0 failed, 0 skipped, 6 ignored in "), run.stderr)
        XCTAssertEqual(listed.count, 6, "\(listed)")
        XCTAssertFalse(run.stderr.contains("\u{1B}"), run.stderr)
        XCTAssertTrue(run.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("quire: warning: ") || $0.hasPrefix("batch: ") }, run.stderr)
    }

    func testNamedFilesAreJudgedByContent() throws {
        let root = try makeMixedLibrary()
        defer { try? FileManager.default.removeItem(at: root) }
        // The user named them: the text file is a Markdown book, the executable and a device fail with the reason.
        let run = try Run.quire(["batch", "library/notes.txt", "library/tool", "/dev/null", "-o", "out"], in: root)
        XCTAssertEqual(run.status, 65, run.stderr)
        XCTAssertEqual(warnings(run.stderr), [])
        XCTAssertTrue(run.stderr.contains("quire: error: library/tool: binary data (a NUL byte at offset 7)"), run.stderr)
        XCTAssertTrue(run.stderr.contains("quire: error: /dev/null: not a regular file or folder"), run.stderr)
        XCTAssertTrue(run.stderr.contains("batch: 1 ok, 2 failed, 0 skipped in "), run.stderr)
        let lines = latest(manifest(root.appendingPathComponent("out")))
        XCTAssertEqual(lines["notes.txt"]?["status"] as? String, "ok")
        XCTAssertEqual(lines["tool"]?["status"] as? String, "error")
        XCTAssertEqual(lines["null"]?["status"] as? String, "error")

        let books = try BatchInputs.discover([root.appendingPathComponent("library/notes.txt").path,
                                              root.appendingPathComponent("library/tool").path])
        XCTAssertEqual(books.map(\.kind), [.markdown, .unusable])
        XCTAssertEqual(books.map(\.problem), [nil, "binary data (a NUL byte at offset 7), neither an EPUB (ZIP) archive nor Markdown text"])
    }

    /// A FIFO named like a book would block the run when hashed: discovery lists it instead (checked here rather
    /// than through the binary, which would hang without the fix).
    func testDiscoveryListsWhatItIgnoresAndNeverTakesAPipeAsABook() throws {
        let root = try makeMixedLibrary()
        defer { try? FileManager.default.removeItem(at: root) }
        let library = root.appendingPathComponent("library")
        XCTAssertEqual(mkfifo(library.appendingPathComponent("pipe.md").path, 0o644), 0)
        let found = try BatchInputs.scan([library.path])
        XCTAssertEqual(found.books.map(\.key), ["nested/two.markdown", "one.md"])
        XCTAssertEqual(found.ignored.map { $0.path.replacingOccurrences(of: library.path + "/", with: "") },
                       ["nested/cover.png", "notes.txt", "pipe.md", "tool"])
        // The same folder named twice is listed once.
        XCTAssertEqual(try BatchInputs.scan([library.path, library.path]).ignored, found.ignored)

        let runner = try BatchRunner(BatchJob(inputs: [library.path], outputRoot: root.appendingPathComponent("out").path, jobs: 1))
        XCTAssertEqual(runner.ignored, found.ignored)
        XCTAssertEqual(try runner.run().ignored, 4)
    }

    func testQuietAndVerboseAreRefusedTogether() throws {
        let root = try makeMixedLibrary()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Run.quire(["batch", "library", "-o", "out", "--quiet", "--verbose"], in: root)
        XCTAssertEqual(run.status, 64, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("quire: error: --quiet prints no summary and --verbose lists ignored inputs"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
        let help = try Run.quire(["batch", "--help"])
        XCTAssertTrue(help.stdout.contains("--verbose"), help.stdout)
        let render = try Run.quire(["render", "--help"])
        XCTAssertFalse(render.stdout.contains("--verbose"), render.stdout)
    }
}
