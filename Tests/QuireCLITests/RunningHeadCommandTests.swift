import Foundation
import TestSupport
import XCTest

/// Issue 17, run as a user runs it: `--running-head` in text, JSON (the head's lines named) and HTML (a class to
/// style), a usage error for an unknown mode, --help; headings and code that look like themselves.
final class RunningHeadCommandTests: XCTestCase {
    static let book = Data(("---\ntitle: Moby\n---\n\n# Loomings\n\n"
        + (1...12).map { "Paragraph \($0)." }.joined(separator: "\n\n") + "\n").utf8)

    private func pages(_ arguments: [String], stdin: Data = book) throws -> [[String: Any]] {
        let run = try Run.quire(["render", "-", "--format", "json"] + arguments, stdin: stdin)
        XCTAssertEqual(run.status, 0, run.stderr)
        let map = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return try XCTUnwrap(map["pages"] as? [[String: Any]])
    }

    func testJSONNamesTheHeadsLines() throws {
        let pages = try pages(["--running-head", "chapter", "--page", "20x6"])
        XCTAssertGreaterThan(pages.count, 2)
        for page in pages {
            let lines = try XCTUnwrap(page["lines"] as? [String])
            XCTAssertLessThanOrEqual(lines.count, 6)
            XCTAssertEqual(page["runningHead"] as? [Int], [0, 1])
        }
        // The opening page's head is empty; the next pages name the chapter.
        XCTAssertEqual((pages[0]["lines"] as? [String])?.prefix(4), ["", "", "Loomings", "════════"])
        XCTAssertEqual((pages[1]["lines"] as? [String])?.prefix(2), ["Loomings", ""])
        // `title` names the book; without the option no page has a head.
        let titled = try self.pages(["--running-head", "title", "--page", "20x6"])
        XCTAssertEqual((titled[1]["lines"] as? [String])?.first, "Moby")
        for page in try self.pages(["--page", "20x6"]) { XCTAssertNil(page["runningHead"]) }
    }

    func testTextAndHTMLShowTheHead() throws {
        let run = try Run.quire(["render", "-", "--running-head", "chapter", "--page", "20x6"], stdin: Self.book)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("┃Loomings            │"), run.stdout)
        let folder = try temporaryFolder(self)
        let html = try Run.quire(["render", "-", "--running-head", "chapter", "--page", "20x6", "--format", "html",
                                  "-o", folder.appendingPathComponent("out").path], stdin: Self.book)
        XCTAssertEqual(html.status, 0, html.stderr)
        let index = try String(contentsOf: folder.appendingPathComponent("out/index.html"), encoding: .utf8)
        XCTAssertTrue(index.contains("<div class=\"l rh\" dir=\"ltr\"><span class=\"d\">Loomings"), index)
    }

    func testUnknownModeIsAUsageErrorAndHelpShowsTheOption() throws {
        let run = try Run.quire(["render", "-", "--running-head", "folio"], stdin: Self.book)
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.contains("--running-head"), run.stderr)
        let help = try Run.quire(["render", "--help"])
        XCTAssertTrue(help.stdout.contains("--running-head MODE"), help.stdout)
    }

    /// Code spans keep their inner spaces (CommonMark §6.1 strips one space at each end only); in XHTML, `<code>`
    /// keeps them where the book's CSS says `white-space: pre` (HTML's own default collapses them, as browsers do).
    func testInlineCodeKeepsItsSpacesAndCodeBlocksGetABar() throws {
        let markdown = Data("## Code\n\nRun `a  =  b` now.\n\n```\nlet x = 1\n    y\n```\n".utf8)
        let lines = try pages(["--page", "30x12"], stdin: markdown).flatMap { $0["lines"] as? [String] ?? [] }
        XCTAssertEqual(lines, ["Code", "────", "", "Run a  =  b now.", "", "│ let x = 1", "│     y"])
        let folder = try temporaryFolder(self)
        try writeFile("code.xhtml", """
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p>Run <code style="white-space: pre">c  =  d</code> \
            and <code>e  =  f</code>.</p></body></html>
            """, in: folder)
        let run = try Run.quire(["render", folder.appendingPathComponent("code.xhtml").path, "--page", "30x4"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("Run c  =  d and e = f."), run.stdout)
    }
}
