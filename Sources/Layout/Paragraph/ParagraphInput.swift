import BookModel

/// The first phase of setting a paragraph: its inlines as one UTF-8 buffer, with what the later phases must
/// know about the bytes (which are decorations, which must not be broken, where lines are forced to end,
/// where page-break labels, ruby and inline styles fall). Ruby is written out here as `--ruby` asks, so the line
/// breaker sees exactly the text that will be printed.
struct ParagraphInput {
    var bytes: [UInt8] = []
    /// Byte ranges that are decorations (ruby annotations, table labels), ascending.
    var decorations: [Range<Int>] = []
    /// Byte ranges that must not be broken inside (a ruby base with its annotation).
    var glue: [Range<Int>] = []
    var hardBreaks: [Int] = []
    var markers: [(position: Int, label: String)] = []
    /// Ruby bases (byte ranges), their annotations, and where the annotation is shown in the text, if it is.
    var rubies: [(base: Range<Int>, annotation: String, shown: Range<Int>?)] = []
    /// Styled runs of book text (byte ranges of `bytes`), ascending and disjoint; empty for an unstyled paragraph.
    var styles: [StyleSpan] = []
    /// Source offset of the first book character.
    var offset: Int
}

/// The initializers that fill a paragraph are here, beside the memberwise one (`ParagraphInput(offset:)`) they
/// start from, and fill a local paragraph: initializers filling `self` made the optimizer build the paragraph in
/// a temporary and copy it, retaining each array and releasing it again.
extension ParagraphInput {
    mutating func appendDecoration(_ text: String) {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        if bytes.count > start { decorations.append(start..<bytes.count) }
    }

    init(_ inlines: [Inline], offset: Int, ruby: RubyMode) {
        var input = ParagraphInput(offset: offset)
        input.append(inlines, ruby: ruby)
        self = input
    }

    /// Appends the inlines, with ruby written out as `ruby` asks.
    private mutating func append(_ inlines: [Inline], ruby: RubyMode) {
        var size = 0
        for inline in inlines {
            switch inline {
            case .text(let text, _): size += text.utf8.count
            case .ruby(let base, let annotation): size += base.utf8.count + annotation.utf8.count + 6
            default: break
            }
        }
        bytes.reserveCapacity(size)
        // `--ruby aozora`: the open run of one emphasis mark, annotated when it ends.
        var marked: (start: Int, mark: EmphasisMark)?
        for inline in inlines {
            if ruby == .aozora {
                var mark: EmphasisMark?
                if case .text(_, let style) = inline { mark = style.emphasisMark }
                if let open = marked, open.mark != mark {
                    appendAozoraMark(open.mark, from: open.start)
                    marked = nil
                }
                if let mark, marked == nil { marked = (bytes.count, mark) }
            }
            switch inline {
            case .text(let text, let style):
                let start = bytes.count
                bytes.append(contentsOf: text.utf8)
                let drawn = style.subtracting(.link)
                if !drawn.isEmpty && bytes.count > start { appendStyle(start..<bytes.count, drawn) }
            case .ruby(let base, let annotation):
                let start = bytes.count
                bytes.append(contentsOf: base.utf8)
                let baseEnd = bytes.count
                switch ruby {
                case .drop: break
                case .paren: appendDecoration("(" + annotation + ")")
                case .aozora: appendDecoration("《" + annotation + "》")
                }
                rubies.append((start..<baseEnd, annotation, baseEnd < bytes.count ? baseEnd..<bytes.count : nil))
                glue.append(start..<bytes.count)
            case .lineBreak:
                hardBreaks.append(bytes.count)
            case .pageBreak(let label):
                markers.append((bytes.count, label))
            }
        }
        if let open = marked { appendAozoraMark(open.mark, from: open.start) }
    }

    /// Aozora Bunko's note after a run with emphasis marks (傍点), as `--ruby aozora` writes ruby the Aozora way:
    /// `大事［＃「大事」に傍点］` (注記一覧, 傍点の種類). A decoration: not book text, not styled.
    private mutating func appendAozoraMark(_ mark: EmphasisMark, from start: Int) {
        guard start < bytes.count else { return }
        let run = String(decoding: bytes[start...], as: UTF8.self)
        let name: String
        switch (mark.shape, mark.filled) {
        case (.sesame, true): name = "傍点"
        case (.sesame, false): name = "白ゴマ傍点"
        case (.dot, true), (.circle, true): name = "丸傍点"
        case (.dot, false), (.circle, false): name = "白丸傍点"
        case (.doubleCircle, true): name = "蛇の目傍点"
        case (.doubleCircle, false): name = "二重丸傍点"
        case (.triangle, true): name = "黒三角傍点"
        case (.triangle, false): name = "白三角傍点"
        }
        appendDecoration("［＃「" + run + "」に" + name + "］")
    }

    /// Records a styled run. Runs of one style that touch become one span, except combined ones
    /// (`text-combine-upright`): each element is combined on its own, as a browser does it.
    private mutating func appendStyle(_ range: Range<Int>, _ style: InlineStyle) {
        if let last = styles.last, last.range.upperBound == range.lowerBound, last.style == style,
           !style.contains(.combineUpright) {
            styles[styles.count - 1].range = last.range.lowerBound..<range.upperBound
        } else {
            styles.append(StyleSpan(range: range, style: style))
        }
    }

    /// The byte ranges set with `text-combine-upright`, for the rows of a vertical column (TateChuYoko.swift).
    var combined: [Range<Int>] {
        styles.isEmpty ? [] : styles.compactMap { $0.style.contains(.combineUpright) ? $0.range : nil }
    }

    /// The alt text of an image as a paragraph, between decorations: "[image: alt]".
    init(imageAlt alt: String, offset: Int) {
        self.init(offset: offset)
        appendDecoration(alt.isEmpty ? "[image" : "[image: ")
        bytes.append(contentsOf: alt.utf8)
        appendDecoration("]")
    }

    /// The same paragraph behind a decoration (a table label) that is not book text.
    func prepending(decoration text: String) -> ParagraphInput {
        let shift = text.utf8.count
        if shift == 0 { return self }
        var copy = ParagraphInput(offset: offset)
        copy.bytes = Array(text.utf8) + bytes
        copy.decorations = [0..<shift] + decorations.map { ($0.lowerBound + shift)..<($0.upperBound + shift) }
        copy.glue = glue.map { ($0.lowerBound + shift)..<($0.upperBound + shift) }
        copy.hardBreaks = hardBreaks.map { $0 + shift }
        copy.markers = markers.map { ($0.position + shift, $0.label) }
        copy.rubies = rubies.map { ($0.base.shifted(by: shift), $0.annotation, $0.shown.map { $0.shifted(by: shift) }) }
        copy.styles = styles.map { $0.shifted(by: shift) }
        return copy
    }
}

extension Range where Bound == Int {
    func shifted(by shift: Int) -> Range<Int> { (lowerBound + shift)..<(upperBound + shift) }
}

extension RubySpan {
    /// The same span after `shift` bytes of decoration were put before it on the line.
    func shifted(by shift: Int) -> RubySpan {
        RubySpan(base: base.shifted(by: shift), annotation: annotation, shown: shown.map { $0.shifted(by: shift) })
    }
}
