import XCTest
@testable import CSS

/// A resolver limited to the properties its caller reads indexes only the rules that set one of them, and computes
/// those exactly as the full cascade does.
final class PropertySubsetTests: XCTestCase {
    private let sheet = """
        p { font-weight: bold; margin-left: 2em }
        .x { display: none; text-align: center }
        #p { color: red }
        html { writing-mode: vertical-rl }
        """

    func testOnlyRulesSettingAChosenPropertyAreIndexed() {
        let loaded = [LoadedSheet(label: "s.css", sheet: Stylesheet(sheet))]
        XCTAssertEqual(StyleResolver(sheets: loaded).ruleCount, 3)  // `color` alone is not a property Quire reads
        XCTAssertEqual(StyleResolver(sheets: loaded, properties: [.display, .writingMode]).ruleCount, 2)
        XCTAssertEqual(StyleResolver(sheets: loaded, properties: [.hyphens]).ruleCount, 0)
    }

    func testChosenPropertiesComputeAsTheFullCascade() {
        let tree = TestTree(#"<html><body><p id="p" class="x" style="text-align: right; display: block">a</p></body></html>"#)
        let loaded = [LoadedSheet(label: "s.css", sheet: Stylesheet(sheet))]
        let full = tree.styles(StyleResolver(sheets: loaded))
        let subset = tree.styles(StyleResolver(sheets: loaded, properties: [.display, .writingMode]))
        let p = tree.byID("p")
        XCTAssertEqual(subset[p].display, full[p].display)
        XCTAssertEqual(subset[p].display, .block)  // the style attribute still counts
        XCTAssertEqual(subset[p].writingMode, .verticalRL)
        XCTAssertEqual(subset[p].writingModeSource, full[p].writingModeSource)
        XCTAssertEqual(full[p].textAlign, .right)
        XCTAssertEqual(subset[p].textAlign, .start)  // not asked for: left at its initial value
        XCTAssertTrue(full[p].isBold)
        XCTAssertFalse(subset[p].isBold)
    }
}
