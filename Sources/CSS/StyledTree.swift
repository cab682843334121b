/// The element tree the cascade matches against, implemented by the importer on its own node arena. Generic use
/// (`some StyledTree`) keeps every call direct: no existential boxes in the matching loop.
///
/// Only elements are ever passed or returned: `parent` is the parent element (nil at the document element),
/// siblings skip text and comments. Names are compared as the document writes them (XHTML is lower-case);
/// class and id values are case-sensitive.
public protocol StyledTree {
    associatedtype Node

    /// The element's local name, as written.
    func localName(_ node: Node) -> String
    /// The element's namespace URI; "" when it has none.
    func namespaceURI(_ node: Node) -> String
    /// An attribute's value. `namespaceURI` "" asks for an attribute in no namespace (the usual unprefixed one);
    /// nil asks for the attribute in any namespace (the first one found).
    func attribute(_ node: Node, localName: String, namespaceURI: String?) -> String?
    func parent(_ node: Node) -> Node?
    func previousElementSibling(_ node: Node) -> Node?
    func nextElementSibling(_ node: Node) -> Node?
    /// No element children and no text (not even whitespace), as `:empty` needs (Selectors 3 §6.6.5.9).
    func isEmpty(_ node: Node) -> Bool
    /// The language in effect (`xml:lang` or `lang`, inherited from ancestors; nil when none says).
    func language(_ node: Node) -> String?

    /// Whether the element has the attribute (see `attribute`). Has a default; an arena can answer without making
    /// the value's String.
    func hasAttribute(_ node: Node, localName: String, namespaceURI: String?) -> Bool
    /// Calls `body` with the UTF-8 of an attribute's value, nil when the element has none (see `attribute`). Has
    /// a default; an arena can lend its own bytes, so that an attribute test makes no String (issue 19).
    func withAttributeBytes<R>(_ node: Node, localName: String, namespaceURI: String?,
                               _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R

    /// The `id` attribute. Has a default; an arena that keeps ids apart can answer faster.
    func id(_ node: Node) -> String?
    /// The `class` attribute as written; `StyleResolver` splits it on whitespace.
    func classAttribute(_ node: Node) -> String?
    /// Calls `body` with the UTF-8 of the `id` attribute (nil when none). Has a default; an arena can lend its own
    /// bytes, so matching makes no String per element (issue 19).
    func withIDBytes<R>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R
    /// Calls `body` with the UTF-8 of the `class` attribute (nil when none), as `withIDBytes`.
    func withClassBytes<R>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R
    /// The `style` attribute.
    func styleAttribute(_ node: Node) -> String?
    /// True for the document element. Has a default (no parent).
    func isRoot(_ node: Node) -> Bool
    /// `AncestorFilter`'s hash of the local name. Has a default; an arena that interns names can hash each name once,
    /// so a type test that fails (most do) compares two integers instead of two strings.
    func localNameHash(_ node: Node) -> UInt32
}

extension StyledTree {
    public func hasAttribute(_ node: Node, localName: String, namespaceURI: String?) -> Bool {
        attribute(node, localName: localName, namespaceURI: namespaceURI) != nil
    }
    public func withAttributeBytes<R>(_ node: Node, localName: String, namespaceURI: String?,
                                      _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard var value = attribute(node, localName: localName, namespaceURI: namespaceURI) else { return body(nil) }
        return value.withUTF8 { body($0) }
    }
    public func id(_ node: Node) -> String? { attribute(node, localName: "id", namespaceURI: "") }
    public func classAttribute(_ node: Node) -> String? { attribute(node, localName: "class", namespaceURI: "") }
    public func styleAttribute(_ node: Node) -> String? { attribute(node, localName: "style", namespaceURI: "") }
    public func withIDBytes<R>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard var value = id(node) else { return body(nil) }
        return value.withUTF8 { body($0) }
    }
    public func withClassBytes<R>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard var value = classAttribute(node) else { return body(nil) }
        return value.withUTF8 { body($0) }
    }
    public func isRoot(_ node: Node) -> Bool { parent(node) == nil }
    public func localNameHash(_ node: Node) -> UInt32 { Self.typeHash(localName(node)) }
    /// The hash `localNameHash` answers for an element named `name`.
    public static func typeHash(_ name: String) -> UInt32 { AncestorFilter.typeHash(name) }
}

extension String {
    /// True when the whitespace-separated list `list` holds the token `t` (the `~=` test and class matching), on
    /// UTF-8 bytes: tokens are separated by ASCII whitespace (space, tab, LF, FF, CR).
    @usableFromInline static func containsToken(_ list: UnsafeBufferPointer<UInt8>, _ t: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = t.count
        guard n > 0, list.count >= n else { return false }
        var i = 0
        while i < list.count {
            while i < list.count, list[i] == 0x20 || list[i] == 0x09 || list[i] == 0x0A || list[i] == 0x0C || list[i] == 0x0D { i += 1 }
            let start = i
            while i < list.count, !(list[i] == 0x20 || list[i] == 0x09 || list[i] == 0x0A || list[i] == 0x0C || list[i] == 0x0D) { i += 1 }
            if i - start == n {
                var k = 0
                while k < n, list[start + k] == t[k] { k += 1 }
                if k == n { return true }
            }
        }
        return false
    }
}
