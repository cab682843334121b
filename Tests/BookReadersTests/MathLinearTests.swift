import Foundation
import XCTest
@testable import BookReaders

/// MathML to UnicodeMath (UTN #28), one tiny fixture per element; the expected strings are written by hand from
/// the note's notation. "\u{A0}" is the no-break space written inside brackets, where inline math must not break.
final class MathLinearTests: XCTestCase {
    private func linear(_ body: String, display: Bool = false, attributes: String = "",
                        file: StaticString = #filePath, line: UInt = #line) -> String {
        let markup = "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"\(attributes)>\(body)</math>"
        guard let node = MathNode.parse(markup) else {
            XCTFail("fixture does not parse", file: file, line: line)
            return ""
        }
        return MathLinear.lines(of: node, display: display).joined(separator: "\n")
    }

    /// Expected grid text with "·" for the no-break spaces that line a grid up.
    private func grid(_ text: String) -> String { text.replacingOccurrences(of: "·", with: "\u{A0}") }

    func testTokensAndOperatorSpacing() {
        XCTAssertEqual(linear("<mi>x</mi><mo>=</mo><mi>a</mi><mo>+</mo><mi>b</mi>"), "x = a + b")
        XCTAssertEqual(linear("<mn>10</mn>"), "10")
        XCTAssertEqual(linear("<mi>x</mi><mo>=</mo><mo>−</mo><mn>1</mn>"), "x = −1")
        XCTAssertEqual(linear("<mo>−</mo><mi>x</mi><mo>≤</mo><mn>2</mn>"), "−x ≤ 2")
        XCTAssertEqual(linear("<mn>1</mn><mo>,</mo><mn>2</mn><mo>,</mo><mn>3</mn>"), "1, 2, 3")
        XCTAssertEqual(linear("<mtext>if </mtext><mi>x</mi><mo>&gt;</mo><mn>0</mn>"), "if x > 0")
        XCTAssertEqual(linear("<ms>abc</ms>"), "\"abc\"")
        XCTAssertEqual(linear("<mtext>&#xA0;Row&#xA0;</mtext><mi>i</mi><mtext> is zeros</mtext><mspace width=\"2em\"/>"), "Row i is zeros")
        XCTAssertEqual(linear("<mi>sin</mi><mo>&#x2061;</mo><mi>x</mi>"), "sin x")
        XCTAssertEqual(linear("<mo>det</mo><mi>A</mi>"), "det A")
        XCTAssertEqual(linear("<msub><mi>a</mi><mi>i</mi></msub><mo>det</mo><mo>(</mo><mi>B</mi><mo>)</mo>"), "aᵢ det(B)")
        XCTAssertEqual(linear("<mn>2</mn><mo>&#x2062;</mo><mi>x</mi>"), "2x")
    }

    func testBracketsKeepTheirSpacesUnbreakable() {
        XCTAssertEqual(linear("<mi>f</mi><mo>(</mo><mi>a</mi><mo>+</mo><mi>b</mi><mo>)</mo><mo>=</mo><mn>0</mn>"),
                       "f(a\u{A0}+\u{A0}b) = 0")
    }

    func testScripts() {
        XCTAssertEqual(linear("<msup><mi>x</mi><mn>2</mn></msup>"), "x²")
        XCTAssertEqual(linear("<msub><mi>a</mi><mi>i</mi></msub>"), "aᵢ")
        XCTAssertEqual(linear("<msub><mi>x</mi><mn>10</mn></msub>"), "x₁₀")
        XCTAssertEqual(linear("<msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup>"), "xᵢ²")
        XCTAssertEqual(linear("<msup><mi>e</mi><mrow><mi>i</mi><mi>π</mi></mrow></msup>"), "e^(iπ)")
        XCTAssertEqual(linear("<msup><mi>x</mi><mo>∗</mo></msup>"), "x^∗")
        XCTAssertEqual(linear("<msup><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mn>2</mn></msup>"), "(a+b)²")
        XCTAssertEqual(linear("<msub><mi>x</mi><mrow><mi>i</mi><mo>,</mo><mi>j</mi></mrow></msub>"), "x_(i,j)")
        XCTAssertEqual(linear("<msup><mi>x</mi><mrow><mi>n</mi><mo>+</mo><mn>1</mn></mrow></msup>"), "xⁿ⁺¹")
        XCTAssertEqual(linear("<mmultiscripts><mi>X</mi><mi>i</mi><mn>2</mn></mmultiscripts>"), "Xᵢ²")
    }

    func testFractions() {
        XCTAssertEqual(linear("<mfrac><mi>a</mi><mi>b</mi></mfrac>"), "a/b")
        XCTAssertEqual(linear("<mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mi>c</mi></mfrac>"), "(a+b)/c")
        XCTAssertEqual(linear("<mfrac><mn>1</mn><mrow><mi>x</mi><mo>−</mo><mn>1</mn></mrow></mfrac>"), "1/(x−1)")
        XCTAssertEqual(linear("<mfrac><mn>1</mn><mn>2</mn></mfrac>"), "½")
        XCTAssertEqual(linear("<mfrac><mn>1</mn><mn>10</mn></mfrac>"), "1/10")
        XCTAssertEqual(linear("<mfrac linethickness=\"0\"><mi>n</mi><mi>k</mi></mfrac>"), "(n¦k)")
        XCTAssertEqual(linear("<msub><mi>x</mi><mn>1</mn></msub><mo>=</mo><mfrac><mn>1</mn><mn>2</mn></mfrac>"), "x₁ = ½")
    }

    func testRoots() {
        XCTAssertEqual(linear("<msqrt><mi>x</mi></msqrt>"), "√x")
        XCTAssertEqual(linear("<msqrt><mi>x</mi><mo>+</mo><mn>1</mn></msqrt>"), "√(x+1)")
        XCTAssertEqual(linear("<mroot><mi>x</mi><mn>3</mn></mroot>"), "∛x")
        XCTAssertEqual(linear("<mroot><mi>x</mi><mn>4</mn></mroot>"), "∜x")
        XCTAssertEqual(linear("<mroot><mrow><mi>x</mi><mo>+</mo><mn>1</mn></mrow><mi>n</mi></mroot>"), "√(n&x+1)")
    }

    func testFences() {
        XCTAssertEqual(linear("<mfenced><mi>a</mi><mi>b</mi></mfenced>"), "(a,\u{A0}b)")
        XCTAssertEqual(linear("<mfenced open=\"[\" close=\"]\" separators=\"\"><mi>A</mi></mfenced>"), "[A]")
        XCTAssertEqual(linear("<mfenced open=\"{\" close=\"}\" separators=\";\"><mi>a</mi><mi>b</mi></mfenced>"), "{a;\u{A0}b}")
        XCTAssertEqual(linear("<mo stretchy=\"true\">(</mo><mi>x</mi><mo stretchy=\"true\">)</mo>"), "(x)")
        XCTAssertEqual(linear("<msub><mfenced open=\"[\" close=\"]\" separators=\"\"><mi>A</mi></mfenced><mrow><mi>i</mi><mi>j</mi></mrow></msub>"),
                       "[A]ᵢⱼ")
    }

    func testUnderOver() {
        XCTAssertEqual(linear("""
            <munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover>\
            <msub><mi>a</mi><mi>i</mi></msub>
            """), "∑_(i=1)^n aᵢ")
        XCTAssertEqual(linear("<munder><mo>lim</mo><mrow><mi>x</mi><mo>→</mo><mn>0</mn></mrow></munder><mi>f</mi>"), "lim_(x→0) f")
        XCTAssertEqual(linear("<msubsup><mo>∫</mo><mn>0</mn><mn>1</mn></msubsup><mi>x</mi>"), "∫_0^1 x")
        XCTAssertEqual(linear("<mover><mi>x</mi><mi>y</mi></mover>"), "x┴y")
        XCTAssertEqual(linear("<munder><mi>x</mi><mi>y</mi></munder>"), "x┬y")
    }

    func testAccents() {
        XCTAssertEqual(linear("<mover accent=\"true\"><mi>x</mi><mo>¯</mo></mover>"), "x\u{0304}")
        XCTAssertEqual(linear("<mover accent=\"true\"><mi>x</mi><mo>→</mo></mover>"), "x\u{20D7}")
        XCTAssertEqual(linear("<mover accent=\"true\"><mi>x</mi><mo>^</mo></mover>"), "x\u{0302}")
        XCTAssertEqual(linear("<mover accent=\"true\"><mi>x</mi><mo>~</mo></mover>"), "x\u{0303}")
        XCTAssertEqual(linear("<mover accent=\"true\"><mi>x</mi><mo>˙</mo></mover>"), "x\u{0307}")
        XCTAssertEqual(linear("<mover accent=\"true\"><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mo>^</mo></mover>"), "(a+b)\u{0302}")
        XCTAssertEqual(linear("<munder accentunder=\"true\"><mi>x</mi><mo>_</mo></munder>"), "x\u{0332}")
        XCTAssertEqual(linear("<munder><mi>u</mi><mo>∼</mo></munder>"), "u\u{0330}")
        XCTAssertEqual(linear("<mover><mi>u</mi><mi></mi></mover>"), "u")
        XCTAssertEqual(linear("<msup><mi>r</mi><mo>′</mo></msup>"), "r′")
    }

    func testMatrixInlineAndDisplay() {
        let matrix = """
            <mfenced open="[" close="]" separators=""><mtable>\
            <mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr>\
            <mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr>\
            </mtable></mfenced>
            """
        XCTAssertEqual(linear(matrix), "[■(1&0@0&1)]")
        XCTAssertEqual(linear(matrix, display: true), grid("⎡1·0⎤\n⎣0·1⎦"))
        XCTAssertEqual(linear("<mi>A</mi><mo>=</mo>" + matrix, display: true), grid("A = ⎡1·0⎤\n····⎣0·1⎦"))
        XCTAssertEqual(linear("<msup>\(matrix)<mi>t</mi></msup>", display: true), grid("⎡1·0⎤ᵗ\n⎣0·1⎦"))
        let tall = """
            <mo>(</mo><mtable>\
            <mtr><mtd><mn>1</mn></mtd></mtr><mtr><mtd><mo>−</mo><mn>2</mn></mtd></mtr><mtr><mtd><mn>10</mn></mtd></mtr>\
            </mtable><mo>)</mo>
            """
        XCTAssertEqual(linear(tall, display: true), grid("⎛·1⎞\n⎜−2⎟\n⎝10⎠"))
        XCTAssertEqual(linear(tall), "(■(1@−2@10))")
    }

    func testEquationArray() {
        let array = """
            <mtable columnalign="right left">\
            <mtr><mtd><mi>x</mi><mo>+</mo><mi>y</mi></mtd><mtd><mo>=</mo><mn>3</mn></mtd></mtr>\
            <mtr><mtd><mi>y</mi></mtd><mtd><mo>=</mo><mn>1</mn></mtd></mtr>\
            </mtable>
            """
        XCTAssertEqual(linear(array, display: true), grid("x + y·= 3\n····y·= 1"))
        XCTAssertEqual(linear(array), "█(x+y&=3@y&=1)")
        // Without columnalign the rows still meet at the relation; empty label columns are dropped.
        let unaligned = """
            <mtable>\
            <mtr><mtd><mn>2</mn><mi>x</mi></mtd><mtd><mo>=</mo><mn>4</mn></mtd><mtd/></mtr>\
            <mtr><mtd><mi>x</mi></mtd><mtd><mo>=</mo><mn>2</mn></mtd><mtd><mspace width="2em"/></mtd></mtr>\
            </mtable>
            """
        XCTAssertEqual(linear(unaligned, display: true), grid("2x·= 4\n·x·= 2"))
    }

    func testSpacesPhantomsAndPassThrough() {
        XCTAssertEqual(linear("<mi>a</mi><mspace width=\"1em\"/><mi>b</mi>"), "a b")
        XCTAssertEqual(linear("<mi>a</mi><mspace width=\"0.2em\"/><mi>b</mi>"), "ab")
        XCTAssertEqual(linear("<mi>a</mi><mphantom><mi>b</mi></mphantom>"), "a")
        XCTAssertEqual(linear("<mstyle mathsize=\"big\"><mpadded><menclose notation=\"box\"><mi>x</mi></menclose></mpadded></mstyle>"), "x")
        XCTAssertEqual(linear("<menclose notation=\"radical\"><mi>x</mi></menclose>"), "√x")
        XCTAssertEqual(linear("<mi>x</mi><mglyph src=\"g.png\" alt=\"g\"/><maligngroup/>"), "x")
    }

    func testSemanticsAnnotationsAndAltText() {
        XCTAssertEqual(linear("<semantics><mrow><mi>x</mi></mrow><annotation encoding=\"application/x-tex\">y</annotation></semantics>"), "x")
        XCTAssertEqual(linear("<semantics><apply><divide/><cn>1</cn><cn>2</cn></apply><annotation encoding=\"application/x-tex\">\\frac{1}{2}</annotation></semantics>"),
                       "\\frac{1}{2}")
        XCTAssertEqual(linear("<apply><plus/><ci>a</ci><ci>b</ci></apply>"), "[math]")
        XCTAssertEqual(linear("<apply><plus/><ci>a</ci><ci>b</ci></apply>", attributes: " alttext=\"a plus b\""), "a plus b")
        XCTAssertEqual(linear("<mi>x</mi>", attributes: " alttext=\"Alternative text not available\""), "x")
    }

    func testDisplayAttribute() {
        XCTAssertTrue(MathLinear.isDisplay(MathNode("math", ["display": "block"])))
        XCTAssertTrue(MathLinear.isDisplay(MathNode("math", ["mode": "display"])))
        XCTAssertFalse(MathLinear.isDisplay(MathNode("math", ["display": "inline"])))
        XCTAssertFalse(MathLinear.isDisplay(MathNode("math")))
    }
}
