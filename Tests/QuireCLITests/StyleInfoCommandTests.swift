import Foundation
import TestSupport
import XCTest

/// `quire info` says which CSS rule decided each document's writing mode (issue 15), in text and JSON, and the
/// render follows it: an EBPAJ-shaped book (`<html class="vrtl">`, the class rule in an imported sheet) is
/// paginated vertically.
final class StyleInfoCommandTests: XCTestCase {
    private func ebpajBook() throws -> URL {
        let folder = try temporaryFolder(self)
        func write(_ path: String, _ text: String) throws { try writeFile(path, text, in: folder) }
        try write("META-INF/container.xml", """
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>\
            <rootfile full-path="item/standard.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """)
        try write("item/standard.opf", """
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">\
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">x</dc:identifier>\
            <dc:title>縦書きの本</dc:title><dc:language>ja</dc:language></metadata>\
            <manifest><item id="p1" href="xhtml/p-001.xhtml" media-type="application/xhtml+xml"/>\
            <item id="css" href="style/book-style.css" media-type="text/css"/></manifest>\
            <spine page-progression-direction="rtl"><itemref idref="p1"/></spine></package>
            """)
        try write("item/style/book-style.css", """
            @charset "UTF-8";
            @import url("style-standard.css");
            html, .hltr { -epub-writing-mode: horizontal-tb; writing-mode: horizontal-tb; }
            """)
        try write("item/style/style-standard.css", """
            .vrtl { -epub-writing-mode: vertical-rl; writing-mode: vertical-rl; }
            .pagebreak { page-break-before: always; }
            .hidden { display: none; }
            """)
        try write("item/xhtml/p-001.xhtml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" class="vrtl" xml:lang="ja"><head><title>一</title>\
            <link rel="stylesheet" type="text/css" href="../style/book-style.css"/></head>\
            <body><div class="main"><p>吾輩は猫である。名前はまだ無い。</p><p class="hidden">隠す</p>\
            <div class="pagebreak"></div><p>二の章。</p></div></body></html>
            """)
        return folder
    }

    func testInfoNamesTheRuleThatDecided() throws {
        let book = try ebpajBook()
        let text = try Run.quire(["info", book.path])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("Writing mode:     vertical-rl\n"), text.stdout)
        XCTAssertTrue(text.stdout.contains("item/xhtml/p-001.xhtml [vertical-rl (.vrtl in style-standard.css)]"), text.stdout)
        let json = try Run.quire(["info", book.path, "--json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let spine = try XCTUnwrap(object["spine"] as? [[String: Any]])
        XCTAssertEqual(spine.first?["writingMode"] as? String, "vertical-rl")
        XCTAssertEqual(spine.first?["writingModeSource"] as? String, ".vrtl in style-standard.css")
    }

    func testRenderFollowsTheCascade() throws {
        let run = try Run.quire(["render", try ebpajBook().path, "--format", "json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let map = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let pages = try XCTUnwrap(map["pages"] as? [[String: Any]])
        XCTAssertEqual(Set(pages.compactMap { $0["writingMode"] as? String }), ["vertical-rl"])
        // `.pagebreak` starts a page although the first one has room; `.hidden` text is on no page.
        let content = pages.filter { $0["kind"] as? String == "content" }
        let lines = content.map { ($0["lines"] as? [String] ?? []).joined() }
        XCTAssertEqual(content.count, 2, "\(lines)")
        XCTAssertTrue(lines.last?.contains("二") ?? false, "\(lines)")
        XCTAssertFalse(lines.joined().contains("隠"), "\(lines)")
    }

    /// Kusamakura offers a horizontal alternate style sheet (横組) beside its preferred vertical one (縦組).
    func testStylesheetChoosesAnAlternateSet() throws {
        let book = try corpus().appendingPathComponent("epub/kusamakura-japanese-vertical-writing.epub").path
        func modes(_ extra: [String]) throws -> Set<String> {
            let run = try Run.quire(["render", book, "--format", "json", "--quiet"] + extra)
            XCTAssertEqual(run.status, 0, run.stderr)
            let map = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let pages = try XCTUnwrap(map["pages"] as? [[String: Any]])
            return Set(pages.filter { $0["kind"] as? String == "content" }.compactMap { $0["writingMode"] as? String })
        }
        XCTAssertEqual(try modes([]), ["vertical-rl"])
        XCTAssertEqual(try modes(["--stylesheet", "横組"]), ["horizontal-tb"])
        let unknown = try Run.quire(["info", book, "--stylesheet", "Horizontal"])
        XCTAssertEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("no style sheet titled 'Horizontal'; the book offers '横組', '縦組'"),
                      unknown.stderr)
        let empty = try Run.quire(["info", book, "--stylesheet", ""])
        XCTAssertEqual(empty.status, 64)
    }
}
