import XMLShim

/// A parsed document as flat arrays, for the content importer: nodes in document order linked by first child and
/// next sibling, text and attribute values as byte ranges into one buffer, element and attribute names and
/// namespace URIs interned as small integers (names are matched by namespace URI, never by prefix).
/// Built straight from the shim's event stream: no String and no nested value per node.
struct XMLNodes {
    typealias NodeID = Int32
    /// Interned name or namespace.
    typealias Name = Int32

    struct Node {
        /// Element name; `-1` for a text node.
        var name: Name
        var namespace: Name
        /// Element: index of the first attribute; text: first byte in `bytes`.
        var start: Int32
        /// Element: number of attributes; text: number of bytes.
        var count: Int32
        var firstChild: NodeID = -1
        var nextSibling: NodeID = -1

        var isText: Bool { name < 0 }
    }

    struct Attribute {
        var name: Name
        var namespace: Name
        var start: Int32
        var count: Int32
    }

    /// Text of text nodes and attribute values.
    private(set) var bytes: [UInt8] = []
    private(set) var nodes: [Node] = []
    private(set) var attributes: [Attribute] = []
    private(set) var names = XMLNodes.seededNames
    private(set) var namespaces = XMLNodes.seededNamespaces
    private static let seededNames = NameTable(seed: knownNames)
    private static let seededNamespaces = NameTable(seed: knownNamespaces)
    /// The document element; -1 when there is none.
    private(set) var root: NodeID = -1

    // MARK: Well-known names (interned first, so their numbers are constants)

    static let knownNamespaces = ["", Namespace.xhtml, Namespace.svg, Namespace.xml, Namespace.epub, Namespace.xlink]
    enum NS {
        static let none: Name = 0, xhtml: Name = 1, svg: Name = 2, xml: Name = 3, epub: Name = 4, xlink: Name = 5
    }

    static let knownNames = ["hidden", "style", "type", "role", "lang", "dir", "href", "src", "alt", "title", "width",
                             "height", "start", "reversed", "value", "colspan", "id", "aria-label", "rel", "body",
                             "head", "link", "caption"]
    enum Known {
        static let hidden: Name = 0, style: Name = 1, type: Name = 2, role: Name = 3, lang: Name = 4, dir: Name = 5
        static let href: Name = 6, src: Name = 7, alt: Name = 8, title: Name = 9, width: Name = 10, height: Name = 11
        static let start: Name = 12, reversed: Name = 13, value: Name = 14, colspan: Name = 15, id: Name = 16
        static let ariaLabel: Name = 17, rel: Name = 18, body: Name = 19, head: Name = 20, link: Name = 21
        static let caption: Name = 22
    }

    // MARK: Queries

    @inline(__always) func node(_ id: NodeID) -> Node { nodes[Int(id)] }
    @inline(__always) func isText(_ id: NodeID) -> Bool { nodes[Int(id)].name < 0 }
    @inline(__always) func nameID(_ id: NodeID) -> Name { nodes[Int(id)].name }
    @inline(__always) func namespaceID(_ id: NodeID) -> Name { nodes[Int(id)].namespace }

    /// The element's local name as written.
    func name(_ id: NodeID) -> String { names.strings[Int(nodes[Int(id)].name)] }
    /// The element's local name, lower-cased.
    func lowercasedName(_ id: NodeID) -> String { names.lowercased[Int(nodes[Int(id)].name)] }
    func namespace(_ id: NodeID) -> String { namespaces.strings[Int(nodes[Int(id)].namespace)] }

    /// The children of a node, in document order.
    func children(_ id: NodeID) -> Siblings { Siblings(nodes: nodes, first: nodes[Int(id)].firstChild, single: false) }
    /// A sequence holding just this node (a wrapper element with one child).
    func only(_ id: NodeID) -> Siblings { Siblings(nodes: nodes, first: id, single: true) }

    struct Siblings: Sequence, IteratorProtocol {
        let nodes: [Node]
        var cursor: NodeID
        let single: Bool
        init(nodes: [Node], first: NodeID, single: Bool) { self.nodes = nodes; self.cursor = first; self.single = single }
        mutating func next() -> NodeID? {
            guard cursor >= 0 else { return nil }
            let current = cursor
            cursor = single ? -1 : nodes[Int(current)].nextSibling
            return current
        }
    }

    /// The value of the attribute with this interned name and namespace, if the element has it.
    func attribute(_ id: NodeID, _ name: Name, namespace: Name = NS.none) -> String? {
        guard let a = attributeIndex(id, name, namespace: namespace) else { return nil }
        let attribute = attributes[a]
        return string(start: attribute.start, count: attribute.count)
    }

    func hasAttribute(_ id: NodeID, _ name: Name, namespace: Name = NS.none) -> Bool {
        attributeIndex(id, name, namespace: namespace) != nil
    }

    private func attributeIndex(_ id: NodeID, _ name: Name, namespace: Name) -> Int? {
        let n = nodes[Int(id)]
        guard n.name >= 0, n.count > 0 else { return nil }
        for a in Int(n.start)..<Int(n.start + n.count) where attributes[a].name == name && attributes[a].namespace == namespace {
            return a
        }
        return nil
    }

    /// The first child element with this name and namespace.
    func element(_ id: NodeID, _ name: Name, namespace: Name) -> NodeID? {
        for c in children(id) where nodes[Int(c)].name == name && nodes[Int(c)].namespace == namespace { return c }
        return nil
    }

    /// The bytes of a text node.
    func withText<R>(_ id: NodeID, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let n = nodes[Int(id)]
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(n.start)..<Int(n.start + n.count)])) }
    }

    /// The text of a text node.
    func text(_ id: NodeID) -> String {
        let n = nodes[Int(id)]
        return string(start: n.start, count: n.count)
    }

    /// The concatenated character data of a node and its descendants.
    func textContent(_ id: NodeID) -> String {
        var out: [UInt8] = []
        func walk(_ e: NodeID) {
            for c in children(e) {
                let n = nodes[Int(c)]
                if n.name < 0 { out.append(contentsOf: bytes[Int(n.start)..<Int(n.start + n.count)]) } else { walk(c) }
            }
        }
        walk(id)
        return String(decoding: out, as: UTF8.self)
    }

    private func string(start: Int32, count: Int32) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(start + count)]), as: UTF8.self) }
    }

    // MARK: Building from the event stream

    /// Parses XML (or HTML with recovery); `path` names the document in errors.
    static func parse(_ bytes: [UInt8], path: String, html: Bool = false,
                      limits: XMLLimits = XMLLimits()) throws(ReadError) -> XMLNodes {
        let nodes = try XMLParser.withEvents(bytes, path: path, html: html, limits: limits) { XMLNodes(events: $0) }
        guard nodes.root >= 0 else { throw .malformed(path: path, line: 0, reason: "no root element") }
        return nodes
    }

    private init(events: UnsafeBufferPointer<UInt8>) {
        guard let base = events.baseAddress else { return }
        nodes.reserveCapacity(events.count / 24)
        bytes.reserveCapacity(events.count / 2)
        var position = 0
        @inline(__always) func u32() -> Int {
            let v = Int(UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self).littleEndian)
            position += 4
            return v
        }
        @inline(__always) func span() -> UnsafeBufferPointer<UInt8> {
            let n = u32()
            let s = UnsafeBufferPointer(start: base + position, count: n)
            position += n
            return s
        }
        // Open elements and the last child appended to each.
        var stack: [(node: NodeID, last: NodeID)] = []
        var openText: NodeID = -1
        func link(_ child: NodeID) {
            if stack.isEmpty { return }
            let top = stack.count - 1
            if stack[top].last >= 0 { nodes[Int(stack[top].last)].nextSibling = child } else { nodes[Int(stack[top].node)].firstChild = child }
            stack[top].last = child
        }
        while position < events.count {
            let tag = events[position]
            position += 1
            switch Int32(tag) {
            case Int32(QX_START):
                openText = -1
                let name = names.intern(span())
                let namespace = namespaces.intern(span())
                let count = u32()
                let first = Int32(attributes.count)
                for _ in 0..<count {
                    let n = names.intern(span())
                    let ns = namespaces.intern(span())
                    let value = span()
                    let start = Int32(bytes.count)
                    bytes.append(contentsOf: value)
                    attributes.append(Attribute(name: n, namespace: ns, start: start, count: Int32(value.count)))
                }
                let id = NodeID(nodes.count)
                nodes.append(Node(name: name, namespace: namespace, start: first, count: Int32(count)))
                if stack.isEmpty {
                    if root < 0 { root = id }
                } else {
                    link(id)
                }
                stack.append((id, -1))
            case Int32(QX_END):
                openText = -1
                _ = stack.popLast()
            default:
                let text = span()
                // Text outside the document element is dropped; consecutive text events make one node.
                guard !stack.isEmpty, !text.isEmpty else { continue }
                if openText >= 0 {
                    bytes.append(contentsOf: text)
                    nodes[Int(openText)].count += Int32(text.count)
                } else {
                    let id = NodeID(nodes.count)
                    nodes.append(Node(name: -1, namespace: 0, start: Int32(bytes.count), count: Int32(text.count)))
                    bytes.append(contentsOf: text)
                    link(id)
                    openText = id
                }
            }
        }
    }
}

/// Interned byte strings: an open-addressing table from bytes to a small number, with the String of each.
struct NameTable {
    private(set) var strings: [String] = []
    private(set) var lowercased: [String] = []
    private var storage: [UInt8] = []
    private var ranges: [(start: Int32, count: Int32)] = []
    private var slots: [Int32]
    private var mask: Int

    init(seed: [String]) {
        slots = Array(repeating: -1, count: 64)
        mask = 63
        for s in seed {
            var s = s
            s.withUTF8 { _ = intern($0) }
        }
    }

    func id(of s: String) -> Int32? {
        var s = s
        return s.withUTF8 { bytes in
            var slot = Self.hash(bytes) & mask
            while slots[slot] >= 0 {
                if equal(slots[slot], bytes) { return slots[slot] }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    @inline(__always) private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    @inline(__always) private func equal(_ id: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let r = ranges[Int(id)]
        guard Int(r.count) == bytes.count else { return false }
        return storage.withUnsafeBufferPointer { s in
            var i = 0
            let start = Int(r.start)
            while i < bytes.count { if s[start + i] != bytes[i] { return false }; i += 1 }
            return true
        }
    }

    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        var slot = Self.hash(bytes) & mask
        while slots[slot] >= 0 {
            if equal(slots[slot], bytes) { return slots[slot] }
            slot = (slot + 1) & mask
        }
        let id = Int32(strings.count)
        ranges.append((Int32(storage.count), Int32(bytes.count)))
        storage.append(contentsOf: bytes)
        let s = String(decoding: bytes, as: UTF8.self)
        strings.append(s)
        lowercased.append(s.lowercased())
        slots[slot] = id
        if strings.count * 2 > slots.count { grow() }
        return id
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        mask = slots.count - 1
        storage.withUnsafeBufferPointer { s in
            for (id, r) in ranges.enumerated() {
                var slot = Self.hash(UnsafeBufferPointer(rebasing: s[Int(r.start)..<Int(r.start + r.count)])) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(id)
            }
        }
    }
}
