import BookModel

/// Preformatted text (`pre`, fenced code): never re-wrapped; a line too long for the page continues on the next
/// after a "↪" marker, and tabs expand to the next stop of 4 columns, never past the page edge.

/// The output line being filled from a preformatted block, and the source offset where it starts.
private struct PreformattedLine {
    var bytes: [UInt8] = []
    var decorations: [Range<Int>] = []
    /// Cells used, and the bytes and cells up to the last ink (trailing spaces are dropped when it is emitted).
    var used = 0
    var inkLength = 0
    var inkWidth = 0
    var start: Int
    let direction: Direction

    /// Appends the line, ending at source offset `end`, to `out`, and starts the next one there.
    mutating func emit(_ end: Int, into out: inout [FlowLine]) {
        bytes.removeSubrange(inkLength...)
        var flow = FlowLine(line: Line(text: String(decoding: bytes, as: UTF8.self), width: inkWidth,
                                       direction: direction, role: .preformatted, decorations: decorations))
        flow.start = start
        flow.end = end
        out.append(flow)
        bytes.removeAll(keepingCapacity: true)
        decorations = []
        used = 0
        inkLength = 0
        inkWidth = 0
        start = end
    }
}

extension LayoutContext {
    /// Preformatted text keeps its lines; a line too long for the page continues after a "↪" marker.
    func layoutPreformatted(_ text: String, block: Block, env: BlockEnv, out: inout [FlowLine]) {
        let first = out.count
        let bytes = Array(text.utf8)
        let direction = block.direction ?? bytes.withUnsafeBufferPointer { firstStrongDirection($0) } ?? env.direction
        var scalar = block.location.offset
        var lineStart = 0
        var line = PreformattedLine(start: scalar, direction: direction)
        let markerWidth = width(of: Self.continuationMarker)
        while lineStart < bytes.count || (lineStart == 0 && bytes.isEmpty == false) {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let hasNewline = lineEnd < bytes.count
            var contentEnd = lineEnd
            if contentEnd > lineStart && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            line.start = scalar
            setPreformatted(bytes, lineStart..<contentEnd, width: env.width, markerWidth: markerWidth, line: &line,
                            scalar: &scalar, out: &out)
            // The carriage return and newline belong to this line's source range.
            for b in contentEnd..<lineEnd where bytes[b] & 0xC0 != 0x80 { scalar += 1 }
            if hasNewline { scalar += 1 }
            line.emit(scalar, into: &out)
            lineStart = lineEnd + 1
            if !hasNewline { break }
        }
        if block.look.align == .center && !vertical { centre(&out, from: first, width: env.width) }
        keepTogether(&out, from: first)
    }

    /// Centres the lines from `first` on together, keeping their left edges in line (a display formula drawn as a
    /// grid, issue 16): every line gets the same indent, as a decoration, so the block's widest line is centred.
    private func centre(_ out: inout [FlowLine], from first: Int, width: Int) {
        let widest = out[first...].map(\.line.width).max() ?? 0
        let indent = (width - widest) / 2
        guard indent > 0 else { return }
        let space = String.repeated(" ", count: indent)
        prefix(&out, from: first, first: space, rest: space)
    }

    /// Begins the continuation of a line too long for the page.
    static let continuationMarker = "↪"

    /// Sets the source line `bytes[range]` into `line`, emitting a piece each time the page's `width` is full;
    /// `scalar` counts the source offset on.
    private func setPreformatted(_ bytes: [UInt8], _ range: Range<Int>, width: Int, markerWidth: Int,
                                 line: inout PreformattedLine, scalar: inout Int, out: inout [FlowLine]) {
        let marker = Self.continuationMarker
        let useMarker = width - markerWidth >= 2
        /// Emits the full line and starts its continuation, after the marker when it leaves room for `next` cells.
        func continueLine(before next: Int) {
            line.emit(scalar, into: &out)
            // Without the marker when it would push the character past the line's end.
            if useMarker && markerWidth + next <= width {
                line.bytes.append(contentsOf: marker.utf8)
                line.decorations.append(0..<line.bytes.count)
                line.used = markerWidth
                line.inkLength = line.bytes.count
                line.inkWidth = line.used
            }
        }
        // Most code is printable ASCII: one byte, one cluster, one cell (horizontally), so the line is copied in
        // runs as long as the room left, with what the loop below would do for each character.
        if !vertical && !preformattedByClusters && bytes[range].allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            noteOverflow(range.isEmpty ? 0 : 1, available: width)
            var i = range.lowerBound
            while i < range.upperBound {
                if line.used + 1 > width && line.used > 0 { continueLine(before: 1) }
                let take = min(max(1, width - line.used), range.upperBound - i)
                line.bytes.append(contentsOf: bytes[i..<(i + take)])
                line.used += take
                if let ink = bytes[i..<(i + take)].lastIndex(where: { $0 != 0x20 }) {
                    line.inkLength = line.bytes.count - (i + take - 1 - ink)
                    line.inkWidth = line.used - (i + take - 1 - ink)
                }
                scalar += take
                i += take
            }
            return
        }
        let lineStart = range.lowerBound
        let n = bytes.withUnsafeBufferPointer { all in
            let text = UnsafeBufferPointer(rebasing: all[range])
            let n = clusters.measure(text)
            if vertical { clusters.applyVerticalWidths(text, n) }
            return n
        }
        let clusterStart = clusters.start, clusterWidth = clusters.width, clusterFlags = clusters.flags
        for c in 0..<n {
            let b0 = lineStart + Int(clusterStart[c])
            let b1 = lineStart + Int(clusterStart[c + 1])
            var clusterScalars = 0
            for b in b0..<b1 where bytes[b] & 0xC0 != 0x80 { clusterScalars += 1 }
            let f = clusterFlags[c]
            if f.contains(.invisible) {
                scalar += clusterScalars
                continue
            }
            let isTab = bytes[b0] == 0x09
            let w = isTab ? tabWidth(at: line.used, lineWidth: width) : Int(clusterWidth[c])
            noteOverflow(w, available: width)
            if !isTab && line.used + w > width && line.used > 0 { continueLine(before: w) }
            if isTab || (f.contains(.space) && b1 - b0 == 1) {
                for _ in 0..<w { line.bytes.append(0x20) }
            } else {
                line.bytes.append(contentsOf: bytes[b0..<b1])
            }
            line.used += w
            if !f.contains(.space) {
                line.inkLength = line.bytes.count
                line.inkWidth = line.used
            }
            scalar += clusterScalars
        }
    }

    /// Cells a tab takes at `used` cells into a preformatted line: up to the next stop of 4, but never past the
    /// line's width. A stop beyond a narrow page clamps to its edge (a full line gives the tab no cells), so a tab
    /// never makes a line wider than the page and never asks for a negative number of spaces; the text after it
    /// continues on the next line, after the "↪" marker, like any line too long for the page.
    func tabWidth(at used: Int, lineWidth: Int) -> Int {
        let stop = 4 - used % 4
        return max(0, min(stop, lineWidth - used))
    }
}
