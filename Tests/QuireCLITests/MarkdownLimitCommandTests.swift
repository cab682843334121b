import Foundation
import TestSupport
import XCTest

/// Markdown over the size limit, or with a table over the table limits, is one error line and exit 65, from a file
/// or from standard input; the options raise the limits.
final class MarkdownLimitCommandTests: XCTestCase {
    /// 1.5 MiB of plain paragraphs.
    private let large = Data(String(repeating: "Some words of a paragraph, and more words.\n\n", count: 35_747).utf8.prefix(1_572_864))

    func testMarkdownOverTheSizeLimit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("large.md").path
        FileManager.default.createFile(atPath: path, contents: large)

        let run = try Run.quire(["info", path, "--max-markdown-mb", "1"])
        XCTAssertEqual(run.status, 65)
        XCTAssertEqual(run.stderr, "quire: error: \(path): limit exceeded: the Markdown input is 1.5 MiB (1572864 bytes); "
                       + "the limit is 1 MiB (--max-markdown-mb)\n")
        XCTAssertEqual(run.stdout, "")

        let piped = try Run.quire(["render", "-", "--max-markdown-mb", "1"], stdin: large)
        XCTAssertEqual(piped.status, 65)
        XCTAssertEqual(piped.stderr, "quire: error: -: limit exceeded: the Markdown input is larger than the limit of 1 MiB "
                       + "(--max-markdown-mb)\n")
        XCTAssertEqual(piped.stdout, "")

        // Standard input among files counts with them.
        let small = folder.appendingPathComponent("small.md").path
        FileManager.default.createFile(atPath: small, contents: large.prefix(600_000))
        let mixed = try Run.quire(["info", small, "-", "--max-markdown-mb", "1"], stdin: large.prefix(600_000))
        XCTAssertEqual(mixed.status, 65)
        XCTAssertTrue(mixed.stderr.hasSuffix("limit exceeded: the Markdown input is larger than the limit of 1 MiB (--max-markdown-mb)\n"),
                      mixed.stderr)

        XCTAssertEqual(try Run.quire(["info", path]).status, 0, "the default limit is 16 MiB")
        XCTAssertEqual(try Run.quire(["info", "-", "--max-markdown-mb", "2"], stdin: large).status, 0)
    }

    func testTableOverTheColumnLimit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("wide.md").path
        let wide = "# Wide\n\n|" + (1...2_000).map { "h\($0)" }.joined(separator: "|") + "|\n|" + String(repeating: "-|", count: 2_000) + "\n"
        FileManager.default.createFile(atPath: path, contents: Data(wide.utf8))

        let run = try Run.quire(["render", path, "--format", "json"])
        XCTAssertEqual(run.status, 65)
        XCTAssertEqual(run.stderr, "quire: error: \(path): limit exceeded: the table at line 3 has 2000 columns; the limit is "
                       + "1000 (--max-table-columns)\n")
        XCTAssertEqual(run.stdout, "")
        let piped = try Run.quire(["info", "-", "--max-table-cells", "1000"], stdin: Data(wide.utf8))
        XCTAssertEqual(piped.status, 65)
        XCTAssertTrue(piped.stderr.contains("(--max-table-columns)"), piped.stderr)

        XCTAssertEqual(try Run.quire(["info", path, "--max-table-columns", "2000"]).status, 0)
        let cells = try Run.quire(["info", path, "--max-table-columns", "2000", "--max-table-cells", "1999"])
        XCTAssertEqual(cells.status, 65)
        XCTAssertEqual(cells.stderr, "quire: error: \(path): limit exceeded: the table at line 3 has 2000 cells (1 row of 2000 "
                       + "columns); the limit is 1999 (--max-table-cells)\n")
    }
}
