import ICUShim

/// The measuring phase of a paragraph: grapheme clusters (UAX #29) and their widths in cells (UAX #11).

/// The simple UAX #14 class of each ASCII byte (`qi_ascii_line_classes`), built once per process, never freed.
nonisolated(unsafe) private let asciiClasses: UnsafeMutablePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)
    qi_ascii_line_classes(table)
    return table
}()

/// Flags kept per grapheme cluster while setting a paragraph (the bits ICUShim's qi_measure writes).
struct ClusterFlags: OptionSet {
    let rawValue: UInt8
    static let space = ClusterFlags(rawValue: UInt8(QI_F_SPACE))
    static let invisible = ClusterFlags(rawValue: UInt8(QI_F_INVISIBLE))
    static let breakAfter = ClusterFlags(rawValue: UInt8(QI_F_BREAK_AFTER))
    static let hangable = ClusterFlags(rawValue: UInt8(QI_F_HANGABLE))
    static let wide = ClusterFlags(rawValue: UInt8(QI_F_WIDE))
    /// Line-start and line-end prohibited (kinsoku), consulted only when a run is split between clusters.
    static let noStart = ClusterFlags(rawValue: UInt8(QI_F_NO_START))
    static let noEnd = ClusterFlags(rawValue: UInt8(QI_F_NO_END))
    /// A break after this cluster splits a word and draws a hyphen (a soft hyphen or a hyphenation point,
    /// issue 16); line breakers may weigh such breaks as worse than a break between words.
    static let hyphen = ClusterFlags(rawValue: UInt8(QI_F_HYPHEN))
}

/// The measuring phase: a text split into grapheme clusters (UAX #29, so lines never break inside one), each
/// with its width in cells (UAX #11 as terminals count it: glibc `wcwidth`), its flags, and its simple UAX #14
/// line-break class. Later phases read and amend these arrays in place: break opportunities set `.breakAfter`,
/// vertical writing rewrites widths (`applyVerticalWidths`), glue and forced breaks are applied, and running widths
/// let the line breaker search instead of scan.
///
/// Raw buffers, read through local copies in hot loops: no exclusivity checks, no copy-on-write. One buffer per
/// `LayoutContext`, reused by every paragraph of a chapter; measuring again overwrites it.
final class ClusterBuffer {
    private var capacity = 0
    /// Byte offset where each cluster starts, then the text's length (one more entry than clusters).
    private(set) var start = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var width = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private(set) var flags = UnsafeMutablePointer<ClusterFlags>.allocate(capacity: 1)
    /// Simple UAX #14 class of each cluster (QI_LB_*), 0 when only ICU knows its rules.
    private(set) var lineClass = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    /// Width of the clusters before each index (one more entry than clusters), after `runningWidths`.
    private(set) var prefix = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private let ambiguous: Int32

    init(ambiguousWide: Bool) {
        self.ambiguous = ambiguousWide ? 1 : 0
    }

    deinit {
        start.deallocate()
        width.deallocate()
        flags.deallocate()
        lineClass.deallocate()
        prefix.deallocate()
    }

    private func grow(to size: Int) {
        if capacity >= size { return }
        let newCapacity = max(size, capacity * 2, 64)
        start.deallocate()
        width.deallocate()
        flags.deallocate()
        lineClass.deallocate()
        prefix.deallocate()
        prefix = .allocate(capacity: newCapacity)
        lineClass = .allocate(capacity: newCapacity)
        start = .allocate(capacity: newCapacity)
        width = .allocate(capacity: newCapacity)
        flags = .allocate(capacity: newCapacity)
        capacity = newCapacity
    }

    @inline(__always)
    private static func classifyASCII(_ b: UInt8, _ i: Int, _ width: UnsafeMutablePointer<UInt8>,
                                      _ flags: UnsafeMutablePointer<ClusterFlags>) {
        if b >= 0x21 && b < 0x7F {
            width[i] = 1
            flags[i] = []
        } else if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
            width[i] = 1
            flags[i] = .space
        } else {
            width[i] = 0
            flags[i] = .invisible
        }
    }

    /// Splits UTF-8 text into grapheme clusters with their widths and flags (horizontal widths: callers in
    /// vertical writing apply `applyVerticalWidths` once their breaks are marked); returns the cluster count.
    @discardableResult
    func measure(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let length = bytes.count
        grow(to: length + 1)
        let clusterStart = self.start, clusterWidth = self.width, clusterFlags = self.flags
        let clusterClass = self.lineClass
        var n = Int(qi_measure_clusters(bytes.baseAddress, Int32(length), ambiguous, asciiClasses,
                                        clusterStart, clusterWidth, UnsafeMutableRawPointer(clusterFlags)
                                            .assumingMemoryBound(to: UInt8.self), clusterClass))
        if n < 0 {
            // Without ICU data, fall back to one cluster per scalar.
            n = 0
            for i in 0..<length where bytes[i] & 0xC0 != 0x80 {
                clusterStart[n] = Int32(i)
                if bytes[i] < 0x80 {
                    Self.classifyASCII(bytes[i], n, clusterWidth, clusterFlags)
                    clusterClass[n] = asciiClasses[Int(bytes[i])]
                } else {
                    clusterWidth[n] = 1
                    // 、。，． (U+3001, U+3002, U+FF0C, U+FF0E) may hang past the line end.
                    let hangable = i + 2 < length && ((bytes[i] == 0xE3 && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0x81 || bytes[i + 2] == 0x82))
                        || (bytes[i] == 0xEF && bytes[i + 1] == 0xBC && (bytes[i + 2] == 0x8C || bytes[i + 2] == 0x8E)))
                    clusterFlags[n] = hangable ? .hangable : []
                    clusterClass[n] = 0
                }
                n += 1
            }
        }
        clusterStart[n] = Int32(length)
        return n
    }

    /// No line may end inside a glue range (a ruby base with its annotation). Glue ranges ascend, as cluster
    /// ends do: one pass over both.
    func removeBreaks(inside glue: [Range<Int>], count n: Int) {
        guard !glue.isEmpty else { return }
        let clusterStart = self.start, clusterFlags = self.flags
        var g = 0
        for c in 0..<n {
            let end = Int(clusterStart[c + 1])
            while g < glue.count && glue[g].upperBound <= end { g += 1 }
            if g >= glue.count { break }
            if end > glue[g].lowerBound { clusterFlags[c].remove(.breakAfter) }
        }
    }

    /// The cluster before which each forced line break (a byte position, ascending) falls.
    func clusterIndexes(ofHardBreaks hardBreaks: [Int], count n: Int, length: Int) -> [Int] {
        var hardBefore: [Int] = []
        guard !hardBreaks.isEmpty else { return hardBefore }
        let clusterStart = self.start
        var c = 0
        for p in hardBreaks where p < length {
            while c < n && Int(clusterStart[c]) < p { c += 1 }
            hardBefore.append(c)
        }
        return hardBefore
    }

    /// Fills `prefix` with running widths; true when every cluster is printed as it is (no invisible characters,
    /// no white space other than U+0020 to rewrite), so a line can be a slice of the paragraph.
    func runningWidths(_ bytes: UnsafeBufferPointer<UInt8>, count n: Int) -> Bool {
        qi_running_widths(bytes.baseAddress, start, width, UnsafeRawPointer(flags).assumingMemoryBound(to: UInt8.self),
                          Int32(n), prefix) != 0
    }

    /// Whether a cluster in `run` keeps a line from being a slice of the paragraph (`runningWidths`' test, on
    /// part of it): sixteen clusters' flags at a time.
    func rewrites(_ bytes: UnsafeBufferPointer<UInt8>, _ run: Range<Int>) -> Bool {
        nextRewritten(bytes, run) < run.upperBound
    }

    /// The first cluster of `run` that `rewrites` finds, or `run.upperBound`.
    func nextRewritten(_ bytes: UnsafeBufferPointer<UInt8>, _ run: Range<Int>) -> Int {
        Int(qi_next_rewritten(bytes.baseAddress, start, UnsafeRawPointer(flags).assumingMemoryBound(to: UInt8.self),
                              Int32(run.lowerBound), Int32(run.upperBound)))
    }

    /// The first cluster in `from..<to` with one of `wanted`'s flags, or `to`.
    @inline(__always)
    func next(_ wanted: ClusterFlags, from: Int, to: Int) -> Int {
        Int(qi_next_flagged(UnsafeRawPointer(flags).assumingMemoryBound(to: UInt8.self), Int32(from), Int32(to),
                            wanted.rawValue))
    }

    /// The end of `span` without its trailing spaces (they are not printed).
    @inline(__always)
    func trimmedEnd(_ span: LineSpan) -> Int {
        var trimmed = span.end
        while trimmed > span.start && flags[trimmed - 1].contains(.space) { trimmed -= 1 }
        return trimmed
    }

    /// Cells of a line's clusters up to its last ink (trailing spaces are not printed); needs `runningWidths`.
    func inkWidth(_ span: LineSpan) -> Int {
        Int(prefix[trimmedEnd(span)] - prefix[span.start])
    }
}
