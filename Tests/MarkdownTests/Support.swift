import BookModel
@testable import BookReaders
import Foundation
import XCTest

/// Where the fixture files of this target were copied.
func fixturePath(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
        fatalError("fixtures missing from the test bundle")
    }
    return url.appendingPathComponent(name).path
}

func readMarkdown(_ text: String, options: MarkdownOptions = MarkdownOptions()) throws -> (document: Document, diagnostics: [Diagnostic]) {
    try MarkdownReader.read(data: Array(text.utf8), options: options)
}

/// The block kinds of all chapters, without locations: what most structure tests compare.
func kinds(_ document: Document) -> [[BlockKind]] {
    document.chapters.map { $0.blocks.map(\.kind) }
}

/// `kinds`, with each note replaced by the kinds of its blocks (the keys are checked apart, by `noteKeys`).
func kindsUnwrappingNotes(_ document: Document) -> [[BlockKind]] {
    document.chapters.map { chapter in
        chapter.blocks.flatMap { block -> [BlockKind] in
            if case .note(let note) = block.kind { return note.blocks.map(\.kind) }
            return [block.kind]
        }
    }
}

/// The keys of each chapter's notes, in order.
func noteKeys(_ document: Document) -> [[String]] {
    document.chapters.map { chapter in
        chapter.blocks.compactMap { block in
            if case .note(let note) = block.kind { return note.key }
            return nil
        }
    }
}

/// The visible text of a document: inline texts, preformatted text and image alts, blocks on their own lines.
func visibleText(_ document: Document) -> String {
    var lines: [String] = []
    func walk(_ blocks: [Block]) {
        for block in blocks {
            switch block.kind {
            case .heading(_, let inlines), .paragraph(let inlines): lines.append(inlines.plainText)
            case .preformatted(let text): lines.append(text)
            case .image(let image): lines.append(image.alt)
            case .rule: break
            case .quote(let children): walk(children)
            case .note(let note): walk(note.blocks)
            case .list(let list): for item in list.items { walk(item.blocks) }
            case .table(let table): for row in table.rows { for cell in row.cells { walk(cell.blocks) } }
            }
        }
    }
    for chapter in document.chapters { walk(chapter.blocks) }
    return lines.joined(separator: "\n")
}

/// Whitespace runs become one space; leading and trailing whitespace goes.
func normalizedWhitespace(_ text: String) -> String {
    var out = ""
    var pendingSpace = false
    for scalar in text.unicodeScalars {
        if scalar.properties.isWhitespace {
            pendingSpace = !out.isEmpty
        } else {
            if pendingSpace { out.unicodeScalars.append(" ") }
            pendingSpace = false
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

func plain(_ text: String) -> Inline { .text(text, []) }
