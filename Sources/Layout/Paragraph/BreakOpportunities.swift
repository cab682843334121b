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

/// `UAX14.pairAllowed` for every pair of classes, looked up once per cluster by `simpleBreaks`. Index
/// `key << 4 | b`: below 256 `key` is the class `a` before the pair when `a` is not a space; from 256 on, `a` is a
/// space and `key` the last class before the spaces (LB14, LB15 and LB17 look past them; 0 at the paragraph's
/// start). Answers: 1 break, 0 no break, 2 when it depends on the cluster after `b` (" .5", LB15c) or on a hyphen
/// starting a word (LB20.1), 3 when a class is not simple (0: only ICU knows it). Built once, never freed.
nonisolated(unsafe) private let uax14PairTable: UnsafeMutablePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)
    let SP = UInt8(QI_LB_SP), HY = UInt8(QI_LB_HY), AL = UInt8(QI_LB_AL), IS = UInt8(QI_LB_IS)
    for key in 0..<16 {
        for b in 0..<16 {
            let key = UInt8(key), b = UInt8(b)
            // Not after a space: the last class before spaces is `a` itself, and " .5" cannot apply.
            let a = key
            table[Int(a) << 4 | Int(b)] = a == 0 || b == 0 ? 3 : a == HY && b == AL ? 2
                : UAX14.pairAllowed(a, b, beforeSpaces: a, spaceBeforeNumber: false, wordInitialHyphen: false) ? 1 : 0
            // After a space, `key` being the class before the spaces.
            table[256 | Int(key) << 4 | Int(b)] = b == 0 ? 3 : b == IS ? 2
                : UAX14.pairAllowed(SP, b, beforeSpaces: key, spaceBeforeNumber: false, wordInitialHyphen: false) ? 1 : 0
        }
    }
    return table
}()

extension LayoutContext {
    /// The ICU line breaker for an ICU locale (`icuLineLocale`), opened once per context and locale; nil when ICU
    /// has no data for it.
    func lineBreaker(locale: String) -> Breaker? {
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
    /// most Latin, Cyrillic and Greek prose: the same opportunities as ICU's iterator, without its cost (one
    /// table lookup per cluster). Returns false, leaving no break marked, when a cluster needs ICU.
    private func simpleBreaks(_ n: Int) -> Bool {
        let classes = clusters.lineClass, flags = clusters.flags, table = uax14PairTable
        if classes[0] == 0 { return false }
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
            let key: Int
            if a != SP {
                beforeSpaces = a
                key = Int(a) << 4
            } else {
                key = 256 | Int(beforeSpaces) << 4
            }
            var allowed = table[key | Int(b)]
            if allowed > 1 {
                if allowed == 3 {
                    for j in 0..<i { flags[j].remove(.breakAfter) }
                    return false
                }
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

    /// `icuLineLocale(language)`, remembered for the language asked last.
    private func lineLocale(_ language: String?) -> String {
        if let last = lastLineLocale, last.language == language { return last.locale }
        let locale = icuLineLocale(language)
        lastLineLocale = (language, locale)
        return locale
    }

    /// Flags the clusters after which a line may end: by the pair rules when they suffice, else by ICU.
    func markBreaks(_ bytes: UnsafeBufferPointer<UInt8>, _ n: Int, language: String?) {
        guard n > 0 else { return }
        let locale = lineLocale(language)
        if !alwaysUseICU && !locale.utf8.contains(UInt8(ascii: "@")) && simpleBreaks(n) { return }
        icuParagraphs += 1
        guard let breaker = lineBreaker(locale: locale) else { return }
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
