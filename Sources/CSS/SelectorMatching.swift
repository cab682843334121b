/// Right-to-left selector matching (the way browsers match): the subject compound is tested first, so most
/// candidates fail on one cheap test; combinators then walk up or back from there.
extension Selector {
    /// True when the selector matches `node`.
    @inlinable public func matches<T: StyledTree>(_ node: T.Node, in tree: T) -> Bool {
        !neverMatches && match(0, node, tree) == .matched
    }

    /// `notMatchedGlobally`: the ancestors ran out, so trying another element for an earlier compound cannot help
    /// (every such element has the same or fewer ancestors). It stops the backtracking of `a b c` early.
    @usableFromInline enum Outcome { case matched, notMatched, notMatchedGlobally }

    @inlinable func match<T: StyledTree>(_ k: Int, _ node: T.Node, _ tree: T) -> Outcome {
        guard matchers[k].matches(node, tree) else { return .notMatched }
        guard k < combinators.count else { return .matched }
        switch combinators[k] {
        case .child:
            guard let p = tree.parent(node) else { return .notMatchedGlobally }
            return match(k + 1, p, tree)
        case .descendant:
            var ancestor = tree.parent(node)
            while let a = ancestor {
                let r = match(k + 1, a, tree)
                if r != .notMatched { return r }
                ancestor = tree.parent(a)
            }
            return .notMatchedGlobally
        case .nextSibling:
            guard let s = tree.previousElementSibling(node) else { return .notMatched }
            return match(k + 1, s, tree)
        case .subsequentSibling:
            var sibling = tree.previousElementSibling(node)
            while let s = sibling {
                let r = match(k + 1, s, tree)
                if r != .notMatched { return r }
                sibling = tree.previousElementSibling(s)
            }
            return .notMatched
        }
    }
}

extension Compound {
    @inlinable func matches<T: StyledTree>(_ node: T.Node, _ tree: T) -> Bool {
        // Compared as an Optional: binding `localName` would copy (retain) it for every element tested.
        if localName != nil, tree.localName(node) != localName { return false }
        if case .uri(let uri) = namespace, tree.namespaceURI(node) != uri { return false }
        for test in tests where !test.matches(node, tree) { return false }
        return true
    }
}

extension CompoundMatcher {
    @inlinable func matches<T: StyledTree>(_ node: T.Node, _ tree: T) -> Bool {
        if let localName, tree.localNameHash(node) != typeHash || tree.localName(node) != localName { return false }
        if let namespaceURI, tree.namespaceURI(node) != namespaceURI { return false }
        for test in tests where !test.matches(node, tree) { return false }
        return true
    }
}

extension SimpleTest {
    @inlinable func matches<T: StyledTree>(_ node: T.Node, _ tree: T) -> Bool {
        switch self {
        // On the tree's bytes, compared code point by code point (Selectors 4 §6: case-sensitive), as attributes are.
        case .id(let id):
            return tree.withIDBytes(node) { actual in actual.map { a in SimpleTest.withBytes(id) { a.elementsEqual($0) } } ?? false }
        case .class(let name):
            return tree.withClassBytes(node) { list in list.map { l in SimpleTest.withBytes(name) { String.containsToken(l, $0) } } ?? false }
        case .attribute(let test): return test.matches(node, tree)
        case .pseudo(let p): return p.matches(node, tree)
        case .not(let list): return !list.contains { $0.matches(node, tree) }
        case .is(let list, _): return list.contains { $0.matches(node, tree) }
        case .never: return false
        }
    }
}

extension SimpleTest {
    /// A selector's name or value as UTF-8, borrowed where the string keeps it contiguous (a copy would retain it).
    @inlinable static func withBytes<R>(_ s: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let r = s.utf8.withContiguousStorageIfAvailable(body) { return r }
        var s = s
        return s.withUTF8(body)
    }
}

extension AttributeTest {
    @inlinable func matches<T: StyledTree>(_ node: T.Node, _ tree: T) -> Bool {
        let uri: String?
        switch namespace { case .any: uri = nil; case .uri(let u): uri = u }
        if op == .exists { return tree.hasAttribute(node, localName: name, namespaceURI: uri) }
        // On bytes, and those of the tree's own where it lends them: no String per test. Values compare code point
        // by code point, as Selectors 4 §6 asks ("case-sensitively"), not by canonical equivalence as Strings do.
        return SimpleTest.withBytes(value) { v in
            if caseInsensitive {
                guard var actual = tree.attribute(node, localName: name, namespaceURI: uri)?.asciiLowercased else { return false }
                return actual.withUTF8 { AttributeTest.matches(op, $0, v) }
            }
            return tree.withAttributeBytes(node, localName: name, namespaceURI: uri) { actual in
                actual.map { AttributeTest.matches(op, $0, v) } ?? false
            }
        }
    }

    /// An operator's test of an attribute's UTF-8 against the selector's value (`.exists` is decided before).
    @usableFromInline static func matches(_ op: Operator, _ actual: UnsafeBufferPointer<UInt8>,
                                          _ v: UnsafeBufferPointer<UInt8>) -> Bool {
        switch op {
        case .exists: return true
        case .equals: return actual.elementsEqual(v)
        case .includes: return String.containsToken(actual, v)
        case .dashMatch:
            return actual.starts(with: v) && (actual.count == v.count || actual[v.count] == UInt8(ascii: "-"))
        case .prefix: return !v.isEmpty && actual.starts(with: v)
        case .suffix: return !v.isEmpty && actual.count >= v.count && actual[(actual.count - v.count)...].elementsEqual(v)
        case .substring: return !v.isEmpty && actual.firstRange(of: v) != nil
        }
    }
}

extension PseudoClass {
    @inlinable func matches<T: StyledTree>(_ node: T.Node, _ tree: T) -> Bool {
        switch self {
        case .root: return tree.isRoot(node)
        case .empty: return tree.isEmpty(node)
        case .firstChild: return tree.previousElementSibling(node) == nil
        case .lastChild: return tree.nextElementSibling(node) == nil
        case .onlyChild: return tree.previousElementSibling(node) == nil && tree.nextElementSibling(node) == nil
        case .firstOfType: return PseudoClass.position(node, tree, ofType: true, fromEnd: false) == 1
        case .lastOfType: return PseudoClass.position(node, tree, ofType: true, fromEnd: true) == 1
        case .onlyOfType:
            return PseudoClass.position(node, tree, ofType: true, fromEnd: false) == 1
                && PseudoClass.position(node, tree, ofType: true, fromEnd: true) == 1
        case .link:
            let name = tree.localName(node)
            return (name == "a" || name == "area" || name == "link") && tree.attribute(node, localName: "href", namespaceURI: "") != nil
        case .nthChild(let a, let b): return PseudoClass.nth(a, b, PseudoClass.position(node, tree, ofType: false, fromEnd: false))
        case .nthLastChild(let a, let b): return PseudoClass.nth(a, b, PseudoClass.position(node, tree, ofType: false, fromEnd: true))
        case .nthOfType(let a, let b): return PseudoClass.nth(a, b, PseudoClass.position(node, tree, ofType: true, fromEnd: false))
        case .nthLastOfType(let a, let b): return PseudoClass.nth(a, b, PseudoClass.position(node, tree, ofType: true, fromEnd: true))
        case .lang(let wanted):
            // Selectors 3 §6.6.3: equal to, or a prefix followed by "-", ignoring ASCII case.
            guard let lang = tree.language(node)?.asciiLowercased else { return false }
            return lang == wanted || lang.utf8.starts(with: (wanted + "-").utf8)
        }
    }

    /// The 1-based position among element siblings (of the same name and namespace when `ofType`).
    @inlinable static func position<T: StyledTree>(_ node: T.Node, _ tree: T, ofType: Bool, fromEnd: Bool) -> Int {
        let name = ofType ? tree.localName(node) : "", ns = ofType ? tree.namespaceURI(node) : ""
        var count = 1
        var sibling = fromEnd ? tree.nextElementSibling(node) : tree.previousElementSibling(node)
        while let s = sibling {
            if !ofType || (tree.localName(s) == name && tree.namespaceURI(s) == ns) { count += 1 }
            sibling = fromEnd ? tree.nextElementSibling(s) : tree.previousElementSibling(s)
        }
        return count
    }

    /// True when `index` is a·n + b for some n ≥ 0.
    @usableFromInline static func nth(_ a: Int, _ b: Int, _ index: Int) -> Bool {
        if a == 0 { return index == b }
        let diff = index - b
        return diff % a == 0 && diff / a >= 0
    }
}
