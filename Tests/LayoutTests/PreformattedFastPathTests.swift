import BookModel
import TestSupport
import XCTest
@testable import Layout

/// Printable ASCII lines of code are copied in runs (`setPreformatted`'s fast path); they must come out exactly
/// as setting them cluster by cluster does: the same pieces, continuation markers, widths, decorations and source
/// ranges, for lines shorter and longer than the page, with runs of spaces inside and at their ends.
final class PreformattedFastPathTests: XCTestCase {
    private let b = Builder()

    private func lines(_ text: String, width: Int, byClusters: Bool) -> [FlowLine] {
        let context = LayoutContext(options: LayoutOptions(), vertical: false)
        context.preformattedByClusters = byClusters
        var out: [FlowLine] = []
        context.layoutPreformatted(text, block: b.block(.preformatted(text)),
                                   env: BlockEnv(width: width, language: nil, direction: .ltr), out: &out)
        return out
    }

    private func describe(_ lines: [FlowLine]) -> [String] {
        lines.map { "\($0.line.text)|\($0.line.width)|\($0.line.decorations)|\($0.start)-\($0.end)" }
    }

    func testRandomCodeMatchesTheClusterPath() {
        let alphabet = Array("abcXYZ019 {}();=<>-_.,:'\"#/\\|~  ")
        var generator = SeededGenerator(for: self)
        for _ in 0..<2000 {
            let lineCount = Int.random(in: 1...4, using: &generator)
            let text = (0..<lineCount).map { _ in
                String((0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            }.joined(separator: Bool.random(using: &generator) ? "\n" : "\r\n")
            let width = Int.random(in: 1...24, using: &generator)
            XCTAssertEqual(describe(lines(text, width: width, byClusters: false)),
                           describe(lines(text, width: width, byClusters: true)), "\(width): \(text.debugDescription)")
        }
    }

    func testALongLineContinuesAfterTheMarker() {
        XCTAssertEqual(lines("let total = a + b  ", width: 8, byClusters: false).map(\.line.text),
                       ["let tota", "↪l = a +", "↪ b"])
    }
}
