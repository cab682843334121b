import Foundation
import TestSupport
import XCTest

/// Issue 20, finding 02: a chapter title repeated whole on every page cost pages × title length (a 300 KB
/// heading gave 900 MB of JSON, a 1 MB one an allocation failure). Each page now carries the title cut to the
/// page's columns; the output stays proportional to the book.
final class LongHeadingCommandTests: XCTestCase {
    static let heading = String(repeating: "x", count: 200_000)

    func testJSONOfALongHeadingStaysProportionalToTheBook() throws {
        let book = Data(("# " + Self.heading + "\n\nAfter the heading.\n").utf8)
        let run = try Run.quire(["render", "-", "--format", "json", "--page", "20x5"], stdin: book)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertLessThan(run.stdout.utf8.count, 20 * book.count)
        let pages = try Self.pages(run.stdout)
        XCTAssertGreaterThan(pages.count, 1_000)
        for page in pages {
            let chapter = page["chapter"] as? String ?? ""
            XCTAssertLessThanOrEqual(chapter.count, 20, "page \(page["number"] ?? "?")")
        }
        // The heading itself, where it appears once, is whole.
        let lines = pages.flatMap { $0["lines"] as? [String] ?? [] }.joined()
        XCTAssertEqual(lines.filter { $0 == "x" }.count, Self.heading.count)
    }

    /// The same as a setext heading that `--split-headings 2` makes a chapter, on a 3x3 page.
    func testSetextHeadingSplitIntoAChapterOnATinyPage() throws {
        let book = Data(("Intro.\n\n" + String(Self.heading.prefix(20_000)) + "\n---\n\nText.\n").utf8)
        let run = try Run.quire(["render", "-", "--format", "json", "--page", "3x3", "--split-headings", "2"], stdin: book)
        XCTAssertEqual(run.status, 0, run.stderr)
        let pages = try Self.pages(run.stdout)
        let chapters = Set(pages.compactMap { $0["chapter"] as? String })
        XCTAssertTrue(chapters.contains("xx…"), "\(chapters)")
        XCTAssertTrue(chapters.allSatisfy { $0.count <= 3 }, "\(chapters)")
    }

    /// The HTML viewer's spread files repeat the book's title (here the heading) in `<title>`: cut there too;
    /// the contents page keeps it whole.
    func testHTMLSpreadFilesCarryAShortTitle() throws {
        let heading = String(Self.heading.prefix(20_000))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Run.quire(["render", "-", "--format", "html", "--page", "20x5", "-o", folder.path],
                                stdin: Data(("# " + heading + "\n\nText.\n").utf8))
        XCTAssertEqual(run.status, 0, run.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("spread-") }
        XCTAssertGreaterThan(names.count, 50)
        for name in names.sorted().prefix(3) {
            let html = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            XCTAssertTrue(html.contains("<title>" + String(repeating: "x", count: 19) + "… — spread "), name)
            XCTAssertLessThan(html.utf8.count, heading.utf8.count, name)
        }
        let index = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(index.contains("<h1>" + heading + "</h1>"))
    }

    static func pages(_ json: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return object?["pages"] as? [[String: Any]] ?? []
    }
}
