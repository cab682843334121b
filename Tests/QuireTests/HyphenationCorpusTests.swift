import BookModel
import Foundation
import Layout
import Quire
@testable import Renderers
import TestSupport
import XCTest

/// Hyphenation on real books (issue 16): War and Peace justified with `--hyphenate auto` keeps every line within
/// the page and every character of the book, the drawn hyphens aside (flagged in the page map); the W3C
/// `hyphens` test book splits words only where its CSS allows.
final class HyphenationCorpusTests: XCTestCase {
    func open(_ relative: String) throws -> Book {
        try Quire.open([try corpus().appendingPathComponent(relative).path])
    }

    /// The words split across lines, as "fragment|rest": the hyphenated line's last word and the next line's
    /// first, letters only. The text and each footnote (issue 17) are read as streams of their own: a word split
    /// at the foot of a page's text goes on at the top of the next page's, not in the notes between.
    static func splitWords(_ pages: [Page]) -> [String] {
        var text: [Line] = []
        var notes: [String: [Line]] = [:]
        var order: [String] = []
        for page in pages {
            let end = page.noteStart ?? page.lines.count
            var body = page.lines[..<end]
            while let last = body.last, last.role == .blank, page.noteStart != nil { body = body.dropLast() }
            text += body
            for note in page.notes {
                if notes[note.source] == nil { order.append(note.source) }
                notes[note.source, default: []] += page.lines[note.line..<(note.line + note.lineCount)]
            }
        }
        func letters(_ s: Substring) -> String { String(s.unicodeScalars.filter { $0.properties.isAlphabetic }.map(Character.init)) }
        var words: [String] = []
        for lines in [text] + order.map({ notes[$0]! }) {
            for (i, line) in lines.enumerated() where line.hyphenated && i + 1 < lines.count {
                let before = line.content.split(separator: " ").last ?? ""
                let after = lines[i + 1].content.split(separator: " ").first ?? ""
                words.append(letters(before) + "|" + letters(after))
            }
        }
        return words
    }

    func testWarAndPeaceJustifiedAndHyphenated() throws {
        let book = try open("epub/standardebooks/leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub")
        let options = LayoutOptions(pageSize: .standard, align: .justify, hyphenate: .auto)
        // Every character of the book on the pages (the drawn hyphens are decorations, not content), no line
        // wider than the page.
        PipelineTests.assertConserved(book, options: options, "War and Peace, hyphenated and justified")
        let pages = Quire.paginate(book, layout: options).pages
        var hyphenated = 0
        for page in pages {
            for line in page.lines {
                XCTAssertLessThanOrEqual(cellWidth(of: line.text), page.inlineSize, line.text)
                guard line.hyphenated else { continue }
                hyphenated += 1
                // The flag marks exactly the drawn hyphen: the last character, a decoration.
                XCTAssertTrue(line.text.hasSuffix("-"), line.text)
                XCTAssertEqual(line.decorations.last.map { $0.upperBound - $0.lowerBound >= 1 && $0.upperBound == line.text.utf8.count }, true)
            }
            // The page map lists the same lines.
            let map = PageMap.page(page).serialized()
            let indexes = page.lines.indices.filter { page.lines[$0].hyphenated }
            XCTAssertEqual(map.contains(#""hyphenated":"#), !indexes.isEmpty)
            if !indexes.isEmpty {
                // (Footnotes, when the page has some, follow it.)
                XCTAssertTrue(map.contains(#""hyphenated":[\#(indexes.map(String.init).joined(separator: ","))]"#))
            }
        }
        XCTAssertGreaterThan(hyphenated, 1000, "War and Peace at 38 columns splits many words")
        // TeX's minimums: two letters before the break, three after.
        for word in Self.splitWords(pages) {
            let parts = word.split(separator: "|", omittingEmptySubsequences: false)
            XCTAssertGreaterThanOrEqual(parts[0].count, 2, word)
            XCTAssertGreaterThanOrEqual(parts[1].count, 3, word)
        }
    }

    /// The W3C test book: `hyphens: none` on the body and its first sample, soft hyphens in a `manual` sample
    /// (artist, express, everything, …, as its instructions list them), and an `auto` sample.
    func testW3CHyphensBook() throws {
        let book = try open("epub/w3c/css-epub-hyphens.epub")
        let manualWords: Set = ["artist", "express", "everything", "language", "instruments", "virtue", "materials",
                                "musician", "feeling", "surface", "symbol"]
        let autoParagraph = try XCTUnwrap(book.document.chapters.flatMap(\.blocks).compactMap { block -> String? in
            guard case .paragraph(let inlines) = block.kind, block.look.hyphens == .auto else { return nil }
            return inlines.plainText
        }.first)
        let autoWords = Set(autoParagraph.split(whereSeparator: { !$0.isLetter }).map { String($0).lowercased() })
        var softBreaks = 0
        for columns in [20, 24, 30, 36] {
            let size = PageSize(columns: columns, lines: 40)
            // Without --hyphenate: only the soft hyphens of the `manual` sample break, with a hyphen.
            let manual = Self.splitWords(Quire.paginate(book, layout: LayoutOptions(pageSize: size)).pages)
            softBreaks += manual.count
            for word in manual {
                XCTAssertTrue(manualWords.contains(word.replacingOccurrences(of: "|", with: "").lowercased()), word)
            }
            // With it, the `auto` sample is hyphenated too; the `none` ones never are.
            let options = LayoutOptions(pageSize: size, align: .justify, hyphenate: .auto)
            PipelineTests.assertConserved(book, options: options, "css-epub-hyphens at \(columns) columns")
            let auto = Self.splitWords(Quire.paginate(book, layout: options).pages)
            XCTAssertTrue(auto.contains { autoWords.contains($0.replacingOccurrences(of: "|", with: "").lowercased()) },
                          "\(columns) columns: \(auto)")
            for word in auto {
                let whole = word.replacingOccurrences(of: "|", with: "").lowercased()
                XCTAssertTrue(manualWords.contains(whole) || autoWords.contains(whole), word)
            }
        }
        XCTAssertGreaterThan(softBreaks, 2)
    }
}
