import Foundation
import TestSupport
import XCTest
@testable import BookReaders
import BookModel

/// MathML met by the XHTML importer (issue 16): inline math is `.math` text in its paragraph, display math a
/// centred block of its own; raw MathML in Markdown's HTML goes through the same importer. The corpus tests read
/// `linear-algebra.epub` (10,283 formulas) and the W3C MathML test book when QUIRE_CORPUS is set.
final class MathImportTests: XCTestCase {
    private let ns = "xmlns=\"http://www.w3.org/1998/Math/MathML\""

    func testInlineMathFlowsWithTheText() throws {
        let c = try chapter(body: """
            <p>Let <math \(ns)><msup><mi>x</mi><mn>2</mn></msup><mo>=</mo><mn>10</mn></math>, then go on.</p>
            """)
        XCTAssertEqual(c.blocks.count, 1)
        guard case .paragraph(let inlines) = c.blocks[0].kind else { return XCTFail("\(c.blocks[0].kind)") }
        XCTAssertEqual(inlines, [.text("Let ", []), .text("x² = 10", .math), .text(", then go on.", [])])
    }

    func testInlineMathBreaksOnlyAtItsTopLevelSpaces() throws {
        let c = try chapter(body: """
            <p><math \(ns)><mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mi>c</mi></mfrac><mo>=</mo>\
            <mi>f</mi><mo>(</mo><mi>x</mi><mo>+</mo><mi>y</mi><mo>)</mo><mo>(</mo><mi>z</mi><mo>)</mo></math></p>
            """)
        XCTAssertEqual(c.blocks.map(text), ["(a+b)/\u{2060}c = f(x\u{A0}+\u{A0}y)\u{2060}(z)"])
    }

    func testMathInsideStyledSpanKeepsTheSpanStyle() throws {
        let c = try chapter(body: "<p><em>so <math \(ns)><msub><mi>a</mi><mi>i</mi></msub></math></em></p>")
        guard case .paragraph(let inlines) = c.blocks[0].kind else { return XCTFail("\(c.blocks[0].kind)") }
        XCTAssertEqual(inlines, [.text("so ", .emphasis), .text("aᵢ", [.emphasis, .math])])
    }

    func testDisplayMathIsACentredBlock() throws {
        let c = try chapter(body: """
            <p>Before</p>
            <math \(ns) display="block"><mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mi>c</mi></mfrac></math>
            <p>After</p>
            """)
        let formula = "(a+b)/\u{2060}c"
        XCTAssertEqual(c.blocks.map(text), ["Before", formula, "After"])
        guard case .paragraph(let inlines) = c.blocks[1].kind else { return XCTFail("\(c.blocks[1].kind)") }
        XCTAssertEqual(inlines, [.text(formula, .math)])
        XCTAssertEqual(c.blocks[1].look.align, .center)
        // Offsets run on through the formula's text.
        XCTAssertEqual(c.blocks[2].location.offset, c.blocks[1].location.offset + formula.unicodeScalars.count)
    }

    func testAFormulaAloneInAParagraphIsDisplayedAndAMatrixIsAGrid() throws {
        let c = try chapter(body: """
            <p>The identity:</p>
            <p class="eqn"><math \(ns)><mi>I</mi><mo>=</mo><mfenced open="[" close="]" separators="">\
            <mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr>\
            <mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr></mtable></mfenced></math></p>
            """)
        XCTAssertEqual(c.blocks.count, 2)
        guard case .preformatted(let grid) = c.blocks[1].kind else { return XCTFail("\(c.blocks[1].kind)") }
        XCTAssertEqual(grid.replacingOccurrences(of: "\u{A0}", with: " ").split(separator: "\n"), ["I = ⎡1 0⎤", "    ⎣0 1⎦"])
        XCTAssertEqual(c.blocks[1].look.align, .center)
    }

    func testDisplayMathInsideAParagraphKeepsItsPlace() throws {
        let c = try chapter(body: "<p>See <math \(ns) display=\"block\"><mi>x</mi><mo>=</mo><mn>1</mn></math> here.</p>")
        guard case .paragraph(let inlines) = c.blocks[0].kind else { return XCTFail("\(c.blocks[0].kind)") }
        XCTAssertEqual(inlines, [.text("See", []), .lineBreak, .text("x = 1", .math), .lineBreak, .text("here.", [])])
    }

    func testNoAltTextWhenThereIsPresentationMarkup() throws {
        let c = try chapter(body: """
            <p>A <math \(ns) alttext="Alternative text not available"><mi>x</mi></math> and \
            <math \(ns) alttext="y squared"><semantics><apply><power/><ci>y</ci><cn>2</cn></apply></semantics></math>.</p>
            """)
        XCTAssertEqual(c.blocks.map(text), ["A x and y squared."])
    }

    func testRawMathMLInMarkdownHTML() {
        var diagnostics: [Diagnostic] = []
        let blocks = HTMLFragmentImporter.blocks(
            html: "<p>Area <math><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></math></p>",
            location: SourceLocation(spine: 0, href: "md", offset: 0), language: nil, diagnostics: &diagnostics)
        XCTAssertEqual(blocks.map(text), ["Area πr²"])
    }

    // MARK: Corpus

    private func corpusBook(_ path: String) throws -> EPUBBook {
        let url = try corpus().appendingPathComponent("epub").appendingPathComponent(path)
        return try EPUBReader.read(path: url.path)
    }

    /// Leaf blocks in reading order, table cells and quotes opened.
    private func leaves(_ blocks: [Block]) -> [Block] {
        blocks.flatMap { block -> [Block] in
            switch block.kind {
            case .quote(let inner): return leaves(inner)
            case .list(let list): return list.items.flatMap { leaves($0.blocks) }
            case .table(let table): return table.rows.flatMap { $0.cells.flatMap { leaves($0.blocks) } }
            default: return [block]
            }
        }
    }

    private func mathTexts(_ blocks: [Block]) -> [String] {
        leaves(blocks).flatMap { block -> [String] in
            guard case .paragraph(let inlines) = block.kind else { return [] }
            return inlines.compactMap { if case .text(let t, let s) = $0, s.contains(.math) { t } else { nil } }
        }
    }

    func testLinearAlgebraBookReadsAsMath() throws {
        let book = try corpusBook("linear-algebra.epub")
        let chapters = book.document.chapters
        let all = chapters.flatMap { leaves($0.blocks) }
        XCTAssertFalse(all.contains { text($0).contains("Alternative text not available") })

        // Matrices are grids: several lines between tall brackets.
        let grids = all.compactMap { block -> [Substring]? in
            guard case .preformatted(let t) = block.kind, t.contains("⎡") else { return nil }
            return t.split(separator: "\n")
        }
        XCTAssertGreaterThan(grids.count, 100)
        XCTAssertTrue(grids.allSatisfy { $0.count >= 2 && $0.contains { $0.contains("⎣") } })

        // The equation array after "Now adjust the system with a different second equation," (li17): one row per
        // line, subscripts as subscripts, meeting at "=".
        let li17 = try XCTUnwrap(chapters.first { $0.href.hasSuffix("fcla-xml-2.30li17.xhtml") })
        let blocks = leaves(li17.blocks)
        let lead = try XCTUnwrap(blocks.firstIndex { text($0).hasPrefix("Now adjust the system with a different second") })
        guard case .preformatted(let system) = blocks[lead + 1].kind else { return XCTFail("\(blocks[lead + 1].kind)") }
        XCTAssertEqual(system.replacingOccurrences(of: "\u{A0}", with: " ").split(separator: "\n"),
                       ["2x₁ + 3x₂ = 3", "4x₁ + 6x₂ = 6"])
        XCTAssertGreaterThan(blocks[lead + 1].location.offset, blocks[lead].location.offset)

        // Inline: "x ∈ ℂⁿ" in li101, and numbers of two digits stay one number.
        let li101 = try XCTUnwrap(chapters.first { $0.href.hasSuffix("fcla-xml-2.30li101.xhtml") })
        XCTAssertTrue(mathTexts(li101.blocks).contains { $0.contains("∈ ℂⁿ") })
        let everyMath = chapters.flatMap { mathTexts($0.blocks) }
        XCTAssertGreaterThan(everyMath.count, 5000)
        XCTAssertTrue(li17Math(chapters).contains("x₁ = 12"), "\(li17Math(chapters).prefix(40))")
    }

    private func li17Math(_ chapters: [Chapter]) -> [String] {
        chapters.filter { $0.href.hasSuffix("fcla-xml-2.30li17.xhtml") }.flatMap { mathTexts($0.blocks) }
    }

    func testW3CMathMLTestBookIsOneFormula() throws {
        let book = try corpusBook("w3c/cnt-mathml-support.epub")
        let texts = book.document.chapters.flatMap { leaves($0.blocks) }.map(text)
        XCTAssertTrue(texts.contains { $0.contains("x = (a+b)²") }, "\(texts)")
        XCTAssertFalse(texts.contains { ["x", "=", "a", "+", "b", "2"].contains($0) }, "\(texts)")
    }
}
