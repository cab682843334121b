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

/// Files whose pieces are placed among the others (`OutputFile.placedBefore`, `WritePlan`): each piece made just
/// before the file it names, the file still written in piece order, whichever thread made each piece.
final class PlacedPiecesTests: XCTestCase {
    final class Log: Sendable {
        let events = Mutex<[String]>([])
        func add(_ event: String) { events.withLock { $0.append(event) } }
    }

    /// An index of three grid pieces beside 300 spread files, as the HTML site writes it.
    private func site(_ log: Log) -> [OutputFile] {
        var index = OutputFile(name: "index.html", pieces: 5) { piece in
            log.add("index \(piece)")
            return Array("[\(piece)]".utf8)
        }
        index.placedBefore = [nil, "spread-0001.txt", "spread-0101.txt", "spread-0201.txt", nil]
        var files = [index]
        for n in 1...300 {
            let name = OutputFile.spreadName(n, extension: "txt")
            files.append(OutputFile(name: name) { log.add(name); return [Array("\(n)".utf8)] })
        }
        return files
    }

    func testPiecesAreTasksPlacedBeforeTheFilesTheyName() {
        let plan = WritePlan(site(Log()))
        let order = plan.tasks.map { task -> String in
            switch task {
            case .whole(let i): return "file \(i)"
            case .piece(let file, let piece): return "file \(file) piece \(piece)"
            }
        }
        XCTAssertEqual(order.count, 300 + 5)
        // Unplaced pieces stay where the index stands; the others go just before their spread files.
        XCTAssertEqual(Array(order.prefix(4)), ["file 0 piece 0", "file 0 piece 4", "file 0 piece 1", "file 1"])
        XCTAssertEqual(order[order.firstIndex(of: "file 0 piece 2")! + 1], "file 101")
        XCTAssertEqual(order[order.firstIndex(of: "file 0 piece 3")! + 1], "file 201")
        XCTAssertFalse(order.contains("file 0"), "the index is not also written whole")
    }

    func testAFileWrittenInPlacedPiecesHasItsPiecesInOrder() throws {
        let scratch = try OutputWriterTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for run in 0..<5 {
            let log = Log()
            let output = scratch.appendingPathComponent("out\(run)")
            try OutputWriter.write(site(log), into: output.path)
            XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8), "[0][1][2][3][4]")
            XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("spread-0150.txt"), encoding: .utf8), "150")
            let events = log.events.withLock { $0 }
            XCTAssertEqual(events.count, 305, "each piece and file made once")
            // Made beside its spreads: the third grid piece is made after the first spread files.
            XCTAssertGreaterThan(events.firstIndex(of: "index 3")!, events.firstIndex(of: "spread-0001.txt")!)
        }
    }

    func testAPieceThatFailsFailsTheRunAndLeavesNothing() throws {
        let scratch = try OutputWriterTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var files = site(Log())
        // A name taken by a subfolder: the index cannot be created when its first piece is written.
        files.append(OutputFile(name: "index.html/inside.txt", bytes: []))
        let output = scratch.appendingPathComponent("out")
        XCTAssertThrowsError(try OutputWriter.write(files, into: output.path))
        XCTAssertEqual(try OutputWriterTests.tree(scratch), [])
    }
}
