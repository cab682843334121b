import Foundation
import TestSupport
import XCTest

/// `quire info` says which CSS rule decided each document's writing mode (issue 15), in text and JSON, and the
/// render follows it: an EBPAJ-shaped book (`<html class="vrtl">`, the class rule in an imported sheet) is
/// paginated vertically.
final class StyleInfoCommandTests: XCTestCase {
    private func ebpajBook() throws -> URL {
        try QuireCLITests.ebpajBook(self, standard: """
            .vrtl { -epub-writing-mode: vertical-rl; writing-mode: vertical-rl; }
            .pagebreak { page-break-before: always; }
            .hidden { display: none; }
            """, body: """
            <div class="main"><p>吾輩は猫である。名前はまだ無い。</p><p class="hidden">隠す</p>\
            <div class="pagebreak"></div><p>二の章。</p></div>
            """)
    }

    func testInfoNamesTheRuleThatDecided() throws {
        let book = try ebpajBook()
        let text = try Run.quire(["info", book.path])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("Writing mode:     vertical-rl\n"), text.stdout)
        XCTAssertTrue(text.stdout.contains("item/xhtml/p-001.xhtml [vertical-rl (.vrtl in style-standard.css)]"), text.stdout)
        let json = try Run.quire(["info", book.path, "--json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let spine = try XCTUnwrap(object["spine"] as? [[String: Any]])
        XCTAssertEqual(spine.first?["writingMode"] as? String, "vertical-rl")
        XCTAssertEqual(spine.first?["writingModeSource"] as? String, ".vrtl in style-standard.css")
    }

    func testRenderFollowsTheCascade() throws {
        let run = try Run.quire(["render", try ebpajBook().path, "--format", "json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let map = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let pages = try XCTUnwrap(map["pages"] as? [[String: Any]])
        XCTAssertEqual(Set(pages.compactMap { $0["writingMode"] as? String }), ["vertical-rl"])
        // `.pagebreak` starts a page although the first one has room; `.hidden` text is on no page.
        let content = pages.filter { $0["kind"] as? String == "content" }
        let lines = content.map { ($0["lines"] as? [String] ?? []).joined() }
        XCTAssertEqual(content.count, 2, "\(lines)")
        XCTAssertTrue(lines.last?.contains("二") ?? false, "\(lines)")
        XCTAssertFalse(lines.joined().contains("隠"), "\(lines)")
    }

    /// Kusamakura offers a horizontal alternate style sheet (横組) beside its preferred vertical one (縦組).
    func testStylesheetChoosesAnAlternateSet() throws {
        let book = try corpus().appendingPathComponent("epub/kusamakura-japanese-vertical-writing.epub").path
        func modes(_ extra: [String]) throws -> Set<String> {
            let run = try Run.quire(["render", book, "--format", "json", "--quiet"] + extra)
            XCTAssertEqual(run.status, 0, run.stderr)
            let map = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let pages = try XCTUnwrap(map["pages"] as? [[String: Any]])
            return Set(pages.filter { $0["kind"] as? String == "content" }.compactMap { $0["writingMode"] as? String })
        }
        XCTAssertEqual(try modes([]), ["vertical-rl"])
        XCTAssertEqual(try modes(["--stylesheet", "横組"]), ["horizontal-tb"])
        let unknown = try Run.quire(["info", book, "--stylesheet", "Horizontal"])
        XCTAssertEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("no style sheet titled 'Horizontal'; the book offers '横組', '縦組'"),
                      unknown.stderr)
        let empty = try Run.quire(["info", book, "--stylesheet", ""])
        XCTAssertEqual(empty.status, 64)
    }
}
