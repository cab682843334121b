import BookModel
import Layout
@testable import Renderers
import XCTest

/// Every renderer places a centred or end-aligned line where `Line.offset(inInlineSize:vertical:)` says: text
/// pages, vertical columns (地付き at the bottom), HTML and the JSON page map.
final class LinePlacementTests: XCTestCase {
    private func line(_ text: String, _ alignment: LineAlignment, direction: Direction = .ltr) -> Line {
        Line(text: text, width: cellWidth(of: text), direction: direction, alignment: alignment)
    }

    /// A column: its width is its rows.
    private func column(_ text: String, _ alignment: LineAlignment) -> Line {
        Line(text: text, width: verticalRows(of: text).count, alignment: alignment)
    }

    func testTextPagePlacesCentredAndEndLines() {
        let page = Fixture.page(1, [line("abcd", .center), line("ab", .end), line("ab", .end, direction: .rtl)])
        let rows = TextPageDrawer().rows(page, size: Fixture.size, folio: nil)
        XCTAssertEqual(Array(rows[1...3]), ["│   abcd   │", "│        ab│", "│ab        │"])
    }

    /// 地付き: an end-aligned column ends on the page's last row.
    func testVerticalColumnEndsAtTheBottom() {
        let size = PageSize(columns: 4, lines: 4)
        var page = Fixture.page(1, [column("本文", .start), column("以上", .end)], writingMode: .verticalRL, language: "ja")
        page.size = size
        let rows = TextPageDrawer().rows(page, size: size, folio: nil)
        XCTAssertEqual(Array(rows[1...4]), ["│  本│", "│  文│", "│以  │", "│上  │"])
    }

    /// One line as the page body draws it.
    private func drawn(_ drawer: HTMLPageDrawer, _ line: Line, vertical: Bool) -> String {
        var out: [UInt8] = []
        drawer.line(line, vertical: vertical, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func testHTMLLeadsWithEmptyCells() {
        let drawer = HTMLPageDrawer(size: Fixture.size, ambiguousWide: false, imageURLs: [], imageBoxes: [])
        XCTAssertEqual(drawn(drawer, line("abcd", .center), vertical: false),
                       "<div class=\"l\" dir=\"ltr\"><span class=\"o\">   </span>abcd</div>")
        // An rtl line's start is its right edge: the empty cells go there.
        XCTAssertEqual(drawn(drawer, line("ab", .end, direction: .rtl), vertical: false),
                       "<div class=\"l\" dir=\"rtl\"><span class=\"o\">        </span>ab</div>")
        XCTAssertEqual(drawn(drawer, line("ab", .start), vertical: false), "<div class=\"l\" dir=\"ltr\">ab</div>")
        let column = drawn(drawer, column("以上", .end), vertical: true)
        XCTAssertTrue(column.hasPrefix("<div class=\"l\" dir=\"ltr\"><span class=\"r\"></span><span class=\"r\">以</span>"),
                      column)
    }

    /// The page map names each line's alignment only on a page where one is centred or set to the end.
    func testPageMapGainsAlignmentOnlyWhereUsed() {
        let plain = PageMap.page(Fixture.page(1, [line("a", .start), line("b", .justify)])).serialized()
        XCTAssertFalse(plain.contains("alignment"))
        var written: [UInt8] = []
        let page = Fixture.page(1, [line("a", .start), line("b", .center)])
        PageMap.writePage(page, into: &written)
        var serialized: [UInt8] = []
        PageMap.page(page).write(to: &serialized, pretty: true, indent: 2)
        XCTAssertEqual(written, serialized)
        XCTAssertEqual(PageMap.page(page).serialized(),
                       PageMap.page(Fixture.page(1, [line("a", .start), line("b", .center)])).serialized())
        XCTAssertTrue(PageMap.page(page).serialized().hasSuffix(#""lines":["a","b"],"alignment":["start","center"]}"#),
                      PageMap.page(page).serialized())
    }
}
