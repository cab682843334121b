import BookModel
import Layout
import XCTest

/// Lines say where their ruby bases are, so HTML can give real `<ruby>` whatever the text shows.
final class RubySpanTests: XCTestCase {
    func substring(_ text: String, _ range: Range<Int>) -> String {
        String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }

    func testSpansInEveryRubyMode() {
        let b = Builder()
        let doc = document([b.block(.paragraph([.text("これは", []), .ruby(base: "漢字", annotation: "かんじ"),
                                                .text("です。", [])]), language: "ja")])
        let expectations: [(RubyMode, String?)] = [(.paren, "(かんじ)"), (.aozora, "《かんじ》"), (.drop, nil)]
        for (mode, shown) in expectations {
            let lines = paginate(doc, options: options(40, 5) { $0.ruby = mode }).flatMap(\.lines)
            let line = lines[0]
            XCTAssertEqual(line.rubies.count, 1, "\(mode)")
            guard let ruby = line.rubies.first else { continue }
            XCTAssertEqual(substring(line.text, ruby.base), "漢字", "\(mode)")
            XCTAssertEqual(ruby.annotation, "かんじ")
            XCTAssertEqual(ruby.shown.map { substring(line.text, $0) }, shown, "\(mode)")
            XCTAssertEqual(line.language, "ja")
        }
    }

    func testSpanFollowsItsBaseOntoTheNextLineAndThroughJustification() {
        let b = Builder()
        let doc = document([b.block(.paragraph([.text("あいうえおかきく", []), .ruby(base: "漢字", annotation: "かんじ"),
                                                .text("けこさしすせそたちつてと", [])]), language: "ja")])
        let lines = paginate(doc, options: options(20, 10) { $0.align = .justify }).flatMap(\.lines)
        let withRuby = lines.filter { !$0.rubies.isEmpty }
        XCTAssertEqual(withRuby.count, 1)
        if let line = withRuby.first, let ruby = line.rubies.first {
            XCTAssertEqual(substring(line.text, ruby.base), "漢字")
            XCTAssertEqual(ruby.shown.map { substring(line.text, $0) }, "(かんじ)")
        }
    }

    /// Inter-character justification (a vertical column, as a book's `text-align: justify` asks) spreads characters
    /// only where a line may break: never inside a ruby base with its printed annotation, and the spaces it adds
    /// after one belong to neither (Kusamakura's `智(ち)に働けば`).
    func testVerticalJustificationLeavesRubyWhole() {
        let b = Builder()
        let doc = document([b.block(.paragraph([.ruby(base: "智", annotation: "ち"), .text("に働けば角が", []),
                                                .ruby(base: "絢爛", annotation: "けんらん"), .text("は自から", [])]),
                                    language: "ja")])
        for mode in [RubyMode.paren, .drop] {
            let lines = paginate(doc, options: options(8, 12) { $0.align = .justify; $0.writingMode = .verticalRL; $0.ruby = mode })
                .flatMap(\.lines)
            XCTAssertGreaterThan(lines.count, 1)
            for line in lines {
                for ruby in line.rubies {
                    XCTAssertFalse(substring(line.text, ruby.base).contains(" "), "\(mode): \(line.text)")
                    if let shown = ruby.shown {
                        XCTAssertEqual(substring(line.text, shown), "(" + ruby.annotation + ")", line.text)
                    }
                }
            }
        }
    }
}
