import BookModel
import Foundation
import Layout
import Quire
import Renderers
import Spreads
import TestSupport
import XCTest

/// Vertical writing (tategaki) as a reader sees it: columns right to left, kinsoku, tate-chu-yoko, ruby modes.
/// (Kinsoku and ruby over a whole corpus book are QuireTests' VerticalCorpusTests.)
final class VerticalTextTests: XCTestCase {
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

    func testKusamakuraFirstCharacterIsAtTheTopOfTheRightmostColumn() throws {
        let book = try Quire.open([corpus().appendingPathComponent("epub/kusamakura-japanese-vertical-writing.epub").path])
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
}
