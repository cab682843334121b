import Foundation
import TestSupport
import XCTest

/// Issue 13, run as a user would: a page too small for the book is refused (exit 64, one line with the minimum,
/// nothing written); a fixed-layout book is one page per spine item, blank ones included; inserted blank pages
/// have no source.
final class PageRulesCommandTests: XCTestCase {
    static let japanese = Data("# 本\n\n日本語の本です。\n".utf8)

    func testAOneCellPageForCJKTextIsRefusedWithTheMinimum() throws {
        for format in ["text", "json"] {
            let run = try Run.quire(["render", "-", "--page", "1x3", "--format", format], stdin: Self.japanese)
            XCTAssertEqual(run.status, 64, format)
            XCTAssertEqual(run.stdout, "", format)
            XCTAssertEqual(run.stderr, "quire: error: -: --page 1x3 is too narrow for this book: its widest character "
                                       + "takes 2 cells; use at least 2x3\n")
        }
        let fits = try Run.quire(["render", "-", "--page", "2x3", "--format", "json"], stdin: Self.japanese)
        XCTAssertEqual(fits.status, 0, fits.stderr)
    }

    func testNothingIsWrittenForARefusedPage() throws {
        let folder = try temporaryFolder()
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        for format in ["text", "json", "html"] {
            let run = try Run.quire(["render", "-", "--page", "1x3", "--format", format, "-o", output.path], stdin: Self.japanese)
            XCTAssertEqual(run.status, 64, format)
            XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), format)
        }
    }

    func testAVerticalPageOneCellAcrossIsRefused() throws {
        let run = try Run.quire(["render", "-", "--page", "1x5", "--writing-mode", "vertical"], stdin: Self.japanese)
        XCTAssertEqual(run.status, 64)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "quire: error: -: --page 1x5 is too narrow for this book: its vertical columns "
                                   + "take 2 cells each; use at least 2x5\n")
        let short = try Run.quire(["render", "-", "--page", "2x1", "--writing-mode", "vertical"], stdin: Self.japanese)
        XCTAssertEqual(short.status, 0, short.stderr)
    }

    func testInfoCountsRefuseTheSamePage() throws {
        let run = try Run.quire(["info", "-", "--page", "1x4", "--json"], stdin: Self.japanese)
        XCTAssertEqual(run.status, 64)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.hasSuffix("use at least 2x4\n"), run.stderr)
    }

    /// An unpacked pre-paginated EPUB: a cover (right), an empty document (left: an intentionally blank page),
    /// a page (right), a document of white space only (left), and a page that asks for the left side again, so a
    /// blank page is inserted before it.
    func fixedLayoutBook() throws -> URL {
        let folder = try temporaryFolder()
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        func write(_ path: String, _ text: String) throws { try writeFile(path, text, in: folder) }
        func xhtml(_ body: String) -> String {
            "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head><body>\(body)</body></html>"
        }
        try write("META-INF/container.xml", """
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>\
            <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """)
        let items: [(id: String, spread: String, body: String?)] = [
            ("cover", "right", "<p>Cover</p>"), ("blank", "left", "<div class=\"page\"></div>"),
            ("one", "right", "<p>One</p>"), ("space", "left", nil), ("two", "left", "<p>Two</p>"),
        ]
        let manifest = items.map { "<item id=\"\($0.id)\" href=\"\($0.id).xhtml\" media-type=\"application/xhtml+xml\"/>" }
        let spine = items.map { "<itemref idref=\"\($0.id)\" properties=\"page-spread-\($0.spread)\"/>" }
        try write("OEBPS/content.opf", """
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">\
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">x</dc:identifier>\
            <dc:title>Fixed</dc:title><dc:language>en</dc:language>\
            <meta property="rendition:layout">pre-paginated</meta></metadata>\
            <manifest>\(manifest.joined())</manifest><spine>\(spine.joined())</spine></package>
            """)
        for item in items { try write("OEBPS/\(item.id).xhtml", item.body.map(xhtml) ?? " \n\t\n") }
        return folder
    }

    func testAFixedLayoutBookIsOnePagePerSpineItem() throws {
        let run = try Run.quire(["render", try fixedLayoutBook().path, "--format", "json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let map = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let pages = try XCTUnwrap(map["pages"] as? [[String: Any]])
        let content = pages.filter { $0["kind"] as? String == "content" }
        let sources = content.compactMap { $0["source"] as? [String: Any] }
        XCTAssertEqual(sources.compactMap { $0["spine"] as? Int }, [0, 1, 2, 3, 4])
        XCTAssertEqual(sources.compactMap { $0["href"] as? String },
                       ["OEBPS/cover.xhtml", "OEBPS/blank.xhtml", "OEBPS/one.xhtml", "OEBPS/space.xhtml", "OEBPS/two.xhtml"])
        for blank in [1, 3] where sources.count == 5 {
            XCTAssertEqual(sources[blank]["start"] as? Int, 0)
            XCTAssertEqual(sources[blank]["end"] as? Int, 0)
            XCTAssertEqual((content[blank]["lines"] as? [String])?.count, 0)
        }
        // The page inserted so that "two" starts on the left is blank and comes from no spine item.
        let inserted = pages.filter { $0["kind"] as? String == "blank" }
        XCTAssertEqual(inserted.count, 1)
        XCTAssertTrue(inserted.allSatisfy { $0["source"] is NSNull })
        XCTAssertEqual(pages.map { $0["number"] as? Int }, Array(1...6))
    }
}
