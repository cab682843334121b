import Foundation
import XCTest
@testable import BookReaders
import BookModel

/// Golden dumps of folder fixtures. `QUIRE_RECORD=1 swift test` rewrites the golden files and fails, so a
/// recording run can never pass silently; review the diff, then run again without the variable.
final class SnapshotTests: XCTestCase {
    private static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/snapshots")

    private func assertSnapshot(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let book = try EPUBReader.read(path: fixture("epub/\(name)"))
        let actual = DocumentDump.dump(book)
        let golden = Self.snapshots.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["QUIRE_RECORD"] == "1" {
            try FileManager.default.createDirectory(at: Self.snapshots, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: golden)
            XCTFail("recorded \(golden.lastPathComponent); run again without QUIRE_RECORD to check it", file: file, line: line)
            return
        }
        guard let data = FileManager.default.contents(atPath: golden.path) else {
            return XCTFail("no golden file \(golden.path); record it with QUIRE_RECORD=1", file: file, line: line)
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let first = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
            let want = first < e.count ? String(e[first]) : "<end>"
            let got = first < a.count ? String(a[first]) : "<end>"
            XCTFail("\(name) differs from its snapshot at line \(first + 1):\n  expected: \(want)\n  actual:   \(got)", file: file, line: line)
        }
    }

    func testEPUB3Nav() throws { try assertSnapshot("epub3-nav") }
    func testEPUB2NCX() throws { try assertSnapshot("epub2-ncx") }
    func testVerticalRTL() throws { try assertSnapshot("vertical-rtl") }
    func testRichContent() throws { try assertSnapshot("rich-content") }

    func testSameBookFromZipAndFolderGivesSameDump() throws {
        // The folder fixture zipped in memory reads the same (apart from the container kind).
        let root = URL(fileURLWithPath: try fixture("epub/rich-content"))
        var b = EPUBBuilder(mimetype: nil, container: nil)
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [String] = []
        while let url = walker?.nextObject() as? URL {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
            }
        }
        for path in files.sorted(by: { ($0 == "mimetype" ? "" : $0) < ($1 == "mimetype" ? "" : $1) }) {
            b.add(path, bytes: [UInt8](try Data(contentsOf: root.appendingPathComponent(path))))
        }
        XCTAssertEqual(b.entries.first?.name, "mimetype")
        XCTAssertEqual(DocumentDump.dump(try b.read()), DocumentDump.dump(try EPUBReader.read(path: root.path)))
    }
}
