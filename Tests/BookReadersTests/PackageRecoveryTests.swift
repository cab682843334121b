import BookModel
@testable import BookReaders
import XCTest

/// A package document other reading systems open — an undeclared namespace prefix, an HTML entity — is read with
/// a warning, not rejected; a structurally broken one is still an error (issue 13).
final class PackageRecoveryTests: XCTestCase {
    private func book(metadata: String, packageAttributes: String = "") -> EPUBBuilder {
        var b = EPUBBuilder(container: EPUBBuilder.container([("OEBPS/content.opf", "application/oebps-package+xml")]))
        b.add("OEBPS/content.opf", EPUBBuilder.opf(
            metadata: "<dc:title>Recovered</dc:title><dc:identifier id=\"uid\">x</dc:identifier>" + metadata,
            manifest: "<item id=\"c\" href=\"c.xhtml\" media-type=\"application/xhtml+xml\"/>",
            spine: "<itemref idref=\"c\"/>", packageAttributes: packageAttributes))
        b.add("OEBPS/c.xhtml", EPUBBuilder.xhtml("<p>The chapter.</p>"))
        return b
    }

    func testUndeclaredPrefixesAreRead() throws {
        let cases = [
            ("<rbook:series>One</rbook:series>", ""),                        // an element
            ("<meta name=\"x\" rbook:scheme=\"y\" content=\"z\"/>", ""),     // an attribute
            ("", "rbook:generator=\"tool\""),                                // on the root
        ]
        for (metadata, attributes) in cases {
            let book = try book(metadata: metadata, packageAttributes: attributes).read()
            XCTAssertEqual(book.document.metadata.titles, ["Recovered"], metadata + attributes)
            XCTAssertEqual(book.document.chapters.count, 1)
        }
    }

    func testUndefinedEntitiesAreReadWithAWarning() throws {
        // An HTML entity, then (as in the books where this was seen) an undeclared prefix further on.
        let book = try book(metadata: "<dc:rights>&copy; 2020&nbsp;The Authors</dc:rights><rbook:x>y</rbook:x>").read()
        XCTAssertEqual(book.document.metadata.titles, ["Recovered"])
        XCTAssertEqual(book.document.chapters.count, 1)
        XCTAssertEqual(book.diagnostics.count, 1, "\(book.diagnostics)")
        XCTAssertTrue(book.diagnostics[0].message.hasPrefix("OEBPS/content.opf:"), book.diagnostics[0].message)
        XCTAssertTrue(book.diagnostics[0].message.hasSuffix("; recovered"), book.diagnostics[0].message)
    }

    func testStructuralErrorsAreStillErrors() {
        let b = book(metadata: "<dc:creator>Unclosed")
        guard case .malformed(let path, _, let reason)? = readError({ () throws(ReadError) in try b.read() }) else {
            return XCTFail("a mismatched tag is not forgiven")
        }
        XCTAssertEqual(path, "OEBPS/content.opf")
        XCTAssertFalse(reason.isEmpty)
    }

    func testWellFormedPackagesGiveNoWarning() throws {
        let book = try book(metadata: "<dc:rights>© 2020</dc:rights>").read()
        XCTAssertTrue(book.diagnostics.isEmpty, "\(book.diagnostics)")
    }
}
