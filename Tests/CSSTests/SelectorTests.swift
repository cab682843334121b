import XCTest
@testable import CSS

/// Selectors Level 3: each kind of selector, its specificity, and the XHTML case rules.
final class SelectorTests: XCTestCase {
    private let tree = TestTree("""
        <html xml:lang="ja-JP"><body class="Main vrtl" id="top">\
        <section epub:type="chapter bodymatter"><h1 id="t">T</h1><p class="a">x</p><p class="b" lang="en-GB">y</p><div/>\
        <p class="c" data-x="pre-mid-suf">z</p></section>\
        <ol><li>1</li><li>2</li><li>3</li><li>4</li><li>5</li></ol></body></html>
        """)

    /// The ids (or `name#index`) of the elements the selector matches.
    private func matched(_ selector: String, namespaces: Namespaces = Namespaces(prefixes: ["epub": TestTree.epub])) -> [String] {
        guard let list = Selector.parseList(selector, namespaces: namespaces) else { return ["invalid"] }
        return tree.all.filter { e in list.contains { $0.matches(e, in: tree) } }.map { e in
            tree.id(e) ?? "\(tree.localName(e))\(tree.elements[tree.elements[e].parent ?? 0].children.firstIndex(of: e).map { "\($0 + 1)" } ?? "")"
        }
    }

    func testTypeUniversalClassID() {
        XCTAssertEqual(matched("h1"), ["t"])
        XCTAssertEqual(matched("H1"), [])  // XHTML element names are case-sensitive
        XCTAssertEqual(matched("*").count, tree.elements.count)
        XCTAssertEqual(matched(".Main"), ["top"])
        XCTAssertEqual(matched(".main"), [])  // classes are case-sensitive
        XCTAssertEqual(matched("#t"), ["t"])
        XCTAssertEqual(matched("body.vrtl#top"), ["top"])
    }

    func testAttributes() {
        XCTAssertEqual(matched("[data-x]"), ["p5"])
        XCTAssertEqual(matched("[data-x=pre-mid-suf]"), ["p5"])
        XCTAssertEqual(matched("[data-x^=pre]"), ["p5"])
        XCTAssertEqual(matched("[data-x$='suf']"), ["p5"])
        XCTAssertEqual(matched("[data-x*=mid]"), ["p5"])
        XCTAssertEqual(matched("[data-x^='']"), [])  // an empty value matches nothing
        XCTAssertEqual(matched("[lang|=en]"), ["p3"])
        XCTAssertEqual(matched("[class~=vrtl]"), ["top"])
        XCTAssertEqual(matched("[data-x=PRE-MID-SUF i]"), ["p5"])
        XCTAssertEqual(matched("[DATA-X]"), [])  // attribute names are case-sensitive in XHTML
    }

    func testAttributeNamespaces() {
        XCTAssertEqual(matched("[epub|type~=chapter]"), ["section1"])
        XCTAssertEqual(matched("[type~=chapter]"), [])  // unprefixed means no namespace
        XCTAssertEqual(matched("[*|type~=bodymatter]"), ["section1"])
        XCTAssertEqual(matched("[foo|type]"), ["invalid"])  // an undeclared prefix
    }

    func testElementNamespaces() {
        let xhtml = Namespaces(defaultURI: TestTree.xhtml, prefixes: ["h": TestTree.xhtml, "svg": "http://www.w3.org/2000/svg"])
        XCTAssertEqual(matched("h|h1", namespaces: xhtml), ["t"])
        XCTAssertEqual(matched("svg|h1", namespaces: xhtml), [])
        XCTAssertEqual(matched("*|h1", namespaces: xhtml), ["t"])
        XCTAssertEqual(matched("|h1", namespaces: xhtml), [])  // no namespace
        XCTAssertEqual(matched("h1", namespaces: Namespaces(defaultURI: "urn:other")), [])
    }

    func testCombinators() {
        XCTAssertEqual(matched("body p"), ["p2", "p3", "p5"])
        XCTAssertEqual(matched("body > p"), [])
        XCTAssertEqual(matched("section > p.a"), ["p2"])
        XCTAssertEqual(matched("h1 + p"), ["p2"])
        XCTAssertEqual(matched("h1 ~ p"), ["p2", "p3", "p5"])
        XCTAssertEqual(matched("h1 ~ div + p"), ["p5"])
        XCTAssertEqual(matched("html body section p.b"), ["p3"])
        XCTAssertEqual(matched(".vrtl .b"), ["p3"])
        XCTAssertEqual(matched("ol p"), [])
    }

    func testStructuralPseudoClasses() {
        XCTAssertEqual(matched(":root"), ["html"])
        XCTAssertEqual(matched("section > :first-child"), ["t"])
        XCTAssertEqual(matched("section > :last-child"), ["p5"])
        XCTAssertEqual(matched("ol :only-child"), [])
        XCTAssertEqual(matched("h1:only-of-type"), ["t"])
        XCTAssertEqual(matched("p:first-of-type"), ["p2"])
        XCTAssertEqual(matched("p:last-of-type"), ["p5"])
        XCTAssertEqual(matched("li:nth-child(odd)"), ["li1", "li3", "li5"])
        XCTAssertEqual(matched("li:nth-child(even)"), ["li2", "li4"])
        XCTAssertEqual(matched("li:nth-child(2n+1)"), ["li1", "li3", "li5"])
        XCTAssertEqual(matched("li:nth-child( -n + 2 )"), ["li1", "li2"])
        XCTAssertEqual(matched("li:nth-child(3)"), ["li3"])
        XCTAssertEqual(matched("li:nth-last-child(1)"), ["li5"])
        XCTAssertEqual(matched("p:nth-of-type(2)"), ["p3"])
        XCTAssertEqual(matched("p:nth-last-of-type(n+2)"), ["p2", "p3"])
        XCTAssertEqual(matched("div:empty"), ["div4"])
        XCTAssertEqual(matched("li:nth-child(2n-)"), ["invalid"])
    }

    func testNotAndLang() {
        XCTAssertEqual(matched("section > p:not(.a)"), ["p3", "p5"])
        XCTAssertEqual(matched("section > :not(p)"), ["t", "div4"])
        XCTAssertEqual(matched("p:lang(en)"), ["p3"])
        XCTAssertEqual(matched("p:lang(ja)"), ["p2", "p5"])  // inherited from xml:lang on html
        XCTAssertEqual(matched("p:lang(j)"), [])
    }

    func testPseudoElementsAndDynamicClassesNeverMatch() {
        XCTAssertEqual(matched("p::before"), [])
        XCTAssertEqual(matched("p:first-line"), [])
        XCTAssertEqual(matched("p:hover"), [])
        XCTAssertEqual(matched("p:visited, h1"), ["t"])  // the list is kept; the other selector still matches
        XCTAssertEqual(Selector.parseList("p::after")?.first?.specificity, Specificity(a: 0, b: 0, c: 2))
    }

    func testSpecificity() {
        func s(_ text: String) -> Specificity? { Selector.parseList(text)?.first?.specificity }
        XCTAssertEqual(s("*"), Specificity())
        XCTAssertEqual(s("li"), Specificity(c: 1))
        XCTAssertEqual(s("ul li"), Specificity(c: 2))
        XCTAssertEqual(s("ul ol+li"), Specificity(c: 3))
        XCTAssertEqual(s("h1 + *[rel=up]"), Specificity(b: 1, c: 1))
        XCTAssertEqual(s("ul ol li.red"), Specificity(b: 1, c: 3))
        XCTAssertEqual(s("li.red.level"), Specificity(b: 2, c: 1))
        XCTAssertEqual(s("#x34y"), Specificity(a: 1))
        XCTAssertEqual(s("#s12:not(FOO)"), Specificity(a: 1, c: 1))
        XCTAssertEqual(s("html.vrtl"), Specificity(b: 1, c: 1))
        XCTAssertGreaterThan(s(".vrtl")!, s("html")!)
        XCTAssertEqual(s("p:nth-child(2n)"), Specificity(b: 1, c: 1))
    }

    func testIsWhereAndNotLists() {
        XCTAssertEqual(matched("section > :is(h1, .b)"), ["t", "p3"])
        XCTAssertEqual(matched("p:not(.a, .b)"), ["p5"])
        XCTAssertEqual(Selector.parseList(":is(#a, p)")?.first?.specificity, Specificity(a: 1))
        XCTAssertEqual(Selector.parseList(":where(#a, p)")?.first?.specificity, Specificity())
        XCTAssertEqual(matched(":is(p b)"), ["invalid"])  // complex arguments are not read
    }

    func testSelectorTextIsKeptForProvenance() {
        XCTAssertEqual(Selector.parseList("html , .hltr")?.map(\.text), ["html", ".hltr"])
        XCTAssertEqual(Selector.parseList("div  >\n p")?.map(\.text), ["div > p"])
    }
}
