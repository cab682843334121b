import Foundation
import TestSupport
import XCTest

/// `--note-markers` (issue 16): note references are raised (`³`) by default and bracketed (`[3]`) on request, in
/// `render` and `batch` alike; a wrong value is a usage error.
final class NoteMarkersCommandTests: XCTestCase {
    private let book = Data("# Notes\n\nA claim[^1] and 2<sup>10</sup> bytes.\n\n[^1]: The source.\n".utf8)

    func testSuperscriptByDefaultAndBracketOnRequest() throws {
        let raised = try Run.quire(["render", "-", "--page", "40x10"], stdin: book)
        XCTAssertEqual(raised.status, 0, raised.stderr)
        XCTAssertTrue(raised.stdout.contains("A claim¹ and 2¹⁰ bytes."), raised.stdout)
        XCTAssertTrue(raised.stdout.contains("¹ The source."), raised.stdout)

        let bracketed = try Run.quire(["render", "-", "--page", "40x10", "--note-markers", "bracket"], stdin: book)
        XCTAssertEqual(bracketed.status, 0, bracketed.stderr)
        XCTAssertTrue(bracketed.stdout.contains("A claim[1] and 2¹⁰ bytes."), bracketed.stdout)
        XCTAssertTrue(bracketed.stdout.contains("[1] The source."), bracketed.stdout)
    }

    func testJSONMarksTheReference() throws {
        let run = try Run.quire(["render", "-", "--page", "40x10", "--format", "json"], stdin: book)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\"noteReference\""), run.stdout)
    }

    func testWrongValueIsAUsageError() throws {
        let run = try Run.quire(["render", "-", "--note-markers", "stars"], stdin: book)
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.contains("--note-markers takes superscript, bracket, not 'stars'"), run.stderr)
    }
}
