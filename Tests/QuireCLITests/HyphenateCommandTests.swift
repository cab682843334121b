import Foundation
import TestSupport
import XCTest

/// `--hyphenate`, run as a user runs it: words split with a drawn hyphen in text, flagged in JSON, a usage
/// error for an unknown mode, and shown in --help.
final class HyphenateCommandTests: XCTestCase {
    static let book = Data("---\nlang: en\n---\n\nThe hyphenation of incomprehensibility.\n".utf8)

    func testAutoSplitsWordsWithAHyphen() throws {
        let run = try Run.quire(["render", "-", "--hyphenate", "auto", "--page", "12x10"], stdin: Self.book)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("The hyphen-"), run.stdout)
        let plain = try Run.quire(["render", "-", "--page", "12x10"], stdin: Self.book)
        XCTAssertFalse(plain.stdout.contains("hyphen-"), plain.stdout)
    }

    func testJSONFlagsTheHyphenatedLines() throws {
        let run = try Run.quire(["render", "-", "--hyphenate", "auto", "--page", "12x10", "--format", "json"],
                                stdin: Self.book)
        XCTAssertEqual(run.status, 0, run.stderr)
        let map = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let pages = try XCTUnwrap(map["pages"] as? [[String: Any]])
        var pieces: [String] = []
        for page in pages {
            var lines = try XCTUnwrap(page["lines"] as? [String])
            let flagged = page["hyphenated"] as? [Int] ?? []
            for index in flagged {
                XCTAssertEqual(lines[index].last, "-")
                lines[index].removeLast()
            }
            // A flagged line's word continues on the next line: joined without a space.
            for (i, line) in lines.enumerated() {
                if i > 0 && flagged.contains(i - 1) { pieces[pieces.count - 1] += line } else { pieces.append(line) }
            }
        }
        XCTAssertEqual(pieces.filter { !$0.isEmpty }.joined(separator: " "), "The hyphenation of incomprehensibility.")
    }

    func testUnknownModeIsAUsageError() throws {
        let run = try Run.quire(["render", "-", "--hyphenate", "sometimes"], stdin: Self.book)
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.contains("--hyphenate"), run.stderr)
    }

    func testHelpShowsTheOption() throws {
        let run = try Run.quire(["render", "--help"])
        XCTAssertTrue(run.stdout.contains("--hyphenate MODE"), run.stdout)
    }
}
