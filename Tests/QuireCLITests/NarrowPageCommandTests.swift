import Foundation
import TestSupport
import XCTest

/// Issue 20, finding 01: preformatted lines with tabs on a page under 4 cells across (or, vertical, under 4
/// lines tall) made the binary die on a Swift trap (SIGILL, no message). Run as a user would, from stdin.
final class NarrowPageCommandTests: XCTestCase {
    /// An indented code block led by tabs, and a fenced one with tabs between words and after a wide character.
    static let book = "\t\t\tx\n\n```\n全\ty\t\tz\n a\tb\tc\td\n\t\t\t\t\t\tend\n```\n"

    func testTabsInCodeOnPagesOneToFourCellsAcross() throws {
        for mode in ["horizontal", "vertical"] {
            for columns in 1...4 {
                for lines in 1...4 {
                    let page = "\(columns)x\(lines)"
                    let run = try Run.quire(["render", "-", "--format", "json", "--page", page, "--writing-mode", mode],
                                            stdin: Data(Self.book.utf8))
                    if columns == 1 {
                        // 全 takes two cells, as does a vertical column: a one-cell page is refused (issue 13).
                        XCTAssertEqual(run.status, 64, "\(page) \(mode)")
                        XCTAssertTrue(run.stderr.hasSuffix("use at least 2x\(lines)\n"), run.stderr)
                        XCTAssertEqual(run.stdout, "")
                        continue
                    }
                    XCTAssertEqual(run.status, 0, "\(page) \(mode): \(run.stderr)")
                    XCTAssertEqual(run.stderr, "", "\(page) \(mode)")
                    // Nothing lost: the code's non-white-space text, in order ("↪" marks a continued line, "│" is
                    // the code bar).
                    let printed = try Self.pageLines(run.stdout).joined().filter { !$0.isWhitespace && $0 != "↪" && $0 != "│" }
                    XCTAssertEqual(printed, "x全yzabcdend", "\(page) \(mode)")
                }
            }
        }
    }

    /// The reproducer as reported: text output, stdin, a 2x2 page.
    func testTextOutputOfTabsOnATwoByTwoPage() throws {
        let run = try Run.quire(["render", "-", "--format", "text", "--page", "2x2"], stdin: Data("\t\t\tx\n".utf8))
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        XCTAssertTrue(run.stdout.contains("x"))
    }

    /// Every line of every page of a JSON page map.
    static func pageLines(_ json: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let pages = object?["pages"] as? [[String: Any]] ?? []
        return pages.flatMap { $0["lines"] as? [String] ?? [] }
    }
}
