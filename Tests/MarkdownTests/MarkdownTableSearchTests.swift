import BookModel
@testable import BookReaders
import Foundation
import TestSupport
import XCTest

/// cmark-gfm's searches for table headers: every row that looks like a delimiter row under a paragraph makes it
/// re-read the whole paragraph, so small inputs of no wide table can take minutes. The work is counted before cmark
/// runs and refused over `--max-table-search-mb`. Inputs are generated here; the refused ones never reach cmark.
final class MarkdownTableSearchTests: XCTestCase {
    private let flag = "(--max-table-search-mb)"

    private func assertRefused(_ text: String, options: MarkdownOptions = MarkdownOptions(), _ expected: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try readMarkdown(text, options: options), file: file, line: line) { error in
            guard case ReadError.limitExceeded(let message) = error else {
                return XCTFail("not a limit: \(error)", file: file, line: line)
            }
            XCTAssertTrue(message.hasSuffix(flag), message, file: file, line: line)
            XCTAssertTrue(message.contains(expected), message, file: file, line: line)
        }
    }

    private func work(_ text: String) -> Int { MarkdownTableScan.headerSearchWork(Array(text.utf8)) }

    /// Text and `-|-` lines in turn: no header matches, so each `-|-` re-reads the paragraph grown so far (40 KB of
    /// this took cmark about 5 s, 200 KB several minutes).
    func testAlternatingDelimiterRowsAreRefused() {
        assertRefused(String(repeating: "a|b|c\n-|-\n", count: 4_000),
                      "the rows that look like table delimiter rows (over the limit from line 4480) make cmark-gfm re-read 1633 MB "
                      + "of the text above them to look for table headers; the limit is 512 MB")
        assertRefused(String(repeating: "a b\n-|-\n", count: 4_000), "the limit is 512 MB")
    }

    /// One long paragraph without pipes under one `-|-`: the search walks back from every line to the start.
    func testLongParagraphOverOneDelimiterRowIsRefused() {
        assertRefused(String(repeating: "a\n", count: 60_000) + "-|-\n", "(over the limit from line 60001)")
    }

    /// Each failed search walks back over the whole pipe-free start again: cubic, 18 KB took cmark 7 s.
    func testPipeFreeStartUnderManySearchesIsRefused() {
        assertRefused(String(repeating: "a\n", count: 2_000) + String(repeating: "b|c\n:-\n", count: 2_000), "MB")
    }

    /// The limit is an option: a small case is refused under a low limit and read under a higher one.
    func testLimitCanBeRaised() throws {
        let text = String(repeating: "a|b|c\n-|-\n", count: 200)
        var options = MarkdownOptions()
        options.limits.tableSearchBytes = 1 << 20
        assertRefused(text, options: options, "the limit is 1 MB")
        options.limits.tableSearchBytes = 16 << 20
        let (document, _) = try readMarkdown(text, options: options)
        XCTAssertEqual(document.chapters[0].blocks.count, 1, "one paragraph: no header ever matches")
        XCTAssertNoThrow(try readMarkdown(text), "the default limit is far above this")
    }

    /// Realistic documents are far inside the limit: tables between paragraphs, a long paragraph right above a
    /// table, and a long table with a separator row after every row (each counted as a search, though cmark reads
    /// it as a row).
    func testRealisticDocumentsAreRead() throws {
        let sentence = "A line of ordinary prose, long enough to look like a real paragraph of a book.\n"
        let table = "| Name | Kind | Size |\n|:-----|:----:|-----:|\n| one | a | 1 |\n| two | b | 2 |\n"
        let several = (1...200).map { "Paragraph \($0).\n" + sentence + sentence + "\n" + table + "\n" }.joined()
        let longAbove = String(repeating: sentence, count: 2_000) + table
        let separated = "| Name | Kind |\n|---|---|\n" + String(repeating: "| cell | cell |\n|---|---|\n", count: 500)
        for text in [several, longAbove, separated] {
            XCTAssertLessThan(work(text), InputLimits().tableSearchBytes / 8)
            let (document, _) = try readMarkdown(text)
            XCTAssertTrue(document.chapters[0].blocks.contains { if case .table = $0.kind { true } else { false } })
        }
    }

    /// What is and is not counted: nothing after a blank line or for a run of `-` alone (a setext underline), but
    /// a line of `>` does not end the paragraph (indented past a list item's content, it is text), and `:-` is a
    /// delimiter row.
    func testWhatCounts() {
        XCTAssertEqual(work("a|b\n\n-|-\n"), 0)
        XCTAssertEqual(work("Title\n-----\n\nText\n- - -\n"), 0)
        XCTAssertGreaterThan(work("a\n    >\n-|-\n"), 0)
        XCTAssertGreaterThan(work("a\n:-\n"), 0)
        XCTAssertGreaterThan(work("> a\n> -|-\n"), 0)
        // A tab in front may become 3 spaces in cmark's copy of the line.
        XCTAssertGreaterThan(work("- > a\n\tb\n  -|-\n"), work("- > a\n b\n  -|-\n"))
        // Each line of a paragraph without pipes walks back to its start: twice the lines, four times the work.
        XCTAssertGreaterThan(work(String(repeating: "a\n", count: 4_000) + "-|-\n"),
                             7 * work(String(repeating: "a\n", count: 2_000) + "-|-\n") / 2)
    }

    /// The corpus Markdown (documents and spec files) is far inside the default limit, when `QUIRE_CORPUS` is set.
    func testCorpusIsFarInsideTheLimit() throws {
        let root = try corpus().appendingPathComponent("markdown")
        let paths = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".md") || $0.hasSuffix(".txt") }.sorted()
        XCTAssertFalse(paths.isEmpty, "no Markdown under \(root.path)")
        for path in paths {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
                XCTFail("cannot read \(path)")
                continue
            }
            let work = MarkdownTableScan.headerSearchWork(Array(data))
            print("\(path): header searches \(work) bytes")
            XCTAssertLessThan(work, InputLimits().tableSearchBytes / 64, path)
        }
    }

    /// The limit is part of the batch options hash: raising it retries the books it refused.
    func testLimitsDescriptionNamesTheSearchLimit() {
        var limits = InputLimits()
        limits.tableSearchBytes = 3 << 20
        XCTAssertTrue(limits.description.contains("table-search-bytes=3145728"), limits.description)
        XCTAssertNotEqual(limits.description, InputLimits().description)
    }
}
