import Foundation
import Synchronization
@testable import Quire
import TestSupport
import XCTest

/// `OutputWriter`, the one writer of `render -o` and of every batch book: one rule set for file names (relative,
/// no empty, `.` or `..` step, no NUL), checked before anything is created, so a hostile name leaves no trace
/// and nothing is ever written outside the output folder.
final class OutputWriterTests: XCTestCase {
    /// Names a renderer must never be able to write, whatever it derives them from.
    static let hostile = [
        "", ".", "..", "../escape.txt", "../../escape.txt", "a/../../escape.txt", "a/../b.txt", "./a.txt", "a/./b.txt",
        "/tmp/absolute.txt", "//absolute.txt", "a//b.txt", "a/", "/", "assets/", "nul\u{0}.txt", "a/\u{0}/b.txt",
    ]

    func testHostileNamesIntoANewFolderLeaveNoTrace() throws {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let root = scratch.appendingPathComponent("root")
        let output = root.appendingPathComponent("out")
        for name in Self.hostile {
            let files = [OutputFile(name: "good.txt", bytes: Array("good".utf8)), OutputFile(name: name, bytes: Array("bad".utf8))]
            XCTAssertThrowsError(try OutputWriter.write(files, into: output.path), "name \(name.debugDescription)") { error in
                let failure = error as? OutputWriteError
                XCTAssertEqual(failure?.kind, .cannotCreate)
                XCTAssertEqual(failure?.path, output.path)
                XCTAssertEqual(failure?.reason, "refused file name '\(name)'")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "name \(name.debugDescription): no output folder")
            XCTAssertEqual(try Self.tree(scratch), ["root/"], "name \(name.debugDescription): nothing else written")
        }
    }

    func testHostileNamesIntoAnExistingFolderChangeNothing() throws {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output.appendingPathComponent("a"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: output.appendingPathComponent("a/b.txt"))
        let before = try Self.tree(scratch)
        for name in Self.hostile {
            let files = [OutputFile(name: "good.txt", bytes: []), OutputFile(name: name, bytes: Array("bad".utf8))]
            XCTAssertThrowsError(try OutputWriter.write(files, into: output.path), "name \(name.debugDescription)")
            XCTAssertEqual(try Self.tree(scratch), before, "name \(name.debugDescription)")
            XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("a/b.txt"), encoding: .utf8), "mine")
        }
    }

    /// Batch writes each book with `writeNew` into a temporary folder: the same rules, the same clean failure.
    func testBatchWriterRefusesTheSameNames() throws {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let temporary = scratch.appendingPathComponent(OutputWriter.temporaryName("book"))
        for name in Self.hostile {
            let files = [OutputFile(name: "good.txt", bytes: []), OutputFile(name: name, bytes: [])]
            XCTAssertThrowsError(try OutputWriter.writeNew(files, at: temporary.path, shownAs: "book", cancelled: { false }),
                                 "name \(name.debugDescription)") { error in
                XCTAssertEqual((error as? OutputWriteError)?.path, "book")
            }
            XCTAssertEqual(try Self.tree(scratch), [], "name \(name.debugDescription)")
        }
    }

    func testOrdinaryNamesAndSubfoldersAreWritten() throws {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("out")
        let files = [OutputFile(name: "index.html", bytes: Array("i".utf8)), OutputFile(name: "assets/image-0001.svg", bytes: Array("s".utf8)),
                     OutputFile(name: "..hidden..txt", bytes: []), OutputFile(name: "a/b/c.txt", bytes: [])]
        try OutputWriter.write(files, into: output.path)
        XCTAssertEqual(try Self.tree(scratch), ["out/", "out/..hidden..txt", "out/a/", "out/a/b/", "out/a/b/c.txt", "out/assets/",
                                                 "out/assets/image-0001.svg", "out/index.html"])
        // Again into the folder that now exists: replaced in place, still nothing else.
        try OutputWriter.write(files, into: output.path)
        XCTAssertEqual(try Self.tree(scratch).count, 8)
    }

    /// Every path under `folder`, relative, folders with a trailing `/`, sorted.
    static func tree(_ folder: URL) throws -> [String] {
        var out: [String] = []
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let relative = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(relative).path, isDirectory: &isFolder)
            out.append(relative + (isFolder.boolValue ? "/" : ""))
        }
        return out.sorted()
    }

    static func scratchFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("quire-writer-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Lazy files (issue 19): made by the writer's threads as they are written, each once, with the bytes they make.
final class LazyFileWriterTests: XCTestCase {
    final class Made: Sendable {
        let names = Mutex<[String]>([])
    }

    func testLazyFilesAreMadeOnceEachAndWrittenWhole() throws {
        let scratch = try OutputWriterTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let made = Made()
        var files: [OutputFile] = [OutputFile(name: "index.html", pieces: 4) { i in
            if i == 0 { made.names.withLock { $0.append("index.html") } }
            return Array("<part \(i)>".utf8)
        }]
        for n in 1...300 {
            let name = OutputFile.spreadName(n, extension: "txt")
            files.append(OutputFile(name: name) {
                made.names.withLock { $0.append(name) }
                return [Array("spread \(n)\n".utf8), Array(String(repeating: "x", count: n).utf8)]
            })
        }
        files.append(OutputFile(name: "assets/ready.css", bytes: Array("ready".utf8)))
        let output = scratch.appendingPathComponent("out")
        try OutputWriter.write(files, into: output.path, spreadCount: 300)
        XCTAssertEqual(made.names.withLock { $0 }.sorted(), files.dropLast().map(\.name).sorted(), "each lazy file made once")
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8),
                       "<part 0><part 1><part 2><part 3>")
        for n in [1, 150, 300] {
            XCTAssertEqual(try String(contentsOf: output.appendingPathComponent(OutputFile.spreadName(n, extension: "txt")), encoding: .utf8),
                           "spread \(n)\n" + String(repeating: "x", count: n))
        }
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("assets/ready.css"), encoding: .utf8), "ready")
        XCTAssertEqual(try OutputWriterTests.tree(output).count, 302 + 1)
    }
}
