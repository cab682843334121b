import BookModel
import BookReaders
import Foundation
import TestSupport
import XCTest

/// Golden tree dumps of the fixtures in Fixtures/Snapshots. `QUIRE_RECORD=1` rewrites them, and a recording run
/// fails so it cannot pass silently.
final class MarkdownSnapshotTests: XCTestCase {
    static let fixtures = ["front-matter.md", "bad-yaml.md", "book", "split.md", "footnotes.md", "table.md", "tasks.md",
                           "images.md", "code.md", "rtl.md", "cjk.md", "raw-html.md"]

    func testSnapshots() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Snapshots")
        for fixture in Self.fixtures {
            let (document, diagnostics) = try MarkdownReader.read(paths: [fixturePath(fixture)])
            try assertGolden(Self.dump(document, diagnostics: diagnostics), at: folder.appendingPathComponent(fixture + ".txt"))
        }
    }

    /// One line per block, indented by depth, with location, direction and language; then the diagnostics.
    static func dump(_ document: Document, diagnostics: [Diagnostic]) -> String {
        var out = ""
        let m = document.metadata
        out += "metadata titles=\(m.titles) authors=\(m.authors) languages=\(m.languages)"
        out += " progression=\(m.pageProgression?.rawValue ?? "-") writing-mode=\(m.writingMode?.rawValue ?? "-")\n"
        for entry in document.toc { out += "toc \(entry.title.debugDescription) -> \(entry.href)\n" }
        for chapter in document.chapters {
            out += "chapter \(chapter.spineIndex) href=\(chapter.href) title=\(chapter.title.debugDescription)"
            out += " lang=\(chapter.language ?? "-") dir=\(chapter.direction?.rawValue ?? "-")"
            out += " writing-mode=\(chapter.writingMode?.rawValue ?? "-")\n"
            dump(chapter.blocks, depth: 1, into: &out)
        }
        for diagnostic in diagnostics { out += "\(diagnostic)\n" }
        return out
    }

    private static func dump(_ blocks: [Block], depth: Int, into out: inout String) {
        for block in blocks {
            var line = String(repeating: "  ", count: depth)
            var children: [Block] = []
            switch block.kind {
            case .heading(let level, let inlines): line += "heading \(level) \(dump(inlines))"
            case .paragraph(let inlines): line += "paragraph \(dump(inlines))"
            case .preformatted(let text): line += "preformatted \(text.debugDescription)"
            case .rule: line += "rule"
            case .image(let image): line += "image \(image.source) alt=\(image.alt.debugDescription)"
            case .note(let note):
                line += "note \(note.key)\(note.label.map { " label=\($0)" } ?? "")"
                children = note.blocks
            case .quote(let blocks):
                line += "quote"
                children = blocks
            case .list(let list):
                line += list.ordered ? "list ordered start=\(list.start)" : "list bullet"
                out += line + " @\(block.location.offset)\(attributes(block))\n"
                for item in list.items {
                    out += String(repeating: "  ", count: depth + 1) + "item marker=\(item.marker ?? "-")\n"
                    dump(item.blocks, depth: depth + 2, into: &out)
                }
                continue
            case .table(let table):
                out += line + "table @\(block.location.offset)\(attributes(block))\n"
                for row in table.rows {
                    out += String(repeating: "  ", count: depth + 1) + "row\n"
                    for cell in row.cells {
                        out += String(repeating: "  ", count: depth + 2) + (cell.header ? "header cell\n" : "cell\n")
                        dump(cell.blocks, depth: depth + 3, into: &out)
                    }
                }
                continue
            }
            out += line + " @\(block.location.offset)\(attributes(block))\n"
            dump(children, depth: depth + 1, into: &out)
        }
    }

    private static func attributes(_ block: Block) -> String {
        (block.direction.map { " dir=\($0.rawValue)" } ?? "") + (block.language.map { " lang=\($0)" } ?? "")
    }

    private static func dump(_ inlines: [Inline]) -> String {
        inlines.map { inline in
            switch inline {
            case .text(let text, let style):
                let names: [(InlineStyle, String)] = [(.emphasis, "em"), (.strong, "strong"), (.code, "code"),
                                                      (.strikethrough, "del"), (.link, "link"), (.superscript, "sup"),
                                                      (.subscript, "sub"), (.noteReference, "note"), (.math, "math")]
                let styles = names.filter { style.contains($0.0) }.map(\.1)
                return text.debugDescription + (styles.isEmpty ? "" : "{\(styles.joined(separator: ","))}")
            case .lineBreak: return "<br>"
            case .ruby(let base, let annotation): return "ruby(\(base.debugDescription), \(annotation.debugDescription))"
            case .pageBreak(let label): return "pagebreak(\(label))"
            }
        }.joined(separator: " ")
    }
}
