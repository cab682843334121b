import Foundation
import TestSupport
import XCTest

/// A book built like the EBPAJ (電書協) template — `class="vrtl"` on `<html>`, the template's classes in a sheet
/// reached through `@import`, a competing `html { horizontal-tb }` in the linking sheet — paginated end to end
/// (issue 15): vertical, `.tcy` one row, `.start-2em` two rows down, `.align-end` at the foot of its column,
/// `.pagebreak` a new page, `.hidden` not shown, `.em-sesame` and `.bold` kept for the viewer.
final class EBPAJRenderTests: XCTestCase {
    private func book() throws -> URL {
        try ebpajBook(self, standard: """
            .vrtl { -epub-writing-mode: vertical-rl; writing-mode: vertical-rl; }
            .tcy { -epub-text-combine: horizontal; text-combine-upright: all; }
            .start-2em { margin-top: 2em; }
            .align-end { text-align: right; }
            .pagebreak { page-break-before: always; }
            .hidden { display: none; }
            .em-sesame { -epub-text-emphasis-style: filled sesame; }
            .bold { font-weight: bold; }
            """, body: """
            <div class="main"><p>第<span class="tcy">AB</span>回、<span class="em-sesame">傍点</span>と\
            <span class="bold">太字</span>。</p><p class="hidden">隠す</p><div class="start-2em"><p>字下げの段落。</p></div>\
            <p class="align-end">地付き</p><div class="pagebreak"></div><p>二の章。</p></div>
            """)
    }

    private func pages() throws -> [[String: Any]] {
        let run = try Run.quire(["render", try book().path, "--page", "12x10", "--format", "json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let map = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return try XCTUnwrap(map["pages"] as? [[String: Any]])
    }

    func testTheTemplateIsHonouredOnThePage() throws {
        let pages = try pages()
        XCTAssertEqual(pages.count, 2, "the .pagebreak starts a second page")
        XCTAssertEqual(pages.map { $0["writingMode"] as? String }, ["vertical-rl", "vertical-rl"])
        let lines = try XCTUnwrap(pages[0]["lines"] as? [String])
        XCTAssertFalse(lines.joined().contains("隠す"), "the .hidden paragraph is not shown")
        XCTAssertEqual(lines.first, "第AB回、傍点と太字。")
        XCTAssertTrue(lines.contains("  字下げの段落。"), "two rows of .start-2em before the text: \(lines)")
        let alignment = try XCTUnwrap(pages[0]["alignment"] as? [String])
        XCTAssertEqual(alignment[try XCTUnwrap(lines.firstIndex(of: "地付き"))], "end")
        XCTAssertEqual(pages[1]["lines"] as? [String], ["二の章。"])
        // The inline classes reach the page map: AB set upright together, the sesame marks, bold.
        let styles = try XCTUnwrap(pages[0]["styles"] as? [[String: Any]])
        func run(_ name: String) -> [String: Any]? { styles.first { ($0["style"] as? [String])?.contains(name) == true } }
        XCTAssertEqual(run("combineUpright").map { [$0["start"] as? Int, $0["end"] as? Int] }, [1, 3])
        XCTAssertEqual(styles.first { $0["mark"] != nil }?["mark"] as? String, "filled sesame")
        XCTAssertEqual(run("strong").map { [$0["start"] as? Int, $0["end"] as? Int] }, [8, 10])
    }

    /// In the text output the 地付き column ends at the foot of the page, and `AB` shares one row.
    func testTextColumns() throws {
        let run = try Run.quire(["render", try book().path, "--page", "12x10", "--single-sided"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(rows.contains { $0.contains("AB") }, "the tate-chu-yoko pair shares a row:\n\(run.stdout)")
        let foot = try XCTUnwrap(rows.lastIndex { $0.contains("き") })
        let head = try XCTUnwrap(rows.firstIndex { $0.contains("地") })
        XCTAssertEqual(foot - head, 2)
        XCTAssertGreaterThanOrEqual(foot, 9, "地付き sits at the bottom of a 10-row column:\n\(run.stdout)")
    }
}
