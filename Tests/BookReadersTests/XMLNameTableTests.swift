import BookModel
@testable import BookReaders
import XCTest

/// The shim's name tables (issue 19): each document's table is copied from one seeded once, and names libxml2
/// hands over are first looked up by their address. Every element and attribute must still get its own name, on
/// every thread, whatever names look alike or repeat.
final class XMLNameTableTests: XCTestCase {
    /// Element names in document order, and each element's attributes (local name, namespace URI, value).
    private struct Expected {
        var elements: [(name: String, namespace: String)] = []
        var attributes: [[(name: String, namespace: String, value: String)]] = []
    }

    /// A chapter-shaped document: seeded names (`p`, `span`, `class`), names that are prefixes of one another
    /// (`a`, `ab`, `abc`, `abbr`), names outside the seeds, foreign elements and namespaced attributes, each used
    /// many times so that repeats are met at the addresses libxml2 keeps them at.
    private func document() -> (xml: String, expected: Expected) {
        let xhtml = "http://www.w3.org/1999/xhtml", svg = "http://www.w3.org/2000/svg"
        let epub = "http://www.idpf.org/2007/ops", xml = "http://www.w3.org/XML/1998/namespace"
        var expected = Expected()
        var body = ""
        func element(_ name: String, _ namespace: String, _ attributes: [(String, String, String, String)],
                     _ content: String = "") {
            expected.elements.append((name, namespace))
            expected.attributes.append(attributes.map { ($0.1, $0.2, $0.3) })
            let written = attributes.map { " \($0.0)=\"\($0.3)\"" }.joined()
            body += "<\(name)\(written)>\(content)</\(name)>"
        }
        let likeNames = ["a", "ab", "abc", "abbr", "abcd", "section", "sectio", "x-custom", "données", "名前"]
        for i in 0..<120 {
            element("p", xhtml, [("class", "class", "", "c\(i % 7)"), ("id", "id", "", "p\(i)")], "text \(i)")
            element(likeNames[i % likeNames.count], xhtml, [("data-n\(i % 13)", "data-n\(i % 13)", "", "\(i)")])
            element("span", xhtml, [("epub:type", "type", epub, "noteref"), ("xml:lang", "lang", xml, "en")])
            if i % 10 == 0 { element("svg", svg, [("viewBox", "viewBox", "", "0 0 \(i) 1")]) }
        }
        let root = """
            <html xmlns="\(xhtml)" xmlns:epub="\(epub)"><head><title>t</title></head><body>\(body)</body></html>
            """
        let svgFixed = root.replacingOccurrences(of: "<svg ", with: "<svg xmlns=\"\(svg)\" ")
        return (svgFixed, expected)
    }

    /// The names the parse gave the body's elements and their attributes, in document order.
    private func names(_ doc: XMLNodes) -> Expected {
        var found = Expected()
        var started = false
        for e in Int32(0)..<Int32(doc.nodeCount) where !doc.isText(e) {
            if !started { started = doc.name(e) == "body"; continue }
            found.elements.append((doc.name(e), doc.namespace(e)))
            let node = doc.node(e)
            found.attributes.append((Int(node.start)..<Int(node.start + node.count)).map { a in
                let attribute = doc.attributes[a]
                return (doc.names.strings[Int(attribute.name)], doc.namespaces.strings[Int(attribute.namespace)],
                        doc.attribute(e, attribute.name, namespace: attribute.namespace) ?? "?")
            })
        }
        return found
    }

    private func assertSame(_ found: Expected, _ expected: Expected, _ label: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(found.elements.count, expected.elements.count, label, file: file, line: line)
        for (f, e) in zip(found.elements, expected.elements) where f != e {
            XCTFail("\(label): element \(f) where \(e) was written", file: file, line: line)
            return
        }
        for (f, e) in zip(found.attributes, expected.attributes) {
            guard f.count == e.count, zip(f, e).allSatisfy({ $0 == $1 }) else {
                XCTFail("\(label): attributes \(f) where \(e) were written", file: file, line: line)
                return
            }
        }
    }

    func testNamesAreTheOnesWritten() throws {
        let (xml, expected) = document()
        let doc = try XMLNodes.parse(Array(xml.utf8), path: "chapter.xhtml")
        assertSame(names(doc), expected, "one parse")
        // The seeded names keep the numbers Swift knows them by.
        let p = try XCTUnwrap((Int32(0)..<Int32(doc.nodeCount)).first { !doc.isText($0) && doc.name($0) == "p" })
        XCTAssertEqual(doc.attribute(p, XMLNodes.Known.id), "p0")
        XCTAssertEqual(doc.names.strings[Int(XMLNodes.Known.style)], "style")
        XCTAssertEqual(doc.namespaces.strings[Int(XMLNodes.NS.epub)], Namespace.epub)
    }

    /// An attribute asked for by a name outside the seeds is one in no namespace, whatever other namespaces have
    /// an attribute of that name, and wherever it stands among the element's attributes.
    func testAttributeNamedByString() throws {
        let xml = """
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:x="urn:x"><body>\
            <td x:rowspan="9" class="c" rowspan="2">a</td><td x:rowspan="8">b</td><td>c</td>\
            <style media="print" x:media="screen">p {}</style></body></html>
            """
        let doc = try XMLNodes.parse(Array(xml.utf8), path: "t.xhtml")
        let cells = (Int32(0)..<Int32(doc.nodeCount)).filter { !doc.isText($0) && doc.name($0) == "td" }
        XCTAssertEqual(cells.map { doc.attribute($0, named: "rowspan") }, ["2", nil, nil])
        XCTAssertNil(doc.attribute(cells[0], named: "colspan-x"))
        let style = try XCTUnwrap((Int32(0)..<Int32(doc.nodeCount)).first { !doc.isText($0) && doc.name($0) == "style" })
        XCTAssertEqual(doc.attribute(style, named: "media"), "print")
    }

    /// Many documents at once on every core, as a book's chapters are read: the seeded table is made once and
    /// copied, and each parse has its own address cache.
    func testNamesOnManyThreads() {
        let (xml, expected) = document()
        let bytes = Array(xml.utf8)
        let other = Array(xml.replacingOccurrences(of: "abc", with: "zyx").utf8)
        var otherExpected = expected
        otherExpected.elements = expected.elements.map { ($0.name == "abc" ? "zyx" : $0.name, $0.namespace) }
        otherExpected.elements = otherExpected.elements.map { ($0.name == "abcd" ? "zyxd" : $0.name, $0.namespace) }
        let results = orderedConcurrentMap(count: 64) { i -> Expected? in
            try? names(XMLNodes.parse(i % 2 == 0 ? bytes : other, path: "chapter-\(i).xhtml"))
        }
        for (i, found) in results.enumerated() {
            guard let found else { XCTFail("parse \(i) failed"); continue }
            assertSame(found, i % 2 == 0 ? expected : otherExpected, "parse \(i)")
        }
    }
}
