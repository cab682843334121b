import BookModel
import XCTest
@testable import Layout

/// Footnotes at the foot of the page (issue 17), the way TeX places insertions: the note under a short rule on the
/// page of its first reference, the reference's line moved (not the note) when the two cannot share a page, a
/// long note continued on the next page, a note referenced twice printed once.
final class FootnoteTests: XCTestCase {
    private let b = Builder()
    private let ref = InlineStyle([.superscript, .noteReference])

    /// A chapter of paragraphs, the one at `referring` ending in a reference to each of `notes` (markers ¹, ², …),
    /// and a second chapter holding the notes as an endnotes list would.
    private func book(paragraphs: [String], referring: [Int: [Int]], notes: [String], noteChapter: Bool = true) -> Document {
        let markers = ["¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        var references: [NoteReference] = []
        var offset = 0
        var blocks: [Block] = []
        for (i, text) in paragraphs.enumerated() {
            var inlines: [Inline] = [.text(text, [])]
            offset += text.unicodeScalars.count
            for n in referring[i] ?? [] {
                inlines.append(.text(markers[n], ref))
                references.append(NoteReference(offset: offset, target: "notes.xhtml#n\(n)", marker: markers[n]))
                offset += 1
            }
            blocks.append(Block(.paragraph(inlines), location: SourceLocation(spine: 0, href: "ch.xhtml", offset: offset - inlines.characterCount)))
        }
        let noteBlocks = notes.enumerated().map { n, text in
            Block(.note(Note(key: "notes.xhtml#n\(n)", blocks: [b.paragraph(text)])), location: SourceLocation(spine: 1, href: "notes.xhtml", offset: 0))
        }
        // Without a notes chapter, the notes close the chapter that refers to them (as Markdown's do).
        var tail = offset
        var first = Chapter(spineIndex: 0, href: "ch.xhtml", blocks: blocks + (noteChapter ? [] : numbered(noteBlocks, from: &tail)))
        first.noteReferences = references
        let second = Chapter(spineIndex: 1, href: "notes.xhtml", blocks: [b.block(.heading(level: 2, [.text("Notes", [])]))] + numbered(noteBlocks))
        return Document(chapters: noteChapter ? [first, second] : [first])
    }

    private func options(_ columns: Int, _ lines: Int, notes: NotePlacement = .page) -> LayoutOptions {
        LayoutOptions(pageSize: PageSize(columns: columns, lines: lines), notes: notes, concurrent: false)
    }

    private func texts(_ page: Page) -> [String] { page.lines.map(\.text) }

    func testTheNoteSitsAtTheFootOfThePageOfItsReference() {
        let document = book(paragraphs: ["One two three four five six.", "Seven eight nine."], referring: [0: [0]],
                            notes: ["The note itself."])
        let pages = paginate(document, options: options(20, 10))
        let page = pages[0]
        XCTAssertEqual(page.lines.count, 10, "notes end at the page's last line")
        XCTAssertEqual(page.lines.last?.text, "¹ The note itself.")
        XCTAssertEqual(page.noteStart, 8)
        XCTAssertEqual(page.lines[8].role, .rule)
        XCTAssertEqual(page.notes, [PageNote(marker: "¹", source: "notes.xhtml#n0", line: 9, lineCount: 1)])
        // The marker is a decoration: the note's own text is what the line holds.
        XCTAssertEqual(page.lines[9].content, "The note itself.")
        // The endnotes chapter keeps its heading, not the note.
        XCTAssertFalse(pages.dropFirst().flatMap(\.lines).contains { $0.text.contains("note itself") })
    }

    func testTheReferenceLineMovesWhenItsNoteCannotStartBelowIt() {
        // Eight lines of text on an eight-line page: the reference on the last line leaves no room for a rule and
        // a note line, so that line (with its paragraph's orphans) moves on, and the note with it.
        let paragraphs = (1...4).map { "Paragraph \($0) is here." }
        let document = book(paragraphs: paragraphs, referring: [3: [0]], notes: ["Its note."], noteChapter: false)
        let pages = paginate(document, options: LayoutOptions(pageSize: PageSize(columns: 24, lines: 7), paragraph: .indent,
                                                              notes: .page, concurrent: false))
        let withReference = pages.firstIndex { $0.lines.contains { $0.text.contains("Paragraph 4") } }
        let withNote = pages.firstIndex { !$0.notes.isEmpty }
        XCTAssertNotNil(withReference)
        XCTAssertEqual(withReference, withNote, pages.map(texts).description)
        for page in pages { XCTAssertLessThanOrEqual(page.lines.count, 7) }
    }

    func testALongNoteContinuesOnTheNextPage() {
        let long = Array(repeating: "word", count: 40).joined(separator: " ")
        let document = book(paragraphs: ["Start.", "A reference here.", "Then more text follows.", "And more still.", "End."],
                            referring: [1: [0]], notes: [long], noteChapter: false)
        let pages = paginate(document, options: options(20, 10))
        let first = pages.firstIndex { !$0.notes.isEmpty }!
        XCTAssertTrue(pages[first].lines.contains { $0.text.contains("reference") })
        XCTAssertFalse(pages[first].notes[0].continued)
        let next = pages[first + 1]
        XCTAssertEqual(next.notes.first?.continued, true)
        XCTAssertEqual(next.lines[next.noteStart!].text, "────── (cont.)")
        // Every word of the note once, across its pages.
        let words = pages.flatMap { page in page.notes.flatMap { note in page.lines[note.line..<(note.line + note.lineCount)] } }
            .flatMap { $0.content.split(separator: " ") }
        XCTAssertEqual(words.count, 40)
        for page in pages { XCTAssertLessThanOrEqual(page.lines.count, 10) }
    }

    func testANoteReferencedTwiceIsPrintedOnce() {
        let document = book(paragraphs: ["First mention.", "Second mention."], referring: [0: [0], 1: [0]],
                            notes: ["Only once."], noteChapter: false)
        let pages = paginate(document, options: options(20, 10))
        XCTAssertEqual(pages.flatMap(\.notes).count, 1)
        XCTAssertEqual(pages.flatMap(\.lines).filter { $0.content == "Only once." }.count, 1)
        // Both references keep their marker in the text.
        XCTAssertEqual(pages.flatMap(\.lines).filter { $0.text.contains("mention.¹") }.count, 2)
    }

    func testChapterPlacementCollectsNotesAtTheChapterEnd() {
        let document = book(paragraphs: ["Alpha.", "Beta."], referring: [0: [0], 1: [1]], notes: ["Note A.", "Note B."])
        let pages = paginate(document, options: options(20, 12, notes: .chapter))
        let lines = pages[0].lines.map(\.text)
        XCTAssertEqual(Array(lines.suffix(3)), ["──────", "¹ Note A.", "² Note B."])
        XCTAssertTrue(pages.allSatisfy(\.notes.isEmpty))
        XCTAssertFalse(pages.dropFirst().flatMap(\.lines).contains { $0.text.contains("Note A") })
    }

    func testInlineAndUnreferencedNotesStayWhereTheBookPutThem() {
        let document = book(paragraphs: ["Alpha."], referring: [0: [0]], notes: ["Note A.", "Never referred to."])
        let inline = paginate(document, options: options(20, 12, notes: .inline))
        XCTAssertTrue(inline.allSatisfy(\.notes.isEmpty))
        XCTAssertTrue(inline[1].lines.contains { $0.content == "Note A." })
        let page = paginate(document, options: options(20, 12))
        XCTAssertTrue(page[1].lines.contains { $0.content == "Never referred to." })
        XCTAssertFalse(page[1].lines.contains { $0.content == "Note A." })
    }

    func testNotesOnVerticalPagesCloseTheLastColumns() {
        var document = book(paragraphs: ["吾輩は猫である。", "名前はまだ無い。"], referring: [0: [0]], notes: ["注の本文。"], noteChapter: false)
        document.chapters[0].writingMode = .verticalRL
        let pages = paginate(document, options: options(20, 10))
        let page = pages[0]
        XCTAssertEqual(page.writingMode, .verticalRL)
        XCTAssertEqual(page.lines.count, page.blockSize)
        XCTAssertEqual(page.lines.last?.content, "注の本文。")
        XCTAssertEqual(page.lines[page.noteStart!].role, .rule)
    }

    func testARunningHeadAndFootnotesShareThePage() {
        let paragraphs = (1...6).map { "Paragraph \($0) has a few words." }
        var document = book(paragraphs: paragraphs, referring: [4: [0]], notes: ["The note."], noteChapter: false)
        document.chapters[0].title = "Chapter"
        var options = options(24, 12)
        options.runningHead = .chapter
        let pages = paginate(document, options: options)
        let page = try! XCTUnwrap(pages.first { !$0.notes.isEmpty })
        XCTAssertEqual(page.lines.count, 12, "head, blank, text, notes: exactly the page")
        XCTAssertEqual(page.lines[0].role, .runningHead)
        XCTAssertEqual(page.lines[page.notes[0].line].content, "The note.")
        XCTAssertEqual(page.lines[page.noteStart!].role, .rule)
        XCTAssertEqual(page.lines.last?.content, "The note.")
    }
}
