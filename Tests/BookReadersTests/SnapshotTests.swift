import Foundation
import TestSupport
import XCTest
@testable import BookReaders
import BookModel

/// Golden dumps of folder fixtures. `QUIRE_RECORD=1 swift test` rewrites the golden files and fails, so a
/// recording run can never pass silently; review the diff, then run again without the variable.
final class SnapshotTests: XCTestCase {
    private static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/snapshots")

    /// Reads the folder fixture `name` and compares its dump with Fixtures/snapshots/<name>.txt.
    private func assertDump(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let book = try EPUBReader.read(path: fixture("epub/\(name)"))
        try assertGolden(DocumentDump.dump(book), at: Self.snapshots.appendingPathComponent("\(name).txt"),
                         file: file, line: line)
    }

    func testEPUB3Nav() throws { try assertDump("epub3-nav") }
    func testEPUB2NCX() throws { try assertDump("epub2-ncx") }
    func testVerticalRTL() throws { try assertDump("vertical-rtl") }
    func testRichContent() throws { try assertDump("rich-content") }

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
