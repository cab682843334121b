import Foundation
import TestSupport
import XCTest

/// Markdown whose rows that look like table delimiter rows would make cmark-gfm re-read too much text looking for
/// headers is one error line and exit 65; `--max-table-search-mb` raises the limit.
final class TableSearchCommandTests: XCTestCase {
    func testSearchesOverTheLimit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alternating = folder.appendingPathComponent("alternating.md").path
        FileManager.default.createFile(atPath: alternating, contents: Data(String(repeating: "a|b|c\n-|-\n", count: 4_000).utf8))
        let run = try Run.quire(["render", alternating, "--format", "json"])
        XCTAssertEqual(run.status, 65)
        XCTAssertEqual(run.stderr, "quire: error: \(alternating): limit exceeded: the rows that look like table delimiter rows "
                       + "(over the limit from line 4480) make cmark-gfm re-read 1633 MB of the text above them to look for "
                       + "table headers; the limit is 512 MB (--max-table-search-mb)\n")
        XCTAssertEqual(run.stdout, "")

        let long = Data((String(repeating: "a\n", count: 60_000) + "-|-\n").utf8)
        let piped = try Run.quire(["info", "-"], stdin: long)
        XCTAssertEqual(piped.status, 65)
        XCTAssertEqual(piped.stderr.split(separator: "\n").count, 1, piped.stderr)
        XCTAssertTrue(piped.stderr.hasSuffix("(over the limit from line 60001) make cmark-gfm re-read 1147 MB of the text "
                                             + "above them to look for table headers; the limit is 512 MB (--max-table-search-mb)\n"),
                      piped.stderr)
    }

    func testLimitCanBeLoweredAndRaised() throws {
        let small = Data(String(repeating: "a|b|c\n-|-\n", count: 200).utf8)
        let low = try Run.quire(["info", "-", "--max-table-search-mb", "1"], stdin: small)
        XCTAssertEqual(low.status, 65)
        XCTAssertTrue(low.stderr.hasSuffix("the limit is 1 MB (--max-table-search-mb)\n"), low.stderr)
        XCTAssertEqual(try Run.quire(["info", "-", "--max-table-search-mb", "8"], stdin: small).status, 0)
        XCTAssertEqual(try Run.quire(["info", "-"], stdin: small).status, 0)

        let bad = try Run.quire(["info", "-", "--max-table-search-mb", "0"], stdin: small)
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("--max-table-search-mb takes a whole number from 1 to 1000000, not '0'"), bad.stderr)
    }
}
