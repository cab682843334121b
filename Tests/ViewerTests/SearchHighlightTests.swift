import Quire
import TestSupport
import XCTest
@testable import Viewer

/// A search match is drawn in reverse video exactly over its characters, on horizontal and vertical pages.
final class SearchHighlightTests: XCTestCase {
    /// The characters under a picture's highlights, in order (row by row, then across).
    func highlighted(_ picture: Picture) -> String {
        picture.highlights.map { Cells.slice(picture.rows[$0.row], from: $0.columns.lowerBound,
                                             width: $0.columns.count) }.joined()
    }

    func session(_ path: String, screen: Viewport) throws -> ViewerSession {
        let book = try BookLoader(paths: [path], options: OpenOptions()).whole()
        return ViewerSession(book: book, complete: true, settings: ViewerSettings(), screen: screen)
    }

    func search(_ query: String, in session: inout ViewerSession) {
        _ = session.handle(.character("/"))
        for c in query { _ = session.handle(.character(c)) }
        _ = session.handle(.enter)
    }

    func testAHorizontalMatchIsHighlightedOnItsPage() throws {
        var session = try session(Run.packageRoot.appendingPathComponent("Samples/lighthouse-keeper").path,
                                  screen: Viewport(columns: 100, lines: 30))
        // A word from a page well into the book, read from the book itself.
        let pages = session.navigator.result.pages
        let target = pages[min(pages.count - 1, 4)]
        let word = try XCTUnwrap(target.lines.flatMap { $0.text.split(separator: " ").map(String.init) }
            .first { $0.count >= 7 && $0.allSatisfy(\.isLetter) })
        search(word, in: &session)
        let picture = session.picture()
        XCTAssertEqual(picture.highlights.count, 1)
        XCTAssertEqual(highlighted(picture).lowercased(), word.lowercased())
        // n finds the next one, or says the search wrapped or found nothing else.
        _ = session.handle(.character("n"))
        XCTAssertNotNil(session.search?.match)
    }

    func testAVerticalMatchIsHighlightedDownItsColumn() throws {
        guard let corpus = try optionalCorpus() else { throw XCTSkip("QUIRE_CORPUS is not set") }
        var session = try session(corpus.appendingPathComponent("epub/kusamakura-japanese-vertical-writing.epub").path,
                                  screen: Viewport(columns: 100, lines: 30))
        let pages = session.navigator.result.pages
        // Three letters in a row from the middle of a column with no ruby (so one character is one row).
        let column = try XCTUnwrap(pages.dropFirst(6).lazy.filter { $0.writingMode == .verticalRL }
            .flatMap(\.lines).first { line in
                line.rubies.isEmpty && line.text.count > 8 && line.text.prefix(6).allSatisfy(\.isLetter)
            })
        let query = String(column.text.dropFirst(2).prefix(3))
        search(query, in: &session)
        let picture = session.picture()
        XCTAssertEqual(picture.highlights.count, 3, "one cell pair per character, down the column")
        XCTAssertEqual(highlighted(picture), query)
        XCTAssertEqual(Set(picture.highlights.map(\.columns)).count, 1, "all in one column")
    }
}
