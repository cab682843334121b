/// The cascade of one document's sheets (CSS Cascade 4), ready to compute styles element by element.
///
/// Build one per distinct list of sheets and media context (a book's documents usually share one): the rules are
/// flattened (`@media` evaluated) and indexed by the subject compound's id, else a class, else its type, else an
/// attribute value it requires (`[epub|type~="x"]`: looked up by the element's value and tokens), else the name of an
/// attribute it requires (`[title]`: one existence check per element for the whole bucket), else put with the
/// universal rules, as browsers' rule hashes do, so an element only tests rules that could match.
///
/// Cascade order, lowest first: user-agent rules, author rules, the `style` attribute, author `!important`, the
/// `style` attribute's `!important`, user-agent `!important`; within one level by specificity, then source order.
public struct StyleResolver: Sendable {
    public let context: MediaContext
    private var rules: [IndexedRule] = []
    /// Per entry, what the ancestor filter must hold: plain values, so most candidates are rejected without
    /// touching (retaining) the selector.
    @usableFromInline var prefilters: [Prefilter] = []
    // Buckets hold entry numbers, keyed by `AncestorFilter.hash` of the key: no String is made or hashed
    // per element, and a hash collision only costs a full (correct) match.
    @usableFromInline var byID: [UInt32: [Int32]] = [:]
    @usableFromInline var byClass: [UInt32: [Int32]] = [:]
    @usableFromInline var byType: [UInt32: [Int32]] = [:]
    /// Keyed by the hash an attribute value test requires (`AttributeKey.hash(requiredBy:)`: `[epub|type~="x"]`,
    /// `[lang="en"]`): an element tests only the rules whose value its attribute has, not every rule on that
    /// attribute (Standard Ebooks' sheets hold dozens of `[epub|type~=…]` rules: issue 19). `valueKeys` are the
    /// attributes these rules test.
    @usableFromInline var byAttributeValue: [UInt32: [Int32]] = [:]
    @usableFromInline var valueKeys: [AttributeKey] = []
    /// Keyed by attribute local name; the rules of a bucket are tested only when the element has that attribute.
    @usableFromInline var byAttribute: [(name: String, entries: [Int32])] = []
    @usableFromInline var universal: [Int32] = []
    /// Attributes that ancestor compounds test (`section[epub|type~="imprint"] p`): every element adds what it has of
    /// them to its children's ancestor filter.
    @usableFromInline var ancestorAttributes: [AttributeKey] = []

    private struct IndexedRule: Sendable {
        var declarations: [Declaration]
        var sheet: String
    }

    /// Entries are the selectors of the rules, one per selector, numbered in source order; per entry, the index of
    /// its rule in `rules`.
    private var entryRules: [Int32] = []
    /// Per entry, its selector in a box: the matching loop then retains one reference per candidate (or none),
    /// where copying the selector out of an array retains each of its arrays and strings.
    @usableFromInline final class Matcher: Sendable {
        @usableFromInline let selector: Selector
        init(_ selector: Selector) { self.selector = selector }
        /// Matching through the box borrows the selector where reading it out of the box would copy it.
        @inlinable func matches<T: StyledTree>(_ node: T.Node, in tree: T) -> Bool { selector.matches(node, in: tree) }
    }
    @usableFromInline var matchers: [Matcher] = []
    /// Per entry: origin, specificity and source order packed into one sortable number.
    @usableFromInline var ranks: [UInt64] = []

    @usableFromInline struct Prefilter: Sendable {
        @usableFromInline var hashes: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        @usableFromInline var count = 0
        /// The type hash the element's previous sibling must have (`h2 + p`), 0 for none: the `+` rules of a busy
        /// type (Standard Ebooks' `h2 + p`, `hr + p`, `header + p`, … on every `p`) fail on one integer.
        @usableFromInline var previousType: UInt32 = 0
        init(_ list: [UInt32], previousType: UInt32 = 0) {
            self.previousType = previousType
            count = min(list.count, 4)
            if count > 0 { hashes.0 = list[0] }
            if count > 1 { hashes.1 = list[1] }
            if count > 2 { hashes.2 = list[2] }
            if count > 3 { hashes.3 = list[3] }
        }
        @inlinable func allows(_ f: AncestorFilter) -> Bool {
            (count < 1 || f.mayContain(hashes.0)) && (count < 2 || f.mayContain(hashes.1))
                && (count < 3 || f.mayContain(hashes.2)) && (count < 4 || f.mayContain(hashes.3))
        }
    }

    /// `userAgent` sheets rank below every author sheet (the lead may pass e.g. `b { font-weight: bold }` so that
    /// inherited author values do not override an element's own default). `sheets` are in cascade order, as
    /// `StylesheetLoader` returns them.
    ///
    /// `properties`, when given, are the only ones the caller reads: declarations of other properties are dropped
    /// and rules left with none are not indexed, so an element only tests rules that can change what is read (a
    /// book's sheets are mostly fonts, colours and margins). The computed values of other properties are then
    /// their initial or inherited values, not the cascade's.
    public init(sheets: [LoadedSheet], userAgent: [Stylesheet] = [], context: MediaContext = MediaContext(),
                properties: Set<Property>? = nil) {
        self.context = context
        self.properties = properties
        for (origin, list) in [(UInt64(0), userAgent.map { LoadedSheet(label: "user agent", sheet: $0) }), (1, sheets)] {
            for loaded in list where loaded.media.allSatisfy({ $0.matches(context) }) {
                for var rule in loaded.sheet.styleRules(in: context) {
                    if let properties { rule.declarations.removeAll { !properties.contains($0.property) } }
                    add(rule, sheet: loaded.label, origin: origin)
                }
            }
        }
    }

    /// The properties this resolver computes (nil: all of them).
    public let properties: Set<Property>?

    public var ruleCount: Int { rules.count }

    private mutating func add(_ rule: StyleRule, sheet: String, origin: UInt64) {
        guard !rule.declarations.isEmpty else { return }
        let index = Int32(rules.count)
        rules.append(IndexedRule(declarations: rule.declarations, sheet: sheet))
        for selector in rule.selectors where !selector.neverMatches {
            let s = selector.specificity
            let spec = UInt64(min(s.a, 255)) << 16 | UInt64(min(s.b, 255)) << 8 | UInt64(min(s.c, 255))
            let e = Int32(entryRules.count)
            ranks.append(origin << 56 | spec << 32 | UInt64(entryRules.count))
            entryRules.append(index)
            matchers.append(Matcher(selector))
            var previousType: UInt32 = 0
            if selector.combinators.first == .nextSibling, let name = selector.compounds[1].localName {
                previousType = AncestorFilter.typeHash(name)
            }
            prefilters.append(Prefilter(selector.ancestorHashes, previousType: previousType))
            for key in selector.ancestorAttributeKeys where !ancestorAttributes.contains(key) { ancestorAttributes.append(key) }
            let subject = selector.compounds[0]
            let id = subject.tests.lazy.compactMap { if case .id(let v) = $0 { return v }; return nil }.first
            let c = subject.tests.lazy.compactMap { if case .class(let v) = $0 { return v }; return nil }.first
            let a = subject.tests.lazy.compactMap { if case .attribute(let t) = $0 { return t.name }; return nil }.first
            // An attribute test on a value (`=`, `~=`, case-sensitive, in a named namespace or none).
            var valued: (key: AttributeKey, hash: UInt32)?
            for test in subject.tests {
                guard case .attribute(let t) = test, t.op == .equals || t.op == .includes, let key = AttributeKey(t) else {
                    continue
                }
                valued = (key, key.hash(requiredBy: t))
                break
            }
            if let id {
                byID[AncestorFilter.hash(AncestorFilter.idKind, id), default: []].append(e)
            } else if let c {
                byClass[AncestorFilter.hash(AncestorFilter.classKind, c), default: []].append(e)
            } else if let name = subject.localName {
                byType[AncestorFilter.hash(AncestorFilter.typeKind, name), default: []].append(e)
            } else if let (key, h) = valued {
                byAttributeValue[h, default: []].append(e)
                if !valueKeys.contains(key) { valueKeys.append(key) }
            } else if let a {
                if let k = byAttribute.firstIndex(where: { $0.name == a }) { byAttribute[k].entries.append(e) }
                else { byAttribute.append((a, [e])) }
            } else {
                universal.append(e)
            }
        }
    }

    /// The computed style of `node`, from its parent's computed style (nil at the document element). The lead
    /// calls this once per element in a tree walk, parents first.
    ///
    /// Inlinable, so the matching (`matchedRules` and `Selector.matches`) is specialised for the caller's tree type
    /// in the caller's module: generic code run unspecialised pays a metadata lookup for `T.Node?` at every step up
    /// or back the tree, and cannot inline the tree's accessors. Applying the declarations is not generic.
    @inlinable public func style<T: StyledTree>(for node: T.Node, in tree: T, parent: ComputedStyle?) -> ComputedStyle {
        // The filter of the ancestors: the parent's (which holds the parent itself); empty at the root; unknown when
        // a non-root element is computed without its parent's style.
        let ancestors = parent.map { $0.ancestorFilter } ?? (tree.parent(node) == nil ? AncestorFilter() : nil)
        var own = AncestorFilter()
        let matched = matchedRules(node, tree, ancestors, own: &own)
        return computed(matched, styleAttribute: tree.styleAttribute(node), parent: parent,
                        filter: ancestors.map { $0.union(own) })
    }

    /// What `style(for:in:parent:siblings:)` remembers: every style it computed, by serial, and the reusable ones
    /// (no `style` attribute) by their parent's serial and the rules they matched, the cascade's inputs; and the
    /// last few reusable ones returned, which the next sibling most often shares (checked without building a key).
    public struct SiblingMemo: Sendable {
        @usableFromInline struct Key: Hashable, Sendable {
            @usableFromInline let parent: Int
            @usableFromInline let matched: [Int32]
            @usableFromInline init(parent: Int, matched: [Int32]) {
                self.parent = parent
                self.matched = matched
            }
        }
        /// Each style by its serial (0, 1, 2, … in the order they were first computed), read in place: a copy of
        /// a style costs dozens of fields. Their `ancestorFilter` is not kept: it belongs to an element
        /// (`Computed.filter`), not to a style that elements share.
        public private(set) var styles: [ComputedStyle] = []
        @usableFromInline var serials: [Key: Int] = [:]
        /// The keys and serials of the last reusable styles returned, most recent first, which an element is checked
        /// against before a key is built and hashed: siblings often take turns between a few styles (a verse's
        /// `<span>`s of two classes, in `<p>`s that share one style), and with only the last one remembered four
        /// elements in five of such a book went to the dictionary (issue 19).
        @usableFromInline var recent: [(parent: Int, matched: [Int32], serial: Int)] = []
        @usableFromInline static var recentCount: Int { 4 }
        public init() {}

        /// The serial of a recent style whose key is `parent` and `matched`'s entries.
        @inline(__always) @usableFromInline func recentSerial(parent: Int, _ matched: [(entry: Int32, rank: UInt64)]) -> Int? {
            for r in recent where r.parent == parent && r.matched.elementsEqual(matched.lazy.map(\.entry)) {
                return r.serial
            }
            return nil
        }

        @usableFromInline mutating func returned(_ key: Key, serial: Int) {
            if recent.count == Self.recentCount { recent.removeLast() }
            recent.insert((key.parent, key.matched, serial), at: 0)
        }

        @usableFromInline mutating func store(_ style: ComputedStyle) -> Int {
            styles.append(style)
            return styles.count - 1
        }
    }

    /// An element `style(for:in:parent:siblings:)` computed: its style, `SiblingMemo.styles[serial]`, and the
    /// filter of its own and its ancestors' names, which its children are matched with.
    public struct Computed: Sendable {
        public let serial: Int
        @usableFromInline let filter: AncestorFilter?
        @usableFromInline init(serial: Int, filter: AncestorFilter?) {
            self.serial = serial
            self.filter = filter
        }
    }

    /// `style(for:in:parent:)` for a walk that visits every element after its parent, with the styles kept in
    /// `memo` and named by serial, so that no style is copied per element (issue 19). An element with no `style`
    /// attribute whose parent has the same style as an element computed before, and which matches the very same
    /// rules, has that element's computed style (the cascade's inputs are equal), so the declarations are not
    /// applied again: the thousands of `<p>` of a chapter, and the `<ruby>`, `<rb>` and `<rt>` of each of its
    /// paragraphs, cost one match each. `reused` says so, for a caller that derives more from a style once.
    @inlinable public func style<T: StyledTree>(for node: T.Node, in tree: T, parent: Computed?,
                                               siblings memo: inout SiblingMemo) -> (element: Computed, reused: Bool) {
        let ancestors = parent.map { $0.filter } ?? (tree.parent(node) == nil ? AncestorFilter() : nil)
        var own = AncestorFilter()
        let matched = matchedRules(node, tree, ancestors, own: &own)
        let attribute = tree.styleAttribute(node)
        let filter = ancestors.map { $0.union(own) }
        guard attribute == nil, let parent else {
            // Its own declarations, or no parent: a style of its own, under no key.
            let style = computed(matched, styleAttribute: attribute, parent: parent.map { memo.styles[$0.serial] },
                                 filter: nil)
            return (Computed(serial: memo.store(style), filter: filter), false)
        }
        if let serial = memo.recentSerial(parent: parent.serial, matched) {
            return (Computed(serial: serial, filter: filter), true)
        }
        let key = SiblingMemo.Key(parent: parent.serial, matched: matched.map(\.entry))
        if let serial = memo.serials[key] {
            memo.returned(key, serial: serial)
            return (Computed(serial: serial, filter: filter), true)
        }
        let style = computed(matched, styleAttribute: nil, parent: memo.styles[parent.serial], filter: nil)
        let serial = memo.store(style)
        memo.serials[key] = serial
        memo.returned(key, serial: serial)
        return (Computed(serial: serial, filter: filter), false)
    }

    /// The style from the matched rules and the `style` attribute, over what `parent` passes down.
    @usableFromInline func computed(_ matched: [(entry: Int32, rank: UInt64)], styleAttribute: String?,
                                    parent: ComputedStyle?, filter: AncestorFilter?) -> ComputedStyle {
        var style = parent.map(ComputedStyle.init(inheritingFrom:)) ?? ComputedStyle()
        var inline = styleAttribute.map(Declaration.list(styleAttribute:)) ?? []
        if let properties, !inline.isEmpty { inline.removeAll { !properties.contains($0.property) } }
        if !matched.isEmpty || !inline.isEmpty {
            let parentStyle = parent ?? ComputedStyle.initial
            // Writing mode and direction first: logical margins and paddings map to sides through them.
            for pass in 0..<2 {
                forEachDeclaration(matched, inline) { d, source in
                    let isModeOrDirection = d.property == .writingMode || d.property == .direction
                    guard isModeOrDirection == (pass == 0) else { return }
                    style.apply(d, parent: parentStyle, source: source())
                }
            }
        }
        style.ancestorFilter = filter
        return style
    }

    /// The entries whose selectors match, as (entry, rank) sorted from lowest to highest precedence. Fills `own`
    /// with the element's type, id and classes, for its children's ancestor filter.
    @inlinable func matchedRules<T: StyledTree>(_ node: T.Node, _ tree: T, _ ancestors: AncestorFilter?,
                                             own: inout AncestorFilter) -> [(entry: Int32, rank: UInt64)] {
        var out: [(entry: Int32, rank: UInt64)] = []
        let previousType = tree.previousElementSibling(node).map { tree.localNameHash($0) } ?? 0
        // `out` is passed, not captured: a local function that mutates a captured variable boxes it on the heap
        // and checks exclusivity at every access (issue 19).
        func test(_ list: [Int32]?, _ out: inout [(entry: Int32, rank: UInt64)]) {
            guard let list else { return }
            for i in list {
                let prefilter = prefilters[Int(i)]
                if prefilter.previousType != 0 && prefilter.previousType != previousType { continue }
                if let ancestors, !prefilter.allows(ancestors) { continue }
                if matchers[Int(i)].matches(node, in: tree) { out.append((i, ranks[Int(i)])) }
            }
        }
        // The id and classes hashed from the tree's bytes: no String per element (issue 19).
        if let h = tree.withIDBytes(node, { $0.map { AncestorFilter.hash(AncestorFilter.idKind, bytes: $0) } }) {
            own.insert(h)
            if !byID.isEmpty { test(byID[h], &out) }
        }
        tree.withClassBytes(node) { classes in
            guard let classes else { return }
            // The first token's hash apart: most class attributes hold one token, and then no array is made (it
            // cost an allocation, a copy and a release per element with a class: about 10% of the cascade, issue 19).
            var first: UInt32?
            var seen: [UInt32] = []
            AncestorFilter.forEachToken(classes, seed: AncestorFilter.seed(AncestorFilter.classKind)) { h in
                guard h != first, !seen.contains(h) else { return }
                if first == nil { first = h } else { seen.append(h) }
                own.insert(h)
                if !byClass.isEmpty { test(byClass[h], &out) }
            }
        }
        let type = tree.localNameHash(node)
        own.insert(type)
        if !byType.isEmpty { test(byType[type], &out) }
        for key in valueKeys {
            tree.withAttributeBytes(node, localName: key.name, namespaceURI: key.namespace) { value in
                guard let value else { return }
                // The whole value's bucket, then each token's once (a value may repeat a token).
                let whole = AncestorFilter.hash(key.wholeSeed, bytes: value)
                test(byAttributeValue[whole], &out)
                var first: UInt32?
                var seen: [UInt32] = []
                AncestorFilter.forEachToken(value, seed: key.tokenSeed) { h in
                    guard h != whole, h != first, !seen.contains(h) else { return }
                    if first == nil { first = h } else { seen.append(h) }
                    test(byAttributeValue[h], &out)
                }
            }
        }
        for bucket in byAttribute where tree.hasAttribute(node, localName: bucket.name, namespaceURI: nil) {
            test(bucket.entries, &out)
        }
        test(universal, &out)
        for key in ancestorAttributes {
            if let value = tree.attribute(node, localName: key.name, namespaceURI: key.namespace) { key.insert(value, into: &own) }
        }
        if out.count > 1 { out.sort { $0.rank < $1.rank } }
        return out
    }

    /// Calls `body` with every declaration in cascade order, lowest precedence first (see the type's comment).
    private func forEachDeclaration(_ matched: [(entry: Int32, rank: UInt64)], _ inline: [Declaration],
                                    _ body: (Declaration, () -> Provenance?) -> Void) {
        let styleAttribute = { Provenance(selector: nil, sheet: "style attribute") }
        func fromRules(important: Bool, userAgent: Bool?) {
            for m in matched {
                if let userAgent, (m.rank >> 56 == 0) != userAgent { continue }
                let r = rules[Int(entryRules[Int(m.entry)])]
                for d in r.declarations where d.important == important {
                    body(d) { Provenance(selector: matchers[Int(m.entry)].selector.text, sheet: r.sheet) }
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
