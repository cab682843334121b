import ICUShim

/// The break-opportunity phase (UAX #14, Unicode 15.0, as ICU 72 applies it): marks `.breakAfter` on every
/// cluster after which a line may end. Most Latin, Cyrillic and Greek prose is made only of the simple classes,
/// for which the pair rules below give exactly ICU's opportunities without its cost; anything else, and every
/// language with strict kinsoku (Japanese, Chinese: JLReq's line-start and line-end rules, "@lb=strict"), goes
/// to ICU's iterator.
/// `LineBreakRuleTests` holds the fast path to ICU's answers through the test hooks at the end of this file.

/// The UAX #14 pair rules the fast path applies.
enum UAX14 {
    /// UAX #14 pair rules (Unicode 15.0, as ICU 72 applies them): may a line end between classes `a` and `b`?
    /// `beforeSpaces` is the last class before any spaces ending at `a`; `spaceBeforeNumber` says `a b` is
    /// `SP IS` followed by `NU`; `wordInitialHyphen` says `a` is a hyphen at the start of a word.
    fileprivate static func pairAllowed(_ a: UInt8, _ b: UInt8, beforeSpaces: UInt8, spaceBeforeNumber: Bool,
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

}

/// `UAX14.pairAllowed` for every pair of simple classes (index `a << 4 | b`): 1 break, 0 no break, 2 when the
/// answer depends on context (after spaces, or a hyphen before a letter). Built once per process, never freed.
nonisolated(unsafe) private let uax14PairTable: UnsafeMutablePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    let SP = UInt8(QI_LB_SP), HY = UInt8(QI_LB_HY), AL = UInt8(QI_LB_AL)
    for a in 0..<16 {
        for b in 0..<16 {
            let a = UInt8(a), b = UInt8(b)
            if a == SP || (a == HY && b == AL) {
                table[Int(a) << 4 | Int(b)] = 2
            } else {
                // Not after a space, the last class before spaces is `a` itself, and " .5" cannot apply.
                table[Int(a) << 4 | Int(b)] = UAX14.pairAllowed(a, b, beforeSpaces: a, spaceBeforeNumber: false,
                                                                wordInitialHyphen: false) ? 1 : 0
            }
        }
    }
    return table
}()

extension LayoutContext {
    /// The ICU line breaker for a language, opened once per context and locale; nil when ICU has no data for it.
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


    /// UAX #14 (Unicode 15.0, as ICU 72 applies it) for paragraphs made only of the simple classes, which is
    /// most Latin, Cyrillic and Greek prose: the same opportunities as ICU's iterator, without its cost.
    /// Returns false, touching nothing, when a cluster needs ICU.
    private func simpleBreaks(_ n: Int) -> Bool {
        let classes = clusters.lineClass, flags = clusters.flags, table = uax14PairTable
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
                allowed = UAX14.pairAllowed(a, b, beforeSpaces: beforeSpaces, spaceBeforeNumber: spaceBeforeNumber,
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
        let clusterStart = clusters.start, clusterFlags = clusters.flags
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

    /// Cluster indexes after which a line may end: a test hook (`@testable import Layout`), not public API.
    func breakOpportunities(_ text: String, language: String?) -> [Int] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let n = clusters.measure(buffer)
            markBreaks(buffer, n, language: language)
            return (0..<n).filter { clusters.flags[$0].contains(.breakAfter) }
        }
    }
}
