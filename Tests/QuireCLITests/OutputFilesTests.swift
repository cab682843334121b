import Foundation
import TestSupport
import XCTest

/// `render -o DIR`: the files are written into a temporary folder and put into place in one go (see
/// `OutputWriter`): same names and bytes as ever, nothing half-written or temporary left after a failure or an
/// interruption, the user's own files kept, and spread files of an earlier, longer render removed.
final class OutputFilesTests: XCTestCase {
    let sample = "Samples/lighthouse-keeper"

    func testFilesHoldTheSameBytesAsStandardOutput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("new/deeper")
        let run = try Run.quire(["render", sample, "-o", output.path, "--viewport", "80x24"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let printed = try Run.quire(["render", sample, "--viewport", "80x24"])
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        XCTAssertEqual(names, (1...names.count).map { String(format: "spread-%04d.txt", $0) })
        let joined = try names.map { try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8) }
        XCTAssertEqual(joined.joined(separator: "\u{0C}\n"), printed.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("new").path), ["deeper"],
                       "no temporary folder beside the new one")
    }

    func testHTMLIntoAnExistingFolderEqualsAFreshOne() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fresh = folder.appendingPathComponent("fresh")
        let existing = folder.appendingPathComponent("existing")
        try FileManager.default.createDirectory(at: existing.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: existing.appendingPathComponent("index.html"))
        for output in [fresh, existing] {
            let run = try Run.quire(["render", sample, "--format", "html", "-o", output.path, "--viewport", "80x24"])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        XCTAssertEqual(try files(existing), try files(fresh))
        XCTAssertTrue(try files(fresh).keys.contains("assets/image-0001.svg"))
    }

    /// A folder where a file must go fails the run before any file moves: the old render is left whole.
    func testAClashLeavesTheOutputAsItWas() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output.appendingPathComponent("spread-0003.txt"), withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: output.appendingPathComponent("spread-0003.txt/inside"))
        try Data("old".utf8).write(to: output.appendingPathComponent("spread-0001.txt"))
        let before = try files(output)
        let run = try Run.quire(["render", sample, "-o", output.path, "--viewport", "80x24"])
        XCTAssertEqual(run.status, 73, run.stderr)
        XCTAssertEqual(run.stderr, "quire: error: \(output.path): cannot write spread-0003.txt: a folder of that name is in the way\n")
        XCTAssertEqual(try files(output), before, "no file replaced, none half-written")
        XCTAssertEqual(try hidden(output), [])
    }

    func testSubfolderInTheWayOfAssetsFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: output.appendingPathComponent("assets").path, withDestinationPath: folder.path)
        let run = try Run.quire(["render", sample, "--format", "html", "-o", output.path, "--viewport", "80x24"])
        XCTAssertEqual(run.status, 73, run.stderr)
        XCTAssertTrue(run.stderr.contains("assets is not a folder"), run.stderr)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: output.path)), ["assets"], "nothing moved in")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)), ["out"], "nothing written through the link")
    }

    /// Spread files past the new last spread go (they would read as the book's continuation); the user's files,
    /// other kinds of spread file and names Quire would not make stay.
    func testRerenderWithFewerSpreadsRemovesOnlyStaleSpreadFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let long = try Run.quire(["render", sample, "-o", output.path, "--page", "20x8", "--viewport", "80x24"])
        XCTAssertEqual(long.status, 0, long.stderr)
        let longCount = try spreadFiles(output).count
        let mine = ["notes.txt", "spread-9999.html", "spread-12.txt", "spread-0000.txt", "spread-99999.md"]
        for name in mine { try Data("mine".utf8).write(to: output.appendingPathComponent(name)) }

        let short = try Run.quire(["render", sample, "-o", output.path, "--viewport", "80x24"])
        XCTAssertEqual(short.status, 0, short.stderr)
        let fresh = folder.appendingPathComponent("fresh")
        XCTAssertEqual(try Run.quire(["render", sample, "-o", fresh.path, "--viewport", "80x24"]).status, 0)
        let expected = try files(fresh)
        XCTAssertLessThan(expected.count, longCount)
        var left = try files(output)
        for name in mine { XCTAssertEqual(left.removeValue(forKey: name), Data("mine".utf8), name) }
        XCTAssertEqual(left, expected)

        // A page range writes only its spreads and removes none of the others.
        let before = try files(output)
        let ranged = try Run.quire(["render", sample, "-o", output.path, "--from", "2", "--to", "2", "--viewport", "80x24"])
        XCTAssertEqual(ranged.status, 0, ranged.stderr)
        XCTAssertEqual(try files(output), before)
    }

    /// SIGINT or SIGTERM while files are written: the temporary folder goes, the output is as before, exit 128+signal.
    func testInterruptedWriteLeavesNothingBehind() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = folder.appendingPathComponent("book.md")
        let paragraphs = (0..<6000).map { p in (0..<10).map { "w\(p * 10 + $0)" }.joined(separator: " ") }
        try Data(paragraphs.joined(separator: "\n\n").utf8).write(to: book)
        for (signal, existing) in [(SIGINT, false), (SIGTERM, true)] {
            let output = folder.appendingPathComponent("out-\(signal)")
            if existing {
                try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
                try Data("mine".utf8).write(to: output.appendingPathComponent("notes.txt"))
            }
            let watched = existing ? output : folder
            let process = try Process.run(Run.binary, arguments: ["render", book.path, "-o", output.path, "--page", "8x5", "--viewport", "80x24"])
            var seen = false
            while process.isRunning, !seen {
                seen = (try? hidden(watched))?.contains { $0.hasPrefix(".tmp.") } ?? false
                if !seen { usleep(500) }
            }
            XCTAssertTrue(seen, "the files are written into a temporary folder first")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit)
            XCTAssertEqual(process.terminationStatus, 128 + signal)
            XCTAssertEqual(try hidden(watched), [], "no temporary folder left")
            if existing {
                let left = try FileManager.default.contentsOfDirectory(atPath: output.path)
                XCTAssertEqual(left.count, 1, "only the user's file, not \(left.count - 1) new ones")
                XCTAssertEqual(left.first, "notes.txt")
            } else {
                XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "a new folder appears whole or not at all")
            }
        }
    }

    /// Every regular file under a folder, by relative path.
    func files(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let path = folder.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                out[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return out
    }

    func spreadFiles(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("spread-") && $0.hasSuffix(".txt") }
    }

    func hidden(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    }
}
