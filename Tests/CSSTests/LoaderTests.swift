import XCTest
@testable import CSS

/// `@import` chains: order, relative paths, media, cycles and bounds.
final class LoaderTests: XCTestCase {
    /// A loader over an in-memory container.
    private func load(_ files: [String: String], _ sources: [StyleSource], maxDepth: Int = 16) -> StylesheetLoader.Result {
        var loader = StylesheetLoader(cache: SheetCache { files[$0].map { Array($0.utf8) } })
        loader.maxDepth = maxDepth
        return loader.load(sources)
    }

    func testImportsComeBeforeTheImportingSheetInOrder() {
        let files = ["OEBPS/css/main.css": "@import 'a.css'; @import url(../shared/b.css); p { x: y }",
                     "OEBPS/css/a.css": "@import \"c.css\";", "OEBPS/shared/b.css": "", "OEBPS/css/c.css": ""]
        let r = load(files, [.linked(path: "OEBPS/css/main.css", media: nil)])
        XCTAssertEqual(r.sheets.map(\.label), ["OEBPS/css/c.css", "OEBPS/css/a.css", "OEBPS/shared/b.css", "OEBPS/css/main.css"])
        XCTAssertEqual(r.warnings, [])
    }

    func testCyclesAreCutAndReported() {
        let files = ["a.css": "@import 'b.css'; p { text-align: left }", "b.css": "@import 'a.css'; p { text-align: right }"]
        let r = load(files, [.linked(path: "a.css", media: nil)])
        XCTAssertEqual(r.sheets.map(\.label), ["b.css", "a.css"])
        XCTAssertEqual(r.warnings.count, 1)
        XCTAssertTrue(r.warnings[0].contains("cycle"), r.warnings[0])
        let self_ = load(["s.css": "@import 's.css';"], [.linked(path: "s.css", media: nil)])
        XCTAssertEqual(self_.sheets.map(\.label), ["s.css"])
    }

    func testDepthIsBounded() {
        var files: [String: String] = [:]
        for i in 0..<40 { files["s\(i).css"] = "@import 's\(i + 1).css';" }
        let r = load(files, [.linked(path: "s0.css", media: nil)], maxDepth: 16)
        XCTAssertEqual(r.sheets.count, 16)
        XCTAssertTrue(r.warnings.contains { $0.contains("deeper") })
    }

    func testMissingSheetsAndRemoteURLsAreWarnings() {
        let r = load(["a.css": "@import 'gone.css'; @import 'http://example.com/x.css';"], [.linked(path: "a.css", media: nil), .linked(path: "b.css", media: nil)])
        XCTAssertEqual(r.sheets.map(\.label), ["a.css"])
        XCTAssertEqual(r.warnings.count, 3)
    }

    func testMediaOfLinksAndImportsIsCarried() {
        let files = ["a.css": "@import 'p.css' print; p { text-align: center }", "p.css": "p { text-align: right }"]
        let r = load(files, [.linked(path: "a.css", media: "screen")])
        XCTAssertEqual(r.sheets.map(\.media.count), [2, 1])
        let t = TestTree("<html><p>x</p></html>")
        XCTAssertEqual(t.styles(StyleResolver(sheets: r.sheets))[1].textAlign, .center)
        let printOnly = load(files, [.linked(path: "a.css", media: "print")])
        XCTAssertEqual(t.styles(StyleResolver(sheets: printOnly.sheets))[1].textAlign, .start)
    }

    func testEmbeddedStyleImportsResolveAgainstTheDocument() {
        let files = ["OEBPS/css/x.css": "p { text-align: center }"]
        let r = load(files, [.embedded(text: "@import '../css/x.css'; p { text-indent: 1em }", documentPath: "OEBPS/text/ch1.xhtml", media: nil)])
        XCTAssertEqual(r.sheets.map(\.label), ["OEBPS/css/x.css", "<style> in OEBPS/text/ch1.xhtml"])
    }

    func testEachSheetIsParsedOncePerCache() {
        final class Counter: @unchecked Sendable { var reads = 0 }
        let counter = Counter()
        let cache = SheetCache { _ in counter.reads += 1; return Array("p { display: block }".utf8) }
        let loader = StylesheetLoader(cache: cache)
        for _ in 0..<5 { _ = loader.load([.linked(path: "book.css", media: nil)]) }
        XCTAssertEqual(counter.reads, 1)
    }

    func testTotalBytesAreBounded() {
        let big = String(repeating: "p { display: block }\n", count: 100)
        var loader = StylesheetLoader(cache: SheetCache { _ in Array(big.utf8) })
        loader.maxTotalBytes = big.utf8.count * 2
        let r = loader.load((0..<5).map { .linked(path: "s\($0).css", media: nil) })
        XCTAssertEqual(r.sheets.count, 2)
        XCTAssertEqual(r.warnings.count, 3)
    }

    func testResolve() {
        XCTAssertEqual(StylesheetLoader.resolve("b.css", against: "OEBPS/css/a.css"), "OEBPS/css/b.css")
        XCTAssertEqual(StylesheetLoader.resolve("../x/b.css#f", against: "OEBPS/css/a.css"), "OEBPS/x/b.css")
        XCTAssertEqual(StylesheetLoader.resolve("./my%20sheet.css", against: "a.css"), "my sheet.css")
        XCTAssertEqual(StylesheetLoader.resolve("/root.css", against: "OEBPS/css/a.css"), "root.css")
        XCTAssertNil(StylesheetLoader.resolve("../../../b.css", against: "OEBPS/a.css"))
        XCTAssertNil(StylesheetLoader.resolve("https://example.com/a.css", against: "a.css"))
    }
}
