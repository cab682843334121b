import XCTest
import BookModel
@testable import Layout

/// `contentWidths` finds a plain cell paragraph's maximum content width from the running widths, without setting
/// it; it must give what setting the paragraph at an unbounded width gives (`settingMaximumWidth`, the way every
/// cell was measured before, issue 19), in every mode that changes widths or breaks.
final class TableContentWidthTests: XCTestCase {
    /// Pieces shaped like table cells of real books: words, numbers, CJK, soft hyphens, no-break spaces, combining
    /// marks, emoji, tabs, runs of spaces, ruby, styles, forced line breaks and page-break markers.
    private static let pieces: [Inline] = [
        .text("Architecture", []), .text(" ", []), .text("  ", []), .text("dependent", [.emphasis]),
        .text("un\u{AD}signed", []), .text("10\u{A0}km", []), .text("漢字かな", []), .text("、。", []),
        .text("「括弧」", []), .text("e\u{301}te\u{301}", []), .text("👩‍👩‍👧", []), .text("\t", []),
        .text("x²", [.superscript]), .text("—", []), .text("(see p. 4)", [.code]), .text("ﾊﾝｶｸ", []),
        .text("١٢٣ عربي", []), .text("\u{200B}", []), .text("-", []), .text("word\u{2060}joined", []),
        .lineBreak, .lineBreak, .ruby(base: "漢字", annotation: "かんじ"), .pageBreak(label: "12"),
    ]

    private func randomCell(_ rng: inout some RandomNumberGenerator) -> [CellParagraph] {
        (0..<Int.random(in: 1...3, using: &rng)).map { p in
            let inlines = (0..<Int.random(in: 0...9, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }
            var look = BlockLook.plain
            if Bool.random(using: &rng) { look.align = [.start, .center, .end, .justify].randomElement(using: &rng)! }
            let ruby = RubyMode.allCases.randomElement(using: &rng)!
            return CellParagraph(input: ParagraphInput(inlines, offset: p * 100, ruby: ruby),
                                 language: ["en", "ja", nil].randomElement(using: &rng)!, direction: nil, look: look)
        }
    }

    func testMaximumEqualsTheWidestLineSetAtAnUnboundedWidth() {
        var rng = SystemRandomNumberGenerator()
        let env = BlockEnv(width: 40, language: "en", direction: .ltr, inCell: true)
        var plainSeen = 0
        for (vertical, breaking, hanging) in [(false, LineBreaking.firstFit, false), (false, .optimal, false),
                                              (false, .firstFit, true), (true, .firstFit, false), (true, .optimal, true)] {
            let context = LayoutContext(options: LayoutOptions(hangingPunctuation: hanging, lineBreaking: breaking),
                                        vertical: vertical)
            var failures = 0
            for _ in 0..<1_500 where failures < 5 {
                let cell = randomCell(&rng)
                let found = context.contentWidths(cell, env: env).maximum
                let set = context.settingMaximumWidth(cell, env: env)
                if found != set {
                    failures += 1
                    XCTFail("vertical \(vertical), \(breaking), hanging \(hanging): \(cell.map { String(decoding: $0.input.bytes, as: UTF8.self) }) found \(found), set \(set)")
                }
                if cell.contains(where: { $0.input.decorations.isEmpty && $0.input.rubies.isEmpty && $0.look.align != .justify }) {
                    plainSeen += 1
                }
            }
        }
        // The running-width path, not only the fallback, was exercised.
        XCTAssertGreaterThan(plainSeen, 1_000)
    }

    /// A forced break ends a line; the widest line, not the sum, is the maximum; a soft hyphen draws nothing when
    /// no line ends at it.
    func testMaximumOfKnownCells() {
        let context = LayoutContext(options: LayoutOptions(), vertical: false)
        let env = BlockEnv(width: 40, language: "en", direction: .ltr, inCell: true)
        func maximum(_ inlines: [Inline]) -> Int {
            context.contentWidths([CellParagraph(input: ParagraphInput(inlines, offset: 0, ruby: .paren),
                                                 language: "en", direction: nil)], env: env).maximum
        }
        XCTAssertEqual(maximum([.text("Signed and unsigned", [])]), 19)
        XCTAssertEqual(maximum([.text("Signed", []), .lineBreak, .text("and unsigned", [])]), 12)
        XCTAssertEqual(maximum([.text("Un\u{AD}signed  ", [])]), 8)
        XCTAssertEqual(maximum([.text("漢字", [])]), 4)
    }
}
