import BookModel

/// Inlines as they are met, neighbouring text of one style joined into one run (so soft breaks do not split a
/// sentence into pieces); text gathers as UTF-8 and becomes a String once per run.
struct InlineRun {
    /// A stretch of a leaf block: inlines up to an image, or the image.
    enum Part {
        case inlines([Inline])
        case image(ImageRef)
    }

    /// True for leaf blocks, where an image ends the inlines before it; headings keep images aside.
    var splitsImages = true
    private var inlines: [Inline] = []
    private var pending: [UInt8] = []
    private var pendingStyle: InlineStyle?
    private var parts: [Part] = []
    private var images: [ImageRef] = []

    mutating func appendText(_ bytes: [UInt8], from start: Int, count: Int, style: InlineStyle) {
        if count == 0 { return }
        if pendingStyle != style {
            flush()
            pendingStyle = style
        }
        bytes.withUnsafeBufferPointer { pending.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<start + count])) }
    }

    mutating func appendSpace(style: InlineStyle) {
        if pendingStyle != style {
            flush()
            pendingStyle = style
        }
        pending.append(UInt8(ascii: " "))
    }

    mutating func append(_ inline: Inline) {
        if case .text(let text, let style) = inline {
            if text.isEmpty { return }
            if pendingStyle != style {
                flush()
                pendingStyle = style
            }
            pending += text.utf8
        } else {
            flush()
            inlines.append(inline)
        }
    }

    mutating func image(_ image: ImageRef) {
        if splitsImages {
            flush()
            parts.append(.inlines(inlines))
            inlines = []
            parts.append(.image(image))
        } else {
            images.append(image)
        }
    }

    private mutating func flush() {
        if let style = pendingStyle, !pending.isEmpty { inlines.append(.text(String(decoding: pending, as: UTF8.self), style)) }
        pending.removeAll(keepingCapacity: true)
        pendingStyle = nil
    }

    /// The parts of a leaf block up to its last image, and the inlines after it; the run is empty again.
    mutating func takeLeaf() -> (parts: [Part], last: [Inline]) {
        flush()
        defer { parts = []; inlines = []; images = [] }
        return (parts, inlines)
    }

    /// The inlines of a heading and the images met among them; the run is empty again.
    mutating func takeHeading() -> (inlines: [Inline], images: [ImageRef]) {
        flush()
        defer { parts = []; inlines = []; images = [] }
        return (inlines, images)
    }
}
