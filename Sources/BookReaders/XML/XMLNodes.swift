import XMLShim

/// A parsed document as flat arrays, for the content importer: nodes in document order linked by first child and
/// next sibling, text and attribute values as byte ranges into one buffer, element and attribute names and
/// namespace URIs interned as small integers (names are matched by namespace URI, never by prefix).
/// The shim builds these arrays while libxml2 parses; they are copied out whole: no String and no nested value per node.
struct XMLNodes {
    typealias NodeID = Int32
    /// Interned name or namespace.
    typealias Name = Int32
    /// `name` is `-1` for a text node; `start`/`count` are an element's attributes or a text node's bytes.
    typealias Node = qx_node
    /// `start`/`count` are the value's bytes.
    typealias Attribute = qx_attr

    /// Text of text nodes and attribute values.
    private(set) var bytes: [UInt8] = []
    private(set) var nodes: [Node] = []
    private(set) var attributes: [Attribute] = []
    private(set) var names = XMLNodes.seededNames
    private(set) var namespaces = XMLNodes.seededNamespaces
    static let seededNames = NameTable(seed: knownNames)
    static let seededNamespaces = NameTable(seed: knownNamespaces)
    /// The document element; -1 when there is none.
    private(set) var root: NodeID = -1

    // MARK: Well-known names (interned first, so their numbers are constants)

    static let knownNamespaces = ["", Namespace.xhtml, Namespace.svg, Namespace.xml, Namespace.epub, Namespace.xlink]
    enum NS {
        static let none: Name = 0, xhtml: Name = 1, svg: Name = 2, xml: Name = 3, epub: Name = 4, xlink: Name = 5
    }

    /// Interned first in every document, so the `Known` numbers are constants and the importer can work out what
    /// it needs of the usual XHTML element names once per process (`ContentImporter.seededClasses`).
    static let knownNames = ["hidden", "style", "type", "role", "lang", "dir", "href", "src", "alt", "title", "width",
                             "height", "start", "reversed", "value", "colspan", "id", "aria-label", "rel", "body",
                             "head", "link", "caption",
                             // Further common element and attribute names; their order carries no meaning.
                             "html", "meta", "class", "content", "name", "charset", "xmlns", "p", "div", "span",
                             "section", "article", "header", "footer", "nav", "aside", "main", "hgroup", "figure",
                             "figcaption", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "a", "em", "i", "strong",
                             "b", "small", "abbr", "cite", "q", "sup", "sub", "br", "hr", "img", "ul", "ol", "li",
                             "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "td", "th", "pre", "code",
                             "ruby", "rt", "rp", "rtc", "rb", "svg", "image", "script", "noscript", "template",
                             "u", "s", "mark", "time", "wbr", "var", "kbd", "samp", "tt", "dfn", "del", "ins",
                             "version", "viewBox", "preserveAspectRatio"]
    enum Known {
        static let hidden: Name = 0, style: Name = 1, type: Name = 2, role: Name = 3, lang: Name = 4, dir: Name = 5
        static let href: Name = 6, src: Name = 7, alt: Name = 8, title: Name = 9, width: Name = 10, height: Name = 11
        static let start: Name = 12, reversed: Name = 13, value: Name = 14, colspan: Name = 15, id: Name = 16
        static let ariaLabel: Name = 17, rel: Name = 18, body: Name = 19, head: Name = 20, link: Name = 21
        static let caption: Name = 22
    }

    // MARK: Queries

    @inline(__always) func node(_ id: NodeID) -> Node { nodes[Int(id)] }
    var nodeCount: Int { nodes.count }
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

    /// Calls `body` with the UTF-8 of the attribute with this interned name in no namespace, nil when the element
    /// has none: the arena's own bytes, no String made (the cascade's id and class tests, issue 19).
    func withAttributeBytes<R>(_ id: NodeID, _ name: Name, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard let a = attributeIndex(id, name, namespace: NS.none) else { return body(nil) }
        let attribute = attributes[a]
        return bytes.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[Int(attribute.start)..<Int(attribute.start + attribute.count)]))
        }
    }

    /// The value of an attribute in no namespace named by a String: for names outside the seeds. The element's
    /// own attributes are compared by name (a few at most), not the document's name table searched for the name
    /// (every `<link>` and `<style>` of War and Peace searched some 130 names for `media`; names are interned, so
    /// the first attribute of that name is the one the table's number would find).
    func attribute(_ id: NodeID, named name: String) -> String? {
        let n = nodes[Int(id)]
        guard n.name >= 0, n.count > 0 else { return nil }
        for a in Int(n.start)..<Int(n.start + n.count)
        where attributes[a].namespace == NS.none && names.strings[Int(attributes[a].name)] == name {
            return string(start: attributes[a].start, count: attributes[a].count)
        }
        return nil
    }

    /// The value of the first attribute with this interned name in any namespace (CSS `[*|name]`).
    func attribute(_ id: NodeID, _ name: Name, anyNamespace: Bool) -> String? {
        let n = nodes[Int(id)]
        guard n.name >= 0, n.count > 0 else { return nil }
        for a in Int(n.start)..<Int(n.start + n.count) where attributes[a].name == name {
            return string(start: attributes[a].start, count: attributes[a].count)
        }
        return nil
    }

    func hasAttribute(_ id: NodeID, _ name: Name, namespace: Name = NS.none) -> Bool {
        attributeIndex(id, name, namespace: namespace) != nil
    }

    /// The index of the element's attribute with this interned name and namespace. A name below 32 (every seeded
    /// name Quire asks for) is first looked for in the element's `names` bits, which the shim sets as it parses:
    /// most elements have none of the attributes asked for (a class at most), and then none is read (issue 19).
    private func attributeIndex(_ id: NodeID, _ name: Name, namespace: Name) -> Int? {
        let n = nodes[Int(id)]
        guard n.name >= 0, n.count > 0 else { return nil }
        if name < 32 && n.names & (1 << UInt32(name)) == 0 { return nil }
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
        appendTextContent(id, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the character data of a node's descendants, as UTF-8.
    func appendTextContent(_ id: NodeID, to out: inout [UInt8]) {
        for c in children(id) {
            let n = nodes[Int(c)]
            if n.name < 0 { out.append(contentsOf: bytes[Int(n.start)..<Int(n.start + n.count)]) } else { appendTextContent(c, to: &out) }
        }
    }

    /// The bytes `start..<start + count` (a text node's or an attribute value's) as a String.
    func string(start: Int32, count: Int32) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(start + count)]), as: UTF8.self) }
    }

    // MARK: Building

    /// Parses XML (or HTML with recovery); `path` names the document in errors.
    static func parse(_ bytes: [UInt8], path: String, html: Bool = false,
                      limits: XMLLimits = XMLLimits()) throws(ReadError) -> XMLNodes {
        switch run(bytes, path: path, mode: html ? 1 : 0, limits: limits) {
        case .parsed(let nodes, _): return nodes
        case .failed(let error, _): throw error
        }
    }

    /// What one run of the shim gave: the nodes (and, in recovery mode, the error read past), or the error and
    /// whether recovery mode may read past it (`qx_tree.forgivable`).
    enum Outcome {
        case parsed(XMLNodes, recovered: ReadError?)
        case failed(ReadError, forgivable: Bool)
    }

    /// `mode` is the shim's: 0 XML, 1 HTML, 2 XML in libxml2's recovery mode.
    static func run(_ bytes: [UInt8], path: String, mode: Int32, limits: XMLLimits = XMLLimits()) -> Outcome {
        var tree = qx_tree()
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) { p in
                seedNames.withUnsafeBufferPointer { names in
                    seedNamespaces.withUnsafeBufferPointer { namespaces in
                        qx_parse(p, buffer.count, mode, limits.maxDepth, limits.maxEventBytes,
                                 names.baseAddress, names.count, namespaces.baseAddress, namespaces.count, &tree)
                    }
                }
            }
        }
        defer { qx_free(&tree) }
        let message = withUnsafeBytes(of: tree.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let malformed = ReadError.malformed(path: path, line: Int(tree.line), reason: message)
        guard tree.ok != 0 else {
            if message.contains("limit") { return .failed(.limitExceeded("\(path): \(message)"), forgivable: false) }
            return .failed(malformed, forgivable: tree.forgivable != 0)
        }
        guard tree.root >= 0 else { return .failed(.malformed(path: path, line: 0, reason: "no root element"), forgivable: false) }
        return .parsed(XMLNodes(tree), recovered: tree.recovered != 0 ? malformed : nil)
    }

    /// The seeds as the shim takes them: NUL-terminated strings one after another.
    private static let seedNames = knownNames.flatMap { Array($0.utf8CString) }
    private static let seedNamespaces = knownNamespaces.flatMap { Array($0.utf8CString) }

    /// Copies the shim's arrays; only names the seeds do not hold become new Strings.
    private init(_ tree: qx_tree) {
        nodes = Array(UnsafeBufferPointer(start: tree.nodes, count: tree.node_count))
        attributes = Array(UnsafeBufferPointer(start: tree.attrs, count: tree.attr_count))
        bytes = Array(UnsafeBufferPointer(start: tree.bytes, count: tree.byte_count))
        names.append(tree.names)
        namespaces.append(tree.namespaces)
        root = tree.root
    }
}

/// Interned names by number, with the lower-cased form of each; the shim does the interning.
struct NameTable {
    private(set) var strings: [String]
    private(set) var lowercased: [String]

    init(seed: [String]) {
        precondition(Set(seed).count == seed.count, "seeds must be distinct: the shim numbers them in order")
        strings = seed
        lowercased = seed.map { $0.lowercased() }
    }

    /// Appends the strings the shim interned beyond the seeds.
    mutating func append(_ names: qx_names) {
        precondition(Int(names.seeded) == strings.count, "the shim was seeded with other names")
        guard names.count > names.seeded else { return }
        for i in Int(names.seeded)..<Int(names.count) {
            let start = Int(names.spans[2 * i]), count = Int(names.spans[2 * i + 1])
            let s = String(decoding: UnsafeBufferPointer(start: names.bytes + start, count: count), as: UTF8.self)
            strings.append(s)
            lowercased.append(s.lowercased())
        }
    }
}
