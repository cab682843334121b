import Layout
import Spreads
@testable import Renderers
import XCTest

/// The page schema is stated once (`PageMap.fields`); the streaming writer and the JSON value must give the
/// same bytes for every shape of page: blank, empty, escaped text, print page labels, no chapter or language.
/// (Renderers has no test target of its own yet; this belongs there once it does.)
final class PageMapSchemaTests: XCTestCase {
    func testWriterAndValueAgree() {
        var full = Fixture.page(3, [Fixture.line("say \"hi\"\\"), Fixture.line("\u{2028}tab\there")], language: nil)
        full.chapterTitle = "Chapter \u{1}one"
        full.printPages = ["iv", "v"]
        let pages = [
            full,
            Fixture.page(4, [], kind: .blank),
            Fixture.page(5, [], language: "ja"),
            Fixture.page(-1, [Fixture.line("")]),
            // Escapes make the item several times longer than the room `PageMap.roomForPage` makes for it: the
            // writer grows while the page's members are being written.
            Fixture.page(6, (0..<40).map { _ in Fixture.line(String(repeating: "\u{1}\"", count: 30)) }),
        ]
        for page in pages {
            var written: [UInt8] = []
            PageMap.writePage(page, into: &written)
            var serialized: [UInt8] = []
            PageMap.page(page).write(to: &serialized, pretty: true, indent: 2)
            XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: serialized, as: UTF8.self))
        }
    }

    /// The spreads are written straight from the result (`PageMap.writeSpread`): the same bytes as their JSON
    /// value, for every kind of slot, and the whole map the same as the tree's serialization.
    func testSpreadWriterAndValueAgree() {
        let spreads = [
            Spread(number: 1, slots: [Slot(side: .left, page: nil), Slot(side: .right, page: 1)]),
            Spread(number: 12, slots: [Slot(side: .single, page: 23, back: 24)]),
            Spread(number: 3, slots: [Slot(side: .top, page: 5), Slot(side: .bottom, page: 6)]),
            Spread(number: 4, slots: []),
        ]
        for spread in spreads {
            var written: [UInt8] = []
            PageMap.writeSpread(spread, into: &written, indent: 2)
            var serialized: [UInt8] = []
            PageMap.spread(spread).write(to: &serialized, pretty: true, indent: 2)
            XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: serialized, as: UTF8.self))
        }
        let (summary, ltr) = Fixture.ltrBook()
        for result in [ltr, SpreadResult(pages: ltr.pages, spreads: spreads, layout: ltr.layout),
                       SpreadResult(pages: ltr.pages, spreads: [], layout: ltr.layout)] {
            var tree: [UInt8] = []
            PageMap.json(book: summary, pageSize: Fixture.size, spreads: result).write(to: &tree, pretty: true, indent: 0)
            XCTAssertEqual(String(decoding: PageMap.prettyBytes(book: summary, pageSize: Fixture.size, spreads: result), as: UTF8.self),
                           String(decoding: tree, as: UTF8.self))
        }
    }
}
