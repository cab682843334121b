import Hashing
import Foundation
@testable import Quire
import TestSupport
import XCTest

/// The batch library without the binary: keys, names, shards, discovery, the manifest, a run.
final class LibraryTests: XCTestCase {
    func testKeysAreNormalizedAndNamesStable() {
        XCTAssertEqual(BatchInputs.normalize("./a//b/../c.epub"), "a/c.epub")
        XCTAssertEqual(BatchInputs.normalize("../x.md"), "../x.md")
        XCTAssertEqual(BatchInputs.normalize("cafe\u{301}.md"), "caf\u{e9}.md")
        XCTAssertEqual(BatchInputs.name(forKey: "War and Peace.epub"), "war-and-peace-" + String(SHA256.hex("War and Peace.epub").prefix(8)))
        XCTAssertEqual(BatchInputs.name(forKey: "epub/standardebooks/x.y.md").dropLast(9), "x-y")
        XCTAssertTrue(BatchInputs.name(forKey: "草枕.epub").hasPrefix("book-"))
        XCTAssertEqual(BatchInputs.name(forKey: "a.md").count, "a-".count + 8)
        XCTAssertLessThanOrEqual(BatchInputs.name(forKey: String(repeating: "long ", count: 40) + ".md").count, 48 + 9)
    }

    func testShardsPartitionTheBooks() {
        let keys = (0..<300).map { "folder/book \($0).epub" }
        for n in [1, 2, 3, 7] {
            var seen = 0
            for k in 1...n {
                let shard = BatchShard(index: k, count: n)!
                seen += keys.filter { shard.contains(BatchBook(path: $0, key: $0, kind: .epub, name: "")) }.count
            }
            XCTAssertEqual(seen, keys.count)
        }
        XCTAssertEqual(BatchShard(parsing: "2/3"), BatchShard(index: 2, count: 3))
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2", "1/2/3"] { XCTAssertNil(BatchShard(parsing: bad), bad) }
    }

    func testDiscoveryFindsBooksByRelativeKeys() throws {
        let root = try makeLibrary(markdown: 3, paragraphs: 1)
        defer { try? FileManager.default.removeItem(at: root) }
        let library = root.appendingPathComponent("library")
        // Hidden folders are skipped; an unpacked EPUB is one book, never searched inside.
        try FileManager.default.createDirectory(at: library.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try "# hidden".write(to: library.appendingPathComponent(".git/x.md"), atomically: true, encoding: .utf8)
        try "# inside".write(to: library.appendingPathComponent("lighthouse-keeper/notes.md"), atomically: true, encoding: .utf8)
        let books = try BatchInputs.discover([library.path])
        XCTAssertEqual(books.map(\.key), ["book 1.md", "book 2.md", "broken.epub", "lighthouse-keeper", "nested/deeper/book 3.md"])
        XCTAssertEqual(books.map(\.kind), [.markdown, .markdown, .epub, .epubFolder, .markdown])
        XCTAssertEqual(Set(books.map(\.name)).count, books.count)

        // The same books through a list file give keys relative to the list's folder; the same file twice is one book.
        let list = root.appendingPathComponent("list.txt")
        try "# books\n\nlibrary/book 1.md\n\(library.path)/book 2.md\nlibrary/./book 1.md\nlibrary/lighthouse-keeper\n"
            .write(to: list, atomically: true, encoding: .utf8)
        let listed = try BatchInputs.discover(["@" + list.path])
        XCTAssertEqual(listed.map(\.key), ["library/book 1.md", "library/book 2.md", "library/lighthouse-keeper"])

        // A file argument's key is its name, so two files with one name in different folders collide.
        try "# other".write(to: library.appendingPathComponent("nested/book 1.md"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try BatchInputs.discover([library.appendingPathComponent("book 1.md").path,
                                                       library.appendingPathComponent("nested/book 1.md").path]))
        XCTAssertThrowsError(try BatchInputs.discover(["@" + root.appendingPathComponent("absent.txt").path]))
    }

    func testManifestRepairCutsAPartialLastLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("manifest.jsonl").path
        try "{\"a\":1}\n{\"b\":2}\n{\"c\":".write(toFile: path, atomically: true, encoding: .utf8)
        try BatchManifest.repair(path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "{\"a\":1}\n{\"b\":2}\n")
        try BatchManifest.repair(path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "{\"a\":1}\n{\"b\":2}\n")
        try "{\"only\":".write(toFile: path, atomically: true, encoding: .utf8)
        try BatchManifest.repair(path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "")
    }

    func testManifestLineIsOneLineOfJSON() throws {
        let book = BatchBook(path: "a\"b\n.md", key: "k", kind: .markdown, name: "n")
        let result = BatchResult(book: book, status: .error, contentHash: nil, optionsHash: "o", pages: nil, spreads: nil,
                                 warnings: nil, milliseconds: 3, error: "bad\u{1}thing")
        let line = result.jsonLine
        XCTAssertEqual(line.filter { $0 == "\n" }.count, 1)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(object["input"] as? String, "a\"b\n.md")
        XCTAssertEqual(object["status"] as? String, "error")
        XCTAssertEqual(object["error"] as? String, "bad\u{1}thing")
        XCTAssertTrue(object["pages"] is NSNull)
    }

    func testStaleTemporaryFoldersAreRemoved() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dead = ".tmp.2147483000.\(BatchRunner.hostTag).book-12345678"
        let mine = ".tmp.\(getpid()).\(BatchRunner.hostTag).book-12345678"
        let otherHost = ".tmp.1.some-other-host.book-12345678"
        for name in [dead, mine, otherHost, "book-12345678"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try BatchRunner.prepare(folder.path)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        XCTAssertEqual(left, [mine, otherHost, "book-12345678"])
    }

    func testLibraryRunReportsEveryBook() throws {
        let root = try makeLibrary(markdown: 4, paragraphs: 2)
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("out").path
        let job = BatchJob(inputs: [root.appendingPathComponent("library").path], outputRoot: output,
                           options: RenderOptions(format: .json), jobs: 2)
        let runner = try BatchRunner(job)
        XCTAssertEqual(runner.books.count, 6)
        let seen = Collector()
        let summary = try runner.run { seen.add($0) }
        XCTAssertEqual(summary.ok, 5)
        XCTAssertEqual(summary.failed, 1)
        XCTAssertEqual(seen.results.count, 6)
        let broken = try XCTUnwrap(seen.results.first { $0.book.key == "broken.epub" })
        XCTAssertEqual(broken.status, .error)
        XCTAssertNotNil(broken.error)
        for result in seen.results where result.status == .ok {
            let marker = try XCTUnwrap(BatchMarker.read(folder: output + "/" + result.book.name))
            XCTAssertEqual(marker.contentSHA256, result.contentHash)
            XCTAssertEqual(marker.pages, result.pages)
        }
        // The options hash follows every option.
        var other = job
        other.options.layout.pageSize = .init(columns: 30, lines: 10)
        XCTAssertNotEqual(job.optionsHash, other.optionsHash)
        other = job
        other.options.layout.concurrent.toggle()
        XCTAssertEqual(job.optionsHash, other.optionsHash)

        let again = try BatchRunner(job).run()
        XCTAssertEqual(again.skipped, 5)
        XCTAssertEqual(again.failed, 1)
    }
}

/// Results gathered from worker threads.
final class Collector: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [BatchResult] = []
    func add(_ result: BatchResult) { lock.withLock { stored.append(result) } }
    var results: [BatchResult] { lock.withLock { stored } }
}
