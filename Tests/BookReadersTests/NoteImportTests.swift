import BookModel
@testable import BookReaders
import XCTest

/// Notes and the references that name them (issue 17), in the shapes real books use: EPUB 3 `aside`
/// footnotes, Standard Ebooks' endnotes list in its own spine item, EPUB 2's plain `<sup><a href="#n3">`, and
/// DPUB-ARIA roles. A note stays where the book put it (a `.note` block); only Layout moves it.
final class NoteImportTests: XCTestCase {
    private func read(_ documents: [String]) throws -> Document {
        try EPUBBuilder.book(documents.map { EPUBBuilder.xhtml($0) }).read().document
    }

    /// The notes of `blocks` at any depth, by key, with their plain text.
    private func notes(_ blocks: [Block]) -> [(key: String, label: String?, text: String)] {
        blocks.flatMap { block -> [(key: String, label: String?, text: String)] in
            switch block.kind {
            case .note(let note): return [(note.key, note.label, note.blocks.map(text).joined(separator: " | "))]
            case .quote(let inner): return notes(inner)
            case .list(let list): return list.items.flatMap { notes($0.blocks) }
            default: return []
            }
        }
    }

    func testAsideFootnoteAndItsReference() throws {
        let document = try read(["""
            <p>The keeper wrote it down.<a epub:type="noteref" href="#fn1">1</a> Then he slept.</p>
            <aside epub:type="footnote" id="fn1"><p>In the log, not the diary.</p></aside>
            """])
        let chapter = try XCTUnwrap(document.chapters.first)
        XCTAssertEqual(notes(chapter.blocks).map(\.key), ["OEBPS/c1.xhtml#fn1"])
        XCTAssertEqual(notes(chapter.blocks).map(\.text), ["In the log, not the diary."])
        // The reference's offset is where its marker starts in the chapter's text.
        XCTAssertEqual(chapter.noteReferences, [NoteReference(offset: 25, target: "OEBPS/c1.xhtml#fn1", marker: "¹")])
        XCTAssertEqual(text(chapter.blocks[0]).unicodeScalars.count, 25 + 1 + " Then he slept.".count)
        XCTAssertTrue(text(chapter.blocks[0]).hasPrefix("The keeper wrote it down.¹"))
    }

    func testEndnotesListInAnotherSpineItem() throws {
        // Standard Ebooks: references into endnotes.xhtml, whose `<ol>` items carry only ids.
        let document = try read(["""
            <p>First.<a href="c2.xhtml#note-1" id="noteref-1" epub:type="noteref">1</a> Second.<a href="c2.xhtml#note-2" epub:type="noteref">2</a></p>
            """, """
            <section id="endnotes" epub:type="endnotes"><h2>Endnotes</h2><ol>
            <li id="note-1"><p>One. <a href="c1.xhtml#noteref-1" epub:type="backlink">↩</a></p></li>
            <li id="note-2"><p>Two.</p></li></ol></section>
            """])
        XCTAssertEqual(document.chapters[0].noteReferences.map(\.target), ["OEBPS/c2.xhtml#note-1", "OEBPS/c2.xhtml#note-2"])
        XCTAssertEqual(document.chapters[0].noteReferences.map(\.offset), [6, 15])
        let found = notes(document.chapters[1].blocks)
        XCTAssertEqual(found.map(\.key), ["OEBPS/c2.xhtml#note-1", "OEBPS/c2.xhtml#note-2"])
        // The list's numbers become the notes' labels; the heading stays a heading.
        XCTAssertEqual(found.map(\.label), ["1", "2"])
        XCTAssertEqual(found.map(\.text), ["One. ↩", "Two."])
        XCTAssertEqual(document.chapters[1].blocks.first.map(text), "Endnotes")
    }

    func testEPUB2SuperscriptLinksIntoPlainParagraphs() throws {
        // No semantics at all: a raised link to an id, and the paragraph with that id (or starting with an anchor
        // of that name) after it.
        let chapter = try XCTUnwrap(read(["""
            <p>Text<sup><a href="#n1">1</a></sup> and more<a href="#n2"><sup>2</sup></a>.</p>
            <p id="n1">1. The first note.</p>
            <p><a id="n2" href="#r2">2</a> The second note.</p>
            <p id="other">Not a note.</p>
            """]).chapters.first)
        XCTAssertEqual(chapter.noteReferences.map(\.target), ["OEBPS/c1.xhtml#n1", "OEBPS/c1.xhtml#n2"])
        XCTAssertEqual(notes(chapter.blocks).map(\.key), ["OEBPS/c1.xhtml#n1", "OEBPS/c1.xhtml#n2"])
        XCTAssertEqual(chapter.blocks.last.map(text), "Not a note.")
    }

    func testDPUBRolesAndAnUnreferencedAside() throws {
        let chapter = try XCTUnwrap(read(["""
            <p>See<a role="doc-noteref" href="#e1">a</a>.</p>
            <div><div role="doc-endnote" id="e1"><p>Endnote text.</p></div></div>
            <aside class="note" id="tip"><p>A sidebar, not a note.</p></aside>
            """]).chapters.first)
        XCTAssertEqual(chapter.noteReferences.map(\.target), ["OEBPS/c1.xhtml#e1"])
        // The wrapper whose first child is the note is not a note itself (georgia-cfi.epub wraps its asides).
        XCTAssertEqual(notes(chapter.blocks).map(\.key), ["OEBPS/c1.xhtml#e1"])
        XCTAssertEqual(notes(chapter.blocks).map(\.text), ["Endnote text."])
    }

    func testAReferenceWithoutAFragmentNamesNoNote() throws {
        let chapter = try XCTUnwrap(read(["<p>Odd<a epub:type=\"noteref\" href=\"c1.xhtml\">1</a>.</p>"]).chapters.first)
        XCTAssertEqual(chapter.noteReferences, [])
        XCTAssertTrue(text(chapter.blocks[0]).contains("¹"))
    }
}
