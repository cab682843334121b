import Foundation
import TestSupport
import XCTest

/// Inputs are recognised by their content, the same way for one input and for several (issue 13); the sniffing
/// itself is BookReadersTests' InputKindTests.
final class InputKindCommandTests: XCTestCase {
    private func write(_ bytes: [UInt8], _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func testCommandLineRules() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let epub = "Samples/lighthouse-keeper"   // an unpacked EPUB
        let a = try write(Array("First file.\n".utf8), "a.txt", in: folder)
        let b = try write(Array("Second file.\n".utf8), "b.txt", in: folder)
        let binary = try write([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00] + Array(repeating: 0x41, count: 100), "tool", in: folder)
        let latin1 = try write(Array("caf".utf8) + [0xE9] + Array(" au lait\n".utf8), "notes.md", in: folder)
        let zipNamedMarkdown = try write([0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 18), "book.md", in: folder)

        // Text files, whatever their names, are Markdown chapters, one or several.
        for inputs in [[a], [a, b]] {
            let run = try Run.quire(["render"] + inputs + ["--format", "json"])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stdout.contains("First file."))
        }
        let cases: [([String], Int32, String)] = [
            ([epub, epub], 64, "\(epub) is an EPUB; several inputs make one book only when all are Markdown"),
            ([a, epub], 64, "\(epub) is an EPUB"),
            ([binary, a], 65, "\(binary): binary data (a NUL byte at offset 7)"),
            ([binary], 65, "binary data (a NUL byte at offset 7)"),
            ([a, latin1], 65, "\(latin1): not UTF-8 text (an invalid byte sequence at offset 3)"),
            ([zipNamedMarkdown], 65, "missing META-INF/container.xml"),   // read as the (empty) EPUB it is
        ]
        for (inputs, status, message) in cases {
            let run = try Run.quire(["render"] + inputs + ["--format", "json"])
            XCTAssertEqual(run.status, status, "\(inputs): \(run.stderr)")
            XCTAssertEqual(run.stdout, "", "\(inputs): nothing plausible on stdout")
            XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
            XCTAssertTrue(run.stderr.hasPrefix("quire: error: ") && run.stderr.contains(message), "\(inputs): \(run.stderr)")
        }
    }

    func testInvalidUTF8PastTheSniffedPrefixIsRefusedToo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = Array(String(repeating: "A line of plain text.\n", count: 5_000).utf8)   // 110 KB
        let late = try write(text + [0xFF] + Array(" and more\n".utf8), "late.md", in: folder)
        let run = try Run.quire(["render", late, "--format", "json"])
        XCTAssertEqual(run.status, 65, run.stderr)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.contains("not UTF-8 text (an invalid byte sequence at offset \(text.count))"), run.stderr)
    }

    func testStandardInputIsRecognisedByContent() throws {
        let elf = Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + Array(repeating: 0x41, count: 3_000))
        let binary = try Run.quire(["render", "-"], stdin: elf)
        XCTAssertEqual(binary.status, 65)
        XCTAssertEqual(binary.stdout, "")
        XCTAssertEqual(binary.stderr, "quire: error: -: binary data (a NUL byte at offset 7), neither an EPUB (ZIP) archive nor Markdown text\n")
        let invalid = try Run.quire(["render", "-"], stdin: Data([0x6F, 0x6B, 0x20, 0xFF, 0xFE]))
        XCTAssertEqual(invalid.status, 65)
        XCTAssertTrue(invalid.stderr.contains("not UTF-8 text"), invalid.stderr)
    }
}
