import BookModel
@testable import BookReaders
import Dispatch
import Synchronization
import XCTest

final class MarkdownReaderTests: XCTestCase {
    func testFrontMatterFillsMetadata() throws {
        let (document, diagnostics) = try MarkdownReader.read(paths: [fixturePath("front-matter.md")])
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(document.metadata.titles, ["The Front Title"])
        XCTAssertEqual(document.metadata.authors, ["Ann Author", "Bob Writer"])
        XCTAssertEqual(document.metadata.languages, ["en-GB"])
        XCTAssertEqual(document.metadata.writingMode, .verticalRL)
        XCTAssertEqual(document.metadata.pageProgression, .rtl)
        XCTAssertEqual(document.chapters.count, 1)
        let chapter = document.chapters[0]
        XCTAssertEqual(chapter.title, "First Heading")
        XCTAssertEqual(chapter.href, "front-matter.md")
        XCTAssertEqual(chapter.language, "en-GB")
        XCTAssertEqual(chapter.direction, .ltr)
        XCTAssertEqual(chapter.writingMode, .verticalRL)
        XCTAssertEqual(chapter.blocks, [
            Block(.heading(level: 1, [plain("First Heading")]), location: SourceLocation(spine: 0, href: "front-matter.md", offset: 0)),
            Block(.paragraph([plain("Body text.")]), location: SourceLocation(spine: 0, href: "front-matter.md", offset: 13)),
        ])
    }

    func testSingleAuthorAndShortWritingMode() throws {
        let (document, diagnostics) = try readMarkdown("---\nauthor: Solo\nwriting-mode: horizontal\ndir: rtl\n---\nText\n")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(document.metadata.authors, ["Solo"])
        XCTAssertEqual(document.metadata.writingMode, .horizontalTB)
        XCTAssertEqual(document.metadata.pageProgression, .rtl)
        XCTAssertEqual(document.chapters[0].direction, .rtl)
    }

    func testFrontMatterWithByteOrderMarkAndCRLF() throws {
        let (document, diagnostics) = try readMarkdown("\u{FEFF}---\r\ntitle: Windows\r\nlang: he\r\n---\r\nBody\r\n")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(document.metadata.titles, ["Windows"])
        XCTAssertEqual(document.metadata.languages, ["he"])
        XCTAssertEqual(kinds(document), [[.paragraph([plain("Body")])]])
    }

    /// A lone scalar between two rules is a setext heading, not front matter.
    func testScalarBetweenRulesIsMarkdown() throws {
        let (document, diagnostics) = try readMarkdown("---\nFoo\n---\nBar\n")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(kinds(document), [[.rule, .heading(level: 2, [plain("Foo")]), .paragraph([plain("Bar")])]])
    }

    func testBadYAMLWarnsWithLineAndBodyStillRenders() throws {
        let (document, diagnostics) = try MarkdownReader.read(paths: [fixturePath("bad-yaml.md")])
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?.severity, .warning)
        XCTAssertTrue(diagnostics.first?.message.hasPrefix("front matter: line 4: ") ?? false, "\(diagnostics)")
        XCTAssertEqual(kinds(document), [[.paragraph([plain("Body still renders.")])]])
        // No front matter title: the file name stands in.
        XCTAssertEqual(document.metadata.titles, ["bad-yaml"])
        XCTAssertEqual(document.chapters[0].title, "bad-yaml")
    }

    func testUnknownFrontMatterValueWarns() throws {
        let (document, diagnostics) = try readMarkdown("---\ntitle: T\ndir: sideways\n---\n# H\n")
        XCTAssertEqual(diagnostics, [.warning("front matter: line 3: unknown dir 'sideways'")])
        XCTAssertEqual(document.metadata.titles, ["T"])
    }

    func testUnclosedFrontMatterIsMarkdown() throws {
        let (document, _) = try readMarkdown("---\ntitle: T\n")
        XCTAssertEqual(kinds(document), [[.rule, .paragraph([plain("title: T")])]])
    }

    func testFolderReadsMarkdownFilesInNaturalOrder() throws {
        let (document, diagnostics) = try MarkdownReader.read(paths: [fixturePath("book")])
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(document.chapters.map(\.href),
                       ["appendix.markdown", "ch1.md", "ch1.md", "ch2.md", "ch10.md"])
        XCTAssertEqual(document.chapters.map(\.title),
                       ["appendix", "Opening", "Chapter One", "Chapter Two", "Chapter Ten"])
        XCTAssertEqual(document.chapters.map(\.spineIndex), [0, 1, 2, 3, 4])
        XCTAssertEqual(document.metadata.titles, ["Opening"])
        XCTAssertEqual(document.toc.map(\.href),
                       ["appendix.markdown", "ch1.md", "ch1.md#chapter-one", "ch2.md#chapter-two", "ch10.md#chapter-ten"])
        XCTAssertEqual(document.chapters[2].blocks.map(\.location), [
            SourceLocation(spine: 2, href: "ch1.md", offset: 0), SourceLocation(spine: 2, href: "ch1.md", offset: 11),
        ])
    }

    func testNaturalOrder() {
        let names = ["ch10.md", "ch2.md", "Ch1.md", "ch02b.md", "a.md", "ch1.md"]
        XCTAssertEqual(names.sorted(by: MarkdownNaturalOrder.precedes),
                       ["a.md", "Ch1.md", "ch1.md", "ch2.md", "ch02b.md", "ch10.md"])
    }

    func testSeveralFilesInTheGivenOrderAndWarningsNameTheFile() throws {
        let (document, diagnostics) = try MarkdownReader.read(paths: [fixturePath("book/ch2.md"), fixturePath("bad-yaml.md")])
        XCTAssertEqual(document.chapters.map(\.href), ["ch2.md", "bad-yaml.md"])
        XCTAssertTrue(diagnostics.first?.message.hasPrefix("bad-yaml.md: front matter: line 4:") ?? false, "\(diagnostics)")
    }

    func testMissingInputAndEmptyFolder() throws {
        XCTAssertThrowsError(try MarkdownReader.read(paths: [fixturePath("nope.md")])) { error in
            XCTAssertEqual(error as? ReadError, .notFound(fixturePath("nope.md")))
        }
        XCTAssertThrowsError(try MarkdownReader.read(paths: [fixturePath("img")])) { error in
            XCTAssertEqual((error as? ReadError)?.isMissingInput, false)
        }
    }

    func testSplitHeadings() throws {
        let path = fixturePath("split.md")
        let (one, _) = try MarkdownReader.read(paths: [path])
        XCTAssertEqual(one.chapters.map(\.title), ["split", "Part A", "Part B"])
        XCTAssertEqual(kinds(one)[1], [
            .heading(level: 1, [plain("Part A")]), .paragraph([plain("Text of A.")]),
            .heading(level: 2, [plain("Section A.1")]), .paragraph([plain("More A.")]),
        ])
        let (two, _) = try MarkdownReader.read(paths: [path], options: MarkdownOptions(splitHeadings: 2))
        XCTAssertEqual(two.chapters.map(\.title), ["split", "Part A", "Section A.1", "Part B"])
        let (none, _) = try MarkdownReader.read(paths: [path], options: MarkdownOptions(splitHeadings: 0))
        XCTAssertEqual(none.chapters.map(\.title), ["split"])
        XCTAssertEqual(none.metadata.titles, ["Part A"])
    }

    func testFootnotesBecomeEndnotesOfTheirChapter() throws {
        let (document, diagnostics) = try MarkdownReader.read(paths: [fixturePath("footnotes.md")])
        XCTAssertEqual(diagnostics, [])
        // References are note references; each note starts with the same raised marker, without that bit.
        let superscripts: [Character] = ["⁰", "¹", "²"]
        let mark = { (n: Int) in Inline.text(String(superscripts[n]), .superscript) }
        let ref = { (n: Int) in Inline.text(String(superscripts[n]), [.superscript, .noteReference]) }
        XCTAssertEqual(kindsUnwrappingNotes(document), [[
            .paragraph([plain("Alpha"), ref(1), plain(" and beta"), ref(2), plain(" and alpha again"), ref(1), plain(".")]),
            .rule,
            .paragraph([mark(1), plain(" Note for alpha.")]),
            .preformatted("indented code in the note"),
            .paragraph([mark(2), plain(" Note for beta.")]),
        ]])
        // Each note is a note block Layout can move, named by the references that show its marker.
        XCTAssertEqual(noteKeys(document), [["footnotes.md#footnote-0-1", "footnotes.md#footnote-0-2"]])
        XCTAssertEqual(document.chapters[0].noteReferences.map(\.target),
                       ["footnotes.md#footnote-0-1", "footnotes.md#footnote-0-2", "footnotes.md#footnote-0-1"])
        XCTAssertEqual(document.chapters[0].noteReferences.map(\.offset), [5, 15, 32])
    }

    func testFootnotesNumberPerChapter() throws {
        let (document, _) = try readMarkdown("# One\n\nA[^a]\n\n# Two\n\nB[^b] A[^a]\n\n[^a]: Note a.\n[^b]: Note b.\n")
        let superscripts: [Character] = ["⁰", "¹", "²"]
        let mark = { (n: Int) in Inline.text(String(superscripts[n]), .superscript) }
        let ref = { (n: Int) in Inline.text(String(superscripts[n]), [.superscript, .noteReference]) }
        XCTAssertEqual(kindsUnwrappingNotes(document)[1], [
            .heading(level: 1, [plain("Two")]),
            .paragraph([plain("B"), ref(1), plain(" A"), ref(2)]),
            .rule,
            .paragraph([mark(1), plain(" Note b.")]),
            .paragraph([mark(2), plain(" Note a.")]),
        ])
    }

    func testTables() throws {
        let (document, _) = try MarkdownReader.read(paths: [fixturePath("table.md")])
        let cell = { (text: String, header: Bool) in
            TableCell(blocks: [Block(.paragraph([plain(text)]), location: MarkdownBlockBuilder.unplaced)], header: header)
        }
        guard case .table(var table)? = document.chapters.first?.blocks.first?.kind else { return XCTFail("no table") }
        // Locations are checked apart: offsets run through the cells.
        XCTAssertEqual(table.rows[2].cells[0].blocks[0].location.offset, 13)
        for r in table.rows.indices {
            for c in table.rows[r].cells.indices {
                for b in table.rows[r].cells[c].blocks.indices { table.rows[r].cells[c].blocks[b].location = MarkdownBlockBuilder.unplaced }
            }
        }
        XCTAssertEqual(table.rows, [
            TableRow(cells: [cell("Name", true), cell("Value", true)]),
            TableRow(cells: [cell("one", false),
                             TableCell(blocks: [Block(.paragraph([.text("1", .strong)]), location: MarkdownBlockBuilder.unplaced)])]),
            TableRow(cells: [cell("two", false), TableCell(blocks: [])]),
        ])
    }

    func testTaskListsAndOrderedStart() throws {
        let (document, _) = try MarkdownReader.read(paths: [fixturePath("tasks.md")])
        let blocks = document.chapters[0].blocks
        guard case .list(let tasks) = blocks[0].kind, case .list(let numbered) = blocks[1].kind else {
            return XCTFail("\(blocks)")
        }
        XCTAssertFalse(tasks.ordered)
        XCTAssertEqual(tasks.items.map(\.marker), ["☐", "☑", nil])
        XCTAssertEqual(tasks.items.map { $0.blocks.map(\.kind) },
                       [[.paragraph([plain("open task")])], [.paragraph([plain("done task")])], [.paragraph([plain("plain item")])]])
        XCTAssertTrue(numbered.ordered)
        XCTAssertEqual(numbered.start, 3)
        XCTAssertEqual(numbered.items.count, 2)
        XCTAssertEqual(blocks[1].location.offset, 28)
    }

    func testNestedListsAndQuotes() throws {
        let (document, _) = try readMarkdown("> quoted\n>\n> - a\n>   - b\n")
        XCTAssertEqual(kinds(document), [[.quote([
            Block(.paragraph([plain("quoted")]), location: SourceLocation(spine: 0, href: "-", offset: 0)),
            Block(.list(ListBlock(ordered: false, items: [ListItem(blocks: [
                Block(.paragraph([plain("a")]), location: SourceLocation(spine: 0, href: "-", offset: 6)),
                Block(.list(ListBlock(ordered: false, items: [ListItem(blocks: [
                    Block(.paragraph([plain("b")]), location: SourceLocation(spine: 0, href: "-", offset: 7)),
                ])])), location: SourceLocation(spine: 0, href: "-", offset: 7)),
            ])])), location: SourceLocation(spine: 0, href: "-", offset: 6)),
        ])]])
    }

    func testImagesSplitOutAndMissingOnesWarn() throws {
        let (document, diagnostics) = try MarkdownReader.read(paths: [fixturePath("images.md")])
        XCTAssertEqual(diagnostics, [.warning("image not found: img/missing.png")])
        XCTAssertEqual(kinds(document), [[
            .paragraph([plain("Before ")]),
            .image(ImageRef(source: "img/present.png", alt: "a present image")),
            .paragraph([plain(" middle ")]),
            .image(ImageRef(source: "img/missing.png", alt: "gone")),
            .paragraph([plain(" after.")]),
            .image(ImageRef(source: "https://example.com/x.png", alt: "remote")),
        ]])
    }

    func testCodeBreaksAndInlineStyles() throws {
        let (document, _) = try MarkdownReader.read(paths: [fixturePath("code.md")])
        XCTAssertEqual(kinds(document), [[
            .preformatted("let x = 1\n    indented  keeps   spaces\n"),
            .preformatted("indented code"),
            .rule,
            .paragraph([plain("Line one"), .lineBreak, plain("line two soft break "), .text("struck", .strikethrough),
                        plain(" "), .text("code", .code), plain(" "), .text("link", .link), plain(" "),
                        .text("https://auto.example", .link)]),
        ]])
    }

    func testRightToLeftGuesses() throws {
        let (document, _) = try MarkdownReader.read(paths: [fixturePath("rtl.md")])
        let blocks = document.chapters[0].blocks
        XCTAssertEqual(blocks.map(\.direction), [.rtl, .rtl, .rtl, nil, .rtl])
        XCTAssertEqual(blocks.map(\.language), [nil, nil, nil, nil, nil])
        XCTAssertEqual(document.metadata.pageProgression, .rtl)
        XCTAssertEqual(document.chapters[0].direction, .rtl)
        XCTAssertEqual(document.metadata.languages, ["ar"])
        let (persian, _) = try readMarkdown("یک پاراگراف فارسی.\n\nپاراگراف دوم گ.\n")
        XCTAssertEqual(persian.metadata.languages, ["fa"])
        let (hebrew, _) = try readMarkdown("שלום עולם.\n")
        XCTAssertEqual(hebrew.metadata.languages, ["he"])
        XCTAssertEqual(hebrew.metadata.pageProgression, .rtl)
        let (english, _) = try readMarkdown("Hello.\n\nשלום.\n\nWorld.\n")
        XCTAssertNil(english.metadata.pageProgression)
        XCTAssertEqual(english.metadata.languages, [])
    }

    func testCJKGuesses() throws {
        let (document, _) = try MarkdownReader.read(paths: [fixturePath("cjk.md")])
        // Kanji-only blocks of a Japanese book are Japanese too.
        XCTAssertEqual(document.chapters[0].blocks.map(\.language), ["ja", "ja", "ja", nil])
        XCTAssertEqual(document.metadata.languages, ["ja"])
        XCTAssertEqual(document.chapters[0].language, "ja")
        let (chinese, _) = try readMarkdown("这是中文段落。\n")
        XCTAssertEqual(chinese.chapters[0].blocks.map(\.language), ["zh"])
        XCTAssertEqual(chinese.metadata.languages, ["zh"])
        let (declared, _) = try readMarkdown("---\nlang: zh-Hant\n---\nこれは\n")
        XCTAssertEqual(declared.chapters[0].blocks.map(\.language), [nil])
        XCTAssertEqual(declared.metadata.languages, ["zh-Hant"])
    }

    func testStandardInputData() throws {
        let (document, diagnostics) = try readMarkdown("Intro\n\n# Title\n\nText\n")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(document.chapters.map(\.href), ["-", "-"])
        XCTAssertEqual(document.chapters.map(\.title), [nil, "Title"])
        XCTAssertEqual(document.metadata.titles, ["Title"])
    }

    func testEmptyInputIsOneEmptyChapter() throws {
        let (document, diagnostics) = try readMarkdown("")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(document.chapters.count, 1)
        XCTAssertEqual(document.chapters[0].blocks, [])
    }

    func testDeepNestingIsFlattenedNotCrashing() throws {
        let text = String(repeating: "> ", count: 5000) + "deep\n"
        let (document, diagnostics) = try readMarkdown(text)
        XCTAssertEqual(normalizedWhitespace(visibleText(document)), "deep")
        XCTAssertEqual(diagnostics.count, 1)
    }

    /// Raw HTML goes through the XHTML importer: blocks become blocks, inline tags style the Markdown around them,
    /// and footnote markers and images inside such a paragraph survive the trip.
    func testRawHTMLGoesThroughTheImporter() throws {
        let (document, diagnostics) = try MarkdownReader.read(paths: [fixturePath("raw-html.md")])
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(kinds(document), [[
            .paragraph([.text("Inside a block", .strong)]),
            .paragraph([plain("Text with "), .text("bold", .strong), plain(" tags"), .lineBreak, plain("and a break.")]),
        ]])
        let (notes, _) = try readMarkdown("A <i>b</i>[^n] ![pic](x.png) **c**\n\n[^n]: Note.\n")
        XCTAssertEqual(kindsUnwrappingNotes(notes), [[
            .paragraph([plain("A "), .text("b", .emphasis), .text("¹", [.superscript, .noteReference]), plain(" ")]),
            .image(ImageRef(source: "x.png", alt: "pic")),
            .paragraph([plain(" "), .text("c", .strong)]),
            .rule,
            .paragraph([.text("¹", .superscript), plain(" Note.")]),
        ]])
        let (scripted, _) = try readMarkdown("<script>alert(1)</script>\n\n<p dir=\"rtl\">x</p>\n")
        XCTAssertEqual(visibleText(scripted), "x")
        XCTAssertEqual(scripted.chapters[0].blocks.map(\.direction), [.rtl])
    }

    /// cmark-gfm keeps global state; reads from several threads at once must neither crash nor differ.
    func testConcurrentReadsAgree() throws {
        let text = "# T\n\n| a | b |\n|---|---|\n| ~~x~~ | www.example.com |\n\n- [x] done[^1]\n\n[^1]: Note.\n"
        let expected = try readMarkdown(text).document
        let results = Mutex<[Document]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            if let document = try? MarkdownReader.read(data: Array(text.utf8)).document {
                results.withLock { $0.append(document) }
            }
        }
        XCTAssertEqual(results.withLock { $0 }, Array(repeating: expected, count: 16))
    }

    func testImageResolution() {
        let images = MarkdownImages(folders: ["/nonexistent"])
        XCTAssertEqual(MarkdownAssembler.resolveImage("data:image/png;base64,AAAA", directory: "/nonexistent", images: images).missing, false)
        XCTAssertEqual(MarkdownAssembler.resolveImage("sub/./x/../a%20b.png#x", directory: "/nonexistent/doc", images: images).source,
                       "doc/sub/a b.png")
        let outside = MarkdownAssembler.resolveImage("../../up.png", directory: "/nonexistent/doc", images: images)
        XCTAssertEqual(outside.source, "../up.png")
        XCTAssertTrue(outside.missing)
    }
}

final class MarkdownScriptGuessTests: XCTestCase {
    func testGuessOnBytes() {
        typealias G = MarkdownScript.Guess
        XCTAssertEqual(MarkdownScript.guess([("Hello, world", false)]), G(direction: .ltr, language: nil))
        XCTAssertEqual(MarkdownScript.guess([("123 — مرحبا", false)]), G(direction: .rtl, language: "ar"))
        XCTAssertEqual(MarkdownScript.guess([("let x = 1", true), ("שלום", false)]), G(direction: .rtl, language: "he"))
        XCTAssertEqual(MarkdownScript.guess([("let x = 1", true)]), G(direction: .ltr, language: nil))
        XCTAssertEqual(MarkdownScript.guess([("پژوهش", false)]), G(direction: .rtl, language: "fa"))
        XCTAssertEqual(MarkdownScript.guess([("A long ASCII sentence first, then 草枕 and かな", false)]), G(direction: .ltr, language: "ja"))
        XCTAssertEqual(MarkdownScript.guess([("Long ASCII words before the kanji 漢字𠀋", false)]), G(direction: .ltr, language: "zh"))
        XCTAssertEqual(MarkdownScript.guess([("12345678901234567 😀 é", false)]), G(direction: .ltr, language: nil))
        XCTAssertEqual(MarkdownScript.guess([("", false), ("  ", true)]), G(direction: nil, language: nil))
    }
}
