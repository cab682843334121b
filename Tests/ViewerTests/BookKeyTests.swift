import Foundation
import TestSupport
import XCTest
@testable import Viewer

final class BookKeyTests: XCTestCase {
    func testAFileIsKeyedByTheSHA256OfItsBytesWherever() throws {
        let folder = try temporaryFolder(self)
        try writeFile("a/book.md", "abc", in: folder)
        try writeFile("b/copy.md", "abc", in: folder)
        let first = try BookKey.of(paths: [folder.appendingPathComponent("a/book.md").path])
        XCTAssertEqual(first, try BookKey.of(paths: [folder.appendingPathComponent("b/copy.md").path]))
        // FIPS 180-2, appendix B.1: SHA-256("abc").
        XCTAssertEqual(first, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testOneChangedByteChangesTheKey() throws {
        let folder = try temporaryFolder(self)
        let path = folder.appendingPathComponent("book.md").path
        try writeFile("book.md", "# One\n\nThe lamp was lit.\n", in: folder)
        let before = try BookKey.of(paths: [path])
        try writeFile("book.md", "# One\n\nThe lamp was lot.\n", in: folder)
        XCTAssertNotEqual(before, try BookKey.of(paths: [path]))
    }

    func testAnUnpackedEPUBIsKeyedByItsFilesNotItsPlace() throws {
        let sample = Run.packageRoot.appendingPathComponent("Samples/lighthouse-keeper")
        let copy = try temporaryFolder(self).appendingPathComponent("moved")
        try FileManager.default.copyItem(at: sample, to: copy)
        let key = try BookKey.of(paths: [sample.path])
        XCTAssertEqual(key.count, 64)
        XCTAssertEqual(key, try BookKey.of(paths: [copy.path]))

        let chapter = copy.appendingPathComponent("OEBPS/text/chapter-2.xhtml")
        var bytes = try Data(contentsOf: chapter)
        let last = bytes.index(before: bytes.endIndex)
        bytes[last] = bytes[last] == UInt8(ascii: " ") ? UInt8(ascii: "\n") : UInt8(ascii: " ")
        try bytes.write(to: chapter)
        let changed = try BookKey.of(paths: [copy.path])
        XCTAssertNotEqual(key, changed)

        // A renamed file is another book too: the folder rule hashes the paths with the contents.
        try FileManager.default.moveItem(at: copy.appendingPathComponent("OEBPS/styles/book.css"),
                                         to: copy.appendingPathComponent("OEBPS/styles/book2.css"))
        XCTAssertNotEqual(changed, try BookKey.of(paths: [copy.path]))
    }

    func testSeveralMarkdownFilesAreKeyedInOrder() throws {
        let folder = try temporaryFolder(self)
        try writeFile("one.md", "# One\n", in: folder)
        try writeFile("two.md", "# Two\n", in: folder)
        let one = folder.appendingPathComponent("one.md").path, two = folder.appendingPathComponent("two.md").path
        let both = try BookKey.of(paths: [one, two])
        XCTAssertEqual(both, try BookKey.of(paths: [one, two]))
        XCTAssertNotEqual(both, try BookKey.of(paths: [two, one]))
        XCTAssertNotEqual(both, try BookKey.of(paths: [one]))
        // The rule, pinned so that it cannot change unnoticed (every remembered place would be lost):
        // a=$(printf '# One\n' | sha256sum | cut -c1-64); b=$(printf '# Two\n' | sha256sum | cut -c1-64)
        // printf '%s\n%s\n' $a $b | sha256sum
        XCTAssertEqual(both, "e468c0550c611a84fb82471bf3c510210a0632e30d9900269ffda4554d422e51")
    }

    func testStandardInputAndMissingInputsHaveNoKey() throws {
        XCTAssertThrowsError(try BookKey.of(paths: ["-"])) { XCTAssertEqual($0 as? BookKey.Failure, .standardInput) }
        let folder = try temporaryFolder(self)
        try writeFile("one.md", "# One\n", in: folder)
        XCTAssertThrowsError(try BookKey.of(paths: [folder.appendingPathComponent("one.md").path, "-"])) {
            XCTAssertEqual($0 as? BookKey.Failure, .standardInput)
        }
        XCTAssertThrowsError(try BookKey.of(paths: [])) { XCTAssertEqual($0 as? BookKey.Failure, .noInput) }
        let missing = folder.appendingPathComponent("missing.epub").path
        XCTAssertThrowsError(try BookKey.of(paths: [missing])) {
            XCTAssertEqual($0 as? BookKey.Failure, .unreadable(path: missing, reason: "not found"))
        }
    }
}
