import BookModel
import XMLShim

/// Gathers a paragraph's inlines while collapsing whitespace as CSS `white-space: normal` does.
/// The text of the last inline, while it can still grow, is kept as UTF-8 bytes (`run`): appending text copies
/// bytes, and one String is made per run of same-styled text instead of one per text node.
struct InlineCollector {
    /// Finished inlines; when `hasRun`, the run follows them as one more `.text(run, runStyle)`.
    private var finished: [Inline] = []
    private var run: [UInt8] = []
    private var runStyle: InlineStyle = []
    private var hasRun = false
    /// True when the last visible character was collapsible whitespace (or nothing was emitted yet).
    private var atSpace = true
    /// The next text starts an inline of its own even when its style is the same as the last one's.
    private var sealed = false
    /// `characterCount`'s memory, so that asking it at every named element of a long paragraph stays linear
    /// (issue 19): entry i is the count of `finished[0...i]`, dropped from where `finished` changes; and how much
    /// of `run` is counted, reset where `run` is emptied or shortened.
    private var finishedTotals: [Int] = []
    private var runCounted = (bytes: 0, scalars: 0)

    var isEmpty: Bool { !hasRun && !finished.contains { if case .pageBreak = $0 { return false } else { return true } } }
    var hasPageBreaksOnly: Bool { !finished.isEmpty && isEmpty }

    /// The last character emitted so far (nil at the start of the paragraph or after a line break), for
    /// `text-transform: capitalize`, which must not capitalize a word again where a text node splits it.
    var lastScalar: Unicode.Scalar? {
        if hasRun, !run.isEmpty {
            var start = run.count - 1
            while start > 0 && run[start] & 0xC0 == 0x80 { start -= 1 }
            return String(decoding: run[start...], as: UTF8.self).unicodeScalars.last
        }
        switch finished.last {
        case .text(let text, _)?: return text.unicodeScalars.last
        case .ruby(let base, _)?: return base.unicodeScalars.last
        default: return nil
        }
    }

    /// Scalars of visible text gathered so far (as `Inline.characterCount` counts them): where the next text starts
    /// in the paragraph, for the offset of an element met inside it (`ImportAnchors.swift`). Counts only what was
    /// added since it was last asked.
    var characterCount: Int {
        mutating get {
            while finishedTotals.count < finished.count {
                finishedTotals.append((finishedTotals.last ?? 0) + finished[finishedTotals.count].characterCount)
            }
            guard hasRun else { return finishedTotals.last ?? 0 }
            if runCounted.bytes > run.count { runCounted = (0, 0) }
            // Eight bytes at a time (`String.scalarCount(of:)`): a byte loop here was 55 M instructions of the
            // Mahabharata, whose every verse line is a named `<span>` (issue 19).
            let counted = runCounted.bytes
            runCounted.scalars += run.withUnsafeBufferPointer { String.scalarCount(of: UnsafeBufferPointer(rebasing: $0[counted...])) }
            runCounted.bytes = run.count
            return (finishedTotals.last ?? 0) + runCounted.scalars
        }
    }

    /// Forgets the counted totals of `finished` from `index` on, which is about to change.
    private mutating func forgetTotals(from index: Int) {
        if finishedTotals.count > index { finishedTotals.removeLast(finishedTotals.count - index) }
    }

    /// The inlines so far.
    var inlines: [Inline] {
        mutating get { flushRun(); return finished }
    }

    /// Appends text, collapsing spaces, tabs and line feeds to one space (no-break spaces are kept).
    mutating func append(_ text: String, style: InlineStyle) {
        var text = text
        text.withUTF8 { append($0, style: style) }
    }

    /// Appends UTF-8 text, collapsing as `append(_:style:)` does. The collapsible characters are all ASCII.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, style: InlineStyle) {
        guard !bytes.isEmpty else { return }
        let started = beginRun(style)
        let before = run.count
        var space = atSpace
        // Runs that collapsing leaves as they are (usually the whole text) are copied at once, found sixteen bytes at
        // a time (`qx_unchanged_prefix`, collapse.c); between them, the white space that collapses, byte by byte.
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var i = 0
        while i < count {
            var after: Int32 = space ? 1 : 0
            let unchanged = qx_unchanged_prefix(base + i, count - i, &after)
            space = after != 0
            run.append(contentsOf: UnsafeBufferPointer(start: base + i, count: unchanged))
            i += unchanged
            while i < count {
                let b = bytes[i]
                if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C {
                    if !space { run.append(0x20); space = true }
                } else if b < 0x20 {
                    // Another control character: kept, as it was.
                    run.append(b)
                    space = false
                } else {
                    break
                }
                i += 1
            }
        }
        atSpace = space
        // Nothing visible: no inline is made (an empty run that was just started is dropped again).
        if run.count == before && started { hasRun = false }
    }

    /// Appends text as it is (preformatted contexts, ruby bases already collapsed).
    mutating func appendRaw(_ text: String, style: InlineStyle) {
        _ = beginRun(style)
        run.append(contentsOf: text.utf8)
        if let last = text.utf8.last { atSpace = last == 0x20 }
    }

    /// Makes the run the text inline of this style that new text extends: the current run, or the last finished
    /// inline when it is text of this style, or a new empty run. True when a new run was started.
    private mutating func beginRun(_ style: InlineStyle) -> Bool {
        if hasRun {
            if runStyle == style && !sealed { return false }
            flushRun()
        }
        hasRun = true
        runStyle = style
        run.removeAll(keepingCapacity: true)
        runCounted = (0, 0)
        defer { sealed = false }
        if !sealed, case .text(let previous, let previousStyle)? = finished.last, previousStyle == style {
            forgetTotals(from: finished.count - 1)
            finished.removeLast()
            run.append(contentsOf: previous.utf8)
            return false
        }
        return true
    }

    private mutating func flushRun() {
        guard hasRun else { return }
        finished.append(.text(String(decoding: run, as: UTF8.self), runStyle))
        run.removeAll(keepingCapacity: true)
        runCounted = (0, 0)
        hasRun = false
    }

    /// Ruby whose base (UTF-8) is collapsed as running text would be at this point.
    mutating func appendRuby(base: [UInt8], annotation: String) {
        var collapsed = InlineCollector()
        collapsed.atSpace = atSpace
        base.withUnsafeBufferPointer { collapsed.append($0, style: []) }
        let baseBytes = collapsed.run
        guard !baseBytes.isEmpty else { return }
        flushRun()
        finished.append(.ruby(base: String(decoding: baseBytes, as: UTF8.self), annotation: collapse(annotation)))
        atSpace = baseBytes.last == 0x20
    }

    /// Ends the running text inline: what comes next is an inline of its own, even in the same style. Runs set
    /// upright together (`text-combine-upright: all`) stay apart, as `<span class="tcy">10</span><span
    /// class="tcy">11</span>` makes two rows, not one run of four digits.
    mutating func seal() {
        flushRun()
        sealed = true
    }

    mutating func appendLineBreak() {
        trimTrailingSpace()
        flushRun()
        finished.append(.lineBreak)
        atSpace = true
    }

    /// Where a block box starts or ends inside inline content (CSS 2.1 §9.2.1.1: the inline content around it goes
    /// into anonymous block boxes): the line ends there once, however many boundaries meet, and never at the start.
    mutating func appendBlockBoundary() {
        trimTrailingSpace()
        flushRun()
        guard let last = finished.last(where: { if case .pageBreak = $0 { return false } else { return true } }) else { return }
        if case .lineBreak = last { return }
        finished.append(.lineBreak)
        atSpace = true
    }

    mutating func appendPageBreak(_ label: String) {
        flushRun()
        finished.append(.pageBreak(label: label))
    }

    /// The finished inlines with trailing whitespace removed; the collector starts afresh.
    mutating func take() -> [Inline] {
        trimTrailingSpace()
        flushRun()
        while case .lineBreak? = finished.last { finished.removeLast() }
        defer { finished = []; finishedTotals = []; atSpace = true }
        return finished
    }

    private mutating func trimTrailingSpace() {
        if hasRun {
            // The run is the last visible inline. A space after an ASCII byte is a Character of its own, as
            // `hasSuffix(" ")` on the String would see it; otherwise ask the String.
            guard run.last == 0x20 else { return }
            if run.count == 1 || run[run.count - 2] < 0x80 {
                run.removeLast()
                runCounted = (0, 0)
                if run.isEmpty { hasRun = false }
                return
            }
            flushRun()
        }
        guard let index = finished.lastIndex(where: { if case .pageBreak = $0 { return false } else { return true } }),
              case .text(let text, let style) = finished[index], text.hasSuffix(" ") else { return }
        let trimmed = String(text.dropLast())
        forgetTotals(from: index)
        if trimmed.isEmpty { finished.remove(at: index) } else { finished[index] = .text(trimmed, style) }
    }
}
