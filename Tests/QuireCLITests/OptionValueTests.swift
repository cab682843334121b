import Foundation
@testable import Quire
import TestSupport
import XCTest

/// Option values are parsed by type (`ParsedArguments.choice`, `number`, `pageSize`): the messages name the option
/// and every accepted spelling in the enum's order, and `main` adds the usage line of the command that runs, and
/// only there. These pin what a user sees, so the typed parsing cannot change it.
final class OptionValueTests: XCTestCase {
    let sample = "Samples/lighthouse-keeper"
    let renderUsage = "Usage: quire render BOOK... [--format text|json|html] [-o DIR] [options]\n"

    func testChoiceErrorsListEverySpelling() throws {
        let cases: [(String, String)] = [
            ("--format", "text, json, html"), ("--orientation", "portrait, landscape, auto"), ("--spine", "min, mid, max, none"),
            ("--direction", "ltr, rtl, auto"), ("--axis", "horizontal, vertical"), ("--first-page", "solo, paired, auto"),
            ("--transition", "curl, scroll"), ("--align", "start, justify"), ("--paragraph", "space, indent"),
            ("--ruby", "drop, paren, aozora"), ("--ambiguous", "narrow, wide"),
            ("--writing-mode", "auto, horizontal, vertical, horizontal-tb, vertical-rl"),
        ]
        for (option, spellings) in cases {
            let run = try Run.quire(["render", sample, option, "bogus"])
            XCTAssertEqual(run.status, 64, option)
            XCTAssertEqual(run.stderr, "quire: error: \(option) takes \(spellings), not 'bogus'\n" + renderUsage, option)
        }
    }

    /// Aliases are cases of the CLI's own enum: both names of a writing mode give the same pages.
    func testWritingModeAliasesAgree() throws {
        for (short, css) in [("horizontal", "horizontal-tb"), ("vertical", "vertical-rl")] {
            let a = try Run.quire(["render", sample, "--writing-mode", short, "--format", "json"])
            let b = try Run.quire(["render", sample, "--writing-mode", css, "--format", "json"])
            XCTAssertEqual(a.status, 0, a.stderr)
            XCTAssertEqual(a.stdout, b.stdout, short)
        }
    }

    /// Each command's errors carry its own usage line, render's options included when batch parses them.
    func testUsageLineIsTheRunningCommands() throws {
        let info = try Run.quire(["info", sample, "--page", "0x0"])
        XCTAssertEqual(info.stderr, "quire: error: --page takes COLSxLINES with numbers from 1 to 1000, e.g. 40x20, not '0x0'\n"
                       + "Usage: quire info BOOK [--json] [--page COLSxLINES] [--quiet]\n")
        let batch = try Run.quire(["batch", sample, "-o", "/nonexistent/out", "--gap", "101"])
        XCTAssertEqual(batch.status, 64)
        XCTAssertEqual(batch.stderr, "quire: error: --gap takes a whole number from 0 to 100, not '101'\n"
                       + "Usage: quire batch INPUT... -o OUTDIR [--jobs N] [--shard K/N] [--force] [render options]\n")
        let open = try Run.quire(["render", sample, "--split-headings", "7"])
        XCTAssertEqual(open.stderr, "quire: error: --split-headings takes a whole number from 0 to 6, not '7'\n" + renderUsage)
    }

    /// `--from`/`--to` select the same spreads for standard output and for `-o` files: one rule, `PageRange`.
    func testPageRangeSelectsTheSameSpreadsForFilesAndStandardOutput() throws {
        let book = try Quire.open([Run.packageRoot.appendingPathComponent(sample).path])
        let options = RenderOptions(spreads: SpreadOptions(orientation: .portrait, viewport: .standard))
        let pagination = Quire.paginate(book, layout: options.layout, spreads: options.spreads)
        for range in [PageRange.all, PageRange(2...3), PageRange(3...3), PageRange(999...1000)] {
            let files = Quire.files(for: book, pagination, options: options, pages: range)
            var printed: [UInt8] = []
            Quire.writeTextSpreads(pagination, ambiguousWide: false, where: range.selects) { printed += $0 }
            XCTAssertEqual(files.map(\.bytes).joined(separator: [0x0C, 0x0A]).map { $0 }, printed, "\(range.pages)")
            let numbers = pagination.spreads.spreads.filter(range.selects).map { Quire.spreadFileName($0.number, extension: "txt") }
            XCTAssertEqual(files.map(\.name), numbers)
        }
        XCTAssertEqual(Quire.files(for: book, pagination, options: options, pages: PageRange(999...1000)), [])
    }
}
