import Foundation
import TestSupport
import XCTest

/// `--notes`, run as a user runs it: footnotes at the foot of the page in text, listed in JSON, linked in HTML, at
/// the chapter's end or in place on request, a usage error for an unknown value, and shown in --help.
final class NotesCommandTests: XCTestCase {
    static let book = Data("""
        # Notes

        A claim that needs a source.[^src] Then the text goes on for a while, so the page has a body.

        [^src]: The source, cited at the foot.

        """.utf8)

    func testTextSetsTheNoteAtTheFootOfThePage() throws {
        let run = try Run.quire(["render", "-", "--page", "30x12", "--orientation", "portrait"], stdin: Self.book)
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        // The note closes the page: its last line is the last inside the frame, under the rule.
        let note = try XCTUnwrap(lines.firstIndex { $0.contains("¹ The source, cited at the") }, run.stdout)
        XCTAssertTrue(lines[note - 1].contains("──────────  "), run.stdout)
        XCTAssertTrue(lines[note + 1].contains("foot."), run.stdout)
        XCTAssertTrue(lines[note + 2].hasPrefix("┖") || lines[note + 2].hasPrefix("└"), run.stdout)
    }

    func testJSONListsThePagesNotes() throws {
        let run = try Run.quire(["render", "-", "--page", "30x12", "--format", "json"], stdin: Self.book)
        XCTAssertEqual(run.status, 0, run.stderr)
        let map = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let page = try XCTUnwrap((map["pages"] as? [[String: Any]])?.first)
        let lines = try XCTUnwrap(page["lines"] as? [String])
        let start = try XCTUnwrap(page["noteStart"] as? Int)
        let notes = try XCTUnwrap(page["notes"] as? [[String: Any]])
        XCTAssertEqual(notes.count, 1)
        XCTAssertEqual(notes[0]["marker"] as? String, "¹")
        XCTAssertEqual(notes[0]["source"] as? String, "-#footnote-1-1")
        XCTAssertEqual(notes[0]["continued"] as? Bool, false)
        let first = try XCTUnwrap(notes[0]["line"] as? Int)
        XCTAssertEqual(first, start + 1)
        XCTAssertEqual(lines.count, 12)
        XCTAssertTrue(lines[first].hasPrefix("¹ The source"))
    }

    func testHTMLLinksTheReferenceToItsNote() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-notes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Run.quire(["render", "-", "--page", "30x12", "--format", "html", "-o", folder.path], stdin: Self.book)
        XCTAssertEqual(run.status, 0, run.stderr)
        let html = try String(contentsOf: folder.appendingPathComponent("spread-0001.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<a class=\"nr\" href=\"#fn1-0\"><sup>1</sup></a>"), html)
        XCTAssertTrue(html.contains("id=\"fn1-0\""), html)
    }

    func testChapterAndInlinePlacement() throws {
        for mode in ["chapter", "inline"] {
            let run = try Run.quire(["render", "-", "--page", "30x12", "--notes", mode, "--format", "json"], stdin: Self.book)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertFalse(run.stdout.contains("\"noteStart\""), mode)
            XCTAssertTrue(run.stdout.contains("The source, cited at the"), mode)
        }
    }

    func testUnknownPlacementIsAUsageError() throws {
        let run = try Run.quire(["render", "-", "--notes", "margin"], stdin: Self.book)
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.contains("--notes"), run.stderr)
        let help = try Run.quire(["render", "--help"])
        XCTAssertTrue(help.stdout.contains("--notes WHERE"), help.stdout)
    }
}
