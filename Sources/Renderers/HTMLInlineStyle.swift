import BookModel
import Layout

/// How the viewer draws the book's inline styles (`Line.styles`) without moving the cell grid: every cell keeps its
/// box, so a style only changes how a glyph looks inside it.
///
/// - strong, emphasis, code, strikethrough: bold, italic, a shaded background, a line through (on each cell or
///   run, as text decorations do not reach into the inline-block cells of wide characters and rows);
/// - superscript and subscript: `<sup>`/`<sub>` scaled down inside their own cells towards the line's top or
///   bottom (the right or left of a column), never shifted out of the line, so no line grows; the text inside is
///   the base characters of the cells' Unicode script forms;
/// - emphasis marks (CSS Text Decoration 3 §3): the mark's character as a pseudo-element beside each cell, above
///   it in a line and at its right in a column, as Japanese books set them. Not `text-emphasis`: Chromium makes
///   room for the marks by growing the line box, which moved the emphasised line 8 px down (14 px in a column);
/// - `text-orientation: sideways` turns the cell in a column (the viewer sets every other cell upright already);
///   `text-combine-upright` is a two-character row (`verticalRows(of:combined:)`, class `t`).
struct CellLook: Equatable {
    var decoration = false
    var style: InlineStyle = []

    static let plain = CellLook()

    /// The element of a cell or run: `sup`/`sub` for scripts, else `span`.
    var tag: String {
        if style.contains(.superscript) { return "sup" }
        if style.contains(.subscript) { return "sub" }
        return "span"
    }

    /// Each cell with an emphasis mark gets its own element, so the mark sits beside it.
    var marksEachCell: Bool { style.emphasisMark != nil }

    /// The style's classes, each with a leading space (empty for no style).
    var styleClasses: String {
        if style.isEmpty { return "" }
        var out: [UInt8] = []
        out.appendUpTo(32) { putStyleClasses(into: &$0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// `styleClasses` through a writer: the one place that names the classes.
    func putStyleClasses(into out: inout ByteWriter) {
        if style.isEmpty { return }
        if style.contains(.strong) { out.put(" sb") }
        if style.contains(.emphasis) { out.put(" si") }
        if style.contains(.code) { out.put(" sc") }
        if style.contains(.strikethrough) { out.put(" sx") }
        if style.contains(.sideways) { out.put(" so") }
        if let mark = style.emphasisMark {
            out.put(" k")
            out.put(decimal: HTMLInlineStyle.index(of: mark))
        }
    }

    /// A run of narrow characters (escaped `text`) in this look: plain text, `<span class="d">` for a decoration
    /// as before, or the style's element.
    func run(_ text: String) -> String {
        if style.isEmpty { return decoration ? "<span class=\"d\">\(text)</span>" : text }
        let classes = ((decoration ? " d" : "") + styleClasses).dropFirst()
        let attribute = classes.isEmpty ? "" : " class=\"\(classes)\""
        return "<\(tag)\(attribute)>\(shown(text))</\(tag)>"
    }

    /// `run(_:)` through a writer, for a run of `span` (no `sup`/`sub`, whose text `shown` rewrites): `escaped` is
    /// the run's text, escaped. The same bytes as `run`, without its strings (issue 19).
    func putSpanRun(_ escaped: UnsafeBufferPointer<UInt8>, into out: inout ByteWriter) {
        if style.isEmpty && !decoration {
            out.put(escaped)
            return
        }
        out.put("<span")
        if style.isEmpty {
            out.put(" class=\"d\">")
        } else {
            // ` class="…"` with the classes' first leading space turned into the opening quote; nothing when
            // the style names no class.
            out.put(" class=")
            let start = out.count
            if decoration { out.put(" d") }
            putStyleClasses(into: &out)
            if out.count == start {
                out.truncate(to: start - 7)
            } else {
                out.replace(at: start, with: 0x22)
                out.put(0x22)
            }
            out.put(">")
        }
        out.put(escaped)
        out.put("</span>")
    }

    /// One cell box with classes `base` (`w`, or `r …` in a column) and this look's.
    func cell(_ base: String, _ text: String) -> String {
        let classes = base + (decoration ? " d" : "") + styleClasses
        let tag = self.tag
        return "<\(tag) class=\"\(classes)\">\(shown(text))</\(tag)>"
    }

    /// The text as the element shows it: inside `<sup>`/`<sub>`, which raise and shrink it already, the Unicode
    /// script forms the importer wrote for character cells (issue 16) go back to their base characters, so "²"
    /// is not raised twice.
    private func shown(_ text: String) -> String {
        tag == "span" ? text : ScriptForms.baseText(text)
    }
}

enum HTMLInlineStyle {
    /// Every emphasis mark, in the order of their classes `k0`, `k1`, …
    static let marks: [EmphasisMark] = EmphasisMark.Shape.allCases.flatMap { [EmphasisMark($0), EmphasisMark($0, filled: false)] }

    static func index(of mark: EmphasisMark) -> Int { marks.firstIndex(of: mark) ?? 0 }

    /// Whether a line (or a page of lines) has a style to draw: the rules below are added to the site's stylesheet
    /// only then, so a book without styles keeps the bytes (and CSP hash) it had.
    static func styled(_ pages: [Page]) -> Bool {
        pages.contains { page in page.lines.contains { !$0.styles.isEmpty } }
    }

    /// The rules for the classes of `CellLook`, in em like every size of the reader (`HTMLSizing`): a line is
    /// 1.25 em, a mark half the text's size.
    static let css: String = {
        let markSelectors = marks.indices.map { ".k\($0)::after" }.joined(separator: ",")
        let markContents = marks.enumerated().map { index, mark in
            let code = String(mark.character.unicodeScalars.first!.value, radix: 16, uppercase: true)
            return ".k\(index)::after{content:\"\\\(code)\"}"
        }.joined()
        return """
        .sb{font-weight:bold}
        .si{font-style:italic}
        .sc{background:#ecebe4}
        .sx{text-decoration:line-through}
        sup,sub{display:inline-block;height:1.25em;vertical-align:top;font-size:inherit;line-height:inherit;transform:scale(.7);transform-origin:50% 0}
        sub{transform-origin:50% 100%}
        .vrl sup{transform-origin:100% 50%}
        .vrl sub{transform-origin:0 50%}
        .vrl .so{text-orientation:sideways}
        .l.mk,.mk .w,.mk .r{overflow:visible}
        \(marks.indices.map { ".k\($0)" }.joined(separator: ",")){position:relative}
        \(markSelectors){position:absolute;left:0;right:0;top:-.5em;height:1em;font-size:.5em;line-height:1em;text-align:center;font-weight:normal;font-style:normal;pointer-events:none}
        \(marks.indices.map { ".vrl .k\($0)::after" }.joined(separator: ",")){top:0;bottom:0;left:auto;right:-.5em;width:1em;height:auto;line-height:2.5em;writing-mode:horizontal-tb}
        \(markContents)
        """
    }()
}

/// The style at each byte of a line, asked in ascending order: one pass over `Line.styles`.
struct StyleCursor {
    let spans: [StyleSpan]
    private var next = 0

    init(_ spans: [StyleSpan]) { self.spans = spans }

    mutating func style(at offset: Int) -> InlineStyle {
        if spans.isEmpty { return [] }
        while next < spans.count && spans[next].range.upperBound <= offset { next += 1 }
        return next < spans.count && spans[next].range.lowerBound <= offset ? spans[next].style : []
    }
}
