import XCTest
@testable import CSS

/// `style(for:in:parent:siblings:)` reuses a style only when the cascade's inputs are the same:
/// same parent, same matched rules, no `style` attribute. Positional and sibling selectors (`h2 + p`,
/// `:first-child`) must still tell siblings apart.
final class SiblingMemoTests: XCTestCase {
    func testSiblingsComputeAsWithoutTheMemo() {
        let sheet = """
            p { text-indent: 1em } h2 + p, p:first-child { text-indent: 0 } p.c { text-align: center }
            section > p:nth-child(5) { font-weight: bold } .v p { writing-mode: vertical-rl }
            """
        let tree = TestTree(#"<html><body><section><p id="a">1</p><h2>h</h2><p id="b">2</p><p id="c">3</p>"#
                            + #"<p id="d">4</p><p id="e" class="c">5</p><p id="f" style="text-align: end">6</p>"#
                            + #"<p id="g">7</p><p id="x">7b</p></section><section class="v"><p id="h">8</p><p id="i">9</p></section></body></html>"#)
        let r = resolver(sheet)
        let plain = tree.styles(r)
        var memo = StyleResolver.SiblingMemo()
        var computed: [StyleResolver.Computed] = []
        var reused = 0
        for e in tree.all {
            let (element, wasReused) = r.style(for: e, in: tree, parent: tree.elements[e].parent.map { computed[$0] },
                                                siblings: &memo)
            if wasReused { reused += 1 }
            computed.append(element)
        }
        let withMemo = computed.map { memo.styles[$0.serial] }
        for e in tree.all {
            XCTAssertEqual(withMemo[e].textIndent, plain[e].textIndent, "element \(e)")
            XCTAssertEqual(withMemo[e].textAlign, plain[e].textAlign, "element \(e)")
            XCTAssertEqual(withMemo[e].fontWeight, plain[e].fontWeight, "element \(e)")
            XCTAssertEqual(withMemo[e].writingMode, plain[e].writingMode, "element \(e)")
            XCTAssertEqual(withMemo[e].declared, plain[e].declared, "element \(e)")
        }
        XCTAssertEqual(plain[tree.byID("b")].textIndent, .zero)
        XCTAssertEqual(plain[tree.byID("c")].textIndent, ComputedStyle.Length(1, .em))
        XCTAssertTrue(plain[tree.byID("d")].isBold)  // the fifth child: the h2 counts
        XCTAssertFalse(plain[tree.byID("e")].isBold)
        XCTAssertEqual(plain[tree.byID("i")].writingMode, .verticalRL)
        XCTAssertGreaterThan(reused, 0, "g and x share their style")
    }

    /// Keyed by the serial of the parent's style: the `<rb>` and `<rt>` of every ruby of a paragraph share their
    /// styles, but not with those under a ruby whose own style differs (an inherited weight no rule of theirs
    /// mentions).
    func testCousinsShareStylesOnlyUnderEqualParents() {
        let sheet = "rt { font-weight: 300 } ruby.x { font-weight: bold } p { text-indent: 1em }"
        let tree = TestTree(#"<html><body><p><ruby><rb>a</rb><rt>b</rt></ruby><ruby><rb>c</rb><rt>d</rt></ruby>"#
                            + #"<ruby class="x"><rb id="bold">e</rb><rt>f</rt></ruby><ruby><rb id="plain">g</rb>"#
                            + #"<rt>h</rt></ruby></p></body></html>"#)
        let r = resolver(sheet)
        let plain = tree.styles(r)
        var memo = StyleResolver.SiblingMemo()
        var computed: [StyleResolver.Computed] = []
        var reused = 0
        for e in tree.all {
            let (element, wasReused) = r.style(for: e, in: tree, parent: tree.elements[e].parent.map { computed[$0] },
                                                siblings: &memo)
            if wasReused { reused += 1 }
            computed.append(element)
        }
        let withMemo = computed.map { memo.styles[$0.serial] }
        for e in tree.all {
            // The memo's styles keep no ancestor filter (an element's, not a shared style's).
            var expected = plain[e]
            expected.ancestorFilter = nil
            XCTAssertEqual(withMemo[e], expected, "element \(e)")
        }
        XCTAssertTrue(withMemo[tree.byID("bold")].isBold)
        XCTAssertFalse(withMemo[tree.byID("plain")].isBold)
        // Rubies 2 and 4 reuse ruby 1's style, and their rb and rt the first ruby's rb and rt: 2 + 4.
        XCTAssertEqual(reused, 6)
    }
}
