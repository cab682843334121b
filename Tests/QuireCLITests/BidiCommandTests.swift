import Foundation
import TestSupport
import XCTest

/// `quire render --bidi` (issue 18) on the sample book whose third chapter holds a right-to-left Arabic paragraph:
/// `visual` changes the order of characters within lines and nothing else; `logical` is the default.
final class BidiCommandTests: XCTestCase {
    static let book = "Samples/lighthouse-keeper"

    private func render(_ extra: [String]) throws -> String {
        let run = try Run.quire(["render", Self.book, "--page", "40x20"] + extra)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        return run.stdout
    }

    /// A line's characters as a multiset, letters folded to their nominal forms (NFKC undoes the presentation
    /// forms and lam-alef ligatures shaping made), spaces left out (a ligature frees one).
    private func characters(_ line: Substring) -> [String] {
        String(line).precomposedStringWithCompatibilityMapping.unicodeScalars.filter { $0 != " " }.map { String($0) }
            .sorted()
    }

    func testVisualChangesOnlyTheOrderWithinLines() throws {
        let logical = try render([])
        let visual = try render(["--bidi", "visual"])
        XCTAssertEqual(try render(["--bidi", "logical"]), logical, "--bidi logical is the default, byte for byte")
        XCTAssertNotEqual(visual, logical)

        // Same spreads, same rows.
        XCTAssertEqual(visual.components(separatedBy: "\u{0C}").count, logical.components(separatedBy: "\u{0C}").count)
        let before = logical.split(separator: "\n", omittingEmptySubsequences: false)
        let after = visual.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(after.count, before.count)
        var changed = 0
        for (old, new) in zip(before, after) where old != new {
            changed += 1
            // Only rows with right-to-left text change.
            XCTAssertTrue(old.unicodeScalars.contains { (0x0590...0x08FF).contains($0.value) }, String(old))
            // The frames are where they were: the same edges, the same cells, the same characters.
            XCTAssertEqual(old.first, new.first)
            XCTAssertEqual(old.last, new.last)
            XCTAssertEqual(cellWidth(new), cellWidth(old), String(new))
            XCTAssertEqual(characters(new), characters(old), String(new))
            // Written for a terminal that does no shaping: no letter that joins is left in its nominal form (hamza
            // and tatweel have no forms of their place in a word).
            XCTAssertFalse(new.unicodeScalars.contains { (0x0622...0x063A).contains($0.value) || (0x0641...0x064A).contains($0.value) },
                           String(new))
        }
        XCTAssertGreaterThan(changed, 0)
        // Folios and frames (every row without Arabic) are untouched.
        for (old, new) in zip(before, after) where !old.unicodeScalars.contains(where: { (0x0590...0x08FF).contains($0.value) }) {
            XCTAssertEqual(old, new)
        }
    }

    /// Files written with -o keep the logical order unless asked, like standard output.
    func testFilesFollowTheOption() throws {
        let folder = try temporaryFolder(self)
        for (name, extra) in [("default", [String]()), ("visual", ["--bidi", "visual"])] {
            let run = try Run.quire(["render", Self.book, "--page", "40x20", "-o", folder.appendingPathComponent(name).path]
                                    + extra)
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("default").path).sorted()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("visual").path).sorted(),
                       names)
        let printed = try render(["--bidi", "visual"]).components(separatedBy: "\u{0C}\n")
        XCTAssertEqual(printed.count, names.count)
        for (index, name) in names.enumerated() {
            let file = try String(contentsOf: folder.appendingPathComponent("visual").appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(file, printed[index], name)
        }
    }

    func testOptionIsCheckedAndWarnedOutsideText() throws {
        let bad = try Run.quire(["render", Self.book, "--bidi", "reversed"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("--bidi takes logical, visual, not 'reversed'"), bad.stderr)
        let json = try Run.quire(["render", Self.book, "--format", "json", "--bidi", "visual"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(json.stderr, "quire: warning: --bidi applies to --format text only; ignored with --format json\n")
        XCTAssertEqual(json.stdout, try Run.quire(["render", Self.book, "--format", "json"]).stdout)
    }

    /// Cells as a terminal counts them, without the project's measure: wide East Asian characters are not in the
    /// sample, combining marks take none.
    private func cellWidth(_ line: Substring) -> Int {
        line.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }.count
    }
}
