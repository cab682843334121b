import XCTest
@testable import CSS

/// A book shaped like the EBPAJ (電書協) guide template, written for Quire: `class="vrtl"` on `<html>`, a linked
/// `book-style.css` whose `@import` chain (first, as CSS requires) reaches `style-standard.css` with `.vrtl`, and a
/// competing `html, .hltr` rule after the imports in the linked sheet. Specificity, not order, must decide.
final class EBPAJTemplateTests: XCTestCase {
    private let files: [String: String] = [
        "item/style/book-style.css": """
            @charset "UTF-8";
            /* the template's entry sheet: imports first */
            @import "style-reset.css";
            @import "style-standard.css";
            @import "style-advance.css";

            html,
            .hltr {
              -epub-writing-mode: horizontal-tb;
              -webkit-writing-mode: horizontal-tb;
              writing-mode: horizontal-tb;
            }
            """,
        "item/style/style-reset.css": """
            @charset "UTF-8";
            html, body, div, p, span { margin: 0; padding: 0; }
            """,
        "item/style/style-standard.css": """
            @charset "UTF-8";
            @namespace epub "http://www.idpf.org/2007/ops";
            .vrtl {
              -epub-writing-mode: vertical-rl;
              -webkit-writing-mode: vertical-rl;
              writing-mode: vertical-rl;
            }
            .tcy {
              -webkit-text-combine: horizontal;
              -epub-text-combine: horizontal;
              text-combine-upright: all;
            }
            .hltr .start-2em { margin-left: 2em; }
            .vrtl .start-2em { margin-top: 2em; }
            .align-end { text-align: right; }
            .pagebreak { page-break-before: always; }
            .hidden { display: none; }
            .em-sesame { -epub-text-emphasis-style: sesame; -webkit-text-emphasis-style: sesame; text-emphasis-style: sesame; }
            .bold { font-weight: bold; }
            .super { vertical-align: super; }
            """,
        "item/style/style-advance.css": """
            @charset "UTF-8";
            @media amzn-kf8 { .vrtl { writing-mode: horizontal-tb; } }
            """,
    ]

    private let page = TestTree("""
        <html class="vrtl" xml:lang="ja"><head/><body class="p-text">\
        <div class="main"><p class="start-2em" id="indent">一<span class="tcy" id="tcy">12</span>月</p>\
        <p class="align-end" id="end">地付き</p><p class="pagebreak" id="break">改ページ</p><p class="hidden" id="hidden">隠す</p>\
        <p id="plain"><span class="em-sesame bold" id="em">傍点</span><span class="super" id="sup">1</span></p></div></body></html>
        """)

    private func styles() -> [ComputedStyle] {
        let loader = StylesheetLoader(cache: SheetCache { [files] in files[$0].map { Array($0.utf8) } })
        let loaded = loader.load([.linked(path: "item/style/book-style.css", media: nil)])
        XCTAssertEqual(loaded.warnings, [])
        XCTAssertEqual(loaded.sheets.map(\.label), ["item/style/style-reset.css", "item/style/style-standard.css",
                                                    "item/style/style-advance.css", "item/style/book-style.css"])
        return page.styles(StyleResolver(sheets: loaded.sheets, context: MediaContext(orientation: .portrait)))
    }

    func testTheRootIsVerticalBecauseTheClassBeatsTheTypeSelector() {
        let root = styles()[0]
        XCTAssertEqual(root.writingMode, .verticalRL)
        XCTAssertEqual(root.writingModeSource?.selector, ".vrtl")
        XCTAssertEqual(root.writingModeSource?.sheet, "item/style/style-standard.css")
        XCTAssertEqual(root.writingModeSource?.description, ".vrtl in style-standard.css")
    }

    func testTheTemplateClassesAreHonoured() {
        let s = styles()
        let tcy = s[page.byID("tcy")], indent = s[page.byID("indent")], end = s[page.byID("end")]
        XCTAssertEqual(tcy.textCombineUpright, .all)
        XCTAssertEqual(tcy.writingMode, .verticalRL)  // inherited from html
        XCTAssertEqual(indent.marginInlineStart, .length(.init(2, .em)))  // margin-top is the inline start in vertical-rl
        XCTAssertEqual(end.logicalTextAlign, .end)  // 地付き: the bottom of the column
        XCTAssertEqual(s[page.byID("break")].breakBefore, .page)
        XCTAssertEqual(s[page.byID("hidden")].display, ComputedStyle.Display.none)
        XCTAssertEqual(s[page.byID("em")].textEmphasis, .mark(.sesame, filled: true))
        XCTAssertTrue(s[page.byID("em")].isBold)
        XCTAssertEqual(s[page.byID("sup")].verticalAlign, .super)
        XCTAssertEqual(s[page.byID("plain")].breakBefore, .auto)
    }
}
