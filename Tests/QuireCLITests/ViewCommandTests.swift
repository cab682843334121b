import Foundation
import TestSupport
import XCTest

/// `quire view` outside a terminal: the refusals, and the first screen printed for scripts and the bench.
final class ViewCommandTests: XCTestCase {
    let sample = "Samples/lighthouse-keeper"

    func testViewIntoAPipeIsAUsageErrorPointingToRender() throws {
        let run = try Run.quire(["view", sample])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.contains("quire render"), run.stderr)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr.split(separator: "\n").first?.hasPrefix("quire: error:"), true, run.stderr)
    }

    func testStandardInputAndTerminalOnlyOptionsAreRefused() throws {
        XCTAssertEqual(try Run.quire(["view", "-"]).status, 64)
        XCTAssertEqual(try Run.quire(["view", sample, "--screen", "80x24"]).status, 64)
        XCTAssertEqual(try Run.quire(["view", "no-such-book.epub", "--first-spread-only"]).status, 66)
    }

    func testFirstSpreadOnlyPrintsTheFirstScreenAndItsStatusLine() throws {
        let run = try Run.quire(["view", sample, "--first-spread-only", "--screen", "100x30"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(rows.count, 30, "29 rows of spread and one status line")
        XCTAssertTrue(rows.allSatisfy { $0.count <= 100 })
        // Only the first document is read: page numbers are not known yet.
        XCTAssertTrue(rows.last?.contains("page ? of ?") ?? false, String(rows.last ?? ""))
        // The first page's text is the text output's at the same page size.
        let render = try Run.quire(["render", sample, "--page", "48x26", "--orientation", "landscape", "--to", "1"])
        let firstLine = try XCTUnwrap(render.stdout.split(separator: "\n").dropFirst().first { $0.contains { $0.isLetter } })
        let words = firstLine.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let word = try XCTUnwrap(words.first)
        XCTAssertTrue(run.stdout.contains(word), "first screen lacks \(word)")
    }

    func testReflowPrintsTheSameTextAtTheNewSize() throws {
        let run = try Run.quire(["view", sample, "--first-spread-only", "--screen", "100x30", "--reflow-to", "50x40",
                                 "--timing"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(rows.count, 30 + 40)
        XCTAssertTrue(rows.last?.contains("page 1 of") ?? false, String(rows.last ?? ""))
        XCTAssertTrue(rows.dropFirst(30).allSatisfy { $0.count <= 50 })
        for step in ["first spread", "whole book", "reflow"] {
            XCTAssertTrue(run.stderr.contains("view: \(step) "), run.stderr)
        }
    }
}
