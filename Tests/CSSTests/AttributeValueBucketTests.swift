import XCTest
@testable import CSS

/// Rules whose subject tests an attribute's value (`[epub|type~="x"]`, `[lang="en"]`) are indexed by that value and
/// looked up by the element's value and tokens (issue 19). The cascade must pick what matching every rule in full
/// picks: random elements with `epub:type`, unprefixed `type` and `lang` values (repeated tokens, tabs and line
/// feeds between them, empty values) against random sheets of such rules, and of rules that stay in the other
/// buckets (any namespace, case-insensitive, other operators, a type selector).
final class AttributeValueBucketTests: XCTestCase {
    private static let tokens = ["t1", "t2", "t3", "z3998:verse", "T1", ""]
    private static let gaps = [" ", "  ", "\t", "\n"]
    private static let selectors = [
        #"[epub|type~="t1"]"#, #"[epub|type~="t2"]"#, #"[epub|type~="z3998:verse"]"#, #"[epub|type="t1"]"#,
        #"[epub|type="t1 t2"]"#, #"[epub|type~="t1 t2"]"#, #"[epub|type~=""]"#, #"[epub|type=""]"#, #"[type~="t1"]"#,
        #"[type="t2"]"#, #"[lang="t3"]"#, #"[*|type~="t1"]"#, #"[epub|type~="T1" i]"#, #"[epub|type^="t"]"#,
        #"[epub|type]"#, #"p[epub|type~="t2"]"#, #"[epub|type~="t1"][type~="t2"]"#, #"[type~="t3"][epub|type="t1"]"#,
    ]

    private func value(_ rng: inout some RandomNumberGenerator) -> String {
        var v = ""
        for k in 0..<Int.random(in: 0...3, using: &rng) {
            if k > 0 || Bool.random(using: &rng) { v += Self.gaps.randomElement(using: &rng)! }
            v += Self.tokens.randomElement(using: &rng)!
        }
        return v
    }

    func testValueBucketsPickWhatFullMatchingPicks() {
        var rng = SystemRandomNumberGenerator()
        let namespaces = Namespaces(prefixes: ["epub": TestTree.epub])
        for _ in 0..<300 {
            var body = ""
            for _ in 0..<8 {
                var attributes = ""
                if Int.random(in: 0..<4, using: &rng) > 0 { attributes += " epub:type=\"\(value(&rng))\"" }
                if Bool.random(using: &rng) { attributes += " type=\"\(value(&rng))\"" }
                if Bool.random(using: &rng) { attributes += " lang=\"\(value(&rng))\"" }
                body += "<\(Bool.random(using: &rng) ? "p" : "div")\(attributes)>x</\(Bool.random(using: &rng) ? "p" : "div")>"
            }
            // Closing tags are read by position only (TestTree), so a mismatched name is harmless.
            let tree = TestTree("<html><body>\(body)</body></html>")
            let rules = (0..<Int.random(in: 1...8, using: &rng)).map { _ in Self.selectors.randomElement(using: &rng)! }
            let sheet = "@namespace epub \"\(TestTree.epub)\";\n"
                + rules.enumerated().map { "\($1) { text-indent: \($0 + 1)em }" }.joined(separator: "\n")
            let styles = tree.styles(resolver(sheet))
            let parsed = rules.map { Selector.parseList($0, namespaces: namespaces)! }
            for e in tree.all {
                // The winner: highest specificity, then the later rule.
                var best: (specificity: [Int], rule: Int)?
                for (r, list) in parsed.enumerated() {
                    for s in list where s.matches(e, in: tree) {
                        let spec = [s.specificity.a, s.specificity.b, s.specificity.c]
                        if best == nil || !spec.lexicographicallyPrecedes(best!.specificity) { best = (spec, r) }
                    }
                }
                let expected = best.map { ComputedStyle.Length(Double($0.rule + 1), .em) } ?? .zero
                XCTAssertEqual(styles[e].textIndent, expected, "\(rules) on element \(e) of \(body)")
            }
        }
    }
}
