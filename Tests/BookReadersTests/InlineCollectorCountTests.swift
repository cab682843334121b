import BookModel
@testable import BookReaders
import XCTest

/// `InlineCollector.characterCount` counts only what was added since it was last asked (issue 19: asked at every
/// named element, it walked the whole paragraph each time). After every step of random paragraphs it must equal
/// the count of the inlines gathered so far, whatever runs merged, split, trimmed or were taken.
final class InlineCollectorCountTests: XCTestCase {
    func testRememberedCountEqualsTheInlinesCount() {
        let texts = ["word", " ", "  two  spaces ", "é", "漢字 ", "\n", "tab\there", " ", "x "]
        let styles: [InlineStyle] = [[], .emphasis, .strong]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var collector = InlineCollector()
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                let text = texts.randomElement(using: &generator)!
                let style = styles.randomElement(using: &generator)!
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: collector.appendRaw(text, style: style)
                case 1: collector.appendLineBreak()
                case 2: collector.appendBlockBoundary()
                case 3: collector.seal()
                case 4: collector.appendRuby(base: Array(text.utf8), annotation: "かな")
                case 5: collector.appendPageBreak("7")
                case 6: _ = collector.take()
                default: collector.append(text, style: style)
                }
                if Bool.random(using: &generator) {
                    var copy = collector
                    let expected = copy.inlines.reduce(0) { $0 + $1.characterCount }
                    XCTAssertEqual(collector.characterCount, expected)
                }
            }
        }
    }
}
