import Foundation
import XCTest
@testable import BookReaders
import BookModel

final class OCFTests: XCTestCase {
    func testFirstPackageRootfileWinsOthersListed() throws {
        var b = EPUBBuilder(container: EPUBBuilder.container([
            ("OEBPS/readme.pdf", "application/pdf"),
            ("OEBPS/main.opf", "application/oebps-package+xml"),
            ("OEBPS/alt.opf", "application/oebps-package+xml"),
        ]))
        let doc = EPUBBuilder.xhtml("<p>x</p>")
        for (name, title) in [("main", "Main Rendition"), ("alt", "Alternate Rendition")] {
            b.add("OEBPS/\(name).opf", EPUBBuilder.opf(
                metadata: "<dc:title>\(title)</dc:title><dc:identifier id=\"uid\">id-\(name)</dc:identifier>",
                manifest: "<item id=\"c\" href=\"c.xhtml\" media-type=\"application/xhtml+xml\"/>",
                spine: "<itemref idref=\"c\"/>"))
        }
        b.add("OEBPS/c.xhtml", doc)
        let book = try b.read()
        XCTAssertEqual(book.publication.packagePath, "OEBPS/main.opf")
        XCTAssertEqual(book.document.metadata.titles, ["Main Rendition"])
        XCTAssertEqual(book.publication.otherRootfiles, ["OEBPS/alt.opf"])
    }

    func testContainerWithoutPackageIsAnError() {
        var b = EPUBBuilder(container: EPUBBuilder.container([("a.pdf", "application/pdf")]))
        b.add("a.pdf", "%PDF")
        guard case .invalid(let why)? = readError({ () throws(ReadError) in try b.read() }) else { return XCTFail() }
        XCTAssertTrue(why.contains("META-INF/container.xml"), why)
    }
}

final class PackageDocumentTests: XCTestCase {
    private func read(_ opf: String, files: [String] = ["c1.xhtml", "c2.xhtml", "c3.xhtml"], opfPath: String = "OEBPS/content.opf") throws(ReadError) -> EPUBBook {
        var b = EPUBBuilder(container: EPUBBuilder.container([(opfPath, "application/oebps-package+xml")]))
        b.add(opfPath, opf)
        let folder = ContainerPath.folder(of: opfPath)
        for (i, f) in files.enumerated() { b.add(folder + f, EPUBBuilder.xhtml("<p>Document \(i + 1).</p>")) }
        return try b.read()
    }

    private let threeItems = """
    <item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>
    <item id="c2" href="c2.xhtml" media-type="application/xhtml+xml"/>
    <item id="c3" href="c3.xhtml" media-type="application/xhtml+xml"/>
    """

    func testOPF3Metadata() throws {
        let book = try read(EPUBBuilder.opf(metadata: """
            <dc:identifier id="isbn">urn:isbn:0000000000</dc:identifier>
            <dc:identifier id="uid">  urn:uuid:test-book-uid  </dc:identifier>
            <dc:title>First   Title</dc:title>
            <dc:title>Subtitle</dc:title>
            <dc:creator>Ann Author</dc:creator>
            <dc:creator>Bob Writer</dc:creator>
            <dc:language>fr</dc:language>
            <dc:language>de</dc:language>
            <meta property="dcterms:modified">2023-05-06T07:08:09Z</meta>
            <meta property="rendition:layout">pre-paginated</meta>
            <meta property="rendition:spread">none</meta>
            <meta property="rendition:orientation">landscape</meta>
            <meta refines="#uid" property="identifier-type">uuid</meta>
            """, manifest: threeItems, spine: "<itemref idref=\"c1\"/>"))
        let m = book.document.metadata
        XCTAssertEqual(book.publication.version, "3.0")
        XCTAssertEqual(m.titles, ["First Title", "Subtitle"])
        XCTAssertEqual(m.authors, ["Ann Author", "Bob Writer"])
        XCTAssertEqual(m.languages, ["fr", "de"])
        XCTAssertEqual(m.identifier, "urn:uuid:test-book-uid")
        XCTAssertEqual(m.modified, "2023-05-06T07:08:09Z")
        XCTAssertEqual(m.layout, .prePaginated)
        XCTAssertEqual(m.spread, .none)
        XCTAssertEqual(m.orientation, .landscape)
    }

    func testDefaultsWhenRenditionAbsent() throws {
        let book = try read(EPUBBuilder.opf(manifest: threeItems, spine: "<itemref idref=\"c1\"/>"))
        let m = book.document.metadata
        XCTAssertEqual(m.layout, .reflowable)
        XCTAssertEqual(m.spread, .auto)
        XCTAssertEqual(m.orientation, .auto)
        XCTAssertNil(m.pageProgression)
    }

    func testSpreadPortraitMeansBoth() throws {
        let book = try read(EPUBBuilder.opf(metadata: "<meta property=\"rendition:spread\">portrait</meta>",
                                            manifest: threeItems, spine: "<itemref idref=\"c1\"/>"))
        XCTAssertEqual(book.document.metadata.spread, .both)
    }

    func testOPF2Metadata() throws {
        let opf = """
        <?xml version="1.0"?>
        <package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="BookId">
          <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
            <dc:title>Old Style</dc:title>
            <dc:creator opf:role="aut" opf:file-as="Author, Old">Old Author</dc:creator>
            <dc:language>en-GB</dc:language>
            <dc:identifier id="other">not-this-one</dc:identifier>
            <dc:identifier id="BookId" opf:scheme="UUID">urn:uuid:opf2-id</dc:identifier>
            <meta name="cover" content="cover-image"/>
          </metadata>
          <manifest>
            <item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>
            <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
          </manifest>
          <spine toc="ncx"><itemref idref="c1"/></spine>
        </package>
        """
        let book = try read(opf, files: ["c1.xhtml"])
        XCTAssertEqual(book.publication.version, "2.0")
        XCTAssertEqual(book.document.metadata.titles, ["Old Style"])
        XCTAssertEqual(book.document.metadata.authors, ["Old Author"])
        XCTAssertEqual(book.document.metadata.languages, ["en-GB"])
        XCTAssertEqual(book.document.metadata.identifier, "urn:uuid:opf2-id")
        XCTAssertNil(book.document.metadata.modified)
        XCTAssertEqual(book.publication.ncxID, "ncx")
    }

    func testNamespacesMatchedByURINotPrefix() throws {
        let opf = """
        <?xml version="1.0"?>
        <o:package xmlns:o="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="u">
          <o:metadata xmlns:foo="http://purl.org/dc/elements/1.1/" xmlns:dc="http://example.com/not-dublin-core/">
            <foo:title>Prefixed Oddly</foo:title>
            <dc:title>Impostor Title</dc:title>
            <dc:creator>Impostor Creator</dc:creator>
            <foo:creator>Real Creator</foo:creator>
            <foo:identifier id="u">real-id</foo:identifier>
            <foo:language>it</foo:language>
          </o:metadata>
          <o:manifest><o:item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/></o:manifest>
          <o:spine><o:itemref idref="c1"/></o:spine>
        </o:package>
        """
        let book = try read(opf, files: ["c1.xhtml"])
        XCTAssertEqual(book.document.metadata.titles, ["Prefixed Oddly"])
        XCTAssertEqual(book.document.metadata.authors, ["Real Creator"])
        XCTAssertEqual(book.document.metadata.identifier, "real-id")
        XCTAssertEqual(book.document.metadata.languages, ["it"])
        XCTAssertEqual(book.document.chapters.count, 1)
    }

    func testPackageInWrongNamespaceIsRejected() {
        let opf = "<package xmlns=\"http://example.com/opf\" version=\"3.0\"><metadata/><manifest/><spine/></package>"
        guard case .invalid? = readError({ () throws(ReadError) in try self.read(opf) }) else { return XCTFail() }
    }

    func testManifestHrefsResolvedAndDecoded() throws {
        let opf = EPUBBuilder.opf(manifest: """
            <item id="a" href="text/my%20chapter.xhtml" media-type="application/xhtml+xml"/>
            <item id="b" href="../shared/%E6%97%A5.xhtml" media-type="application/xhtml+xml" properties="scripted  svg"/>
            <item id="nav" href="./nav.xhtml#toc" media-type="application/xhtml+xml" properties="nav"/>
            """, spine: "<itemref idref=\"a\"/><itemref idref=\"b\"/>")
        var b = EPUBBuilder(container: EPUBBuilder.container([("pkg/book/content.opf", "application/oebps-package+xml")]))
        b.add("pkg/book/content.opf", opf)
        b.add("pkg/book/text/my chapter.xhtml", EPUBBuilder.xhtml("<p>Spaced.</p>"))
        b.add("pkg/shared/日.xhtml", EPUBBuilder.xhtml("<p>Sun.</p>"))
        let book = try b.read()
        let items = book.publication.manifest
        XCTAssertEqual(items.map(\.path), ["pkg/book/text/my chapter.xhtml", "pkg/shared/日.xhtml", "pkg/book/nav.xhtml"])
        XCTAssertEqual(items.map(\.id), ["a", "b", "nav"])
        XCTAssertEqual(items[1].properties, ["scripted", "svg"])
        XCTAssertEqual(items[0].mediaType, "application/xhtml+xml")
        XCTAssertEqual(book.document.chapters.map { $0.blocks.map(text) }, [["Spaced."], ["Sun."]])
    }

    func testSpineProperties() throws {
        let book = try read(EPUBBuilder.opf(manifest: threeItems + """
            <item id="c4" href="c4.xhtml" media-type="application/xhtml+xml"/>
            <item id="c5" href="c5.xhtml" media-type="application/xhtml+xml"/>
            """, spine: """
            <itemref idref="c1" properties="page-spread-left"/>
            <itemref idref="c2" properties="rendition:page-spread-right rendition:layout-pre-paginated"/>
            <itemref idref="c3" properties="rendition:page-spread-center"/>
            <itemref idref="c4" properties="page-spread-right rendition:layout-reflowable"/>
            <itemref idref="c5"/>
            """), files: ["c1.xhtml", "c2.xhtml", "c3.xhtml", "c4.xhtml", "c5.xhtml"])
        let spine = book.publication.spine
        XCTAssertEqual(spine.map(\.pageSpread), [.left, .right, .center, .right, nil])
        XCTAssertEqual(spine.map(\.layout), [nil, .prePaginated, nil, .reflowable, nil])
        XCTAssertEqual(spine[1].properties, ["rendition:page-spread-right", "rendition:layout-pre-paginated"])
        XCTAssertEqual(book.document.chapters.map(\.pageSpread), [.left, .right, .center, .right, nil])
    }

    func testPageProgressionDirection() throws {
        for (value, expected) in [("rtl", Direction.rtl), ("ltr", .ltr)] {
            let book = try read(EPUBBuilder.opf(manifest: threeItems, spine: "<itemref idref=\"c1\"/>",
                                                spineAttributes: "page-progression-direction=\"\(value)\""))
            XCTAssertEqual(book.document.metadata.pageProgression, expected)
        }
        let auto = try read(EPUBBuilder.opf(manifest: threeItems, spine: "<itemref idref=\"c1\"/>",
                                            spineAttributes: "page-progression-direction=\"default\""))
        XCTAssertNil(auto.document.metadata.pageProgression)
    }

    func testNonLinearItemsComeAfterLinearOnes() throws {
        let book = try read(EPUBBuilder.opf(manifest: threeItems, spine: """
            <itemref idref="c1" linear="no"/>
            <itemref idref="c2"/>
            <itemref idref="c3" linear="yes"/>
            """))
        XCTAssertEqual(book.publication.spine.map(\.linear), [false, true, true])
        let chapters = book.document.chapters
        XCTAssertEqual(chapters.map(\.href), ["OEBPS/c2.xhtml", "OEBPS/c3.xhtml", "OEBPS/c1.xhtml"])
        XCTAssertEqual(chapters.map(\.spineIndex), [1, 2, 0])
        XCTAssertEqual(chapters.map(\.linear), [true, true, false])
        XCTAssertEqual(chapters.first?.blocks.first?.location.spine, 1)
    }

    func testMissingSpineFileIsSkippedWithWarning() throws {
        let book = try read(EPUBBuilder.opf(manifest: threeItems, spine: """
            <itemref idref="c1"/><itemref idref="c2"/><itemref idref="c3"/><itemref idref="ghost"/>
            """), files: ["c1.xhtml", "c3.xhtml"])
        XCTAssertEqual(book.document.chapters.map(\.href), ["OEBPS/c1.xhtml", "OEBPS/c3.xhtml"])
        XCTAssertTrue(book.diagnostics.contains { $0.severity == .warning && $0.message.contains("OEBPS/c2.xhtml") }, "\(book.diagnostics)")
        XCTAssertTrue(book.diagnostics.contains { $0.message.contains("ghost") }, "\(book.diagnostics)")
    }

    func testUnreadableMediaTypeSkippedWithWarning() throws {
        var b = EPUBBuilder()
        b.add("OEBPS/content.opf", EPUBBuilder.opf(manifest: """
            <item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>
            <item id="p" href="doc.pdf" media-type="application/pdf"/>
            """, spine: "<itemref idref=\"p\"/><itemref idref=\"c1\"/>"))
        b.add("OEBPS/c1.xhtml", EPUBBuilder.xhtml("<p>x</p>"))
        b.add("OEBPS/doc.pdf", "%PDF-1.4")
        let book = try b.read()
        XCTAssertEqual(book.document.chapters.map(\.href), ["OEBPS/c1.xhtml"])
        XCTAssertTrue(book.diagnostics.contains { $0.message.contains("application/pdf") }, "\(book.diagnostics)")
    }

    func testForeignSpineItemUsesManifestFallback() throws {
        var b = EPUBBuilder()
        b.add("OEBPS/content.opf", EPUBBuilder.opf(manifest: """
            <item id="data" href="data.json" media-type="application/json" fallback="mid"/>
            <item id="mid" href="data.xml" media-type="application/xml" fallback="text"/>
            <item id="text" href="text.xhtml" media-type="application/xhtml+xml"/>
            <item id="pic" href="gone.png" media-type="image/png" fallback="alt"/>
            <item id="alt" href="alt.xhtml" media-type="application/xhtml+xml"/>
            <item id="loop1" href="a.bin" media-type="application/octet-stream" fallback="loop2"/>
            <item id="loop2" href="b.bin" media-type="application/octet-stream" fallback="loop1"/>
            """, spine: """
            <itemref idref="data" properties="page-spread-right"/><itemref idref="pic"/><itemref idref="loop1"/>
            """))
        b.add("OEBPS/data.json", "{\"text\": \"json\"}")
        b.add("OEBPS/data.xml", "<data/>")
        b.add("OEBPS/text.xhtml", EPUBBuilder.xhtml("<p>The fallback text.</p>"))
        b.add("OEBPS/alt.xhtml", EPUBBuilder.xhtml("<p>Instead of a missing image.</p>"))
        b.add("OEBPS/a.bin", "x")
        b.add("OEBPS/b.bin", "y")
        let book = try b.read()
        XCTAssertEqual(book.document.chapters.map(\.href), ["OEBPS/text.xhtml", "OEBPS/alt.xhtml"])
        XCTAssertEqual(book.document.chapters.map(\.spineIndex), [0, 1])
        XCTAssertEqual(book.document.chapters.first?.pageSpread, .right)
        XCTAssertEqual(book.document.chapters.flatMap(\.blocks).map(text), ["The fallback text.", "Instead of a missing image."])
        // The cycle ends; the unreadable item is reported and skipped.
        XCTAssertEqual(book.diagnostics.count, 1, "\(book.diagnostics)")
        XCTAssertTrue(book.diagnostics.first?.message.contains("OEBPS/a.bin") == true, "\(book.diagnostics)")
    }

    func testBookLanguageFromXMLLangWhenNoDCLanguage() throws {
        let book = try read(EPUBBuilder.opf(metadata: "<dc:title>t</dc:title>", manifest: threeItems,
                                            spine: "<itemref idref=\"c1\"/>", packageAttributes: "xml:lang=\"nl\""))
        XCTAssertEqual(book.document.metadata.languages, ["nl"])
        XCTAssertEqual(book.document.chapters.first?.language, "nl")
    }

    func testMalformedOPFIsAnError() {
        guard case .malformed(let path, _, _)? = readError({ () throws(ReadError) in try self.read("<package><metadata>") }) else {
            return XCTFail()
        }
        XCTAssertEqual(path, "OEBPS/content.opf")
    }
}
