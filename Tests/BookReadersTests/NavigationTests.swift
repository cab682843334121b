import Foundation
import XCTest
@testable import BookReaders
import BookModel

final class NavigationTests: XCTestCase {
    private func book(nav: String? = nil, ncx: String? = nil, spineToc: Bool = true) throws -> EPUBBook {
        var b = EPUBBuilder()
        var manifest = """
        <item id="c1" href="text/c1.xhtml" media-type="application/xhtml+xml"/>
        <item id="c2" href="text/c2.xhtml" media-type="application/xhtml+xml"/>
        """
        if nav != nil { manifest += "\n<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>" }
        if ncx != nil { manifest += "\n<item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/>" }
        b.add("OEBPS/content.opf", EPUBBuilder.opf(manifest: manifest, spine: "<itemref idref=\"c1\"/><itemref idref=\"c2\"/>",
                                                   spineAttributes: ncx != nil && spineToc ? "toc=\"ncx\"" : ""))
        b.add("OEBPS/text/c1.xhtml", EPUBBuilder.xhtml("<p>One.</p>"))
        b.add("OEBPS/text/c2.xhtml", EPUBBuilder.xhtml("<p>Two.</p>"))
        if let nav { b.add("OEBPS/nav.xhtml", nav) }
        if let ncx { b.add("OEBPS/toc.ncx", ncx) }
        return try b.read()
    }

    static let nav = EPUBBuilder.xhtml("""
    <nav epub:type="toc" id="toc"><h1>Contents</h1>
      <ol>
        <li><a href="text/c1.xhtml">Part   One</a>
          <ol>
            <li><a href="text/c1.xhtml#s1">Section 1.1</a></li>
            <li><span>Unlinked heading</span>
              <ol><li><a href="text/c2.xhtml#deep">Deep</a></li></ol>
            </li>
          </ol>
        </li>
        <li><a href="text/c2.xhtml">Part Two</a></li>
      </ol>
    </nav>
    <nav epub:type="page-list" hidden="">
      <ol><li><a href="text/c1.xhtml#p1">1</a></li><li><a href="text/c1.xhtml#p2">2</a></li><li><a href="text/c2.xhtml#p3">iii</a></li></ol>
    </nav>
    <nav epub:type="landmarks">
      <ol><li><a epub:type="bodymatter" href="text/c1.xhtml">Start</a></li><li><a epub:type="toc" href="#toc">Contents</a></li></ol>
    </nav>
    """)

    func testEPUB3Nav() throws {
        let nav = try book(nav: Self.nav).navigation
        XCTAssertEqual(nav.source, "nav")
        XCTAssertEqual(nav.toc, [
            TOCEntry(title: "Part One", href: "OEBPS/text/c1.xhtml", children: [
                TOCEntry(title: "Section 1.1", href: "OEBPS/text/c1.xhtml#s1"),
                TOCEntry(title: "Unlinked heading", href: "", children: [TOCEntry(title: "Deep", href: "OEBPS/text/c2.xhtml#deep")]),
            ]),
            TOCEntry(title: "Part Two", href: "OEBPS/text/c2.xhtml"),
        ])
        XCTAssertEqual(nav.pageList, [PageTarget(label: "1", href: "OEBPS/text/c1.xhtml#p1"),
                                      PageTarget(label: "2", href: "OEBPS/text/c1.xhtml#p2"),
                                      PageTarget(label: "iii", href: "OEBPS/text/c2.xhtml#p3")])
        XCTAssertEqual(nav.landmarks.map(\.title), ["Start", "Contents"])
        XCTAssertEqual(nav.landmarks.map(\.href), ["OEBPS/text/c1.xhtml", "OEBPS/nav.xhtml#toc"])
    }

    func testNavFeedsDocument() throws {
        let b = try book(nav: Self.nav)
        XCTAssertEqual(b.document.toc.count, 2)
        XCTAssertEqual(b.document.toc.reduce(0) { $0 + $1.count }, 5)
        XCTAssertEqual(b.document.pageList.count, 3)
        // A chapter without a heading takes its title from the first TOC entry pointing at it.
        XCTAssertEqual(b.document.chapters.first?.title, "Part One")
    }

    static let ncx = """
    <?xml version="1.0" encoding="UTF-8"?>
    <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
      <head><meta name="dtb:uid" content="x"/></head>
      <docTitle><text>Book</text></docTitle>
      <navMap>
        <navPoint id="n1" playOrder="1">
          <navLabel><text>Chapter  A</text></navLabel><content src="text/c1.xhtml"/>
          <navPoint id="n2" playOrder="2">
            <navLabel><text>A.1</text></navLabel><content src="text/c1.xhtml#a1"/>
          </navPoint>
        </navPoint>
        <navPoint id="n3" playOrder="3">
          <navLabel><text>Chapter B</text></navLabel><content src="text/c2.xhtml"/>
        </navPoint>
      </navMap>
      <pageList>
        <pageTarget id="p1" type="normal" value="1"><navLabel><text>1</text></navLabel><content src="text/c1.xhtml#pg1"/></pageTarget>
        <pageTarget id="p2" type="normal" value="2"><navLabel><text>2</text></navLabel><content src="text/c2.xhtml#pg2"/></pageTarget>
      </pageList>
    </ncx>
    """

    func testNCXFallback() throws {
        let nav = try book(ncx: Self.ncx).navigation
        XCTAssertEqual(nav.source, "ncx")
        XCTAssertEqual(nav.toc, [
            TOCEntry(title: "Chapter A", href: "OEBPS/text/c1.xhtml", children: [TOCEntry(title: "A.1", href: "OEBPS/text/c1.xhtml#a1")]),
            TOCEntry(title: "Chapter B", href: "OEBPS/text/c2.xhtml"),
        ])
        XCTAssertEqual(nav.pageList, [PageTarget(label: "1", href: "OEBPS/text/c1.xhtml#pg1"),
                                      PageTarget(label: "2", href: "OEBPS/text/c2.xhtml#pg2")])
    }

    func testNCXFoundByMediaTypeWithoutSpineToc() throws {
        let nav = try book(ncx: Self.ncx, spineToc: false).navigation
        XCTAssertEqual(nav.source, "ncx")
        XCTAssertEqual(nav.toc.count, 2)
    }

    func testNavPreferredOverNCX() throws {
        let nav = try book(nav: Self.nav, ncx: Self.ncx).navigation
        XCTAssertEqual(nav.source, "nav")
        XCTAssertEqual(nav.toc.first?.title, "Part One")
    }

    func testBrokenNavFallsBackToNCXWithWarning() throws {
        let b = try book(nav: "<html><body><nav>", ncx: Self.ncx)
        XCTAssertEqual(b.navigation.source, "ncx")
        XCTAssertTrue(b.diagnostics.contains { $0.message.contains("navigation document") }, "\(b.diagnostics)")
    }

    func testNeitherNavNorNCXIsFine() throws {
        let b = try book()
        XCTAssertEqual(b.navigation, Navigation())
        XCTAssertEqual(b.document.toc, [])
        XCTAssertEqual(b.document.pageList, [])
        XCTAssertEqual(b.document.chapters.count, 2)
        XCTAssertEqual(b.diagnostics, [])
    }

    func testMissingNavFileIsNotFatal() throws {
        var b = EPUBBuilder()
        b.add("OEBPS/content.opf", EPUBBuilder.opf(manifest: """
            <item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            """, spine: "<itemref idref=\"c1\"/>"))
        b.add("OEBPS/c1.xhtml", EPUBBuilder.xhtml("<p>One.</p>"))
        let book = try b.read()
        XCTAssertEqual(book.document.toc, [])
        XCTAssertEqual(book.document.chapters.count, 1)
    }
}

final class EncryptionTests: XCTestCase {
    private func book(algorithm: String, target: String) -> EPUBBuilder {
        var b = EPUBBuilder.book([EPUBBuilder.xhtml("<p>Readable.</p>")], extra: [("OEBPS/fonts/f.otf", "not really a font")])
        b.add("META-INF/encryption.xml", """
        <?xml version="1.0"?>
        <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
          <enc:EncryptedData>
            <enc:EncryptionMethod Algorithm="\(algorithm)"/>
            <enc:CipherData><enc:CipherReference URI="\(target)"/></enc:CipherData>
          </enc:EncryptedData>
        </encryption>
        """)
        return b
    }

    func testFontObfuscationIsFine() throws {
        for algorithm in ["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"] {
            let result = try book(algorithm: algorithm, target: "OEBPS/fonts/f.otf").read()
            XCTAssertEqual(result.document.chapters.first?.blocks.map(text), ["Readable."], algorithm)
            XCTAssertEqual(result.diagnostics, [], algorithm)
        }
    }

    func testEncryptedSpineDocumentIsDRM() {
        let error = readError { () throws(ReadError) in
            try self.book(algorithm: "http://www.w3.org/2001/04/xmlenc#aes128-cbc", target: "OEBPS/c1.xhtml").read()
        }
        XCTAssertEqual(error, .encrypted("OEBPS/c1.xhtml"))
        XCTAssertEqual(error?.message, "OEBPS/c1.xhtml is encrypted (DRM); Quire cannot read it")
    }

    func testEncryptedNonSpineResourceIsOnlyAWarning() throws {
        let result = try book(algorithm: "http://www.w3.org/2001/04/xmlenc#aes128-cbc", target: "OEBPS/fonts/f.otf").read()
        XCTAssertEqual(result.document.chapters.count, 1)
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("OEBPS/fonts/f.otf") }, "\(result.diagnostics)")
    }
}
