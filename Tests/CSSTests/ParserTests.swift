import XCTest
@testable import CSS

/// CSS Syntax Level 3 §5 error recovery and the at-rules Quire reads.
final class ParserTests: XCTestCase {
    private func declarations(_ css: String) -> [Declaration] { Stylesheet(css).allStyleRules.flatMap(\.declarations) }

    func testABadDeclarationIsDroppedNotTheRule() {
        let d = declarations("p { display: none; color red; text-align: center; break-before: sideways; }")
        XCTAssertEqual(d, [Declaration(.display, .display(.none)), Declaration(.textAlign, .textAlign(.center))])
    }

    func testAnInvalidValueDoesNotOverrideAnEarlierOne() {
        let r = resolver("p { text-align: center; text-align: middle }")
        XCTAssertEqual(TestTree("<p/>").styles(r)[0].textAlign, .center)
    }

    func testImportantIsReadWithSpaces() {
        XCTAssertEqual(declarations("p { display : block ! IMPORTANT }"), [Declaration(.display, .display(.block), important: true)])
        XCTAssertEqual(declarations("p { display: block !importantish }"), [])
    }

    func testUnbalancedBlocksCloseAtEOF() {
        XCTAssertEqual(declarations("p { display: none; q { x: (y"), [Declaration(.display, .display(.none))])
        XCTAssertEqual(Stylesheet("p { display: none } div").allStyleRules.count, 1)  // a rule without a block is dropped
    }

    func testInvalidSelectorDropsTheWholeRuleOnly() {
        let sheet = Stylesheet("p, ::-webkit-scrollbar { display: none } .ok { display: block } p:frobnicate { display: none }")
        XCTAssertEqual(sheet.allStyleRules.map { $0.selectors.map(\.text) }, [[".ok"]])
    }

    func testBlocksInsideValuesKeepSemicolons() {
        XCTAssertEqual(declarations("p { x: {a;b}; display: inline }"), [Declaration(.display, .display(.inline))])
    }

    func testAtRulesInsideDeclarationListsAreSkipped() {
        XCTAssertEqual(declarations("p { @foo { display: none } display: list-item }"), [Declaration(.display, .display(.listItem))])
    }

    func testImportOnlyBeforeOtherRules() {
        let sheet = Stylesheet("""
            @charset "UTF-8";
            @import "a.css";
            @import url(b.css) print;
            @import url("c.css") screen and (orientation: portrait);
            p { display: block }
            @import "late.css";
            """)
        XCTAssertEqual(sheet.imports.map(\.href), ["a.css", "b.css", "c.css"])
        XCTAssertFalse(sheet.imports[1].media.matches(MediaContext()))
        XCTAssertTrue(sheet.imports[2].media.matches(MediaContext(orientation: .portrait)))
        XCTAssertFalse(sheet.imports[2].media.matches(MediaContext(orientation: .landscape)))
    }

    func testNamespaces() {
        let sheet = Stylesheet("""
            @namespace "http://www.w3.org/1999/xhtml";
            @namespace epub url(http://www.idpf.org/2007/ops);
            p { display: block }
            @namespace late "urn:late";
            """)
        XCTAssertEqual(sheet.namespaces.defaultURI, "http://www.w3.org/1999/xhtml")
        XCTAssertEqual(sheet.namespaces.prefixes, ["epub": "http://www.idpf.org/2007/ops"])
    }

    func testSkippedAtRules() {
        let sheet = Stylesheet("""
            @font-face { font-family: x; src: url(x.otf) }
            @page { margin: 0 }
            @keyframes spin { from { display: none } }
            @unknown stuff;
            p { display: block }
            """)
        XCTAssertEqual(sheet.allStyleRules.count, 1)
    }

    func testStyleAttributeIsADeclarationList() {
        XCTAssertEqual(Declaration.list(styleAttribute: "display:none;; text-align : end !important"), [
            Declaration(.display, .display(.none)), Declaration(.textAlign, .textAlign(.end), important: true),
        ])
    }
}
