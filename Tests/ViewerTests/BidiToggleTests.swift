import Quire
import TestSupport
import XCTest
@testable import Viewer

/// `b` switches right-to-left lines between logical and visual order on the screen, and back.
final class BidiToggleTests: XCTestCase {
    func testBReordersOnlyTheRightToLeftRows() throws {
        let sample = Run.packageRoot.appendingPathComponent("Samples/lighthouse-keeper").path
        let book = try BookLoader(paths: [sample], options: OpenOptions()).whole()
        var session = ViewerSession(book: book, complete: true, settings: ViewerSettings(),
                                    screen: Viewport(columns: 100, lines: 30))
        // The spread with the sample's Arabic paragraph.
        let arabic: (Character) -> Bool = { $0.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) } }
        let page = try XCTUnwrap(session.navigator.result.pages.first { $0.lines.contains { $0.text.contains(where: arabic) } })
        _ = session.handle(.character("g"))
        for c in String(page.number) { _ = session.handle(.character(c)) }
        _ = session.handle(.enter)
        let logical = session.picture()
        XCTAssertEqual(session.handle(.character("b")), .redraw)
        XCTAssertEqual(session.bidi, .visual)
        let visual = session.picture()
        XCTAssertEqual(logical.rows.count, visual.rows.count)
        let changed = zip(logical.rows, visual.rows).filter { $0 != $1 }
        XCTAssertFalse(changed.isEmpty, "the Arabic rows are drawn in visual order")
        for (before, after) in changed {
            XCTAssertTrue(before.contains(where: arabic), "only right-to-left rows change: \(before)")
            XCTAssertEqual(Cells.width(before), Cells.width(after))
        }
        XCTAssertTrue(visual.status.contains("visual"), visual.status)
        _ = session.handle(.character("b"))
        XCTAssertEqual(session.picture().rows, logical.rows)
    }
}
