import Foundation
import TestSupport
import XCTest

/// End-to-end tests of `quire info` and the CLI's shared behaviour: help, usage errors, exit codes.
final class InfoCommandTests: XCTestCase {
    let sample = "Samples/lighthouse-keeper"

    func testHelpListsCommands() throws {
        let run = try Run.quire(["--help"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.contains("Usage: quire <command>"))
        XCTAssertTrue(run.stdout.contains("info"))
        XCTAssertEqual(run.stderr, "")
    }

    func testEveryCommandHasHelp() throws {
        let run = try Run.quire(["info", "--help"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.contains("Usage: quire info BOOK"))
        XCTAssertTrue(run.stdout.contains("--json"))
    }

    func testNoArgumentsIsUsageError() throws {
        let run = try Run.quire([])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.contains("Usage: quire <command>"))
    }

    func testUnknownCommandSuggestsTheClosestOne() throws {
        let run = try Run.quire(["inof", sample])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.hasPrefix("quire: error: unknown command 'inof' (did you mean 'info'?)\n"), run.stderr)
    }

    func testUnknownOptionIsUsageError() throws {
        let run = try Run.quire(["info", sample, "--jsno"])
        XCTAssertEqual(run.status, 64)
        XCTAssertEqual(run.stderr, "quire: error: unknown option '--jsno' (did you mean --json?)\nUsage: quire info BOOK [--json] [--page COLSxLINES] [--quiet]\n")
    }

    func testInfoOnTheSampleBook() throws {
        let run = try Run.quire(["info", sample])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        XCTAssertTrue(run.stdout.contains("Title:            The Lighthouse Keeper's Logbook"))
        XCTAssertTrue(run.stdout.contains("[page-spread-right]"))
        XCTAssertTrue(run.stdout.contains("Page list:        2 pages"))
    }

    func testInfoJSONSnapshot() throws {
        let run = try Run.quire(["info", sample, "--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(object?["title"] as? String, "The Lighthouse Keeper's Logbook")
        XCTAssertEqual((object?["spine"] as? [Any])?.count, 4)
        try assertSnapshot(run.stdout, named: "lighthouse-info.json")
    }

    func testMissingFileExits66() throws {
        let run = try Run.quire(["info", "no-such-book.epub"])
        XCTAssertEqual(run.status, 66)
        XCTAssertEqual(run.stderr, "quire: error: no-such-book.epub: no such file or folder\n")
        XCTAssertEqual(run.stdout, "")
    }

    func testBadInputsExit65WithOneLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(name: String, bytes: [UInt8], reason: String)] = [
            ("empty.epub", [], "not a valid EPUB (ZIP) archive: the file is empty"),
            ("text.epub", Array("just some text, not a zip".utf8), "not a valid EPUB (ZIP) archive"),
            ("truncated.epub", [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00], "not a valid EPUB (ZIP) archive"),
        ]
        for c in cases {
            let path = folder.appendingPathComponent(c.name).path
            FileManager.default.createFile(atPath: path, contents: Data(c.bytes))
            let run = try Run.quire(["info", path])
            XCTAssertEqual(run.status, 65, c.name)
            XCTAssertTrue(run.stderr.hasPrefix("quire: error: \(path): \(c.reason)"), "\(c.name): \(run.stderr)")
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one line for \(c.name): \(run.stderr)")
        }
    }

    func testFolderThatIsNotAnEPUB() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        FileManager.default.createFile(atPath: folder.appendingPathComponent("notes.bin").path, contents: Data([1, 2, 3]))
        let run = try Run.quire(["info", folder.path])
        XCTAssertEqual(run.status, 65)
        XCTAssertEqual(run.stderr, "quire: error: \(folder.path): not an EPUB: the folder has no META-INF/container.xml\n")
    }

    func testMissingPackageDocumentNamesThePath() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("META-INF"), withIntermediateDirectories: true)
        try """
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>
        <rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
        """.write(to: folder.appendingPathComponent("META-INF/container.xml"), atomically: true, encoding: .utf8)
        let run = try Run.quire(["info", folder.path])
        XCTAssertEqual(run.status, 65)
        XCTAssertEqual(run.stderr, "quire: error: \(folder.path): missing OPS/book.opf\n")
    }

    func testMalformedPackageDocumentIsOneLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("META-INF"), withIntermediateDirectories: true)
        try """
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>
        <rootfile full-path="book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
        """.write(to: folder.appendingPathComponent("META-INF/container.xml"), atomically: true, encoding: .utf8)
        try "<package xmlns=\"http://www.idpf.org/2007/opf\"><metadata></package>"
            .write(to: folder.appendingPathComponent("book.opf"), atomically: true, encoding: .utf8)
        let run = try Run.quire(["info", folder.path])
        XCTAssertEqual(run.status, 65)
        XCTAssertTrue(run.stderr.hasPrefix("quire: error: \(folder.path): book.opf:1: malformed XML: "), run.stderr)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1)
    }

    func testStandardInputEPUB() throws {
        let corpus = try corpus()
        let data = try Data(contentsOf: corpus.appendingPathComponent("epub/wasteland.epub"))
        let run = try Run.quire(["info", "-", "--json"], stdin: data)
        XCTAssertEqual(run.status, 0, run.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(object?["title"] as? String, "The Waste Land")
    }

    /// Every EPUB of the corpus gives exit 0, or exit 65/66 with exactly one error line.
    func testInfoOnTheWholeCorpus() throws {
        let corpus = try corpus()
        let walker = FileManager.default.enumerator(atPath: corpus.appendingPathComponent("epub").path)!
        var count = 0
        for case let relative as String in walker where relative.hasSuffix(".epub") {
            let path = corpus.appendingPathComponent("epub").appendingPathComponent(relative).path
            let run = try Run.quire(["info", path, "--json", "--quiet"])
            count += 1
            if run.status != 0 {
                XCTAssertTrue([65, 66].contains(run.status), "\(relative): exit \(run.status)")
                XCTAssertTrue(run.stderr.hasPrefix("quire: error: "), "\(relative): \(run.stderr)")
                XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "\(relative): \(run.stderr)")
            } else {
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)), relative)
            }
        }
        XCTAssertGreaterThan(count, 100, "the corpus should hold well over 100 EPUBs")
    }

    func testCorpusFacts() throws {
        let corpus = try corpus()
        func info(_ name: String) throws -> [String: Any] {
            let run = try Run.quire(["info", corpus.appendingPathComponent("epub/\(name)").path, "--json", "--quiet"])
            XCTAssertEqual(run.status, 0, run.stderr)
            return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        }
        let kusamakura = try info("kusamakura-japanese-vertical-writing.epub")
        XCTAssertEqual(kusamakura["writingMode"] as? String, "vertical-rl")
        XCTAssertEqual(kusamakura["pageProgression"] as? String, "rtl")
        XCTAssertEqual(try info("regime-anticancer-arabic.epub")["pageProgression"] as? String, "rtl")
        XCTAssertEqual(try info("page-blanche.epub")["layout"] as? String, "pre-paginated")
    }
}
