import BookModel
import TestSupport
import XCTest
@testable import Layout

/// A line holding clusters that are not printed as they are (word joiners, zero-width spaces, tabs, controls, soft
/// hyphens it does not break at), or a justified line, is written in runs between them (`LineBuilder.writeUnmapped`,
/// issue 19) when nothing else is mapped; the same paragraph styled goes cluster by cluster through `write`. They
/// must agree, line for line, in text and width, and each width must be the cells of its text.
final class RewrittenLineTests: XCTestCase {
    func testRunsBetweenRewrittenClustersMatchTheClusterByClusterWriter() {
        let pieces = ["word", "longerword", " ", " ", "\u{2060}", "\u{200B}", "\t", "\u{7}", "\u{AD}", "\u{A0}", "é",
                      "e\u{301}", "漢字", "—", "😀", "\u{3000}", "abcdefghijklmnopq", "\u{FEFF}"]
        var generator = SeededGenerator(for: self)
        for _ in 0..<400 {
            let text = (0..<Int.random(in: 1...60, using: &generator))
                .map { _ in pieces.randomElement(using: &generator)! }.joined()
            let width = Int.random(in: 6...30, using: &generator)
            let plain = document([Builder().block(.paragraph([.text(text, [])]))])
            let styled = document([Builder().block(.paragraph([.text(text, [.emphasis])]))])
            for align in [TextAlign.start, .justify] {
                let set = options(width, 40) { $0.align = align }
                let runs = paginate(plain, options: set).flatMap(\.lines)
                let clusters = paginate(styled, options: set).flatMap(\.lines)
                XCTAssertEqual(runs.map(\.text), clusters.map(\.text), "\(align): \(text.debugDescription)")
                XCTAssertEqual(runs.map(\.width), clusters.map(\.width), "\(align): \(text.debugDescription)")
                for line in runs {
                    XCTAssertEqual(line.width, cellWidth(of: line.text, ambiguousWide: false), line.text.debugDescription)
                    XCTAssertFalse(line.text.unicodeScalars.contains { $0 == "\u{2060}" || $0 == "\t" || $0 == "\u{7}" })
                }
            }
        }
    }
}
