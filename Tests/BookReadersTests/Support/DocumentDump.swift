import BookModel
@testable import BookReaders

/// A stable, line-oriented dump of what a book was read into: metadata, navigation, chapters, blocks with
/// their source locations, inlines with their styles, and the warnings. Used by the snapshot tests.
enum DocumentDump {
    static func dump(_ book: EPUBBook) -> String {
        var out: [String] = []
        let m = book.document.metadata
        out.append("package: \(book.publication.packagePath) version \(book.publication.version)")
        out.append("titles: \(m.titles)")
        out.append("authors: \(m.authors)")
        out.append("languages: \(m.languages)")
        out.append("identifier: \(m.identifier ?? "-")")
        out.append("modified: \(m.modified ?? "-")")
        out.append("layout: \(m.layout.rawValue) progression: \(m.pageProgression?.rawValue ?? "-") writing: \(m.writingMode?.rawValue ?? "-") spread: \(m.spread.rawValue) orientation: \(m.orientation.rawValue)")
        out.append("manifest:")
        for item in book.publication.manifest {
            out.append("  \(item.id) \(item.path) \(item.mediaType)\(item.properties.isEmpty ? "" : " [\(item.properties.joined(separator: " "))]")")
        }
        out.append("spine:")
        for item in book.publication.spine {
            out.append("  \(item.idref)\(item.linear ? "" : " non-linear")\(item.pageSpread.map { " spread-\($0.rawValue)" } ?? "")\(item.layout.map { " layout-\($0.rawValue)" } ?? "")")
        }
        out.append("navigation: \(book.navigation.source ?? "none")")
        func toc(_ entries: [TOCEntry], _ indent: String) {
            for e in entries {
                out.append("\(indent)- \(quoted(e.title)) -> \(e.href)")
                toc(e.children, indent + "  ")
            }
        }
        toc(book.document.toc, "  ")
        for page in book.document.pageList { out.append("  page \(quoted(page.label)) -> \(page.href)") }
        for mark in book.navigation.landmarks { out.append("  landmark \(quoted(mark.title)) -> \(mark.href)") }
        out.append("characters: \(book.document.characterCount)")
        for chapter in book.document.chapters {
            var flags: [String] = []
            if !chapter.linear { flags.append("non-linear") }
            if let s = chapter.pageSpread { flags.append("spread-\(s.rawValue)") }
            out.append("chapter \(chapter.spineIndex) \(chapter.href) title=\(quoted(chapter.title ?? "-")) lang=\(chapter.language ?? "-") dir=\(chapter.direction?.rawValue ?? "-") writing=\(chapter.writingMode?.rawValue ?? "-")\(flags.isEmpty ? "" : " " + flags.joined(separator: " "))")
            for reference in chapter.noteReferences {
                out.append("  noteref @\(reference.offset) \(quoted(reference.marker)) -> \(reference.target)")
            }
            blocks(chapter.blocks, "  ", &out)
        }
        for d in book.diagnostics { out.append(d.description) }
        return out.joined(separator: "\n") + "\n"
    }

    private static func blocks(_ blocks: [Block], _ indent: String, _ out: inout [String]) {
        for b in blocks {
            var head = "\(indent)@\(b.location.offset)"
            if let l = b.language { head += " lang=\(l)" }
            if let d = b.direction { head += " dir=\(d.rawValue)" }
            switch b.kind {
            case .heading(let level, let i): out.append("\(head) h\(level) \(inlines(i))")
            case .paragraph(let i): out.append("\(head) p \(inlines(i))")
            case .preformatted(let s): out.append("\(head) pre \(quoted(s))")
            case .rule: out.append("\(head) hr")
            case .image(let img):
                out.append("\(head) img \(img.source) alt=\(quoted(img.alt)) size=\(img.width.map(String.init) ?? "?")x\(img.height.map(String.init) ?? "?")")
            case .note(let note):
                out.append("\(head) note \(note.key)\(note.label.map { " label=\(quoted($0))" } ?? "")")
                self.blocks(note.blocks, indent + "  ", &out)
            case .quote(let inner):
                out.append("\(head) quote")
                self.blocks(inner, indent + "  ", &out)
            case .list(let list):
                out.append("\(head) \(list.ordered ? "ol start=\(list.start)" : "ul")")
                for item in list.items {
                    out.append("\(indent)  item\(item.marker.map { " marker=\(quoted($0))" } ?? "")")
                    self.blocks(item.blocks, indent + "    ", &out)
                }
            case .table(let table):
                out.append("\(head) table")
                for row in table.rows {
                    out.append("\(indent)  row")
                    for cell in row.cells {
                        out.append("\(indent)    \(cell.header ? "th" : "td")\(cell.columnSpan > 1 ? " span=\(cell.columnSpan)" : "")")
                        self.blocks(cell.blocks, indent + "      ", &out)
                    }
                }
            }
        }
    }

    private static func inlines(_ inlines: [Inline]) -> String {
        inlines.map { inline -> String in
            switch inline {
            case .text(let t, let style): return style.isEmpty ? quoted(t) : "\(styleName(style))\(quoted(t))"
            case .lineBreak: return "<br>"
            case .ruby(let base, let annotation): return "ruby(\(quoted(base)):\(quoted(annotation)))"
            case .pageBreak(let label): return "<page \(quoted(label))>"
            }
        }.joined(separator: " ")
    }

    private static func styleName(_ s: InlineStyle) -> String {
        let names: [(InlineStyle, String)] = [(.emphasis, "em"), (.strong, "strong"), (.code, "code"), (.strikethrough, "s"),
                                              (.link, "link"), (.superscript, "sup"), (.subscript, "sub"),
                                              (.noteReference, "note"), (.math, "math")]
        return names.filter { s.contains($0.0) }.map(\.1).joined(separator: "+")
    }

    /// Quoted with escapes, so whitespace differences are visible in the golden files.
    private static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\u{A0}": out += "\\u{A0}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
