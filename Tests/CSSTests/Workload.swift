@testable import CSS

/// A synthetic workload for rough timings: a ~100 KB sheet shaped like real book sheets (class rules, type rules,
/// descendant and sibling selectors, attribute selectors with a namespace, @media) and a 10,000-element document.
enum Workload {
    static func sheet(bytes target: Int = 100_000) -> String {
        var css = "@charset \"UTF-8\";\n@namespace epub \"http://www.idpf.org/2007/ops\";\n"
        var i = 0
        while css.utf8.count < target {
            switch i % 8 {
            case 0: css += ".c\(i) { text-indent: 1em; margin: 0 0 0 \(i % 5)em; /* comment \(i) */ }\n"
            case 1: css += "div.c\(i) p { text-align: justify; -epub-hyphens: auto; }\n"
            case 2: css += "section > h2 + p.c\(i), p.k\(i % 50):first-child { text-indent: 0; font-weight: bold !important; }\n"
            case 3: css += "[epub|type~=\"t\(i % 40)\"] { display: block; page-break-before: always; }\n"
            case 4: css += "@media screen and (orientation: portrait) { .m\(i) span { font-style: italic; } }\n"
            case 5: css += "p.k\(i % 50) span.s\(i % 30) { -epub-text-emphasis-style: sesame; color: #333; }\n"
            case 6: css += "h\(i % 6 + 1) { break-after: avoid; text-align: center; font-family: \"Noto Serif\", serif; }\n"
            default: css += "#id\(i) { display: none; } li:nth-child(2n+1) { list-style-type: decimal; }\n"
            }
            i += 1
        }
        return css
    }

    /// 10,000 elements: 50 sections of a heading and 65 paragraphs, each with two spans.
    static func document(elements target: Int = 10_000) -> TestTree {
        var markup = "<html class=\"vrtl\"><body>"
        var count = 2
        var s = 0
        while count < target {
            markup += "<section epub:type=\"t\(s % 40)\" class=\"c\(s * 8 + 1)\"><h2>T</h2>"
            count += 2
            for p in 0..<65 where count < target {
                markup += "<p class=\"k\(p % 50) c\(p * 8 + 2)\">x<span class=\"s\(p % 30)\">y</span><span>z</span></p>"
                count += 3
            }
            markup += "</section>"
            s += 1
        }
        return TestTree(markup + "</body></html>")
    }
}
