/// The cascade of one document's sheets (CSS Cascade 4), ready to compute styles element by element.
///
/// Build one per distinct list of sheets and media context (a book's documents usually share one): the rules are
/// flattened (`@media` evaluated) and indexed by the subject compound's id, else a class, else its type, else
/// put with the universal rules, as browsers' rule hashes do, so an element only tests the rules that could match.
///
/// Cascade order, lowest first: user-agent rules, author rules, the `style` attribute, author `!important`, the
/// `style` attribute's `!important`, user-agent `!important`; within one level by specificity, then source order.
public struct StyleResolver: Sendable {
    public let context: MediaContext
    private var rules: [IndexedRule] = []
    private var byID: [String: [Entry]] = [:]
    private var byClass: [String: [Entry]] = [:]
    private var byType: [String: [Entry]] = [:]
    private var universal: [Entry] = []

    private struct IndexedRule: Sendable {
        var declarations: [Declaration]
        var sheet: String
        var hasImportant: Bool
    }

    /// One selector of one rule. `rank` packs origin, specificity and source order into one sortable number.
    private struct Entry: Sendable {
        var selector: Selector
        var rule: Int32
        var rank: UInt64
    }

    /// `userAgent` sheets rank below every author sheet (the lead may pass e.g. `b { font-weight: bold }` so that
    /// inherited author values do not override an element's own default). `sheets` are in cascade order, as
    /// `StylesheetLoader` returns them.
    public init(sheets: [LoadedSheet], userAgent: [Stylesheet] = [], context: MediaContext = MediaContext()) {
        self.context = context
        var order = 0
        for (origin, list) in [(0, userAgent.map { LoadedSheet(label: "user agent", sheet: $0) }), (1, sheets)] {
            for loaded in list where loaded.media.allSatisfy({ $0.matches(context) }) {
                for rule in loaded.sheet.styleRules(in: context) {
                    add(rule, sheet: loaded.label, origin: origin, order: &order)
                }
            }
        }
    }

    public var ruleCount: Int { rules.count }

    private mutating func add(_ rule: StyleRule, sheet: String, origin: Int, order: inout Int) {
        guard !rule.declarations.isEmpty else { return }
        let index = Int32(rules.count)
        rules.append(IndexedRule(declarations: rule.declarations, sheet: sheet,
                                 hasImportant: rule.declarations.contains { $0.important }))
        for selector in rule.selectors where !selector.neverMatches {
            let s = selector.specificity
            let spec = UInt64(min(s.a, 255)) << 16 | UInt64(min(s.b, 255)) << 8 | UInt64(min(s.c, 255))
            let entry = Entry(selector: selector, rule: index, rank: UInt64(origin) << 56 | spec << 32 | UInt64(order))
            order += 1
            let subject = selector.compounds[0]
            if let id = subject.tests.lazy.compactMap({ if case .id(let v) = $0 { return v }; return nil }).first {
                byID[id, default: []].append(entry)
            } else if let c = subject.tests.lazy.compactMap({ if case .class(let v) = $0 { return v }; return nil }).first {
                byClass[c, default: []].append(entry)
            } else if let name = subject.localName {
                byType[name, default: []].append(entry)
            } else {
                universal.append(entry)
            }
        }
    }

    /// The computed style of `node`, from its parent's computed style (nil at the document element). The lead
    /// calls this once per element in a tree walk, parents first.
    public func style<T: StyledTree>(for node: T.Node, in tree: T, parent: ComputedStyle?) -> ComputedStyle {
        let parentStyle = parent ?? ComputedStyle()
        var style = parent.map(ComputedStyle.init(inheritingFrom:)) ?? ComputedStyle()
        let matched = matchedRules(node, tree)
        let inline = tree.styleAttribute(node).map(Declaration.list(styleAttribute:)) ?? []
        // Writing mode and direction first: logical margins and paddings map to sides through them.
        for pass in 0..<2 {
            forEachDeclaration(matched, inline) { d, source in
                let isModeOrDirection = d.property == .writingMode || d.property == .direction
                guard isModeOrDirection == (pass == 0) else { return }
                style.apply(d, parent: parentStyle, source: source())
            }
        }
        return style
    }

    /// The rules whose selectors match, as (rule, rank) sorted from lowest to highest precedence.
    private func matchedRules<T: StyledTree>(_ node: T.Node, _ tree: T) -> [(rule: Int32, rank: UInt64, selector: Selector)] {
        var out: [(rule: Int32, rank: UInt64, selector: Selector)] = []
        func test(_ entries: [Entry]?) {
            guard let entries else { return }
            for e in entries where e.selector.matches(node, in: tree) { out.append((e.rule, e.rank, e.selector)) }
        }
        if !byID.isEmpty, let id = tree.id(node) { test(byID[id]) }
        if !byClass.isEmpty, let classes = tree.classAttribute(node) {
            var seen: [Substring] = []
            for c in classes.whitespaceTokens() where !seen.contains(c) {
                seen.append(c)
                test(byClass[String(c)])
            }
        }
        if !byType.isEmpty { test(byType[tree.localName(node)]) }
        test(universal)
        if out.count > 1 { out.sort { $0.rank < $1.rank } }
        return out
    }

    /// Calls `body` with every declaration in cascade order, lowest precedence first (see the type's comment).
    private func forEachDeclaration(_ matched: [(rule: Int32, rank: UInt64, selector: Selector)], _ inline: [Declaration],
                                    _ body: (Declaration, () -> Provenance?) -> Void) {
        let styleAttribute = { Provenance(selector: nil, sheet: "style attribute") }
        func fromRules(important: Bool, userAgent: Bool?) {
            for m in matched {
                let r = rules[Int(m.rule)]
                if important && !r.hasImportant { continue }
                if let userAgent, (m.rank >> 56 == 0) != userAgent { continue }
                for d in r.declarations where d.important == important {
                    body(d) { Provenance(selector: m.selector.text, sheet: r.sheet) }
                }
            }
        }
        fromRules(important: false, userAgent: nil)
        for d in inline where !d.important { body(d, styleAttribute) }
        fromRules(important: true, userAgent: false)
        for d in inline where d.important { body(d, styleAttribute) }
        fromRules(important: true, userAgent: true)
    }
}
