import BookModel

/// The hyphenation phase of a paragraph (after break opportunities, before line breaking): clusters after which a
/// word may be split get `.breakAfter` and `.hyphen`, and a line ending there draws a hyphen (LineBuilder).
///
/// - Soft hyphens (U+00AD) are the book's own opportunities (CSS Text 3 §5.1 `hyphens: manual`, the initial
///   value): UAX #14 already breaks after them (class BA); they are flagged so the break draws a hyphen, or lose
///   the break under `hyphens: none`.
/// - Automatic points (`--hyphenate auto` where the book's `hyphens` is `auto` or unset) come from the language's
///   patterns (`HyphenationPatterns`), with TeX's minimums: words of at least 5 letters, 2 before the break and
///   3 after. Never in a word with digits, a URL or e-mail address, code or math, a ruby base or a decoration, and
///   never in a word that has soft hyphens (CSS Text 3 §5.4: they take precedence).
///
/// First-fit asks only for the word that overflows each line (`ParagraphHyphenator.markWord`), so paragraphs
/// whose lines end between words cost one pattern lookup per line; other strategies get every word marked up
/// front (`markAll`).

extension LayoutContext {
    /// Flags the soft hyphens of a measured paragraph that may end a line (`.hyphen`: the break draws a hyphen), or
    /// takes their breaks away under `hyphens: none`. Soft hyphens are invisible clusters, so a paragraph printed as
    /// it is (`ClusterBuffer.runningWidths`) has none and is not scanned.
    func markSoftHyphens(_ bytes: UnsafeBufferPointer<UInt8>, _ n: Int, hyphens: Hyphens) {
        let clusterStart = clusters.start, clusterFlags = clusters.flags
        // From one invisible cluster to the next, sixteen flags at a time: a paragraph that is not printed as it is
        // mostly holds a word joiner or two among thousands of clusters (Standard Ebooks' dashes).
        var c = clusters.next(.invisible, from: 0, to: n)
        while c < n {
            let b = Int(clusterStart[c])
            if b + 1 < bytes.count, bytes[b] == 0xC2, bytes[b + 1] == 0xAD {
                if hyphens == .none {
                    clusterFlags[c].remove(.breakAfter)
                } else if clusterFlags[c].contains(.breakAfter) {
                    clusterFlags[c].insert(.hyphen)
                }
            }
            c = clusters.next(.invisible, from: c + 1, to: n)
        }
    }

    /// A hyphenator for this paragraph when automatic hyphenation applies to it (the option, the book's
    /// `hyphens`, installed patterns for its language), else nil.
    func hyphenator(_ input: ParagraphInput, _ bytes: UnsafeBufferPointer<UInt8>, count n: Int, language: String?,
                    hyphens: Hyphens) -> ParagraphHyphenator? {
        guard hyphens == .auto, options.hyphenate == .auto, let language else { return nil }
        let patterns: HyphenationPatterns
        if let last = lastPatterns, last.language == language {
            guard let found = last.patterns else { return nil }
            patterns = found
        } else {
            let found = HyphenationPatterns.forLanguage(language)
            lastPatterns = (language, found)
            guard let found else { return nil }
            patterns = found
        }
        var excluded = input.decorations + input.glue
        for span in input.styles where !span.style.isDisjoint(with: [.code, .math]) { excluded.append(span.range) }
        return ParagraphHyphenator(patterns: patterns, bytes: bytes, count: n, clusters: clusters,
                                   excluded: excluded)
    }
}

/// Marks the hyphenation points of one paragraph's words in its cluster buffer. Lives only while its paragraph is
/// set (it holds the paragraph's buffers); a class so the line breaker can call it through `MeasuredText`.
final class ParagraphHyphenator {
    private let patterns: HyphenationPatterns
    private let bytes: UnsafeBufferPointer<UInt8>
    private let n: Int
    private let start: UnsafeMutablePointer<Int32>
    private let flags: UnsafeMutablePointer<ClusterFlags>
    private let prefix: UnsafeMutablePointer<Int32>
    /// Byte ranges where no word is hyphenated, ascending and disjoint.
    private let excluded: [Range<Int>]
    /// The first cluster of the word marked last: first-fit may ask for one long word line after line.
    private var lastWord = -1
    private var word: [UInt8] = []
    private var scalarCluster: [Int] = []
    private var points: [Int] = []

    /// Longest word (in clusters) and whitespace-delimited token looked at: longer runs are not prose.
    static let maxWord = 64, maxToken = 160
    /// TeX's minimums: letters in a word, and letters before and after a break.
    static let minWord = 5, minBefore = 2, minAfter = 3

    init(patterns: HyphenationPatterns, bytes: UnsafeBufferPointer<UInt8>, count: Int, clusters: ClusterBuffer,
         excluded: [Range<Int>]) {
        self.patterns = patterns
        self.bytes = bytes
        self.n = count
        self.start = clusters.start
        self.flags = clusters.flags
        self.prefix = clusters.prefix
        var merged: [Range<Int>] = []
        for r in excluded.sorted(by: { $0.lowerBound < $1.lowerBound }) where !r.isEmpty {
            if let last = merged.last, r.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        self.excluded = merged
    }

    /// Marks the points of the word that holds cluster `i` (or ends right before it: "word," overflowing at its
    /// comma), unless no fragment of it could end a line before running width `target` (`ClusterBuffer.prefix`).
    func markWord(around i: Int, before target: Int) {
        var c = i
        if !isLetter(c) {
            guard c > 0, isLetter(c - 1) else { return }
            c -= 1
        }
        var ws = c
        while ws > 0 && c - ws <= Self.maxWord && isLetter(ws - 1) { ws -= 1 }
        // Two letters and the hyphen must fit before `target`, or no point of this word can end the line.
        guard ws != lastWord, Int(prefix[ws]) + Self.minBefore + 1 <= target else { return }
        lastWord = ws
        var we = c + 1
        while we < n && we - ws <= Self.maxWord && isLetter(we) { we += 1 }
        // A run of letters longer than any word is left whole (`markWord` refuses it).
        if (ws > 0 && isLetter(ws - 1)) || (we < n && isLetter(we)) { return }
        markWord(ws, we)
    }

    /// Marks the points of every word of the paragraph (for strategies that weigh all breaks at once).
    func markAll() {
        var c = 0
        while c < n {
            guard isLetter(c) else { c += 1; continue }
            var we = c + 1
            while we < n && isLetter(we) { we += 1 }
            markWord(c, we)
            c = we
        }
    }

    /// Marks the points of the letters `ws..<we` (a whole run of letters).
    private func markWord(_ ws: Int, _ we: Int) {
        guard we - ws >= Self.minWord, we - ws <= Self.maxWord, tokenAllows(ws, we),
              !isExcluded(Int(start[ws])..<Int(start[we])) else { return }
        word.removeAll(keepingCapacity: true)
        scalarCluster.removeAll(keepingCapacity: true)
        for c in ws..<we {
            var b = Int(start[c])
            let end = Int(start[c + 1])
            while b < end {
                let (scalar, length) = decode(b)
                appendLowercase(scalar)
                scalarCluster.append(c)
                b += length
            }
        }
        points.removeAll(keepingCapacity: true)
        patterns.points(word, characters: scalarCluster.count, into: &points)
        for k in points {
            let c = scalarCluster[k]
            // Only at the end of a cluster, with TeX's minimums counted in clusters (what the reader sees).
            guard k + 1 < scalarCluster.count, scalarCluster[k + 1] != c,
                  c - ws + 1 >= Self.minBefore, we - c - 1 >= Self.minAfter else { continue }
            flags[c].insert([.breakAfter, .hyphen])
        }
    }

    /// The whitespace-delimited token around a word allows hyphenation: no digits (a number, a date, a product
    /// code), nothing that looks like a URL, an e-mail address, a file or domain name, and no soft hyphen.
    private func tokenAllows(_ ws: Int, _ we: Int) -> Bool {
        var ts = ws, te = we
        while ts > 0 && !flags[ts - 1].contains(.space) {
            ts -= 1
            if we - ts > Self.maxToken { return false }
        }
        while te < n && !flags[te].contains(.space) {
            te += 1
            if te - ts > Self.maxToken { return false }
        }
        let first = Int(start[ts]), last = Int(start[te])
        var b = first
        while b < last {
            let byte = bytes[b]
            switch byte {
            case 0x30...0x39, 0x40, 0x5F, 0x5C: return false               // digits, @, _, backslash
            case 0x2F where b + 1 < last && bytes[b + 1] == 0x2F: return false // "//" of a URL
            case 0x2E where b + 1 < last && isASCIILetter(bytes[b + 1]): return false // "example.com", "file.txt"
            case 0xC2 where b + 1 < last && bytes[b + 1] == 0xAD: return false  // a soft hyphen
            default: break
            }
            if byte >= 0x80 {
                let (scalar, length) = decode(b)
                if scalar.properties.generalCategory == .decimalNumber { return false }
                b += length
            } else {
                b += 1
            }
        }
        return true
    }

    private func isExcluded(_ range: Range<Int>) -> Bool {
        var low = 0, high = excluded.count
        while low < high {
            let mid = (low + high) / 2
            if excluded[mid].upperBound <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        return low < excluded.count && excluded[low].lowerBound < range.upperBound
    }

    /// A cluster that starts with a letter (Unicode Alphabetic).
    @inline(__always)
    private func isLetter(_ c: Int) -> Bool {
        let b = bytes[Int(start[c])]
        if b < 0x80 { return isASCIILetter(b) }
        return flags[c].isDisjoint(with: [.space, .invisible]) && decode(Int(start[c])).scalar.properties.isAlphabetic
    }

    @inline(__always)
    private func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

    /// The scalar at byte `b` of valid UTF-8 (the paragraph's bytes are a Swift string's) and its length.
    private func decode(_ b: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = bytes[b]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length where b + k < bytes.count { value = value << 6 | (UInt32(bytes[b + k]) & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Patterns are lower case: a letter's simple lower-case mapping, when it is one scalar (the count of
    /// characters must stay that of the word).
    private func appendLowercase(_ scalar: Unicode.Scalar) {
        if scalar.isASCII {
            let v = UInt8(scalar.value)
            word.append(v >= 0x41 && v <= 0x5A ? v | 0x20 : v)
            return
        }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        let mapped = lower.count == 1 ? lower.first! : scalar
        word.append(contentsOf: String(mapped).utf8)
    }
}

extension LayoutContext {
    /// The text with a hyphen at every automatic hyphenation point of its words (`hyphens: auto`, as `markAll`
    /// finds them), nil when no patterns are installed for `language`: a test hook (`@testable import Layout`).
    func hyphenated(_ text: String, language: String) -> String? {
        let input = ParagraphInput([.text(text, [])], offset: 0, ruby: options.ruby)
        return input.bytes.withUnsafeBufferPointer { bytes -> String? in
            let n = clusters.measure(bytes)
            markBreaks(bytes, n, language: language)
            _ = clusters.runningWidths(bytes, count: n)
            guard let hyphenator = hyphenator(input, bytes, count: n, language: language, hyphens: .auto) else {
                return nil
            }
            hyphenator.markAll()
            var out: [UInt8] = []
            for c in 0..<n {
                out.append(contentsOf: bytes[Int(clusters.start[c])..<Int(clusters.start[c + 1])])
                if clusters.flags[c].contains(.hyphen) { out.append(UInt8(ascii: "-")) }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
