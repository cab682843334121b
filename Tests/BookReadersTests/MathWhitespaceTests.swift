import TestSupport
import XCTest
@testable import BookReaders

/// Books indent their MathML: white space between the elements of a layout schema is not content (MathML 3
/// §2.1.7), and `MathNode` leaves it out when it builds the tree (issue 19: those text nodes were most of
/// linear-algebra.epub's formula nodes). What a token holds (`<mtext> if </mtext>`) keeps every character.
final class MathWhitespaceTests: XCTestCase {
    private func node(_ body: String) throws -> MathNode {
        try XCTUnwrap(MathNode.parse("<math xmlns=\"http://www.w3.org/1998/Math/MathML\">\(body)</math>"))
    }

    /// A random formula as a tree of elements; tokens carry their text.
    private indirect enum Element {
        case token(String, String)
        case schema(String, [Element], attributes: String)

        /// The markup, every element on a line of its own and indented when `indented`.
        func markup(indented: Bool, depth: Int = 0) -> String {
            let margin = indented ? "\n" + String(repeating: "  ", count: depth) : ""
            switch self {
            case .token(let name, let text): return margin + "<\(name)>\(text)</\(name)>"
            case .schema(let name, let children, let attributes):
                return margin + "<\(name)\(attributes)>"
                    + children.map { $0.markup(indented: indented, depth: depth + 1) }.joined()
                    + margin + "</\(name)>"
            }
        }
    }

    private func element(_ depth: Int, _ generator: inout SeededGenerator) -> Element {
        let tokens: [Element] = [.token("mi", "x"), .token("mi", "cos"), .token("mn", "3"), .token("mo", "+"),
                                 .token("mo", "="), .token("mo", "("), .token("mo", ")"), .token("mo", ","),
                                 .token("mtext", " and "), .token("mtext", "\u{A0}if\u{A0}"), .token("ms", "a b")]
        if depth == 0 || Int.random(in: 0..<4, using: &generator) == 0 { return tokens.randomElement(using: &generator)! }
        func some(_ range: ClosedRange<Int>, _ generator: inout SeededGenerator) -> [Element] {
            (0..<Int.random(in: range, using: &generator)).map { _ in element(depth - 1, &generator) }
        }
        switch Int.random(in: 0..<7, using: &generator) {
        case 0: return .schema("mrow", some(1...4, &generator), attributes: "")
        case 1:
            let rows = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                Element.schema("mtr", (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                    .schema("mtd", some(0...2, &generator), attributes: "")
                }, attributes: "")
            }
            let table = Element.schema("mtable", rows, attributes: "")
            return Bool.random(using: &generator)
                ? .schema("mfenced", [table], attributes: " open=\"(\" close=\")\" separators=\"\"") : table
        case 2: return .schema("msub", [element(depth - 1, &generator), element(depth - 1, &generator)], attributes: "")
        case 3: return .schema("mfrac", [element(depth - 1, &generator), element(depth - 1, &generator)], attributes: "")
        case 4: return .schema("msqrt", some(1...3, &generator), attributes: "")
        case 5: return .schema("munderover", (0..<3).map { _ in element(depth - 1, &generator) }, attributes: "")
        default: return .schema("mstyle", some(1...3, &generator), attributes: "")
        }
    }

    func testIndentationDoesNotChangeTheText() throws {
        var generator = SeededGenerator(seed: 0x3A7B)
        for n in 0..<800 {
            let formula = (0..<Int.random(in: 1...3, using: &generator)).map { _ in element(4, &generator) }
            let compact = try node(formula.map { $0.markup(indented: false) }.joined())
            let indented = try node(formula.map { $0.markup(indented: true, depth: 1) }.joined() + "\n")
            for display in [false, true] {
                XCTAssertEqual(MathLinear.lines(of: indented, display: display),
                               MathLinear.lines(of: compact, display: display), "formula \(n), display \(display)")
            }
        }
    }

    func testSpaceBetweenElementsIsLeftOutAndTokensKeepTheirs() throws {
        let math = try node("""

              <mrow>
                <mtext> if </mtext>
                <mtext> </mtext>
                <msub>
                  <mi>x</mi>
                  <mn>1</mn>
                </msub>
              </mrow>
              <annotation encoding="text/plain"> x sub 1 </annotation>

            """)
        XCTAssertEqual(math.children.map(\.name), ["mrow", "annotation"])
        let row = math.children[0]
        XCTAssertEqual(row.children.map(\.name), ["mtext", "mtext", "msub"])
        XCTAssertEqual(row.children[0].children.map(\.text), [" if "])
        // A token of white space only is a space of the formula (`Piece.Kind.space`), not indentation.
        XCTAssertEqual(row.children[1].children.map(\.text), [" "])
        XCTAssertEqual(row.children[2].children.map(\.name), ["mi", "mn"])
        XCTAssertEqual(math.children[1].children.map(\.text), [" x sub 1 "])
        // An element not known to be a layout schema keeps its text, white space included.
        let unknown = try node("<mfoo> <mi>y</mi> </mfoo>")
        XCTAssertEqual(unknown.children[0].children.map(\.isText), [true, false, true])
    }
}
