import XCTest
@testable import CSS

/// CSS Cascade 4: importance, specificity, order, the style attribute, inherit/initial, inheritance.
final class CascadeTests: XCTestCase {
    private let tree = TestTree(#"<html><body><div class="box" id="d"><p class="x" id="p">a<span id="s">b</span></p></div></body></html>"#)

    private func style(_ id: String, _ sheets: String...) -> ComputedStyle {
        let r = StyleResolver(sheets: sheets.enumerated().map { LoadedSheet(label: "s\($0.offset).css", sheet: Stylesheet($0.element)) })
        return tree.styles(r)[tree.byID(id)]
    }

    func testSpecificityBeatsOrder() {
        XCTAssertEqual(style("p", ".x { text-align: center } p { text-align: right }").textAlign, .center)
        XCTAssertEqual(style("p", "#p { text-align: center } p.x.x.x { text-align: right }").textAlign, .center)
    }

    func testLaterRuleWinsAtEqualSpecificity() {
        XCTAssertEqual(style("p", "p { text-align: center } p { text-align: right }").textAlign, .right)
        XCTAssertEqual(style("p", "p { text-align: center }", "p { text-align: justify }").textAlign, .justify)
    }

    func testImportantBeatsSpecificity() {
        XCTAssertEqual(style("p", "p { text-align: center !important } #p { text-align: right }").textAlign, .center)
    }

    func testStyleAttributeBeatsRulesButNotTheirImportant() {
        let t = TestTree(#"<html><p id="p" class="x" style="text-align: right; display: block !important"/></html>"#)
        let r = resolver("#p { text-align: center; display: none !important } .x { display: inline !important }")
        let s = t.styles(r)[1]
        XCTAssertEqual(s.textAlign, .right)
        XCTAssertEqual(s.display, .block)  // the attribute's !important beats the sheet's
        XCTAssertEqual(s.declared.contains(.display), true)
    }

    func testInheritance() {
        let s = style("s", "div { text-align: center; display: none; text-indent: 2em; margin-left: 3em }")
        XCTAssertEqual(s.textAlign, .center)  // inherited
        XCTAssertEqual(s.textIndent, .init(2, .em))  // inherited
        XCTAssertNil(s.display)  // not inherited
        XCTAssertEqual(s.marginLeft, .zero)  // not inherited
        XCTAssertFalse(s.declared.contains(.textAlign))
    }

    func testInheritInitialUnset() {
        XCTAssertEqual(style("p", "div { margin-left: 2em } p { margin-left: inherit }").marginLeft, .length(.init(2, .em)))
        XCTAssertEqual(style("p", "div { text-align: center } p { text-align: initial }").textAlign, .start)
        XCTAssertEqual(style("p", "div { text-align: center } p { text-align: unset }").textAlign, .center)
        XCTAssertEqual(style("p", "div { margin-left: 2em } p { margin-left: unset }").marginLeft, .zero)
        XCTAssertEqual(style("p", "p { display: initial }").display, .inline)
        XCTAssertEqual(style("p", "div { display: none } p { display: inherit }").display, Optional(ComputedStyle.Display.none))
        XCTAssertEqual(style("p", "p { margin: 1em 2em inherit }").marginLeft, .zero)  // a keyword inside a shorthand: invalid
    }

    func testFontWeightBolderAndLighter() {
        XCTAssertEqual(style("s", "p { font-weight: bold } span { font-weight: bolder }").fontWeight, 900)
        XCTAssertEqual(style("s", "span { font-weight: bolder }").fontWeight, 700)
        XCTAssertEqual(style("s", "p { font-weight: 700 } span { font-weight: lighter }").fontWeight, 400)
        XCTAssertTrue(style("p", "p { font: italic bold 1em serif }").isBold)
    }

    func testUserAgentSheetsRankBelowAuthors() {
        let t = TestTree(#"<html><body><b id="b">x</b></body></html>"#)
        let r = StyleResolver(sheets: [LoadedSheet(label: "a.css", sheet: Stylesheet("body { font-weight: normal } * { font-style: italic }"))],
                              userAgent: [Stylesheet("b { font-weight: bold; font-style: normal }")])
        let s = t.styles(r)[2]
        XCTAssertTrue(s.isBold)  // the UA rule on b beats the weight inherited from the author's body rule
        XCTAssertEqual(s.fontStyle, .italic)  // but an author rule on b itself beats the UA rule
    }

    func testLogicalMarginsFollowWritingModeAndDirection() {
        let v = style("p", "html { writing-mode: vertical-rl } p { margin-inline-start: 2em; padding-block-start: 1em }")
        XCTAssertEqual(v.marginTop, .length(.init(2, .em)))
        XCTAssertEqual(v.paddingRight, .init(1, .em))
        XCTAssertEqual(v.marginInlineStart, .length(.init(2, .em)))
        let rtl = style("p", "p { direction: rtl; -webkit-margin-start: 3em }")
        XCTAssertEqual(rtl.marginRight, .length(.init(3, .em)))
        XCTAssertEqual(rtl.marginInlineStart, .length(.init(3, .em)))
        // Physical and logical declarations of one side cascade together: the later one wins.
        XCTAssertEqual(style("p", "p { margin-inline-start: 2em; margin-left: 1em }").marginInlineStart, .length(.init(1, .em)))
        XCTAssertEqual(style("p", "p { margin-left: 1em; margin-inline-start: 2em }").marginInlineStart, .length(.init(2, .em)))
    }

    func testWritingModeProvenance() {
        let r = StyleResolver(sheets: [LoadedSheet(label: "OEBPS/style/a.css", sheet: Stylesheet("html { writing-mode: vertical-rl }"))])
        let styles = tree.styles(r)
        XCTAssertEqual(styles[0].writingModeSource?.description, "html in a.css")
        XCTAssertEqual(styles[tree.byID("s")].writingModeSource?.description, "html in a.css")  // inherited with the value
        let t = TestTree(#"<html style="writing-mode: vertical-rl"/>"#)
        XCTAssertEqual(t.styles(r)[0].writingModeSource?.description, "style attribute")
        XCTAssertNil(TestTree("<html/>").styles(resolver("")).first?.writingModeSource)
    }

    func testInheritKeepsTheParentsProvenance() {
        let t = TestTree(#"<html class="v"><body style="writing-mode: inherit"/></html>"#)
        let s = t.styles(resolver(".v { writing-mode: vertical-rl }"))
        XCTAssertEqual(s[1].writingMode, .verticalRL)
        XCTAssertEqual(s[1].writingModeSource?.description, ".v in sheet0.css")
    }

    func testAncestorFilterNeverRejectsAMatch() {
        // A style computed without its parent's (mid-tree) must still match descendant selectors.
        let r = resolver(".box p { text-align: center }")
        let p = tree.byID("p")
        XCTAssertEqual(r.style(for: p, in: tree, parent: nil).textAlign, .center)
    }

    func testMediaRulesFollowTheContext() {
        let css = """
            p { text-align: left }
            @media print { p { text-align: right } }
            @media amzn-kf8 { p { text-align: right } }
            @media screen and (orientation: landscape) { p { text-align: center } }
            @media (max-width: 480px) { p { text-align: justify } }
            @media not all and (max-width: 480px) { p { text-align: justify } }
            """
        let portrait = resolver(css, context: MediaContext(orientation: .portrait))
        let landscape = resolver(css, context: MediaContext(orientation: .landscape))
        XCTAssertEqual(tree.styles(portrait)[tree.byID("p")].textAlign, .left)
        XCTAssertEqual(tree.styles(landscape)[tree.byID("p")].textAlign, .center)
        let small = resolver(css, context: MediaContext(orientation: .portrait, viewportWidth: 400))
        XCTAssertEqual(tree.styles(small)[tree.byID("p")].textAlign, .justify)
    }

    func testMediaQueryLists() {
        let c = MediaContext(orientation: .portrait)
        XCTAssertTrue(MediaQueryList("").matches(c))
        XCTAssertTrue(MediaQueryList("all").matches(c))
        XCTAssertTrue(MediaQueryList("print, screen").matches(c))
        XCTAssertTrue(MediaQueryList("only screen").matches(c))
        XCTAssertFalse(MediaQueryList("not screen").matches(c))
        XCTAssertTrue(MediaQueryList("not print").matches(c))
        XCTAssertFalse(MediaQueryList("speech, amzn-mobi, aural, tv").matches(c))
        XCTAssertTrue(MediaQueryList("(orientation: portrait)").matches(c))
        XCTAssertTrue(MediaQueryList("(orientation: landscape) or (color)").matches(c))
        XCTAssertFalse(MediaQueryList("not (color)").matches(c))
        XCTAssertFalse(MediaQueryList("screen and (min-width: 600px)").matches(c))  // unknown without a viewport
        XCTAssertFalse(MediaQueryList("not screen and (min-width: 600px)").matches(c))  // not unknown is unknown
        XCTAssertTrue(MediaQueryList("screen and, all").matches(c))  // a broken query spoils only itself
    }

    func testSupports() {
        let css = """
            @supports (writing-mode: vertical-rl) { p { text-align: center } }
            @supports (display: grid) and (not (frobnicate: 1)) { p { display: block } }
            @supports (text-align: sideways) or (hyphens: auto) { p { hyphens: auto } }
            @supports (font-feature-settings: "palt") { p { text-align: right } }
            @supports selector(p > a) { p { text-indent: 1em } }
            """
        let s = tree.styles(resolver(css))[tree.byID("p")]
        XCTAssertEqual(s.textAlign, .center)
        XCTAssertEqual(s.display, .block)
        XCTAssertEqual(s.hyphens, .auto)
        XCTAssertEqual(s.textIndent, .init(1, .em))
    }
}
