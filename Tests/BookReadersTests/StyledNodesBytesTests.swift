import XCTest
@testable import BookReaders

/// The cascade hashes and tests ids and classes on the bytes `StyledNodes` lends (`withIDBytes`,
/// `withClassBytes`, issue 19) instead of a String per element. For every element of a document shaped like a
/// real chapter, with ids and classes of every kind (none, empty, several with odd whitespace, non-ASCII, a
/// `class` or `id` in another namespace that must not count, `xml:id`), the bytes lent must be the String the
/// tree answers, and nil exactly where it answers nil.
final class StyledNodesBytesTests: XCTestCase {
    func testLentBytesAreTheAttributeValues() throws {
        let xhtml = """
        <?xml version="1.0" encoding="utf-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xmlns:x="urn:x">
        <head><title>t</title></head>
        <body class="vrtl  main" id="top">
          <section id="ch1" class="">
            <h1 class="title&#x9;centered">一</h1>
            <p class="  indent
              noindent  ">Text <span class="em-sesame">傍点</span> and <a id="n1" class="noteref" epub:type="noteref">1</a>.</p>
            <p x:class="foreign" x:id="foreign">No class of its own.</p>
            <p xml:id="xmlid" class="日本語 クラス">Non-ASCII classes.</p>
            <div><p>Nothing at all.</p></div>
          </section>
        </body>
        </html>
        """
        let doc = try XMLNodes.parse(Array(xhtml.utf8), path: "chapter.xhtml")
        let tree = StyledNodes(doc)
        var elements = 0, withID = 0, withClass = 0
        for node in XMLNodes.NodeID(0)..<XMLNodes.NodeID(doc.nodeCount) where !doc.isText(node) {
            elements += 1
            let lentID = tree.withIDBytes(node) { $0.map { String(decoding: $0, as: UTF8.self) } }
            XCTAssertEqual(lentID, tree.id(node), "id of <\(tree.localName(node))>")
            let lentClass = tree.withClassBytes(node) { $0.map { String(decoding: $0, as: UTF8.self) } }
            XCTAssertEqual(lentClass, tree.classAttribute(node), "class of <\(tree.localName(node))>")
            if lentID != nil { withID += 1 }
            if lentClass != nil { withClass += 1 }
        }
        XCTAssertGreaterThan(elements, 10)
        // body, section and the note reference have ids; the foreign x:id and xml:id are not `id`.
        XCTAssertEqual(withID, 3)
        // body, section (empty), h1, p, span, a and the non-ASCII p; not the p with x:class alone.
        XCTAssertEqual(withClass, 7)
    }
}
