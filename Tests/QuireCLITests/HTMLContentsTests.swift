import Foundation
import TestSupport
import XCTest

/// Contents entries of the HTML reader open the page holding their fragment (issue 22): the fixture's chapter two
/// has headings, a section and a word in its middle, each on a later page than the chapter's start.
final class HTMLContentsTests: XCTestCase {
    func testEntriesOpenThePageOfTheirFragment() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Run.quire(["render", "Tests/Fixtures-html/toc-fragments", "--format", "html", "-o", folder.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let index = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let nav = String(index[index.range(of: "<nav class=\"toc\"")!.lowerBound...])
        var checked = 0
        for title in ["Night on the Water", "The Harbour Wall", "The Old Mill"] {
            guard let link = nav.range(of: "\">\(title)</a>") else { XCTFail("no entry \(title)"); continue }
            let open = nav[..<link.lowerBound].range(of: "href=\"", options: .backwards)!
            let href = String(nav[open.upperBound..<link.lowerBound])
            let parts = href.split(separator: "#").map(String.init)
            XCTAssertEqual(parts.count, 2, href)
            let file = try String(contentsOf: folder.appendingPathComponent(parts[0]), encoding: .utf8)
            // The page named by the fragment holds the heading's words.
            guard let start = file.range(of: "id=\"\(parts[1])\"") else { XCTFail("\(href) names no page"); continue }
            let page = file[start.upperBound...]
            let end = page.range(of: "<p class=\"folio\">")!.lowerBound
            let text = page[..<end].replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            XCTAssertTrue(text.contains(title.split(separator: " ").last!), "\(title) on \(href)")
            XCTAssertNotEqual(parts[1], "p2", "\(title) is past the chapter's first page")
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }
}
