import Foundation
import TestSupport
import XCTest

/// End-to-end tests of `quire render`: formats, output folders, page ranges and usage errors.
final class RenderCommandTests: XCTestCase {
    let sample = "Samples/lighthouse-keeper"

    func testDefaultTextIsSpreadsSeparatedByFormFeeds() throws {
        let run = try Run.quire(["render", sample, "--viewport", "80x24"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let spreads = run.stdout.components(separatedBy: "\u{0C}\n")
        XCTAssertGreaterThan(spreads.count, 3)
        for spread in spreads {
            for line in spread.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, 80, "a default spread fits an 80-column terminal: \(line)")
            }
            XCTAssertLessThanOrEqual(spread.split(separator: "\n", omittingEmptySubsequences: false).count - 1, 24)
        }
        XCTAssertTrue(run.stdout.contains("I. The Lamp Room"))
    }

    func testJSONPageMapHasPagesSpreadsAndLayout() throws {
        let run = try Run.quire(["render", sample, "--format", "json", "--page", "30x12"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let map = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(map["quire"] as? Int, 1)
        XCTAssertEqual((map["pageSize"] as? [String: Int])?["columns"], 30)
        let pages = try XCTUnwrap(map["pages"] as? [[String: Any]])
        XCTAssertEqual(pages.map { $0["number"] as? Int }, Array(1...pages.count).map { Optional($0) })
        for page in pages {
            for line in page["lines"] as? [String] ?? [] { XCTAssertLessThanOrEqual(line.count, 30) }
        }
        XCTAssertEqual(pages.first { ($0["printPages"] as? [String])?.contains("1") == true }?["chapter"] as? String, "I. The Lamp Room")
        let layout = try XCTUnwrap(map["layout"] as? [String: Any])
        XCTAssertEqual(layout["direction"] as? String, "ltr")
        XCTAssertNotNil(map["spreads"] as? [[String: Any]])
    }

    func testOutputFolderHoldsOneFilePerSpread() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Run.quire(["render", sample, "-o", folder.path, "--viewport", "80x24"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(names.first, "spread-0001.txt")
        XCTAssertTrue(names.allSatisfy { $0.hasPrefix("spread-") && $0.hasSuffix(".txt") }, "no temporary files left: \(names)")
        let json = try Run.quire(["render", sample, "--format", "json", "-o", folder.path])
        XCTAssertEqual(json.status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("book.json").path))
    }

    func testHTMLViewerFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Run.quire(["render", sample, "--format", "html", "-o", folder.path, "--viewport", "80x24"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        XCTAssertTrue(names.isSuperset(of: ["index.html", "spread-0001.html", "book.json", "assets"]), "\(names)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("assets").path).sorted(),
                       ["image-0001.svg", "reader.css", "reader.js"], "the sample's map, under a generated name")
        // The reader's defaults (`RenderOptions.useReaderDefaults`): landscape spread files, ruby left out of the
        // cells to be drawn as ruby; its page map is the JSON output of those options.
        let json = try Run.quire(["render", sample, "--format", "json", "--orientation", "landscape", "--ruby", "drop"])
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("book.json"), encoding: .utf8), json.stdout,
                       "the viewer's page map is the JSON output")
        let spread = try String(contentsOf: folder.appendingPathComponent("spread-0001.html"), encoding: .utf8)
        XCTAssertTrue(spread.contains(" data-orientation=\"auto\" "), "the site switches orientation live")
        let index = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(index.contains("Content-Security-Policy"))
        XCTAssertTrue(index.contains("The Lighthouse Keeper"))
    }

    func testPageRangeAndItsWarning() throws {
        let run = try Run.quire(["render", sample, "--from", "2", "--to", "3", "--orientation", "portrait"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout.components(separatedBy: "\u{0C}\n").count, 2, "pages 2 and 3, one per portrait spread")
        let past = try Run.quire(["render", sample, "--from", "999"])
        XCTAssertEqual(past.status, 0)
        XCTAssertTrue(past.stderr.hasPrefix("quire: warning: \(sample): --from 999 is past the last page"), past.stderr)
    }

    func testUsageErrorsExit64WithOneErrorLine() throws {
        let cases: [[String]] = [
            ["render", sample, "--format", "pdf"],
            ["render", sample, "--page", "0x5"],
            ["render", sample, "--format", "html"],
            ["render", sample, "--spine", "none", "--format", "html", "-o", "/nonexistent/never-created"],
            ["render", sample, "--spine", "none", "--format", "html", "--transition", "curl", "-o", "/nonexistent/x"],
            ["render", sample, "--spine", "min", "--orientation", "landscape"],
            ["render", sample, "--spine", "max", "--orientation", "landscape", "--double-sided"],
            ["render", sample, "--spine", "mid", "--orientation", "portrait"],
            ["render", sample, "--orientation", "landscape", "--single-sided"],
            ["render", sample, "--spine", "mid", "--single-sided"],
            ["render", sample, "--double-sided", "--single-sided"],
            ["render", sample, "--from", "5", "--to", "2"],
            ["render"],
        ]
        for arguments in cases {
            let run = try Run.quire(arguments)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(lines[0].hasPrefix("quire: error: "), "\(arguments)")
            XCTAssertTrue(lines[1].hasPrefix("Usage: quire render"), "\(arguments)")
        }
    }

    func testMarkdownFromStandardInput() throws {
        let run = try Run.quire(["render", "-", "--format", "json"], stdin: Data("# Notes\n\nA short *note* from stdin.\n".utf8))
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("A short note from stdin."))
    }

    func testRightToLeftDirectionPutsPageOneOnTheRight() throws {
        let run = try Run.quire(["render", sample, "--direction", "rtl", "--orientation", "landscape", "--first-page", "paired",
                                 "--to", "2"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let folios = run.stdout.split(separator: "\n").last!.split(separator: " ")
        XCTAssertEqual(folios, ["2", "1"], "page 1 is the right-hand page of the first spread")
    }
}
