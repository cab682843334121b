import CSS
import XCTest
@testable import BookReaders

/// The cascade stops at `<math>`: the formula is converted from its MathML alone, so nothing reads a look inside
/// it, and its elements were a tenth of linear-algebra.epub's render (issue 19). The `<math>` element itself, and
/// everything after it, keep their looks.
final class MathStyleSkipTests: XCTestCase {
    func testLooksStopAtMathAndGoOnAfterIt() throws {
        let xhtml = """
            <html xmlns="http://www.w3.org/1999/xhtml"><body>
            <p class="hi">Before <math xmlns="http://www.w3.org/1998/Math/MathML" class="hi">\
            <mrow class="hi"><mi class="hi">x</mi></mrow></math> after.</p>
            <p class="hi"><math class="hi"><mi class="hi">y</mi></math></p>
            <p class="hi">Last.</p>
            </body></html>
            """
        let doc = try XMLNodes.parse(Array(xhtml.utf8), path: "t.xhtml")
        let sheet = LoadedSheet(label: "t.css", sheet: Stylesheet(".hi { font-style: italic }"))
        let styles = ElementStyles(of: doc, tree: StyledNodes(doc), resolver: StyleResolver(sheets: [sheet], properties: BookStyles.used))
        let elements = (0..<Int32(doc.nodeCount)).filter { !doc.isText($0) }
        func named(_ name: String) -> [XMLNodes.NodeID] { elements.filter { doc.lowercasedName($0) == name } }
        XCTAssertEqual(named("p").map { styles.look($0) != nil }, [true, true, true])
        // Both `<math>` elements, the one in MathML's namespace and the one an HTML parser leaves in XHTML's.
        XCTAssertEqual(named("math").map { styles.look($0) != nil }, [true, true])
        XCTAssertEqual((named("mrow") + named("mi")).map { styles.look($0) != nil }, [false, false, false])
    }
}
