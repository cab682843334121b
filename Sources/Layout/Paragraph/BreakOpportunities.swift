import ICUShim

/// The break-opportunity phase (UAX #14, Unicode 15.0, as ICU 72 applies it): marks `.breakAfter` on every
/// cluster after which a line may end. Most prose is made only of the simple classes, for which the pair rules
/// below give exactly ICU's opportunities without its cost: Latin, Cyrillic, Greek and Indic prose with the
/// default rules (numbers with their prefixes, postfixes and solidi, ambiguous-width signs such as superscript
/// digits, and quotations in Chinese or Japanese included), and Chinese and Japanese prose (ideographs, kana, their
/// brackets and punctuation) with the strict rules of JLReq's line-start and line-end prohibitions
/// ("@lb=strict"). Anything else goes to ICU's iterator.
/// `LineBreakRuleTests` holds both fast paths to ICU's answers through the test hooks at the end of this file.

/// The UAX #14 pair rules the fast path applies.
enum UAX14 {
    /// The class a pair rule sees. Ambiguous-width characters are letters (ICU resolves AI to AL, UAX #14 LB1);
    /// the curly double quotes are quotation marks by default, and under strict rules (ICU's line_cj rules for
    /// Chinese and Japanese) an opening bracket and closing punctuation; small kana and the prolonged sound mark
    /// are non-starters under strict rules (LB1: CJ to NS); closing punctuation beyond ASCII is closing
    /// punctuation; U+2010 HYPHEN breaks after (BA). Wide opening brackets stay apart for LB30, and the word-initial
    /// hyphen rule (LB20.1) reads U+2010 before this.
    @inline(__always)
    fileprivate static func ruleClass(_ c: UInt8, strict: Bool) -> UInt8 {
        switch Int(c) {
        case QI_LB_AI: return UInt8(QI_LB_AL)
        case QI_LB_CJ: return UInt8(QI_LB_NS)
        case QI_LB_CL_OTHER: return UInt8(QI_LB_CL)
        case QI_LB_QU_LEFT: return UInt8(strict ? QI_LB_OP : QI_LB_QU)
        case QI_LB_QU_RIGHT: return UInt8(strict ? QI_LB_CL : QI_LB_QU)
        case QI_LB_HH: return UInt8(QI_LB_BA)
        default: return c
        }
    }

    /// Whether the pair rules know class `c`: the classes of ideographs and kana too, with either rules (a
    /// Japanese quotation in an English book breaks by the default rules as ICU's root rules break it).
    fileprivate static func known(_ c: Int) -> Bool {
        c != 0 && c < QI_LB_CLASSES
    }

    /// Whether the pair `a b` (as `ruleClass` gives them) is one of LB25's that ICU 72 decides by more than the
    /// pair: ICU applies LB25 as a regular expression over the whole number, like UAX #14 section 8.2's
    /// `(PR | PO)? (OP | HY)? IS? NU (NU | SY | IS)* (CL | CP)? (PR | PO)?`, and allows no break inside a match. So
    /// a prefix holds to an opening bracket only before a digit, or a stop or comma and a digit (`numberAfter`), and a
    /// solidus to a digit, or closing or infix punctuation to a prefix or postfix, only after digits
    /// (`numberBefore`).
    fileprivate static func isNumberContextPair(_ a: UInt8, _ b: UInt8) -> Bool {
        let PR = UInt8(QI_LB_PR), PO = UInt8(QI_LB_PO), SY = UInt8(QI_LB_SY)
        let affix = b == PR || b == PO
        return ((a == PR || a == PO) && (b == UInt8(QI_LB_OP) || b == UInt8(QI_LB_OP_WIDE)))
            || (affix && (a == UInt8(QI_LB_CL) || a == UInt8(QI_LB_CP) || a == UInt8(QI_LB_IS) || a == SY))
            || (a == SY && b == UInt8(QI_LB_NU))
    }

    /// A hyphen for LB20.1 (a hyphen starting a word holds to the letters after it): HY, and U+2010 HYPHEN.
    @inline(__always)
    fileprivate static func isHyphen(_ c: UInt8) -> Bool { c == QI_LB_HY || c == QI_LB_HH }

    /// UAX #14 pair rules (Unicode 15.0, as ICU 72 applies them): may a line end between classes `a` and `b`?
    /// `beforeSpaces` is the last class before any spaces ending at `a`; `spaceBeforeNumber` says `a b` is
    /// `SP IS` followed by `NU`; `wordInitialHyphen` says `a` is a hyphen at the start of a word; `numberAfter`
    /// says a digit follows `b`, and `numberBefore` that `a` ends digits and solidi or infix punctuation (closing
    /// punctuation: that the cluster before it does), for LB25 (`isNumberContextPair`).
    fileprivate static func pairAllowed(_ a: UInt8, _ b: UInt8, beforeSpaces: UInt8, spaceBeforeNumber: Bool,
                                        wordInitialHyphen: Bool, numberBefore: Bool = false,
                                        numberAfter: Bool = false, strict: Bool) -> Bool {
        let hyphen = isHyphen(a)
        let a = ruleClass(a, strict: strict), b = ruleClass(b, strict: strict)
        let beforeSpaces = ruleClass(beforeSpaces, strict: strict)
        let AL = UInt8(QI_LB_AL), NU = UInt8(QI_LB_NU), SP = UInt8(QI_LB_SP), IS = UInt8(QI_LB_IS)
        let EX = UInt8(QI_LB_EX), HY = UInt8(QI_LB_HY), QU = UInt8(QI_LB_QU), OP = UInt8(QI_LB_OP)
        let CP = UInt8(QI_LB_CP), CL = UInt8(QI_LB_CL), BA = UInt8(QI_LB_BA), B2 = UInt8(QI_LB_B2)
        let IN = UInt8(QI_LB_IN), WJ = UInt8(QI_LB_WJ), GL = UInt8(QI_LB_GL), NS = UInt8(QI_LB_NS)
        let OPWide = UInt8(QI_LB_OP_WIDE), PR = UInt8(QI_LB_PR), PO = UInt8(QI_LB_PO), SY = UInt8(QI_LB_SY)
        let ID = UInt8(QI_LB_ID)
        if a == WJ || b == WJ || a == GL {
            return false                                            // LB11, LB12
        } else if b == GL && a != SP && a != BA && a != HY {
            return false                                            // LB12a
        } else if b == SP || b == CL || b == CP || b == EX || b == SY || (b == IS && !spaceBeforeNumber) {
            return false                                            // LB7, LB13 (LB15c: " .5")
        } else if (beforeSpaces == OP || beforeSpaces == OPWide) && (a == beforeSpaces || a == SP) {
            return false                                            // LB14
        } else if beforeSpaces == QU && (b == OP || b == OPWide) && (a == QU || a == SP) {
            return false                                            // LB15
        } else if (beforeSpaces == CL || beforeSpaces == CP) && b == NS && (a == beforeSpaces || a == SP) {
            return false                                            // LB16
        } else if beforeSpaces == B2 && b == B2 && (a == B2 || a == SP) {
            return false                                            // LB17
        } else if a == SP {
            return true                                             // LB18
        } else if a == QU || b == QU || b == BA || b == HY || b == NS || b == IN {
            return false                                            // LB19, LB21, LB22
        } else if (a == AL && (b == NU || b == AL)) || (a == NU && (b == AL || b == NU)) {
            return false                                            // LB23, LB25, LB28
        } else if (a == PR && b == ID) || (a == ID && b == PO) {
            return false                                            // LB23a
        } else if ((a == PR || a == PO) && (b == AL || b == NU)) || ((a == AL || a == NU) && (b == PR || b == PO)) {
            return false                                            // LB24, LB25
        } else if (a == HY || a == IS) && b == NU {
            return false                                            // LB25
        } else if isNumberContextPair(a, b) && (b == OP || b == OPWide ? numberAfter : numberBefore) {
            return false                                            // LB25, in ICU's form
        } else if hyphen && b == AL && wordInitialHyphen {
            return false                                            // LB20.1: a word-initial hyphen
        } else if a == IS && b == AL {
            return false                                            // LB29
        } else if ((a == AL || a == NU) && b == OP) || (a == CP && (b == AL || b == NU)) {
            return false                                            // LB30 (narrow brackets only)
        }
        return true                                                 // LB31
    }

    /// `pairAllowed` for every pair of classes the rules know, looked up once per cluster by `simpleBreaks`.
    /// Index `key << 5 | b`: below 1024 `key` is the class `a` before the pair when `a` is not a space; from 1024
    /// on, `a` is a space and `key` the last class before the spaces (LB14 to LB17 look past them; 0 at the
    /// paragraph's start). Answers: 1 break, 0 no break, 2 when it depends on the cluster after `b` (" .5", LB15c),
    /// on a hyphen starting a word (LB20.1) or on a number around the pair (LB25), 3 when the rules do not know a
    /// class (only ICU does). Built once, never freed.
    fileprivate static func pairTable(strict: Bool) -> UnsafeMutablePointer<UInt8> {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 2048)
        let SP = UInt8(QI_LB_SP), AL = UInt8(QI_LB_AL), IS = UInt8(QI_LB_IS)
        for key in 0..<32 {
            for b in 0..<32 {
                let a = UInt8(key), b8 = UInt8(b)
                let knownB = known(b)
                // Not after a space: the last class before spaces is `a` itself, and " .5" cannot apply.
                table[key << 5 | b] = !knownB || !known(key) ? 3
                    : isHyphen(a) && ruleClass(b8, strict: strict) == AL ? 2
                    : isNumberContextPair(ruleClass(a, strict: strict), ruleClass(b8, strict: strict)) ? 2
                    : pairAllowed(a, b8, beforeSpaces: a, spaceBeforeNumber: false, wordInitialHyphen: false,
                                  strict: strict) ? 1 : 0
                // After a space, `key` being the class before the spaces (0: none).
                table[1024 | key << 5 | b] = !knownB || (key != 0 && !known(key)) ? 3
                    : b8 == IS ? 2
                    : pairAllowed(SP, b8, beforeSpaces: a, spaceBeforeNumber: false, wordInitialHyphen: false,
                                  strict: strict) ? 1 : 0
            }
        }
        return table
    }
}

/// The pair rules of one kind of line breaking: their table and whether they are strict.
struct PairRules {
    let table: UnsafeMutablePointer<UInt8>
    let strict: Bool

    /// The default rules (ICU's root rules), for every language but Chinese and Japanese.
    nonisolated(unsafe) static let standard = PairRules(table: UAX14.pairTable(strict: false), strict: false)
    /// Strict Chinese and Japanese line breaking ("@lb=strict", ICU's line_cj rules): every simple class.
    nonisolated(unsafe) static let strict = PairRules(table: UAX14.pairTable(strict: true), strict: true)
}

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


    /// UAX #14 (Unicode 15.0, as ICU 72 applies it) for paragraphs made only of the simple classes of `table`:
    /// the same opportunities as ICU's iterator, without its cost (one table lookup per cluster, in ICUShim's
    /// `qi_pair_breaks`, which hands back the rare pairs whose answer depends on more than the two classes).
    /// Returns false, leaving no break marked, when a cluster needs ICU.
    private func simpleBreaks(_ n: Int, rules: PairRules) -> Bool {
        let classes = clusters.lineClass, flags = clusters.flags, table = rules.table, strict = rules.strict
        if classes[0] == 0 { return false }
        let rawFlags = UnsafeMutableRawPointer(flags).assumingMemoryBound(to: UInt8.self)
        let SP = UInt8(QI_LB_SP), OP = UInt8(QI_LB_OP), NU = UInt8(QI_LB_NU), IS = UInt8(QI_LB_IS)
        let OPWide = UInt8(QI_LB_OP_WIDE), SY = UInt8(QI_LB_SY), CL = UInt8(QI_LB_CL), CP = UInt8(QI_LB_CP)
        var beforeSpaces = UInt8(0)
        /// The spaces ending at `j` follow an opening bracket (LB14 holds them to what comes next).
        func afterOpenSpaces(_ j: Int) -> Bool {
            var k = j
            while k >= 0 && classes[k] == SP { k -= 1 }
            guard k >= 0 else { return false }
            let c = UAX14.ruleClass(classes[k], strict: strict)
            return c == OP || c == OPWide
        }
        /// The clusters up to `j` end a run of digits, solidi and infix punctuation that holds a digit (LB25).
        func endsNumber(_ j: Int) -> Bool {
            var k = j
            while k >= 0 {
                let c = UAX14.ruleClass(classes[k], strict: strict)
                if c == NU { return true }
                if c != SY && c != IS { return false }
                k -= 1
            }
            return false
        }
        var i = 0
        while true {
            i = Int(qi_pair_breaks(classes, rawFlags, Int32(i), Int32(n), table, &beforeSpaces))
            if i >= n - 1 { break }
            // The pair at `i` has a table answer above 1; `beforeSpaces` is already the class before it.
            let a = classes[i], b = classes[i + 1]
            let key = a != SP ? Int(a) << 5 : 1024 | Int(beforeSpaces) << 5
            if table[key | Int(b)] == 3 {
                for j in 0..<i { flags[j].remove(.breakAfter) }
                return false
            }
            let spaceBeforeNumber = a == SP && b == IS && i + 2 < n && classes[i + 2] == NU
            let wordInitialHyphen = a != SP && (i == 0 || (classes[i - 1] == SP && !afterOpenSpaces(i - 1)))
            let ruleA = UAX14.ruleClass(a, strict: strict)
            let numberBefore = ruleA == CL || ruleA == CP ? endsNumber(i - 1) : endsNumber(i)
            let numberAfter = i + 2 < n
                && (classes[i + 2] == NU || (classes[i + 2] == IS && i + 3 < n && classes[i + 3] == NU))
            if UAX14.pairAllowed(a, b, beforeSpaces: beforeSpaces, spaceBeforeNumber: spaceBeforeNumber,
                                 wordInitialHyphen: wordInitialHyphen, numberBefore: numberBefore,
                                 numberAfter: numberAfter, strict: strict) {
                flags[i].insert(.breakAfter)
            }
            i += 1
        }
        flags[n - 1].insert(.breakAfter)
        return true
    }

    /// `icuLineLocale(language)` and its pair rules (nil: only ICU knows them), remembered for the language asked
    /// last.
    private func lineLocale(_ language: String?) -> (locale: String, rules: PairRules?) {
        if let last = lastLineLocale, last.language == language { return (last.locale, last.rules) }
        let locale = icuLineLocale(language)
        let rules = locale.hasSuffix("@lb=strict") ? PairRules.strict
            : locale.utf8.contains(UInt8(ascii: "@")) ? nil : PairRules.standard
        lastLineLocale = (language, locale, rules)
        return (locale, rules)
    }

    /// Flags the clusters after which a line may end: by the pair rules when they suffice, else by ICU.
    func markBreaks(_ bytes: UnsafeBufferPointer<UInt8>, _ n: Int, language: String?) {
        guard n > 0 else { return }
        let (locale, rules) = lineLocale(language)
        if !alwaysUseICU, let rules, simpleBreaks(n, rules: rules) { return }
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
