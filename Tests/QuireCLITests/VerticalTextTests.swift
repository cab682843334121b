import BookModel
import Foundation
import Layout
import Quire
import Renderers
import Spreads
import XCTest

/// Vertical writing (tategaki) as a reader sees it: columns right to left, kinsoku, tate-chu-yoko, ruby modes.
final class VerticalTextTests: XCTestCase {
    /// JLReq: characters no column may start with, and characters no column may end with.
    static let noStart = Set("、。，．」』）］｝〕〉》】ー・：；？！ゝゞ々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ”’")
    static let noEnd = Set("「『（［｛〔〈《【“‘")

    static func japaneseBook(_ blocks: [[Inline]], mode: WritingMode = .verticalRL) -> Book {
        var offset = 0
        let built = blocks.map { inlines -> Block in
            defer { offset += inlines.characterCount }
            return Block(.paragraph(inlines), location: SourceLocation(spine: 0, href: "a.xhtml", offset: offset), language: "ja")
        }
        let chapter = Chapter(spineIndex: 0, href: "a.xhtml", blocks: built, language: "ja", writingMode: mode)
        return Book(format: .epub, document: Document(metadata: BookMetadata(titles: ["縦"], languages: ["ja"], writingMode: mode),
                                                      chapters: [chapter]), diagnostics: [])
    }

    func render(_ book: Book, size: PageSize, ruby: RubyMode = .paren) -> String {
        let pagination = Quire.paginate(book, layout: LayoutOptions(pageSize: size, ruby: ruby),
                                        spreads: SpreadOptions(orientation: .portrait, viewport: Viewport(columns: 80, lines: 24)))
        return TextSpreads().render(pagination.spreads, size: size)
    }

    func testSnapshots() throws {
        let kinsoku = Self.japaneseBook([[.text("これは「かぎ括弧」の、行末と行頭の禁則を試す文です。ちょっと長いかな？", [])]])
        try assertSnapshot(render(kinsoku, size: PageSize(columns: 12, lines: 6)), named: "vertical-kinsoku.txt")
        let tcy = Self.japaneseBook([[.text("平成12年3月31日、!?と2024年。", [])]])
        try assertSnapshot(render(tcy, size: PageSize(columns: 8, lines: 8)), named: "vertical-tate-chu-yoko.txt")
        let latin = Self.japaneseBook([[.text("縦書きの中のQuireという単語。", [])]])
        try assertSnapshot(render(latin, size: PageSize(columns: 8, lines: 8)), named: "vertical-latin-word.txt")
        let ruby = Self.japaneseBook([[.ruby(base: "漢字", annotation: "かんじ"), .text("を読む。", [])]])
        for mode in RubyMode.allCases {
            try assertSnapshot(render(ruby, size: PageSize(columns: 8, lines: 8), ruby: mode), named: "vertical-ruby-\(mode.rawValue).txt")
        }
    }

    func testTateChuYokoSharesOneRow() {
        XCTAssertEqual(verticalRows(of: "12年"), ["12", "年"])
        XCTAssertEqual(verticalRows(of: "2024年"), ["2", "0", "2", "4", "年"])
        XCTAssertEqual(VerticalForms.cell("12"), "12")
        XCTAssertEqual(VerticalForms.cell("A"), "Ａ")
        XCTAssertEqual(VerticalForms.cell("。"), "︒")
        XCTAssertEqual(VerticalForms.cell(" "), "\u{3000}")
    }

    func kusamakura() throws -> Book? {
        guard let corpus = try corpus() else { return nil }
        return try Quire.open([corpus.appendingPathComponent("epub/kusamakura-japanese-vertical-writing.epub").path])
    }

    func testKusamakuraFirstCharacterIsAtTheTopOfTheRightmostColumn() throws {
        guard let book = try kusamakura() else { return }
        let size = PageSize.standard
        let pagination = Quire.paginate(book, layout: LayoutOptions(pageSize: size), spreads: SpreadOptions(viewport: .standard))
        let page = pagination.pages[0]
        XCTAssertEqual(page.writingMode, .verticalRL)
        XCTAssertEqual(pagination.spreads.layout.direction, .rtl)
        let first = String(page.lines[0].text.first!)
        let rows = TextPageDrawer().rows(page, size: size, folio: "1")
        // Row 1 is the first text row, under the top border; the last two cells before the right border hold column 1.
        let row = Array(rows[1])
        let cell = String(row[row.count - 3...row.count - 2]).trimmingCharacters(in: .whitespaces)
        XCTAssertEqual(cell, VerticalForms.cell(first).trimmingCharacters(in: .whitespaces), "row: \(rows[1])")
    }

    func testKusamakuraColumnsKeepKinsoku() throws {
        guard let book = try kusamakura() else { return }
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
        guard let book = try kusamakura() else { return }
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
        guard let corpus = try corpus() else { return }
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
