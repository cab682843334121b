import BookModel
import Hashing
import Layout
@testable import Renderers
import Spreads
import TestSupport
import XCTest

final class HTMLSnapshotTests: XCTestCase {
    func testLTRSpreadFile() throws {
        let (book, result) = Fixture.ltrBook()
        let site = HTMLSite(book: book, pageSize: Fixture.size, spreads: result)
        try assertSnapshot(XCTUnwrap(site.text("spread-0001.html")), named: "ltr-spread-0001.html")
        try assertSnapshot(XCTUnwrap(site.text("spread-0002.html")), named: "ltr-spread-0002-placeholder.html")
        try assertSnapshot(XCTUnwrap(site.text("assets/reader.css")), named: "ltr-reader.css")
    }

    func testIndexWithContents() throws {
        let (book, result) = Fixture.ltrBook()
        let toc = [TOCEntry(title: "One", href: "c1.xhtml", children: [TOCEntry(title: "Part", href: "c1.xhtml#part")]),
                   TOCEntry(title: "Two", href: "c2.xhtml"), TOCEntry(title: "Nowhere", href: "missing.xhtml")]
        let site = HTMLSite(book: book, pageSize: Fixture.size, spreads: result, toc: toc)
        try assertSnapshot(XCTUnwrap(site.text("index.html")), named: "ltr-index.html")
    }

    func testRTLSpreadWithDecorationsAndWideCharacters() throws {
        let pages = [
            Fixture.page(1, [Fixture.line("مرحبا", direction: .rtl), Fixture.line("• نص", direction: .rtl, decorations: [0..<4])],
                         direction: .rtl, language: "ar"),
            Fixture.page(2, [Fixture.line("漢字(かん)", decorations: [6..<17])], direction: .rtl, language: "ja"),
        ]
        let result = SpreadResult(pages: pages, spreads: [Spread(number: 1, slots: [Slot(side: .left, page: 2), Slot(side: .right, page: 1)])],
                                  layout: Fixture.layout(.rtl))
        let site = HTMLSite(book: Fixture.summary(direction: .rtl, language: "ar"), pageSize: Fixture.size, spreads: result)
        try assertSnapshot(XCTUnwrap(site.text("spread-0001.html")), named: "rtl-spread-0001.html")
    }

    func testVerticalPageWithTateChuYoko() throws {
        let pages = [Fixture.page(1, [Fixture.line("明治12年"), Fixture.line("「草枕」")], direction: .ltr,
                                  writingMode: .verticalRL, language: "ja")]
        let result = SpreadResult(pages: pages, spreads: [Spread(number: 1, slots: [Slot(side: .single, page: 1)])],
                                  layout: Fixture.layout(.rtl, spine: .max))
        let site = HTMLSite(book: Fixture.summary(direction: .rtl, language: "ja", writingMode: .verticalRL),
                            pageSize: PageSize(columns: 5, lines: 6), spreads: result)
        try assertSnapshot(XCTUnwrap(site.text("spread-0001.html")), named: "vertical-spread-0001.html")
        try assertSnapshot(XCTUnwrap(site.text("assets/reader.css")), named: "vertical-reader.css")
    }

    func testVerticalAxisScrollBook() throws {
        let (book, result) = Fixture.ltrBook()
        var layout = result.layout
        layout.axis = .vertical
        let spreads = result.spreads.map { spread in
            Spread(number: spread.number, slots: spread.slots.enumerated().map { Slot(side: $0.offset == 0 ? .top : .bottom, page: $0.element.page) })
        }
        let site = HTMLSite(book: book, pageSize: Fixture.size, spreads: SpreadResult(pages: result.pages, spreads: spreads, layout: layout),
                            options: .init(transition: .scroll))
        XCTAssertEqual(site.files().map(\.name), ["index.html", "book.html", "book.json", "assets/reader.css",
                                                  "assets/reader.js"])
        try assertSnapshot(XCTUnwrap(site.text("book.html")), named: "vertical-axis-scroll-book.html")
    }

    func testSingleFile() throws {
        let (book, result) = Fixture.ltrBook()
        let site = HTMLSite(book: book, pageSize: Fixture.size, spreads: result, options: .init(singleFile: true))
        XCTAssertEqual(site.files().map(\.name), ["index.html", "book.json"])
        try assertSnapshot(XCTUnwrap(site.text("index.html")), named: "single-file-index.html")
    }
}

final class HTMLSafetyTests: XCTestCase {
    let hostile = "<script>alert(1)</script>"

    func htmlFiles(_ site: HTMLSite) -> [(String, String)] {
        site.files().filter { $0.name.hasSuffix(".html") }.map { ($0.name, String(decoding: $0.bytes, as: UTF8.self)) }
    }

    /// Every start tag of a document, `<` to `>`: book text is escaped, so it can never open one. The viewer's
    /// own script (constant, checked by its hash) is left out, as its comparisons are not tags.
    func tags(_ html: String) -> [String] {
        var out: [String] = []
        var rest = Substring(html.replacingOccurrences(of: HTMLScript.text, with: ""))
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = String(rest[open...close])
            if !tag.hasPrefix("<script") { out.append(tag) }
            rest = rest[rest.index(after: close)...]
        }
        return out
    }

    func testTitleAndTextStayText() {
        let (book, result) = Fixture.ltrBook(title: hostile, lines: [Fixture.line("<img src=x onerror=alert(2)>"), Fixture.line("a & b \"c\" 'd'")])
        var summary = book
        summary.authors = ["<b onmouseover=alert(3)>"]
        summary.language = "en\" onload=\"alert(4)"
        let toc = [TOCEntry(title: "</a><script>alert(5)</script>", href: "c1.xhtml\" onclick=\"alert(6)")]
        let site = HTMLSite(book: summary, pageSize: Fixture.size, spreads: result, toc: toc, options: .init(singleFile: false))
        for (name, html) in htmlFiles(site) {
            XCTAssertFalse(html.contains("alert(1)</script>"), name)
            XCTAssertFalse(html.contains("<img"), name)
            XCTAssertFalse(html.contains("<b "), name)
            for tag in tags(html) {
                XCTAssertFalse(tag.contains(" on"), "an event handler in \(name): \(tag)")
                XCTAssertFalse(tag.contains(" style="), "a style attribute in \(name): \(tag)")
            }
            XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 1, "only the viewer's script in \(name)")
            XCTAssertEqual(html.components(separatedBy: "<style").count - 1, 0, "no stylesheet inline in \(name)")
            XCTAssertEqual(html.components(separatedBy: "<link rel=\"stylesheet\"").count - 1, 1, "only the viewer's style in \(name)")
            XCTAssertFalse(html.contains(" style="), name)
        }
        let index = site.text("index.html")!
        XCTAssertTrue(index.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>"))
        XCTAssertTrue(index.contains("&lt;b onmouseover=alert(3)&gt;"))
        XCTAssertTrue(index.contains("<html lang=\"\""), "a language that is not a tag is dropped")
        XCTAssertTrue(site.text("spread-0001.html")!.contains("&lt;img src=x onerror=alert(2)&gt;"))
        XCTAssertTrue(site.text("spread-0001.html")!.contains("a &amp; b &quot;c&quot; &#39;d&#39;"))
    }

    /// The whole-string fast path (issue 19) gives what escaping scalar by scalar gives, on random text mixing
    /// plain letters with every kind of character that is escaped, dropped or merely looks close to one.
    func testEscapingFastPathMatchesScalarByScalar() {
        let alphabet: [Unicode.Scalar] = [0x61, 0x20, 0xE9, 0xA0, 0x2019, 0x6F22, 0xFF01, 0x1F600, 0x26, 0x3C, 0x3E, 0x22, 0x27,
                                          0x09, 0x0A, 0x01, 0x7F, 0x85, 0xFDD0, 0xFEFF, 0xFFFE, 0x1FFFF].map { Unicode.Scalar($0)! }
        func reference(_ s: String, dropping: Bool) -> String {
            var out = ""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&#39;"
                default:
                    let v = scalar.value
                    let forbidden = (v < 0x20 && v != 0x09 && v != 0x0A) || (0x7F...0x9F).contains(v)
                        || (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE
                    if !(dropping && forbidden) { out.unicodeScalars.append(scalar) }
                }
            }
            return out
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let plain = Bool.random(using: &generator)
            let count = Int.random(in: 0...12, using: &generator)
            let scalars = (0..<count).map { _ in plain ? alphabet[Int.random(in: 0...5, using: &generator)] : alphabet.randomElement(using: &generator)! }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            XCTAssertEqual(HTMLEscape.text(text), reference(text, dropping: true), text.debugDescription)
            var kept = "x"
            HTMLEscape.append(text, to: &kept, droppingForbidden: false)
            XCTAssertEqual(kept, "x" + reference(text, dropping: false), text.debugDescription)
        }
    }

    func testControlCharactersAreDropped() {
        XCTAssertEqual(HTMLEscape.text("a\u{0}b\u{7}c\u{85}d\u{FFFF}e\tf"), "abcde\tf")
        XCTAssertNil(HTMLEscape.language("en\"x"))
        XCTAssertEqual(HTMLEscape.language("zh-Hant-TW"), "zh-Hant-TW")
    }

    func testEveryPageCarriesTheCSP() {
        let (book, result) = Fixture.ltrBook()
        // The single file carries its stylesheet and script inline, allowed by their hashes.
        let single = HTMLSite(book: book, pageSize: Fixture.size, spreads: result, options: .init(singleFile: true))
        for (name, html) in htmlFiles(single) {
            guard let open = html.range(of: "<style>"), let close = html.range(of: "</style>") else {
                XCTFail("no stylesheet in \(name)"); continue
            }
            let css = String(html[open.upperBound..<close.lowerBound])
            let policy = "default-src 'none'; img-src 'self' data:; style-src \(SHA256.cspSource(css)); script-src \(SHA256.cspSource(HTMLScript.text)); base-uri 'none'; form-action 'none'"
            XCTAssertTrue(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"), name)
            XCTAssertTrue(html.contains("<script>\(HTMLScript.text)</script>"), "the hashed script is the one in \(name)")
            XCTAssertEqual(html.components(separatedBy: "<style>").count, 2, "one stylesheet in \(name)")
            // The policy comes before anything it governs.
            XCTAssertLessThan(html.range(of: "Content-Security-Policy")!.lowerBound, html.range(of: "<style>")!.lowerBound, name)
        }
        // A folder's documents link the site's one stylesheet and script, allowed as 'self', and carry neither.
        for options in [HTMLSite.Options(), .init(transition: .scroll)] {
            let site = HTMLSite(book: book, pageSize: Fixture.size, spreads: result, options: options)
            let files = site.files()
            let css = try! XCTUnwrap(files.first { $0.name == "assets/reader.css" }).bytes
            XCTAssertEqual(try! XCTUnwrap(files.first { $0.name == "assets/reader.js" }).bytes, Array(HTMLScript.text.utf8))
            XCTAssertTrue(String(decoding: css, as: UTF8.self).contains(":root{--fs:"), "the sized stylesheet")
            let policy = "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'"
            let documents = htmlFiles(site)
            XCTAssertFalse(documents.isEmpty)
            for (name, html) in documents {
                XCTAssertTrue(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"), name)
                XCTAssertTrue(html.contains("<link rel=\"stylesheet\" href=\"assets/reader.css\">"), name)
                XCTAssertTrue(html.hasSuffix("<script src=\"assets/reader.js\"></script>\n</body>\n</html>\n"), name)
                XCTAssertFalse(html.contains("<style>") || html.contains("<script>"), "nothing inline in \(name)")
                XCTAssertLessThan(html.range(of: "Content-Security-Policy")!.lowerBound, html.range(of: "assets/reader.css")!.lowerBound, name)
            }
        }
    }

    func testAssetNamesAreGeneratedFromBytes() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 9]
        let frame = Fixture.line("┌────────┐", role: .image, decorations: [0..<"┌────────┐".utf8.count])
        let side = Fixture.line("│[image] │", role: .image, decorations: [0..<"│[image] │".utf8.count])
        let bottom = Fixture.line("└────────┘", role: .image, decorations: [0..<"└────────┘".utf8.count])
        let pages = [Fixture.page(1, [frame, side, bottom]), Fixture.page(2, [frame, side, bottom]),
                     Fixture.page(3, [frame, side, bottom]), Fixture.page(4, [frame, side, bottom])]
        let result = SpreadResult(pages: pages, spreads: [
            Spread(number: 1, slots: [Slot(side: .left, page: 1), Slot(side: .right, page: 2)]),
            Spread(number: 2, slots: [Slot(side: .left, page: 3), Slot(side: .right, page: 4)]),
        ], layout: Fixture.layout())
        let images = HTMLImages(sources: ["../../etc/evil\".png", "pic.gif", "../../etc/evil\".png", "not-an-image.png"],
                                data: ["../../etc/evil\".png": png, "pic.gif": jpeg, "not-an-image.png": Array("<html>".utf8)])
        let site = HTMLSite(book: Fixture.summary(), pageSize: PageSize(columns: 10, lines: 3), spreads: result, images: images)
        let files = site.files()
        XCTAssertEqual(files.map(\.name), ["index.html", "spread-0001.html", "spread-0002.html", "book.json",
                                           "assets/reader.css", "assets/reader.js", "assets/image-0001.png", "assets/image-0002.jpg"])
        XCTAssertEqual(files[6].bytes, png)
        let first = site.text("spread-0001.html")!
        XCTAssertTrue(first.contains("<img src=\"assets/image-0001.png\" alt=\"\">"))
        XCTAssertTrue(first.contains("<img src=\"assets/image-0002.jpg\" alt=\"\">"))
        let second = site.text("spread-0002.html")!
        XCTAssertTrue(second.contains("assets/image-0001.png"), "the same source shares one asset")
        XCTAssertEqual(second.components(separatedBy: "<img").count, 2, "bytes that are no image keep the text placeholder")
        XCTAssertFalse(files.contains { String(decoding: $0.bytes, as: UTF8.self).contains("evil") })

        let single = HTMLSite(book: Fixture.summary(), pageSize: PageSize(columns: 10, lines: 3), spreads: result, images: images,
                              options: .init(singleFile: true))
        XCTAssertEqual(single.files().map(\.name), ["index.html", "book.json"])
        XCTAssertTrue(single.text("index.html")!.contains("<img src=\"data:image/png;base64,iVBORw0KGgoBAgM=\" alt=\"\">"))
    }

    func testSniffing() {
        XCTAssertEqual(HTMLAssets.sniff(Array("GIF89a...".utf8))?.fileExtension, "gif")
        XCTAssertEqual(HTMLAssets.sniff(Array("RIFF\0\0\0\0WEBPVP8 ".utf8))?.fileExtension, "webp")
        XCTAssertEqual(HTMLAssets.sniff(Array("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8))?.mediaType, "image/svg+xml")
        XCTAssertNil(HTMLAssets.sniff(Array("<html><script>".utf8)))
        XCTAssertNil(HTMLAssets.sniff([]))
    }
}

final class HTMLNavigationTests: XCTestCase {
    func testReadingDirectionReachesTheScript() {
        let (book, result) = Fixture.ltrBook()
        var rtl = result
        rtl.layout.direction = .rtl
        let site = HTMLSite(book: book, pageSize: Fixture.size, spreads: rtl)
        let html = site.text("spread-0001.html")!
        // The reader's own words run in the language's direction; the bar runs in the page progression.
        XCTAssertTrue(html.contains("<html lang=\"en\" dir=\"ltr\">"))
        XCTAssertTrue(html.contains("<nav class=\"bar\" aria-label=\"Spread navigation\" dir=\"rtl\">"))
        XCTAssertTrue(html.contains("data-progression=\"rtl\" data-axis=\"horizontal\""))
        XCTAssertTrue(html.contains("<a rel=\"next\" href=\"spread-0002.html\">Next ←</a>"), "in rtl, next points left")
        // The key map the viewer uses: ← is next in rtl, → in ltr; ↑ is next on the vertical axis in rtl.
        XCTAssertTrue(HTMLScript.text.contains("var forward = vertical ? (rtl ? 'ArrowUp' : 'ArrowDown') : (rtl ? 'ArrowLeft' : 'ArrowRight');"))
        XCTAssertTrue(HTMLScript.text.contains("var backward = vertical ? (rtl ? 'ArrowDown' : 'ArrowUp') : (rtl ? 'ArrowRight' : 'ArrowLeft');"))
    }

    func testLinksWorkWithoutScript() {
        let (book, result) = Fixture.ltrBook()
        let site = HTMLSite(book: book, pageSize: Fixture.size, spreads: result)
        let first = site.text("spread-0001.html")!
        XCTAssertTrue(first.contains("<a rel=\"next\" href=\"spread-0002.html\">Next →</a>"))
        XCTAssertTrue(first.contains("<a class=\"contents\" href=\"index.html\">Contents</a>"))
        XCTAssertTrue(first.contains("data-first=\"spread-0001.html\" data-last=\"spread-0002.html\""))
        let second = site.text("spread-0002.html")!
        XCTAssertTrue(second.contains("<a rel=\"prev\" href=\"spread-0001.html\">← Previous</a>"))
        XCTAssertTrue(second.contains("<span class=\"off\">Next →</span>"))
    }

    func testContentsPointAtThePageOfTheChapter() {
        let (book, result) = Fixture.ltrBook()
        let toc = [TOCEntry(title: "Two", href: "c2.xhtml#x"), TOCEntry(title: "Sp ace", href: "c%201.xhtml")]
        var pages = result.pages
        pages[0].source.href = "c 1.xhtml"
        let site = HTMLSite(book: book, pageSize: Fixture.size,
                            spreads: SpreadResult(pages: pages, spreads: result.spreads, layout: result.layout), toc: toc)
        let index = site.text("index.html")!
        XCTAssertTrue(index.contains("<li><a href=\"spread-0002.html#p3\">Two</a></li>"), index)
        XCTAssertTrue(index.contains("<li><a href=\"spread-0001.html#p1\">Sp ace</a></li>"))
    }

    func testEmptyBook() {
        let result = SpreadResult(pages: [], spreads: [], layout: Fixture.layout())
        let site = HTMLSite(book: Fixture.summary(title: nil), pageSize: Fixture.size, spreads: result)
        XCTAssertEqual(site.files().map(\.name), ["index.html", "book.json", "assets/reader.css", "assets/reader.js"])
        XCTAssertTrue(site.text("index.html")!.contains("<title>Untitled</title>"))
    }

    func testDeterministicAndSameJSONAsTheJSONFormat() {
        let (book, result) = Fixture.ltrBook()
        let site = HTMLSite(book: book, pageSize: Fixture.size, spreads: result)
        XCTAssertEqual(site.files(), site.files())
        let json = PageMap.json(book: book, pageSize: Fixture.size, spreads: result).serialized(pretty: true) + "\n"
        XCTAssertEqual(site.text("book.json"), json)
    }

    func testImageBoxesCountThroughTheBook() {
        let top = Fixture.line("+--+", role: .image, decorations: [0..<4])
        let middle = Fixture.line("|ab|", role: .image, decorations: [0..<1, 3..<4])
        let bottom = Fixture.line("+--+", role: .image, decorations: [0..<4])
        let loose = Fixture.line("[image]", role: .image, decorations: [0..<7])
        let pages = [Fixture.page(1, [top, middle]), Fixture.page(2, [middle, bottom, top, bottom, Fixture.line("x"), loose, loose])]
        // A box that runs on from the page before is drawn where it starts only: its picture is shown once.
        XCTAssertEqual(HTMLAssets.imageBoxes(pages), [[0, 0], [nil, nil, 1, 1, nil, 2, 2]])
        // An unframed placeholder longer than a page, and a scaled-down box centred on its line.
        let centredTop = Fixture.line("  +--+", role: .image, decorations: [0..<6])
        let centredMiddle = Fixture.line("  |ab|", role: .image, decorations: [0..<3, 5..<6])
        let centredBottom = Fixture.line("  +--+", role: .image, decorations: [0..<6])
        let long = [Fixture.page(1, [Fixture.line("x"), loose]), Fixture.page(2, [loose, Fixture.line("y"), centredTop]),
                    Fixture.page(3, [centredMiddle, centredBottom])]
        XCTAssertEqual(HTMLAssets.imageBoxes(long), [[nil, 0], [nil, nil, 1], []])
        let whole = [Fixture.page(1, [centredTop, centredMiddle, centredBottom, loose])]
        XCTAssertEqual(HTMLAssets.imageBoxes(whole), [[0, 0, 0, 1]])
    }
}

final class SHA256Tests: XCTestCase {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() }

    func testKnownVectors() {
        XCTAssertEqual(hex(SHA256.digest([])), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex(SHA256.digest(Array("abc".utf8))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(hex(SHA256.digest(Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8))),
                       "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        XCTAssertEqual(hex(SHA256.digest([UInt8](repeating: 0x61, count: 1_000_000))),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // 55 and 56 bytes straddle the padding boundary.
        XCTAssertEqual(hex(SHA256.digest([UInt8](repeating: 0x61, count: 55))), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        XCTAssertEqual(hex(SHA256.digest([UInt8](repeating: 0x61, count: 56))), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    }

    func testCSPSourceAndBase64() {
        XCTAssertEqual(SHA256.cspSource("alert('Hello, world.');"), "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='")
        XCTAssertEqual(base64(Array("".utf8)), "")
        XCTAssertEqual(base64(Array("f".utf8)), "Zg==")
        XCTAssertEqual(base64(Array("fo".utf8)), "Zm8=")
        XCTAssertEqual(base64(Array("foobar".utf8)), "Zm9vYmFy")
    }
}
