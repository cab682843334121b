import BookModel
@testable import BookReaders
import Foundation
import XCTest

/// The bounds on hostile Markdown: tables too wide or too large for cmark-gfm, found before it parses them, and
/// input too large to hold. Inputs are generated here; none is large enough to be slow with the limit in place.
final class MarkdownLimitTests: XCTestCase {
    /// A GFM table: a header of `columns` cells, its delimiter row, then `rows` body rows; each line after `prefix`.
    private func table(columns: Int, rows: Int, prefix: String = "") -> String {
        var lines = [prefix + "|" + (1...columns).map { "h\($0)" }.joined(separator: "|") + "|",
                     prefix + "|" + String(repeating: "-|", count: columns)]
        for row in 0..<rows { lines.append(prefix + "|" + (1...columns).map { "r\(row)c\($0)" }.joined(separator: "|") + "|") }
        return lines.joined(separator: "\n") + "\n"
    }

    private func assertRefused(_ text: String, options: MarkdownOptions = MarkdownOptions(), naming flag: String,
                               _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try readMarkdown(text, options: options), file: file, line: line) { error in
            guard case ReadError.limitExceeded(let message) = error else {
                return XCTFail("not a limit: \(error)", file: file, line: line)
            }
            XCTAssertTrue(message.contains(flag), message, file: file, line: line)
            XCTAssertTrue(message.contains(expected), message, file: file, line: line)
        }
    }

    func testTableWiderThanTheColumnLimitIsRefused() {
        assertRefused("# Data\n\nSome text.\n\n" + table(columns: 2_000, rows: 1), naming: "(--max-table-columns)",
                      "the table at line 5 has 2000 columns; the limit is 1000")
    }

    func testTableOverTheCellLimitIsRefused() {
        var options = MarkdownOptions()
        options.limits.tableCells = 100
        // The header and 30 body rows of 10 columns: 310 cells.
        assertRefused(table(columns: 10, rows: 30), options: options, naming: "(--max-table-cells)",
                      "the table at line 1 has 310 cells (31 rows of 10 columns); the limit is 100")
        // Short rows count at the table's width: cmark pads them with empty cells.
        assertRefused(table(columns: 10, rows: 0) + String(repeating: "x\n", count: 30), options: options,
                      naming: "(--max-table-cells)", "310 cells")
    }

    func testLegitimateTableIsRead() throws {
        let (document, _) = try readMarkdown("Intro.\n\n" + table(columns: 5, rows: 3) + "\nAfter.\n")
        guard case .table(let read) = document.chapters[0].blocks[1].kind else {
            return XCTFail("no table: \(kinds(document))")
        }
        XCTAssertEqual(read.rows.map(\.cells.count), [5, 5, 5, 5])
        XCTAssertEqual(visibleText(document).split(separator: "\n").last, "After.")
    }

    /// Delimiter rows in code are text: fenced, indented, in a block quote, or in an HTML block.
    func testDelimiterRowsInCodeAreNotTables() throws {
        let wide = table(columns: 2_000, rows: 2)
        let indented = wide.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        let quoted = wide.split(separator: "\n").map { "> " + $0 }.joined(separator: "\n")
        for text in ["Code:\n\n```\n" + wide + "```\n\nAfter.\n",
                     "~~~ markdown\n" + wide + "\n" + wide,
                     "Code:\n\n" + indented + "\n\nAfter.\n",
                     "> ```\n" + quoted + "\n> ```\n",
                     "<pre>\n" + wide + "</pre>\n"] {
            let (document, _) = try readMarkdown(text)
            XCTAssertTrue(visibleText(document).contains("h2000"), String(text.prefix(40)))
        }
    }

    /// What ends a code block also ends its exemption: a fence in a block quote closes with the quote.
    func testTableAfterCodeIsCounted() {
        assertRefused("> ```\n> code\n\n" + table(columns: 2_000, rows: 1), naming: "(--max-table-columns)", "2000 columns")
        assertRefused("```\ncode\n```\n" + table(columns: 2_000, rows: 1), naming: "(--max-table-columns)", "2000 columns")
        // A table that starts in code and runs on past it into a real one is counted whole.
        var options = MarkdownOptions()
        options.limits.tableCells = 100
        assertRefused("```\n|a|b|\n|-|-|\n```\n" + table(columns: 10, rows: 20), options: options,
                      naming: "(--max-table-cells)", "the table at line 5")
    }

    /// cmark-gfm pays for every cell it parses, in the table or not: a narrow table's wide row, the paragraph above
    /// a delimiter row, tables in quotes and lists.
    func testWideLinesAroundTablesAreCounted() {
        let pipes = String(repeating: "x|", count: 2_000)
        for text in ["|a|b|\n|-|-|\n" + pipes + "\n",
                     pipes + "\nmore\n|-|-|\n",
                     table(columns: 2_000, rows: 1, prefix: "> "),
                     "- item\n\n" + table(columns: 2_000, rows: 1, prefix: "  "),
                     "[^1]: " + table(columns: 2_000, rows: 1),
                     table(columns: 2_000, rows: 1).replacingOccurrences(of: "\n", with: "\r")] {
            assertRefused(text, naming: "(--max-table-columns)", "; the limit is 1000")
        }
        assertRefused("|a|b|\n|-|-|\n" + pipes + "\n", naming: "(--max-table-columns)",
                      "the table at line 1 has a row of 2000 cells; the limit is 1000")
    }

    func testEscapedPipesAreNotCells() throws {
        var options = MarkdownOptions()
        options.limits.tableColumns = 2
        let cell = String(repeating: "a\\|", count: 10)
        let (document, _) = try readMarkdown("|\(cell)|b|\n|-|-|\n|c|d|\n", options: options)
        guard case .table(let read) = document.chapters[0].blocks[0].kind else { return XCTFail("no table") }
        XCTAssertEqual(read.rows.map(\.cells.count), [2, 2])
        assertRefused("|a|b|c|\n|-|-|-|\n", options: options, naming: "(--max-table-columns)", "3 columns; the limit is 2")
    }

    func testMarkdownOverTheSizeLimitIsRefused() throws {
        var options = MarkdownOptions()
        options.limits.markdownBytes = 1_000
        assertRefused(String(repeating: "word ", count: 201), options: options, naming: "(--max-markdown-mb)",
                      "larger than the limit of 1000 bytes")
        XCTAssertNoThrow(try readMarkdown(String(repeating: "word ", count: 200), options: options))

        // Files count together, and are measured before they are read.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-limit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["ch1.md", "ch2.md"] {
            try Data(String(repeating: "word ", count: 120).utf8).write(to: folder.appendingPathComponent(name))
        }
        let paths = ["ch1.md", "ch2.md"].map { folder.appendingPathComponent($0).path }
        XCTAssertNoThrow(try MarkdownReader.read(paths: [paths[0]], options: options))
        for input in [paths, [folder.path]] {
            XCTAssertThrowsError(try MarkdownReader.read(paths: input, options: options)) { error in
                XCTAssertEqual(error as? ReadError, .limitExceeded(
                    "the Markdown input is 1200 bytes; the limit is 1000 bytes (--max-markdown-mb)"))
            }
        }
    }

    /// The pre-scan is one pass whatever the input: a long paragraph of pipes with no delimiter row is no table.
    func testPipesWithoutADelimiterRowAreNoTable() throws {
        let (document, _) = try readMarkdown(String(repeating: "|", count: 5_000) + "\n\ntext\n")
        XCTAssertEqual(document.chapters[0].blocks.count, 2)
        XCTAssertEqual(MarkdownTableScan.excesses(Array("a|b\n-|-\n\n".utf8), limits: InputLimits()), [])
    }
}
