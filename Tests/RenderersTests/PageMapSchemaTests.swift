import Layout
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
        ]
        for page in pages {
            var written: [UInt8] = []
            PageMap.writePage(page, into: &written)
            var serialized: [UInt8] = []
            PageMap.page(page).write(to: &serialized, pretty: true, indent: 2)
            XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: serialized, as: UTF8.self))
        }
    }
}
