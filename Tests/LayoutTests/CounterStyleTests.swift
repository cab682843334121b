import BookModel
import XCTest
@testable import Layout

/// List markers from `list-style-type` (CSS Counter Styles 3 §6–7): each predefined style's representation,
/// suffix, range and fallback, then whole lists laid out with them.
final class CounterStyleTests: XCTestCase {
    private func markers(_ style: ListStyle, _ values: [Int]) -> [String] {
        values.map { CounterStyles.marker($0, style: style) }
    }

    func testBulletsAreCyclicWithASpace() {
        XCTAssertEqual(markers(.disc, [1, 2, -3, 0]), ["• ", "• ", "• ", "• "])
        XCTAssertEqual(markers(.circle, [1]), ["◦ "])
        XCTAssertEqual(markers(.square, [7]), ["▪ "])
    }

    func testDecimalAndLeadingZero() {
        XCTAssertEqual(markers(.decimal, [1, 10, 0, -7, Int.max]), ["1. ", "10. ", "0. ", "-7. ", "9223372036854775807. "])
        // pad: 2 "0"; the negative sign counts toward the padding (§3.6), so -1 is "-1", not "-01".
        XCTAssertEqual(markers(.decimalLeadingZero, [1, 9, 10, 100, 0, -1, -10]),
                       ["01. ", "09. ", "10. ", "100. ", "00. ", "-1. ", "-10. "])
    }

    func testRomanIsAdditiveFrom1To3999ElseDecimal() {
        XCTAssertEqual(markers(.lowerRoman, [1, 4, 9, 14, 40, 90, 400, 1994, 3999]),
                       ["i. ", "iv. ", "ix. ", "xiv. ", "xl. ", "xc. ", "cd. ", "mcmxciv. ", "mmmcmxcix. "])
        XCTAssertEqual(markers(.upperRoman, [3, 2024]), ["III. ", "MMXXIV. "])
        XCTAssertEqual(markers(.upperRoman, [0, 4000, -2]), ["0. ", "4000. ", "-2. "])
    }

    func testAlphabeticHasNoZero() {
        XCTAssertEqual(markers(.lowerAlpha, [1, 26, 27, 52, 53, 702, 703]), ["a. ", "z. ", "aa. ", "az. ", "ba. ", "zz. ", "aaa. "])
        XCTAssertEqual(markers(.upperAlpha, [3, 28]), ["C. ", "AB. "])
        XCTAssertEqual(markers(.lowerAlpha, [0, -1]), ["0. ", "-1. "], "out of range: decimal")
        // 24 letters: no final sigma.
        XCTAssertEqual(markers(.lowerGreek, [1, 18, 24, 25]), ["α. ", "σ. ", "ω. ", "αα. "])
    }

    func testKanaAreAlphabeticWithAnIdeographicComma() {
        XCTAssertEqual(markers(.hiragana, [1, 2, 45, 48, 49]), ["あ、", "い、", "ゐ、", "ん、", "ああ、"])
        XCTAssertEqual(markers(.katakana, [1, 6, 48]), ["ア、", "カ、", "ン、"])
        XCTAssertEqual(markers(.hiraganaIroha, [1, 2, 3, 47, 48]), ["い、", "ろ、", "は、", "す、", "いい、"])
        XCTAssertEqual(markers(.katakanaIroha, [1, 3, 47]), ["イ、", "ハ、", "ス、"])
        XCTAssertEqual(markers(.hiragana, [0]), ["0、"], "out of range: decimal digits")
    }

    func testCJKDecimal() {
        XCTAssertEqual(markers(.cjkDecimal, [0, 1, 10, 2024]), ["〇、", "一、", "一〇、", "二〇二四、"])
        // Out of range: the fallback's representation with the style's own suffix (as browsers draw it).
        XCTAssertEqual(markers(.cjkDecimal, [-3]), ["-3、"])
    }

    /// `japanese-informal` (the spec's and WPT's values: css3-counter-styles-042…046).
    func testCJKIdeographicIsJapaneseInformal() {
        XCTAssertEqual(markers(.cjkIdeographic, [0, 1, 9, 10, 11, 19, 20, 100, 101, 110, 1000, 1001, 1010, 1100, 9999]),
                       ["〇、", "一、", "九、", "十、", "十一、", "十九、", "二十、", "百、", "百一、", "百十、", "千、", "千一、",
                        "千十、", "千百、", "九千九百九十九、"])
        XCTAssertEqual(markers(.cjkIdeographic, [-1, -110]), ["マイナス一、", "マイナス百十、"])
        // Out of -9999…9999: cjk-decimal, and below its range in turn decimal.
        XCTAssertEqual(markers(.cjkIdeographic, [10000, -10000]), ["一〇〇〇〇、", "-10000、"])
    }

    func testNoneAndStrings() {
        XCTAssertEqual(markers(.none, [1]), [""])
        XCTAssertEqual(markers(.string("– "), [1, 2]), ["– ", "– "])
        XCTAssertEqual(markers(.string("★"), [5]), ["★"])
    }

    // MARK: Lists laid out with a style

    private func list(_ style: ListStyle?, ordered: Bool = true, start: Int = 1, _ texts: [String],
                      language: String? = nil) -> Document {
        let b = Builder()
        let items = texts.map { ListItem(blocks: [b.paragraph($0)]) }
        return document([b.block(.list(ListBlock(ordered: ordered, start: start, items: items, style: style)))],
                        language: language)
    }

    func testNilStyleKeepsQuireMarkers() {
        XCTAssertEqual(allLines(paginate(list(nil, start: 9, ["nine", "ten"]), options: options(16, 20))),
                       ["9.  nine", "10. ten"])
        XCTAssertEqual(allLines(paginate(list(nil, ordered: false, ["a", "b"]), options: options(16, 20))),
                       ["• a", "• b"])
    }

    func testRomanMarkersHangTheWrappedLines() {
        let pages = paginate(list(.upperRoman, start: 3, ["third item that wraps", "fourth"]), options: options(16, 20))
        XCTAssertEqual(allLines(pages), ["III. third item", "     that wraps", "IV.  fourth"])
        XCTAssertEqual(pages[0].lines.map(\.content), ["third item", "that wraps", "fourth"])
    }

    /// `ListStyle.none`, spelled out: a bare `.none` where a `ListStyle?` is expected is `Optional.none`.
    func testNoneTakesNoIndent() {
        XCTAssertEqual(allLines(paginate(list(ListStyle.none, ["first item wraps", "second"]), options: options(10, 20))),
                       ["first item", "wraps", "second"])
    }

    func testOrderedListWithABulletStyleAndUnorderedWithNumbers() {
        XCTAssertEqual(allLines(paginate(list(.square, ["a", "b"]), options: options(16, 20))), ["▪ a", "▪ b"])
        XCTAssertEqual(allLines(paginate(list(.lowerAlpha, ordered: false, ["x", "y"]), options: options(16, 20))),
                       ["a. x", "b. y"])
    }

    func testJapaneseListsUseTheIdeographicCommaWithoutASpace() {
        let doc = list(.cjkIdeographic, start: 10, ["十番目", "十一番目"], language: "ja")
        XCTAssertEqual(allLines(paginate(doc, options: options(20, 20))), ["十、  十番目", "十一、十一番目"])
    }

    func testStringMarkerAsWrittenAndItemsOwnMarkersStillWin() {
        let b = Builder()
        let items = [ListItem(blocks: [b.paragraph("done")], marker: "☑"), ListItem(blocks: [b.paragraph("next")])]
        let doc = document([b.block(.list(ListBlock(ordered: false, items: items, style: .string("→ "))))])
        XCTAssertEqual(allLines(paginate(doc, options: options(16, 20))), ["☑ done", "→ next"])
    }

    func testAMarkerTooWideForThePageIsDropped() {
        XCTAssertEqual(allLines(paginate(list(.cjkIdeographic, start: 9999, ["x"]), options: options(12, 20))), ["x"])
    }
}
