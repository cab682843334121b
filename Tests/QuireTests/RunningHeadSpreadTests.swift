import BookModel
import Layout
import Quire
import Spreads
import XCTest

/// Issue 17: the blank pages the spreads stage inserts (a chapter that asks for a side) carry no running head;
/// every content page has one, empty on a chapter's opening page.
final class RunningHeadSpreadTests: XCTestCase {
    func testBlankPagesInsertedForSpreadsHaveNoHead() {
        func chapter(_ index: Int, _ title: String, spread: PageSpread? = nil) -> Chapter {
            let text = String(repeating: "\(title) has words enough for a page or two. ", count: 3)
            let blocks = [Block(.paragraph([.text(text, [])]), location: SourceLocation(spine: index, href: "c\(index).xhtml", offset: 0))]
            return Chapter(spineIndex: index, href: "c\(index).xhtml", title: title, blocks: blocks, pageSpread: spread)
        }
        let document = Document(metadata: BookMetadata(titles: ["Tiny"]),
                                chapters: [chapter(0, "One"), chapter(1, "Two", spread: .right)])
        let book = Book(format: .epub, document: document, diagnostics: [])
        let pagination = Quire.paginate(book, layout: LayoutOptions(pageSize: PageSize(columns: 14, lines: 8), runningHead: .chapter),
                                        spreads: SpreadOptions(orientation: .landscape, viewport: Viewport(columns: 80, lines: 24)))
        let blanks = pagination.pages.filter { $0.kind == .blank }
        XCTAssertFalse(blanks.isEmpty, "chapter Two asks for a right-hand page")
        for page in blanks { XCTAssertEqual(page.lines, []) }
        for page in pagination.pages where page.kind == .content {
            XCTAssertEqual(page.lines.first?.role, .runningHead)
            XCTAssertEqual(page.lines.first?.text, page.startsChapter ? "" : page.chapterTitle)
            XCTAssertLessThanOrEqual(page.lines.count, 8)
        }
    }
}
