import BookModel
import Layout

/// The `styles` of a page in the page map: one item per styled run of a line, `{"line", "start", "end", "style",
/// "mark"}`. `line` indexes the page's `lines`; `start`/`end` count Unicode scalars of that line's text (as
/// `source` counts them); `style` names the styles (`strong`, `emphasis`, `code`, `strikethrough`, `superscript`,
/// `subscript`, `combineUpright`, `sideways`, `upright`); `mark`, only with an emphasis mark, is its
/// `text-emphasis-style` (`filled sesame`, `open circle`, …).
struct PageStyleSpans {
    struct Item {
        var line: Int
        var start: Int
        var end: Int
        var style: InlineStyle
    }

    var items: [Item] = []

    init(_ lines: [Line]) {
        for (index, line) in lines.enumerated() where !line.styles.isEmpty {
            let bytes = Array(line.text.utf8)
            // Scalars before each span bound: one pass, as spans ascend.
            var byte = 0
            var count = 0
            func scalars(upTo p: Int) -> Int {
                while byte < min(p, bytes.count) {
                    if bytes[byte] & 0xC0 != 0x80 { count += 1 }
                    byte += 1
                }
                return count
            }
            for span in line.styles {
                let start = scalars(upTo: span.range.lowerBound)
                let end = scalars(upTo: span.range.upperBound)
                items.append(Item(line: index, start: start, end: end, style: span.style))
            }
        }
    }

    static let names: [(InlineStyle, String)] = [
        (.strong, "strong"), (.emphasis, "emphasis"), (.code, "code"), (.strikethrough, "strikethrough"),
        (.superscript, "superscript"), (.subscript, "subscript"), (.combineUpright, "combineUpright"),
        (.sideways, "sideways"), (.upright, "upright"),
        // Text converted from MathML to UnicodeMath (issue 16), so a consumer can tell a formula from prose.
        (.math, "math"),
    ]

    /// `text-emphasis-style`'s words for a mark (CSS Text Decoration 3 §3.1).
    static func markName(_ mark: EmphasisMark) -> String {
        let shape: String
        switch mark.shape {
        case .dot: shape = "dot"
        case .circle: shape = "circle"
        case .doubleCircle: shape = "double-circle"
        case .triangle: shape = "triangle"
        case .sesame: shape = "sesame"
        }
        return (mark.filled ? "filled " : "open ") + shape
    }

    func write<Sink: PageMapSink>(_ i: Int, into sink: inout Sink) {
        let item = items[i]
        sink.int("line", item.line)
        sink.int("start", item.start)
        sink.int("end", item.end)
        let names = Self.names.filter { item.style.contains($0.0) }.map(\.1)
        sink.strings("style", count: names.count) { names[$0] }
        if let mark = item.style.emphasisMark { sink.string("mark", Self.markName(mark)) }
    }
}
