import Foundation
import TestSupport
import XCTest
@testable import Viewer

final class PositionStoreTests: XCTestCase {
    let bookA = String(repeating: "a", count: 64), bookB = String(repeating: "b", count: 64)

    func testASavedPositionIsReadBackByTheNextStore() throws {
        let path = try temporaryFolder(self).appendingPathComponent("positions.json").path
        XCTAssertNil(PositionStore(path: path).position(for: bookA))
        try PositionStore(path: path).save(ReadingPosition(href: "text/chapter-2.xhtml", offset: 5120), for: bookA)
        XCTAssertEqual(PositionStore(path: path).position(for: bookA), ReadingPosition(href: "text/chapter-2.xhtml", offset: 5120))
        XCTAssertNil(PositionStore(path: path).position(for: bookB))
    }

    func testDefaultPathFollowsTheXDGBaseDirectoryRules() {
        XCTAssertEqual(PositionStore.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]), "/s/quire/positions.json")
        XCTAssertEqual(PositionStore.defaultPath(environment: ["XDG_STATE_HOME": "/s/", "HOME": "/h"]), "/s/quire/positions.json")
        XCTAssertEqual(PositionStore.defaultPath(environment: ["HOME": "/home/ann"]), "/home/ann/.local/state/quire/positions.json")
        XCTAssertEqual(PositionStore.defaultPath(environment: ["HOME": "/"]), "/.local/state/quire/positions.json")
        // Empty or relative: ignored, as the specification says of every path in these variables.
        XCTAssertEqual(PositionStore.defaultPath(environment: ["XDG_STATE_HOME": "", "HOME": "/h"]), "/h/.local/state/quire/positions.json")
        XCTAssertEqual(PositionStore.defaultPath(environment: ["XDG_STATE_HOME": "state", "HOME": "/h"]), "/h/.local/state/quire/positions.json")
        XCTAssertNil(PositionStore.defaultPath(environment: [:]))
        XCTAssertNil(PositionStore.defaultPath(environment: ["HOME": "relative"]))
        XCTAssertNil(PositionStore.defaultPath(environment: ["XDG_STATE_HOME": "state"]))
    }

    func testSavingCreatesMissingFoldersPrivateAndLeavesExistingOnesAlone() throws {
        let root = try temporaryFolder(self)
        let before = try permissions(root.path)
        let path = root.appendingPathComponent("state/quire/positions.json").path
        try PositionStore(path: path).save(ReadingPosition(href: "a.xhtml", offset: 1), for: bookA)
        XCTAssertEqual(try permissions(root.appendingPathComponent("state").path), 0o700)
        XCTAssertEqual(try permissions(root.appendingPathComponent("state/quire").path), 0o700)
        XCTAssertEqual(try permissions(root.path), before)
        XCTAssertEqual(try permissions(path) & 0o077, 0, "the file is the user's alone")
    }

    func testASaveReplacesTheFileByRenameAndLeavesNoTemporaryFiles() throws {
        let folder = try temporaryFolder(self)
        let path = folder.appendingPathComponent("positions.json").path
        let store = PositionStore(path: path)
        try store.save(ReadingPosition(href: "a.xhtml", offset: 1), for: bookA)
        let firstFile = try inode(path)
        // A save killed between creating its temporary file and renaming it leaves this behind.
        try writeFile(".positions.json.k1LLed", "{\"half", in: folder)
        try store.save(ReadingPosition(href: "a.xhtml", offset: 2), for: bookA)
        XCTAssertNotEqual(try inode(path), firstFile, "a new file renamed into place, not the old one rewritten")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["positions.json"])
        XCTAssertEqual(store.position(for: bookA)?.offset, 2)
    }

    func testACorruptFileReadsAsEmptyAndIsReplacedOnSave() throws {
        let folder = try temporaryFolder(self)
        let path = folder.appendingPathComponent("positions.json").path
        let store = PositionStore(path: path)
        for garbage in ["", "{\"\(bookA)\": {\"href\": \"a.xhtml\", \"off", "[1, 2]", "\u{FF}\u{FE}binary", "null"] {
            try writeFile("positions.json", garbage, in: folder)
            XCTAssertNil(store.position(for: bookA), garbage)
        }
        try store.save(ReadingPosition(href: "b.xhtml", offset: 7), for: bookB)
        XCTAssertEqual(store.position(for: bookB), ReadingPosition(href: "b.xhtml", offset: 7))
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        XCTAssertEqual(object?.keys.sorted(), [bookB])
    }

    func testOneMalformedEntryCostsOnlyItself() throws {
        let folder = try temporaryFolder(self)
        try writeFile("positions.json", """
            {"\(bookA)": {"href": "a.xhtml", "offset": "twelve", "saved": "2026-01-01T00:00:00Z"},
             "\(bookB)": {"href": "b.xhtml", "offset": 12, "saved": "not a time"},
             "negative": {"href": "c.xhtml", "offset": -4, "saved": "2026-01-01T00:00:00Z"}}
            """, in: folder)
        let store = PositionStore(path: folder.appendingPathComponent("positions.json").path)
        XCTAssertNil(store.position(for: bookA))
        XCTAssertEqual(store.position(for: bookB), ReadingPosition(href: "b.xhtml", offset: 12))
        XCTAssertNil(store.position(for: "negative"))
    }

    func testAFileThatIsNotARegularFileOrIsTooLargeReadsAsEmpty() throws {
        let folder = try temporaryFolder(self)
        let path = folder.appendingPathComponent("positions.json").path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        XCTAssertNil(PositionStore(path: path).position(for: bookA), "a FIFO is not read (it would block)")
        try FileManager.default.removeItem(atPath: path)

        let entry = "\"\(bookA)\": {\"href\": \"a.xhtml\", \"offset\": 1, \"saved\": \"2026-01-01T00:00:00Z\"}"
        let padding = String(repeating: " ", count: PositionStore.maxFileBytes)
        try writeFile("positions.json", "{" + entry + padding + "}", in: folder)
        XCTAssertNil(PositionStore(path: path).position(for: bookA))
        try writeFile("positions.json", "{" + entry + "}", in: folder)
        XCTAssertEqual(PositionStore(path: path).position(for: bookA)?.offset, 1)
    }

    func testTwoBooksKeepTheirOwnPlaces() throws {
        let path = try temporaryFolder(self).appendingPathComponent("positions.json").path
        let store = PositionStore(path: path)
        try store.save(ReadingPosition(href: "a.xhtml", offset: 10), for: bookA)
        try store.save(ReadingPosition(href: "b.xhtml", offset: 20), for: bookB)
        try store.save(ReadingPosition(href: "a2.xhtml", offset: 30), for: bookA)
        XCTAssertEqual(store.position(for: bookA), ReadingPosition(href: "a2.xhtml", offset: 30))
        XCTAssertEqual(store.position(for: bookB), ReadingPosition(href: "b.xhtml", offset: 20))
    }

    func testTheFileIsAnObjectOfEntriesWithISO8601Times() throws {
        let path = try temporaryFolder(self).appendingPathComponent("positions.json").path
        let time = Date(timeIntervalSince1970: 1_764_646_050.25)
        try PositionStore(path: path).save(ReadingPosition(href: "OEBPS/text/ch 1.xhtml", offset: 99), for: bookA, at: time)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: [String: Any]]
        let entry = try XCTUnwrap(object?[bookA])
        XCTAssertEqual(entry["href"] as? String, "OEBPS/text/ch 1.xhtml")
        XCTAssertEqual(entry["offset"] as? Int, 99)
        XCTAssertEqual(entry["saved"] as? String, "2025-12-02T03:27:30.250Z")
    }

    func testTheFileKeepsTheMostRecentlySavedBooks() throws {
        let path = try temporaryFolder(self).appendingPathComponent("positions.json").path
        let store = PositionStore(path: path, limit: 3)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for (i, book) in ["w", "x", "y", "z"].enumerated() {
            try store.save(ReadingPosition(href: "\(book).xhtml", offset: i), for: book, at: start + Double(i))
        }
        XCTAssertNil(store.position(for: "w"), "the oldest is dropped")
        XCTAssertEqual(["x", "y", "z"].map { store.position(for: $0)?.offset }, [1, 2, 3])
        // Reading a book again makes it recent; and the book just saved is kept even if the clock went back.
        try store.save(ReadingPosition(href: "x.xhtml", offset: 11), for: "x", at: start + 10)
        try store.save(ReadingPosition(href: "v.xhtml", offset: 5), for: "v", at: start - 100)
        XCTAssertEqual(["v", "w", "x", "y", "z"].map { store.position(for: $0)?.offset }, [5, nil, 11, nil, 3])
    }

    func testTheDefaultBoundIsAThousandBooks() throws {
        let folder = try temporaryFolder(self)
        // A file written by hand (or by an older Quire) with more entries than the bound: one save trims it.
        let entries = (0..<1005).map { i in
            "\"book\(i)\": {\"href\": \"c.xhtml\", \"offset\": \(i), \"saved\": \"2026-01-01T00:\(String(format: "%02d:%02d", i / 60 % 60, i % 60))Z\"}"
        }
        try writeFile("positions.json", "{" + entries.joined(separator: ",\n") + "}", in: folder)
        let store = PositionStore(path: folder.appendingPathComponent("positions.json").path)
        XCTAssertEqual(store.readEntries().count, 1005)
        try store.save(ReadingPosition(href: "new.xhtml", offset: 0), for: bookA)
        XCTAssertEqual(store.readEntries().count, PositionStore.defaultLimit)
        XCTAssertNotNil(store.position(for: bookA))
        XCTAssertNil(store.position(for: "book5"), "one of the six oldest")
        XCTAssertNotNil(store.position(for: "book6"))
    }

    func testSavesFromTwoReadersAtOnceKeepEveryBook() throws {
        let path = try temporaryFolder(self).appendingPathComponent("positions.json").path
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 2) { reader in
            let store = PositionStore(path: path)
            for i in 0..<25 {
                do { try store.save(ReadingPosition(href: "r\(reader).xhtml", offset: i), for: "r\(reader)-\(i)") } catch {
                    failures.add("\(error)")
                }
            }
        }
        XCTAssertEqual(failures.all, [])
        XCTAssertEqual(PositionStore(path: path).readEntries().count, 50)
    }

    func testAPathThatCannotBeWrittenThrowsInsteadOfCrashing() throws {
        let folder = try temporaryFolder(self)
        try writeFile("quire", "a file where the folder should be", in: folder)
        let store = PositionStore(path: folder.appendingPathComponent("quire/positions.json").path)
        XCTAssertNil(store.position(for: bookA))
        XCTAssertThrowsError(try store.save(ReadingPosition(href: "a.xhtml", offset: 1), for: bookA))
    }

    private func permissions(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    private func inode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int) ?? -1
    }
}

private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ failure: String) { lock.withLock { list.append(failure) } }
    var all: [String] { lock.withLock { list } }
}
