import BookModel
import ICUShim

/// A line on its way to a page, with what page flow needs: keeps, source offsets, page-break labels.
struct FlowLine {
    var line: Line
    /// No page break may fall between this line and the next (widows, orphans, headings, table rows).
    var keep = false
    /// A separating blank line, dropped at the top or bottom of a page.
    var collapsible = false
    /// Source offsets of the book text on the line, -1 when it holds none.
    var start = -1
    var end = -1
    var labels: [String] = []
    /// Holds only page-break labels of an empty paragraph; folded into a neighbour before page flow.
    var markerOnly = false

    static func blank(direction: Direction) -> FlowLine {
        FlowLine(line: Line(text: "", width: 0, direction: direction, role: .blank), collapsible: true)
    }
}

/// A paragraph's text as UTF-8, with the ranges that are not book text and the positions of forced breaks.
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
    /// Source offset of the first book character.
    var offset: Int

    init(offset: Int) { self.offset = offset }

    mutating func appendDecoration(_ text: String) {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        if bytes.count > start { decorations.append(start..<bytes.count) }
    }

    init(_ inlines: [Inline], offset: Int, ruby: RubyMode) {
        self.offset = offset
        var size = 0
        for inline in inlines {
            switch inline {
            case .text(let text, _): size += text.utf8.count
            case .ruby(let base, let annotation): size += base.utf8.count + annotation.utf8.count + 6
            default: break
            }
        }
        bytes.reserveCapacity(size)
        for inline in inlines {
            switch inline {
            case .text(let text, _):
                bytes.append(contentsOf: text.utf8)
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
    }
}

/// Per-thread layout state: ICU iterators and scratch buffers reused across the paragraphs of a chapter.
final class LayoutContext {
    let options: LayoutOptions
    let vertical: Bool
    private let ambiguous: Int32
    private var lineBreakers: [String: Breaker] = [:]
    private var missingBreakers: Set<String> = []
    private let graphemes: Breaker?
    private let strategy: any LineBreakStrategy
    private var boundaryScratch: [Int32] = []
    // Raw buffers, read through local copies in hot loops: no exclusivity checks, no copy-on-write.
    private var clusterCapacity = 0
    private(set) var clusterStart = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var clusterWidth = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private(set) var clusterFlags = UnsafeMutablePointer<ClusterFlags>.allocate(capacity: 1)
    /// Simple UAX #14 class of each cluster (QI_LB_*), 0 when only ICU knows its rules.
    private(set) var clusterClass = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    /// Width of the clusters before each index (one more entry than clusters).
    private var clusterPrefix = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private let asciiClasses: UnsafeMutablePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)
        qi_ascii_line_classes(table)
        return table
    }()
    /// Set in tests to compare the rule-based fast path with ICU.
    var alwaysUseICU = false
    /// Paragraphs whose breaks came from ICU's iterator rather than the fast path (for tests).
    private(set) var icuParagraphs = 0
    private var output: [UInt8] = []
    private var rubyPositions: [Int] = []
    private var widthCache: [String: Int] = [:]
    /// The widest cluster that did not fit its line so far (see `overflow(during:)`).
    var overflowWidest = 0

    init(options: LayoutOptions, vertical: Bool) {
        self.options = options
        self.vertical = vertical
        self.ambiguous = options.ambiguousWide ? 1 : 0
        self.graphemes = Breaker(graphemes: ())
        self.strategy = options.lineBreaking.strategy
    }

    deinit {
        clusterStart.deallocate()
        clusterWidth.deallocate()
        clusterFlags.deallocate()
        clusterClass.deallocate()
        clusterPrefix.deallocate()
        asciiClasses.deallocate()
        pairTable.deallocate()
    }

    func lineBreaker(for language: String?) -> Breaker? {
        let locale = icuLineLocale(language)
        if let breaker = lineBreakers[locale] { return breaker }
        if missingBreakers.contains(locale) { return nil }
        if let breaker = Breaker(line: locale) {
            lineBreakers[locale] = breaker
            return breaker
        }
        missingBreakers.insert(locale)
        return nil
    }

    /// Width of a decoration or short string as this layout counts it (rows in vertical writing).
    func width(of text: String) -> Int {
        if let cached = widthCache[text] { return cached }
        var copy = Array(text.utf8)
        let n = copy.withUnsafeBufferPointer { bytes in
            let n = measure(bytes)
            if vertical { verticalWidths(bytes, n) }
            return n
        }
        let clusterWidth = self.clusterWidth, clusterFlags = self.clusterFlags
        var total = 0
        for i in 0..<n where !clusterFlags[i].contains(.invisible) { total += Int(clusterWidth[i]) }
        copy.removeAll()
        widthCache[text] = total
        return total
    }

    private func grow(to size: Int) {
        if clusterCapacity >= size { return }
        let capacity = max(size, clusterCapacity * 2, 64)
        clusterStart.deallocate()
        clusterWidth.deallocate()
        clusterFlags.deallocate()
        clusterClass.deallocate()
        clusterPrefix.deallocate()
        clusterPrefix = .allocate(capacity: capacity)
        clusterClass = .allocate(capacity: capacity)
        clusterStart = .allocate(capacity: capacity)
        clusterWidth = .allocate(capacity: capacity)
        clusterFlags = .allocate(capacity: capacity)
        clusterCapacity = capacity
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
    /// vertical writing apply `verticalWidths` once their breaks are marked); returns the cluster count.
    @discardableResult
    func measure(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let length = bytes.count
        grow(to: length + 1)
        let clusterStart = self.clusterStart, clusterWidth = self.clusterWidth, clusterFlags = self.clusterFlags
        let clusterClass = self.clusterClass, asciiClasses = self.asciiClasses
        var n = Int(qi_measure_clusters(graphemes?.handle, bytes.baseAddress, Int32(length), ambiguous, asciiClasses,
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

    /// UAX #14 pair rules (Unicode 15.0, as ICU 72 applies them): may a line end between classes `a` and `b`?
    /// `beforeSpaces` is the last class before any spaces ending at `a`; `spaceBeforeNumber` says `a b` is
    /// `SP IS` followed by `NU`; `wordInitialHyphen` says `a` is a hyphen at the start of a word.
    private static func pairAllowed(_ a: UInt8, _ b: UInt8, beforeSpaces: UInt8, spaceBeforeNumber: Bool,
                                    wordInitialHyphen: Bool) -> Bool {
        let AL = UInt8(QI_LB_AL), NU = UInt8(QI_LB_NU), SP = UInt8(QI_LB_SP), IS = UInt8(QI_LB_IS)
        let EX = UInt8(QI_LB_EX), HY = UInt8(QI_LB_HY), QU = UInt8(QI_LB_QU), OP = UInt8(QI_LB_OP)
        let CP = UInt8(QI_LB_CP), CL = UInt8(QI_LB_CL), BA = UInt8(QI_LB_BA), B2 = UInt8(QI_LB_B2)
        let IN = UInt8(QI_LB_IN), WJ = UInt8(QI_LB_WJ), GL = UInt8(QI_LB_GL)
        if a == WJ || b == WJ || a == GL {
            return false                                            // LB11, LB12
        } else if b == GL && a != SP && a != BA && a != HY {
            return false                                            // LB12a
        } else if b == SP || b == CL || b == CP || b == EX || (b == IS && !spaceBeforeNumber) {
            return false                                            // LB7, LB13 (LB15c: " .5")
        } else if beforeSpaces == OP && (a == OP || a == SP) {
            return false                                            // LB14
        } else if beforeSpaces == QU && b == OP && (a == QU || a == SP) {
            return false                                            // LB15
        } else if beforeSpaces == B2 && b == B2 && (a == B2 || a == SP) {
            return false                                            // LB17
        } else if a == SP {
            return true                                             // LB18
        } else if a == QU || b == QU || b == BA || b == HY || b == IN {
            return false                                            // LB19, LB21, LB22
        } else if (a == AL && (b == NU || b == AL)) || (a == NU && (b == AL || b == NU)) {
            return false                                            // LB23, LB25, LB28
        } else if (a == HY || a == IS) && b == NU {
            return false                                            // LB25
        } else if a == HY && b == AL && wordInitialHyphen {
            return false                                            // LB20.1: a word-initial hyphen
        } else if a == IS && b == AL {
            return false                                            // LB29
        } else if ((a == AL || a == NU) && b == OP) || (a == CP && (b == AL || b == NU)) {
            return false                                            // LB30
        }
        return true                                                 // LB31
    }

    /// `pairAllowed` for every pair of simple classes (index `a << 4 | b`): 1 break, 0 no break, 2 when the
    /// answer depends on context (after spaces, or a hyphen before a letter).
    private let pairTable: UnsafeMutablePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        let SP = UInt8(QI_LB_SP), HY = UInt8(QI_LB_HY), AL = UInt8(QI_LB_AL)
        for a in 0..<16 {
            for b in 0..<16 {
                let a = UInt8(a), b = UInt8(b)
                if a == SP || (a == HY && b == AL) {
                    table[Int(a) << 4 | Int(b)] = 2
                } else {
                    // Not after a space, the last class before spaces is `a` itself, and " .5" cannot apply.
                    table[Int(a) << 4 | Int(b)] = pairAllowed(a, b, beforeSpaces: a, spaceBeforeNumber: false,
                                                              wordInitialHyphen: false) ? 1 : 0
                }
            }
        }
        return table
    }()

    /// UAX #14 (Unicode 15.0, as ICU 72 applies it) for paragraphs made only of the simple classes, which is
    /// most Latin, Cyrillic and Greek prose: the same opportunities as ICU's iterator, without its cost.
    /// Returns false, touching nothing, when a cluster needs ICU.
    private func simpleBreaks(_ n: Int) -> Bool {
        let classes = clusterClass, flags = clusterFlags, table = pairTable
        for i in 0..<n where classes[i] == 0 { return false }
        let SP = UInt8(QI_LB_SP), OP = UInt8(QI_LB_OP), NU = UInt8(QI_LB_NU), IS = UInt8(QI_LB_IS)
        var beforeSpaces = UInt8(0)
        /// The spaces ending at `j` follow an opening bracket (LB14 holds them to what comes next).
        func afterOpenSpaces(_ j: Int) -> Bool {
            var k = j
            while k >= 0 && classes[k] == SP { k -= 1 }
            return k >= 0 && classes[k] == OP
        }
        for i in 0..<(n - 1) {
            let a = classes[i]
            let b = classes[i + 1]
            if a != SP { beforeSpaces = a }
            var allowed = table[Int(a) << 4 | Int(b)]
            if allowed == 2 {
                let spaceBeforeNumber = a == SP && b == IS && i + 2 < n && classes[i + 2] == NU
                let wordInitialHyphen = a != SP && (i == 0 || (classes[i - 1] == SP && !afterOpenSpaces(i - 1)))
                allowed = Self.pairAllowed(a, b, beforeSpaces: beforeSpaces, spaceBeforeNumber: spaceBeforeNumber,
                                           wordInitialHyphen: wordInitialHyphen) ? 1 : 0
            }
            if allowed == 1 { flags[i].insert(.breakAfter) }
        }
        flags[n - 1].insert(.breakAfter)
        return true
    }

    /// Flags the clusters after which a line may end: by the pair rules when they suffice, else by ICU.
    func markBreaks(_ bytes: UnsafeBufferPointer<UInt8>, _ n: Int, language: String?) {
        guard n > 0 else { return }
        if !alwaysUseICU && icuLineLocale(language).firstIndex(of: "@") == nil && simpleBreaks(n) { return }
        icuParagraphs += 1
        guard let breaker = lineBreaker(for: language) else { return }
        let clusterStart = self.clusterStart, clusterFlags = self.clusterFlags
        var boundaries = boundaryScratch
        boundaryScratch = []
        let k = breaker.boundaries(bytes, into: &boundaries)
        var c = 0
        for j in 0..<k {
            let p = boundaries[j]
            while c < n && clusterStart[c + 1] < p { c += 1 }
            if c < n && clusterStart[c + 1] == p { clusterFlags[c].insert(.breakAfter) }
        }
        boundaryScratch = boundaries
    }

    /// Cluster indexes after which a line may end, for tests.
    func breakOpportunities(_ text: String, language: String?) -> [Int] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let n = measure(buffer)
            markBreaks(buffer, n, language: language)
            return (0..<n).filter { clusterFlags[$0].contains(.breakAfter) }
        }
    }

    /// In a column every character takes one row, and a lone pair of digits (or !? marks) shares one
    /// (tate-chu-yoko).
    func verticalWidths(_ bytes: UnsafeBufferPointer<UInt8>, _ n: Int) {
        let clusterStart = self.clusterStart, clusterWidth = self.clusterWidth, clusterFlags = self.clusterFlags
        for i in 0..<n where !clusterFlags[i].contains(.invisible) { clusterWidth[i] = 1 }
        func kind(_ i: Int) -> UInt8 {
            guard i >= 0 && i < n && clusterStart[i + 1] - clusterStart[i] == 1 else { return 0 }
            let b = bytes[Int(clusterStart[i])]
            if b >= 0x30 && b <= 0x39 { return 1 }
            if b == 0x21 || b == 0x3F { return 2 }
            return 0
        }
        var i = 0
        while i + 1 < n {
            let k = kind(i)
            if k != 0 && kind(i + 1) == k && kind(i - 1) != k && kind(i + 2) != k {
                clusterWidth[i + 1] = 0
                clusterFlags[i].remove(.breakAfter)
                i += 2
            } else {
                i += 1
            }
        }
    }

    /// Sets a paragraph into lines of at most `width` cells, appending them to `out`.
    func setParagraph(_ input: ParagraphInput, width: Int, indent: String? = nil, language: String?,
                      direction explicit: Direction?, fallback: Direction, role: LineRole = .body,
                      align: TextAlign = .start, out: inout [FlowLine]) {
        let firstOut = out.count
        let length = input.bytes.count
        // Measured before the paragraph: measuring reuses the cluster buffers.
        var indentText = indent
        var indentWidth = indent.map { self.width(of: $0) } ?? 0
        if width - indentWidth < 2 {
            indentText = nil
            indentWidth = 0
        }
        input.bytes.withUnsafeBufferPointer { bytes in
            let n = measure(bytes)
            let clusterStart = self.clusterStart, clusterWidth = self.clusterWidth, clusterFlags = self.clusterFlags
            let direction = explicit ?? firstStrongDirection(bytes) ?? fallback
            markBreaks(bytes, n, language: language)
            if vertical { verticalWidths(bytes, n) }
            // Glue ranges ascend, as cluster ends do: one pass over both.
            if !input.glue.isEmpty {
                var glue = 0
                for c in 0..<n {
                    let end = Int(clusterStart[c + 1])
                    while glue < input.glue.count && input.glue[glue].upperBound <= end { glue += 1 }
                    if glue >= input.glue.count { break }
                    if end > input.glue[glue].lowerBound { clusterFlags[c].remove(.breakAfter) }
                }
            }
            var hardBefore: [Int] = []
            if !input.hardBreaks.isEmpty {
                var c = 0
                for p in input.hardBreaks where p < length {
                    while c < n && Int(clusterStart[c]) < p { c += 1 }
                    hardBefore.append(c)
                }
            }
            // Running widths, and whether every cluster is printed as it is (no invisible characters, no white
            // space other than U+0020 to rewrite).
            let prefix = clusterPrefix
            let printedAsIs = qi_running_widths(bytes.baseAddress, clusterStart, clusterWidth,
                                                UnsafeRawPointer(clusterFlags).assumingMemoryBound(to: UInt8.self),
                                                Int32(n), prefix) != 0
            let measured = MeasuredText(count: n, width: UnsafePointer(clusterWidth), flags: UnsafePointer(clusterFlags),
                                        hardBefore: hardBefore, prefix: UnsafePointer(prefix))
            let reserve = options.hangingPunctuation ? (vertical ? 1 : 2) : 0
            var spans = strategy.breakLines(measured, firstWidth: max(1, width - indentWidth), restWidth: max(1, width),
                                            reserve: reserve)
            // An indent that squeezes a character which fits the line without it is given up.
            if indentWidth > 0, let first = spans.first, inkWidth(first, clusterFlags, prefix) > width - indentWidth {
                indentText = nil
                indentWidth = 0
                spans = strategy.breakLines(measured, firstWidth: max(1, width), restWidth: max(1, width), reserve: reserve)
            }
            if spans.isEmpty {
                if !input.markers.isEmpty {
                    var marker = FlowLine.blank(direction: direction)
                    marker.markerOnly = true
                    marker.labels = input.markers.map(\.label)
                    out.append(marker)
                }
                return
            }
            // Source offsets: book scalars before a byte position, decorations not counted.
            var scanByte = 0
            var scanScalars = 0
            var scanDecoration = 0
            func scalars(upTo p: Int) -> Int {
                let decorations = input.decorations
                while scanByte < p {
                    while scanDecoration < decorations.count && decorations[scanDecoration].upperBound <= scanByte {
                        scanDecoration += 1
                    }
                    if scanDecoration < decorations.count && decorations[scanDecoration].lowerBound <= scanByte {
                        scanByte = min(p, decorations[scanDecoration].upperBound)
                        continue
                    }
                    let stop = scanDecoration < decorations.count ? min(p, decorations[scanDecoration].lowerBound) : p
                    while scanByte < stop {
                        if bytes[scanByte] & 0xC0 != 0x80 { scanScalars += 1 }
                        scanByte += 1
                    }
                }
                return scanScalars
            }
            var marker = 0
            var decorationIndex = 0
            var output = self.output
            var positions = self.rubyPositions
            self.output = []
            self.rubyPositions = []
            defer {
                self.output = output
                self.rubyPositions = positions
            }
            for (index, span) in spans.enumerated() {
                output.removeAll(keepingCapacity: true)
                var decorations: [Range<Int>] = []
                var lineWidth = 0
                let available = index == 0 ? width - indentWidth : width
                if index == 0, let indentText {
                    output.append(contentsOf: indentText.utf8)
                    decorations.append(0..<output.count)
                    lineWidth += indentWidth
                }
                var trimmed = span.end
                while trimmed > span.start && clusterFlags[trimmed - 1].contains(.space) { trimmed -= 1 }
                var contentWidth = 0
                var spaces = 0
                var inks = 0
                var wide = false
                // Plain lines are a slice of the paragraph: no invisible characters or spaces to rewrite, no ruby to map.
                var plain = input.decorations.isEmpty && input.rubies.isEmpty && (index != 0 || indentText == nil)
                // Without justification a plain paragraph's line needs only its width, from the running widths.
                let counted = !(plain && printedAsIs && align != .justify)
                if !counted { contentWidth = Int(prefix[trimmed] - prefix[span.start]) }
                if Int(prefix[trimmed] - prefix[span.start]) > available {
                    // Only a cluster wider than the line overflows it: the line breaker splits anything else.
                    for c in span.start..<trimmed { noteOverflow(Int(clusterWidth[c]), available: available) }
                }
                for c in span.start..<trimmed where counted {
                    contentWidth += Int(clusterWidth[c])
                    let f = clusterFlags[c]
                    if f.contains(.space) {
                        spaces += 1
                        let b = Int(clusterStart[c])
                        if bytes[b] != 0x20 && bytes[b] < 0x80 { plain = false }
                    } else if f.contains(.invisible) {
                        plain = false
                    } else if clusterWidth[c] > 0 {
                        inks += 1
                    }
                    if f.contains(.wide) { wide = true }
                }
                var extra = 0
                var gaps = 0
                var betweenCharacters = false
                if align == .justify && !span.last && contentWidth < available {
                    if spaces > 0 {
                        extra = available - contentWidth
                        gaps = spaces
                    } else if (wide || vertical) && inks > 1 {
                        extra = available - contentWidth
                        gaps = inks - 1
                        betweenCharacters = true
                    }
                }
                var gap = 0
                var inkSeen = 0
                var openDecoration = -1
                // Input byte → output byte at cluster starts (-1 elsewhere), to place ruby bases in the line's text.
                let lineStart = Int(clusterStart[span.start])
                if !input.rubies.isEmpty {
                    positions.removeAll(keepingCapacity: true)
                    positions.append(contentsOf: repeatElement(-1, count: Int(clusterStart[trimmed]) - lineStart + 1))
                }
                let text: String
                if plain && gaps == 0 {
                    text = String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(clusterStart[span.start])..<Int(clusterStart[trimmed])]),
                                  as: UTF8.self)
                    lineWidth += contentWidth
                } else {
                    for c in span.start..<trimmed {
                        let f = clusterFlags[c]
                        if f.contains(.invisible) { continue }
                        let b0 = Int(clusterStart[c])
                        let b1 = Int(clusterStart[c + 1])
                        while decorationIndex < input.decorations.count && input.decorations[decorationIndex].upperBound <= b0 {
                            decorationIndex += 1
                        }
                        let isDecoration = decorationIndex < input.decorations.count
                            && input.decorations[decorationIndex].lowerBound <= b0
                        let o0 = output.count
                        if !input.rubies.isEmpty { positions[b0 - lineStart] = o0 }
                        if isDecoration {
                            if openDecoration < 0 { openDecoration = o0 }
                        } else if openDecoration >= 0 {
                            decorations.append(openDecoration..<o0)
                            openDecoration = -1
                        }
                        if f.contains(.space) && bytes[b0] < 0x80 {
                            output.append(0x20)
                        } else if isDecoration, input.decorations[decorationIndex].upperBound < b1 {
                            // A combining mark of the book that starts right after a decoration joins its last
                            // cluster; it stays book text.
                            let split = input.decorations[decorationIndex].upperBound
                            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[b0..<split]))
                            decorations.append(openDecoration..<output.count)
                            openDecoration = -1
                            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[split..<b1]))
                        } else {
                            // Byte by byte: a generic append of a few bytes costs more than the copy.
                            for k in b0..<b1 { output.append(bytes[k]) }
                        }
                        lineWidth += Int(clusterWidth[c])
                        if gaps > 0 {
                            var insert = false
                            if betweenCharacters {
                                if !f.contains(.space) && clusterWidth[c] > 0 {
                                    inkSeen += 1
                                    insert = inkSeen < inks
                                }
                            } else {
                                insert = f.contains(.space)
                            }
                            if insert {
                                let add = extra / gaps + (gap < extra % gaps ? 1 : 0)
                                gap += 1
                                if openDecoration >= 0 {
                                    decorations.append(openDecoration..<output.count)
                                    openDecoration = -1
                                }
                                for _ in 0..<add { output.append(0x20) }
                                lineWidth += add
                            }
                        }
                    }
                    if openDecoration >= 0 { decorations.append(openDecoration..<output.count) }
                    text = String(decoding: output, as: UTF8.self)
                }
                var rubySpans: [RubySpan] = []
                if !input.rubies.isEmpty {
                    positions[positions.count - 1] = output.count
                    func position(_ byte: Int) -> Int? {
                        let k = byte - lineStart
                        return k >= 0 && k < positions.count && positions[k] >= 0 ? positions[k] : nil
                    }
                    for ruby in input.rubies {
                        guard let start = position(ruby.base.lowerBound), let end = position(ruby.base.upperBound) else { continue }
                        let shown = ruby.shown.flatMap { r in position(r.upperBound).map { end..<$0 } }
                        rubySpans.append(RubySpan(base: start..<end, annotation: ruby.annotation, shown: shown))
                    }
                }
                let startByte = Int(clusterStart[span.start])
                let endByte = Int(clusterStart[span.end])
                let start = input.offset + scalars(upTo: startByte)
                let end = input.offset + scalars(upTo: endByte)
                var labels: [String] = []
                let isLast = index == spans.count - 1
                while marker < input.markers.count && (isLast || input.markers[marker].position < endByte) {
                    labels.append(input.markers[marker].label)
                    marker += 1
                }
                // Built where it is stored: a FlowLine copied into `out` costs a retain and release per field.
                out.append(FlowLine(line: Line(text: text, width: lineWidth, direction: direction,
                                               alignment: gaps > 0 ? .justify : .start, role: role,
                                               decorations: decorations, language: language, rubies: rubySpans),
                                    start: start, end: end, labels: labels))
            }
        }
        keepTogether(&out, from: firstOut)
    }

    /// Cells of a line's clusters up to its last ink (trailing spaces are not printed).
    private func inkWidth(_ span: LineSpan, _ flags: UnsafeMutablePointer<ClusterFlags>,
                          _ prefix: UnsafeMutablePointer<Int32>) -> Int {
        var trimmed = span.end
        while trimmed > span.start && flags[trimmed - 1].contains(.space) { trimmed -= 1 }
        return Int(prefix[trimmed] - prefix[span.start])
    }

    /// Widows and orphans: the first `orphans` and last `widows` lines of a block stay on one page.
    func keepTogether(_ out: inout [FlowLine], from first: Int) {
        let count = out.count - first
        guard count > 1 else { return }
        for j in 0..<(count - 1) where j < options.orphans - 1 || j >= count - options.widows {
            out[first + j].keep = true
        }
    }
}
