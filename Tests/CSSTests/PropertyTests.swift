import XCTest
@testable import CSS

/// One fixture per property mapping of issue 15 ("Properties that change cell layout"), prefixed forms included.
final class PropertyTests: XCTestCase {
    typealias S = ComputedStyle

    /// The computed style of `<p>` inside `<div>` under `css`.
    private func p(_ css: String, div: String = "") -> ComputedStyle {
        let t = TestTree("<html><div><p>x</p></div></html>")
        return t.styles(resolver(div.isEmpty ? css : "div { \(div) } " + css))[2]
    }
    private func p(decl: String) -> ComputedStyle { p("p { \(decl) }") }

    func testWritingMode() {
        XCTAssertEqual(p(decl: "writing-mode: vertical-rl").writingMode, .verticalRL)
        XCTAssertEqual(p(decl: "-epub-writing-mode: vertical-rl").writingMode, .verticalRL)
        XCTAssertEqual(p(decl: "-webkit-writing-mode: vertical-lr").writingMode, .verticalLR)
        XCTAssertEqual(p(decl: "writing-mode: tb-rl").writingMode, .verticalRL)
        XCTAssertEqual(p(decl: "writing-mode: lr-tb").writingMode, .horizontalTB)
        XCTAssertEqual(p("", div: "writing-mode: vertical-rl").writingMode, .verticalRL)  // inherited
        XCTAssertEqual(p(decl: "writing-mode: VERTICAL-RL").writingMode, .verticalRL)  // keywords ignore ASCII case
    }

    func testDirection() {
        XCTAssertEqual(p(decl: "direction: rtl").direction, .rtl)
        XCTAssertEqual(p("", div: "direction: rtl").direction, .rtl)
    }

    func testDisplay() {
        XCTAssertNil(p(decl: "").display)
        XCTAssertEqual(p(decl: "display: none").display, S.Display.none)
        XCTAssertTrue(p(decl: "display: none").isHidden)
        XCTAssertEqual(p(decl: "display: inline").display, .inline)
        XCTAssertEqual(p(decl: "display: list-item").display, .listItem)
        XCTAssertEqual(p(decl: "display: table-cell").display, .tableCell)
        XCTAssertEqual(p(decl: "display: flex").display, .block)
        XCTAssertEqual(p(decl: "display: inline flow-root").display, .inlineBlock)
        XCTAssertNil(p("", div: "display: none").display)  // not inherited; the lead drops the subtree of a hidden parent
    }

    func testVisibility() {
        XCTAssertEqual(p(decl: "visibility: hidden").visibility, .hidden)
        XCTAssertEqual(p(decl: "visibility: collapse").visibility, .hidden)
        XCTAssertEqual(p("", div: "visibility: hidden").visibility, .hidden)
    }

    func testWhiteSpace() {
        XCTAssertEqual(p(decl: "white-space: pre-wrap").whiteSpace, .preWrap)
        XCTAssertEqual(p("", div: "white-space: nowrap").whiteSpace, .nowrap)
    }

    func testTextAlign() {
        XCTAssertEqual(p(decl: "text-align: center").logicalTextAlign, .center)
        XCTAssertEqual(p(decl: "text-align: justify").logicalTextAlign, .justify)
        XCTAssertEqual(p(decl: "text-align: end").logicalTextAlign, .end)
        XCTAssertEqual(p(decl: "text-align: right").logicalTextAlign, .end)
        XCTAssertEqual(p(decl: "text-align: right; direction: rtl").logicalTextAlign, .start)
        XCTAssertEqual(p(decl: "text-align: right; writing-mode: vertical-rl").logicalTextAlign, .end)  // 地付き
        XCTAssertEqual(p(decl: "text-align: left; direction: rtl").logicalTextAlign, .end)
        XCTAssertEqual(p("p { text-align: match-parent }", div: "text-align: center").textAlign, .center)
    }

    func testTextIndentAndMargins() {
        XCTAssertEqual(p(decl: "text-indent: 1em").textIndent, .init(1, .em))
        XCTAssertEqual(p(decl: "text-indent: -1em hanging").textIndent, .init(-1, .em))
        XCTAssertEqual(p(decl: "text-indent: 3").textIndent, .zero)  // unitless non-zero: invalid
        XCTAssertEqual(p(decl: "margin: 1em 2em").marginLeft, .length(.init(2, .em)))
        XCTAssertEqual(p(decl: "margin: 1em 2em 3em 4em").marginInlineStart, .length(.init(4, .em)))
        XCTAssertEqual(p(decl: "margin: 0 auto").marginLeft, .auto)
        XCTAssertEqual(p(decl: "padding-left: 1.5em").paddingInlineStart, .init(1.5, .em))
        XCTAssertEqual(p(decl: "padding: -1em").paddingLeft, .zero)  // negative padding: invalid
        XCTAssertEqual(p(decl: "margin-left: 10%").marginLeft, .length(.init(10, .percent)))
        XCTAssertEqual(p(decl: "writing-mode: vertical-rl; margin-top: 2em").marginInlineStart, .length(.init(2, .em)))
    }

    func testBreaks() {
        XCTAssertEqual(p(decl: "break-before: page").breakBefore, .page)
        XCTAssertEqual(p(decl: "page-break-before: always").breakBefore, .page)
        XCTAssertEqual(p(decl: "page-break-after: left").breakAfter, .left)
        XCTAssertEqual(p(decl: "break-after: recto").breakAfter, .recto)
        XCTAssertEqual(p(decl: "break-before: verso").breakBefore, .verso)
        XCTAssertEqual(p(decl: "page-break-before: recto").breakBefore, .auto)  // not a page-break-* value
        XCTAssertEqual(p(decl: "break-before: column").breakBefore, .auto)
        XCTAssertEqual(p(decl: "page-break-inside: avoid").breakInside, .avoid)
        XCTAssertEqual(p(decl: "break-after: avoid").breakAfter, .avoid)
        XCTAssertTrue(p(decl: "break-before: right").breakBefore.isForced)
        XCTAssertEqual(p("", div: "break-before: page").breakBefore, .auto)  // not inherited
    }

    func testTextCombineUpright() {
        XCTAssertEqual(p(decl: "text-combine-upright: all").textCombineUpright, .all)
        XCTAssertEqual(p(decl: "text-combine-upright: digits 3").textCombineUpright, .digits(3))
        XCTAssertEqual(p(decl: "text-combine-upright: digits").textCombineUpright, .digits(2))
        XCTAssertEqual(p(decl: "-epub-text-combine: horizontal").textCombineUpright, .all)
        XCTAssertEqual(p(decl: "-webkit-text-combine: horizontal").textCombineUpright, .all)
        XCTAssertEqual(p(decl: "text-combine-upright: digits 7").textCombineUpright, S.TextCombine.none)
    }

    func testTextOrientation() {
        XCTAssertEqual(p(decl: "text-orientation: upright").textOrientation, .upright)
        XCTAssertEqual(p(decl: "-epub-text-orientation: sideways-right").textOrientation, .sideways)
        XCTAssertEqual(p(decl: "-webkit-text-orientation: sideways").textOrientation, .sideways)
    }

    func testTextTransform() {
        XCTAssertEqual(p(decl: "text-transform: uppercase").textTransform.case, .uppercase)
        XCTAssertEqual(p(decl: "text-transform: lowercase").textTransform.case, .lowercase)
        XCTAssertEqual(p(decl: "text-transform: capitalize full-width").textTransform,
                       .init(case: .capitalize, fullWidth: true))
        XCTAssertTrue(p(decl: "text-transform: full-width").textTransform.fullWidth)
        XCTAssertTrue(p(decl: "text-transform: -epub-fullwidth").textTransform.fullWidth)
        XCTAssertEqual(p(decl: "text-transform: uppercase lowercase").textTransform, .none)
    }

    func testSmallCaps() {
        XCTAssertTrue(p(decl: "font-variant: small-caps").smallCaps)
        XCTAssertTrue(p(decl: "font-variant-caps: all-small-caps").smallCaps)
        XCTAssertFalse(p("p { font-variant: normal }", div: "font-variant: small-caps").smallCaps)
        XCTAssertTrue(p("", div: "font-variant: small-caps").smallCaps)
    }

    func testListStyle() {
        XCTAssertEqual(p(decl: "list-style-type: none").listStyleType, S.ListStyleType.none)
        XCTAssertEqual(p(decl: "list-style-type: upper-roman").listStyleType, .upperRoman)
        XCTAssertEqual(p(decl: "list-style-type: lower-alpha").listStyleType, .lowerAlpha)
        XCTAssertEqual(p(decl: "list-style-type: cjk-ideographic").listStyleType, .cjkIdeographic)
        XCTAssertEqual(p(decl: "list-style-type: square").listStyleType, .square)
        XCTAssertEqual(p(decl: "list-style-type: \"– \"").listStyleType, .string("– "))
        XCTAssertEqual(p(decl: "list-style-type: unheard-of").listStyleType, .decimal)
        XCTAssertEqual(p(decl: "list-style: none").listStyleType, S.ListStyleType.none)
        XCTAssertEqual(p(decl: "list-style: circle inside").listStyleType, .circle)
        XCTAssertEqual(p(decl: "list-style: inside url(dot.png)").listStyleType, .disc)
        XCTAssertEqual(p("", div: "list-style: decimal").listStyleType, .decimal)
    }

    func testVerticalAlign() {
        XCTAssertEqual(p(decl: "vertical-align: super").verticalAlign, .super)
        XCTAssertEqual(p(decl: "vertical-align: sub").verticalAlign, .sub)
        XCTAssertEqual(p(decl: "vertical-align: -0.3em").verticalAlign, .other)
    }

    func testTextEmphasis() {
        XCTAssertEqual(p(decl: "text-emphasis-style: sesame").textEmphasis, .mark(.sesame, filled: true))
        XCTAssertEqual(p(decl: "-epub-text-emphasis-style: filled sesame").textEmphasis, .mark(.sesame, filled: true))
        XCTAssertEqual(p(decl: "-webkit-text-emphasis-style: open circle").textEmphasis, .mark(.circle, filled: false))
        XCTAssertEqual(p(decl: "text-emphasis: dot red").textEmphasis, .mark(.dot, filled: true))
        XCTAssertEqual(p(decl: "text-emphasis-style: '*'").textEmphasis, .string("*"))
        XCTAssertEqual(p(decl: "text-emphasis-style: filled").textEmphasis, .mark(nil, filled: true))
        XCTAssertEqual(p("", div: "text-emphasis-style: dot").textEmphasis, .mark(.dot, filled: true))
    }

    func testFontWeightAndStyle() {
        XCTAssertTrue(p(decl: "font-weight: bold").isBold)
        XCTAssertFalse(p(decl: "font-weight: 500").isBold)
        XCTAssertEqual(p(decl: "font-style: italic").fontStyle, .italic)
        XCTAssertEqual(p(decl: "font-style: oblique 10deg").fontStyle, .oblique)
        XCTAssertEqual(p("", div: "font-style: italic").fontStyle, .italic)
    }

    func testHyphens() {
        XCTAssertEqual(p(decl: "hyphens: auto").hyphens, .auto)
        XCTAssertEqual(p(decl: "-epub-hyphens: none").hyphens, S.Hyphens.none)
        XCTAssertEqual(p(decl: "-webkit-hyphens: auto").hyphens, .auto)
        XCTAssertEqual(p("", div: "hyphens: auto").hyphens, .auto)
    }

    func testSupportsKnowsEveryMappedName() {
        for name in ["writing-mode", "-epub-writing-mode", "text-combine-upright", "-epub-text-combine", "page-break-before",
                     "list-style", "text-emphasis", "-webkit-margin-start", "margin-inline-start", "font"] {
            XCTAssertTrue(PropertyParser.isKnown(name), name)
        }
        XCTAssertFalse(PropertyParser.isKnown("color"))
    }
}
