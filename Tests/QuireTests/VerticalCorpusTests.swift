import BookModel
import Foundation
import Layout
import Quire
import Renderers
import TestSupport
import XCTest

/// Vertical writing over whole corpus books (run when QUIRE_CORPUS is set, skipped otherwise): kinsoku in every
/// column, ruby as the option asks, CJK Markdown conserved in both writing modes.
final class VerticalCorpusTests: XCTestCase {
    /// JLReq: characters no column may start with, and characters no column may end with.
    static let noStart = Set("、。，．」』）］｝〕〉》】ー・：；？！ゝゞ々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ”’")
    static let noEnd = Set("「『（［｛〔〈《【“‘")

    static func kusamakura() throws -> Book {
        try Quire.open([corpus().appendingPathComponent("epub/kusamakura-japanese-vertical-writing.epub").path])
    }

    func testKusamakuraColumnsKeepKinsoku() throws {
        let book = try Self.kusamakura()
        let pages = Quire.paginate(book).pages
        var checked = 0
        for page in pages where page.writingMode == .verticalRL {
            for line in page.lines where line.role == .body {
                let text = line.content
                guard text.count > 1, let first = text.first, let last = text.last else { continue }
                checked += 1
                XCTAssertFalse(Self.noStart.contains(first), "page \(page.number): column starts with \(first): \(text)")
                XCTAssertFalse(Self.noEnd.contains(last), "page \(page.number): column ends with \(last): \(text)")
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    func testKusamakuraRubyFollowsTheOption() throws {
        let book = try Self.kusamakura()
        func text(_ mode: RubyMode) -> String {
            Quire.paginate(book, layout: LayoutOptions(ruby: mode)).pages.flatMap { $0.lines.map(\.text) }.joined()
        }
        let drop = text(.drop), paren = text(.paren), aozora = text(.aozora)
        XCTAssertTrue(paren.contains("山路（やまみち）") || paren.contains("山路(やまみち)"), "paren mode shows the reading")
        XCTAssertTrue(aozora.contains("山路《やまみち》"))
        XCTAssertTrue(drop.contains("山路を登りながら"))
        XCTAssertFalse(drop.contains("やまみち"))
    }

    /// The Japanese and Chinese Markdown documents render in both writing modes with their text conserved.
    func testCJKMarkdownInBothWritingModes() throws {
        let corpus = try corpus()
        for name in ["system-design-primer-README-ja.md", "system-design-primer-README-zh-Hans.md"] {
            let book = try Quire.open([corpus.appendingPathComponent("markdown/cjk/\(name)").path])
            for mode in WritingMode.allCases {
                PipelineTests.assertConserved(book, options: LayoutOptions(writingMode: mode), "\(name) \(mode.rawValue)")
                let pages = Quire.paginate(book, layout: LayoutOptions(writingMode: mode)).pages
                XCTAssertTrue(pages.allSatisfy { $0.writingMode == mode }, "\(name): every page in \(mode.rawValue)")
                let text = TextSpreads().render(Quire.paginate(book, layout: LayoutOptions(writingMode: mode)).spreads, size: .standard)
                XCTAssertFalse(text.isEmpty)
            }
        }
    }
}
