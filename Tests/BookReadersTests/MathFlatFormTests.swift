import TestSupport
import XCTest
@testable import BookReaders

/// A table in display math takes its cells' one-line forms from a converter that does not draw (issue 19: drawing
/// nested tables twice at every level doubled the work per level). That is right only while a piece's `flat` never
/// depends on `display`: random formulas of nested rows, brackets, tables, scripts and fractions must give the same
/// one-line form drawn and not drawn. A fixture with a matrix inside an equation array checks the drawing itself.
final class MathFlatFormTests: XCTestCase {
    private func node(_ body: String) -> MathNode? {
        MathNode.parse("<math xmlns=\"http://www.w3.org/1998/Math/MathML\">\(body)</math>")
    }

    private func formula(_ depth: Int, _ generator: inout SeededGenerator) -> String {
        let tokens = ["<mi>x</mi>", "<mi>sin</mi>", "<mn>2</mn>", "<mo>+</mo>", "<mo>=</mo>", "<mo>−</mo>",
                      "<mo>,</mo>", "<mtext> if </mtext>", "<mspace width=\"2em\"/>", "<mo>(</mo>", "<mo>)</mo>"]
        if depth == 0 || Int.random(in: 0..<4, using: &generator) == 0 { return tokens.randomElement(using: &generator)! }
        func some(_ range: ClosedRange<Int>, _ generator: inout SeededGenerator) -> String {
            (0..<Int.random(in: range, using: &generator)).map { _ in formula(depth - 1, &generator) }.joined()
        }
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return "<mrow>" + some(1...4, &generator) + "</mrow>"
        case 1:
            let rows = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                "<mtr>" + (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                    "<mtd>" + some(0...2, &generator) + "</mtd>"
                }.joined() + "</mtr>"
            }
            let table = "<mtable>" + rows.joined() + "</mtable>"
            return Bool.random(using: &generator) ? "<mfenced open=\"[\" close=\"]\" separators=\"\">\(table)</mfenced>" : table
        case 2: return "<mfenced open=\"{\" close=\"\">" + some(1...2, &generator) + "</mfenced>"
        case 3: return "<msup><mrow>" + some(1...2, &generator) + "</mrow><mi>t</mi></msup>"
        case 4: return "<msub><mrow>" + some(1...2, &generator) + "</mrow><mn>1</mn></msub>"
        default: return "<mfrac><mrow>" + some(1...2, &generator) + "</mrow><mrow>" + some(1...2, &generator) + "</mrow></mfrac>"
        }
    }

    func testTheOneLineFormDoesNotDependOnDrawing() {
        var generator = SeededGenerator(for: self)
        var multiline = 0
        for _ in 0..<1500 {
            let body = formula(4, &generator)
            guard let math = node(body) else { XCTFail("does not parse: \(body)"); return }
            let drawn = MathLinear(display: true).row(math.children, .top)
            let oneLine = MathLinear(display: false).row(math.children, .top)
            XCTAssertEqual(drawn.box.flat, oneLine.box.flat, body)
            XCTAssertEqual(drawn.kind, oneLine.kind, body)
            XCTAssertEqual(drawn.role, oneLine.role, body)
            if drawn.box.isMultiline { multiline += 1 }
        }
        XCTAssertGreaterThan(multiline, 200, "enough formulas are drawn on several lines")
    }

    func testAMatrixInsideAnEquationArrayIsDrawnOnce() throws {
        let matrix = """
            <mfenced open="[" close="]" separators=""><mtable>\
            <mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr>\
            <mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr>\
            </mtable></mfenced>
            """
        let array = """
            <mtable columnalign="right left">\
            <mtr><mtd><mi>A</mi></mtd><mtd><mo>=</mo>\(matrix)</mtd></mtr>\
            <mtr><mtd><mi>B</mi></mtd><mtd><mo>=</mo><mn>0</mn></mtd></mtr>\
            </mtable>
            """
        let math = try XCTUnwrap(node(array))
        let nbsp = "\u{A0}"
        XCTAssertEqual(MathLinear.lines(of: math, display: true),
                       ["A\(nbsp)= ⎡1\(nbsp)0⎤", "\(nbsp)\(nbsp)\(nbsp)\(nbsp)⎣0\(nbsp)1⎦", "B\(nbsp)= 0"])
        XCTAssertEqual(MathLinear.lines(of: math, display: false), ["█(A&=[■(1&0@0&1)]@B&=0)"])
    }

    /// A drawn equation array's one-line form is made only when something reads it (`DeferredFlat`), and what
    /// is known of a form before it is made (its first scalar, that it is not blank, its first character) is what
    /// it turns out to be, for the array and for every row holding one.
    func testADeferredOneLineFormIsWhatWasKnownOfIt() {
        var generator = SeededGenerator(for: self)
        var deferred = 0
        for _ in 0..<1500 {
            let body = formula(4, &generator)
            guard let math = node(body) else { XCTFail("does not parse: \(body)"); return }
            let box = MathLinear(display: true).row(math.children, .top).box
            if !box.flatIsMade { deferred += 1 }
            let scalar = box.flatFirstScalar, blank = box.flatIsBlank
            let first = box.flatFirst, last = box.flatLast
            let flat = box.flat
            XCTAssertEqual(scalar, flat.unicodeScalars.first, body)
            XCTAssertEqual(blank, flat.trimmingSpaces.isEmpty, body)
            XCTAssertEqual(first, flat.first, body)
            XCTAssertEqual(last, flat.last, body)
            XCTAssertEqual(flat, MathLinear(display: false).row(math.children, .top).box.flat, body)
        }
        XCTAssertGreaterThan(deferred, 100, "enough formulas leave their one-line form unmade")
    }

    func testAnEquationArrayDrawnAloneNeverMakesItsOneLineForm() throws {
        let math = try XCTUnwrap(node("""
            <mtable><mtr><mtd><mi>x</mi></mtd><mtd><mo>=</mo><mn>1</mn></mtd></mtr>\
            <mtr><mtd><mi>y</mi></mtd><mtd><mo>=</mo><mfrac><mi>a</mi><mn>2</mn></mfrac></mtd></mtr></mtable>
            """))
        let box = MathLinear(display: true).row(math.children, .top).box
        XCTAssertEqual(box.trimmedLines.map { $0.unicodeScalars.map { $0 == "\u{A0}" ? "·" : String($0) }.joined() }, ["x·= 1", "y·= a/2"])
        XCTAssertFalse(box.flatIsMade)
        XCTAssertEqual(box.flat, "█(x&=1@y&=a/2)")
        XCTAssertTrue(box.flatIsMade)
    }
}
