import CSS

/// The importer's node arena seen as the element tree the cascade matches against (`CSS.StyledTree`).
///
/// `XMLNodes` links children forward only (first child, next sibling); selectors also walk up and back
/// (descendant and sibling combinators, `:first-child`, `:nth-child`), so one pass here records each element's parent
/// and previous and next element siblings. Names are compared by their interned numbers: a selector's name is looked
/// up once in the document's name table, never compared as a String per element.
struct StyledNodes: StyledTree {
    typealias Node = XMLNodes.NodeID
    let doc: XMLNodes
    private var parents: [Int32]
    private var previous: [Int32]
    private var following: [Int32]
    private let nameIDs: [String: XMLNodes.Name]
    private let namespaceIDs: [String: XMLNodes.Name]
    private let classID: XMLNodes.Name?
    private let langID: XMLNodes.Name?

    init(_ doc: XMLNodes) {
        self.doc = doc
        let count = doc.nodeCount
        parents = [Int32](repeating: -1, count: count)
        previous = [Int32](repeating: -1, count: count)
        following = [Int32](repeating: -1, count: count)
        // The seeded names are numbered alike in every document: their table is made once per process; only the
        // few names a document adds are hashed here.
        nameIDs = Self.extend(Self.seededNameIDs, with: doc.names.strings, from: XMLNodes.seededNames.strings.count)
        namespaceIDs = Self.extend(Self.seededNamespaceIDs, with: doc.namespaces.strings,
                                   from: XMLNodes.seededNamespaces.strings.count)
        classID = nameIDs["class"]
        langID = nameIDs["lang"]
        guard doc.root >= 0 else { return }
        // Iterative walk: a hostile document may nest deeper than the stack allows.
        var stack: [XMLNodes.NodeID] = [doc.root]
        while let element = stack.popLast() {
            var last: Int32 = -1
            for child in doc.children(element) where !doc.isText(child) {
                parents[Int(child)] = element
                previous[Int(child)] = last
                if last >= 0 { following[Int(last)] = child }
                last = child
                stack.append(child)
            }
        }
    }

    private static let seededNameIDs = table(XMLNodes.seededNames.strings)
    private static let seededNamespaceIDs = table(XMLNodes.seededNamespaces.strings)

    private static func table(_ strings: [String]) -> [String: XMLNodes.Name] {
        var out: [String: XMLNodes.Name] = [:]
        for (i, s) in strings.enumerated() where out[s] == nil { out[s] = XMLNodes.Name(i) }
        return out
    }

    private static func extend(_ seeded: [String: XMLNodes.Name], with strings: [String], from start: Int) -> [String: XMLNodes.Name] {
        guard strings.count > start else { return seeded }
        var out = seeded
        for i in start..<strings.count where out[strings[i]] == nil { out[strings[i]] = XMLNodes.Name(i) }
        return out
    }

    func localName(_ node: Node) -> String { doc.name(node) }
    func namespaceURI(_ node: Node) -> String { doc.namespace(node) }

    func attribute(_ node: Node, localName: String, namespaceURI: String?) -> String? {
        guard let name = nameIDs[localName] else { return nil }
        guard let namespaceURI else { return doc.attribute(node, name, anyNamespace: true) }
        guard let space = namespaceIDs[namespaceURI] else { return nil }
        return doc.attribute(node, name, namespace: space)
    }

    func parent(_ node: Node) -> Node? { parents[Int(node)] >= 0 ? parents[Int(node)] : nil }
    func previousElementSibling(_ node: Node) -> Node? { previous[Int(node)] >= 0 ? previous[Int(node)] : nil }
    func nextElementSibling(_ node: Node) -> Node? { following[Int(node)] >= 0 ? following[Int(node)] : nil }
    func isEmpty(_ node: Node) -> Bool { doc.node(node).firstChild < 0 }

    /// `xml:lang` wins over `lang` on the same element (XHTML 1.1 §C.7); the nearest ancestor that says decides.
    func language(_ node: Node) -> String? {
        var current: Int32 = node
        while current >= 0 {
            if let lang = langID {
                if let value = doc.attribute(current, lang, namespace: XMLNodes.NS.xml) { return value }
                if let value = doc.attribute(current, lang) { return value }
            }
            current = parents[Int(current)]
        }
        return nil
    }

    func id(_ node: Node) -> String? { doc.attribute(node, XMLNodes.Known.id) }
    func classAttribute(_ node: Node) -> String? { classID.flatMap { doc.attribute(node, $0) } }
    func styleAttribute(_ node: Node) -> String? { doc.attribute(node, XMLNodes.Known.style) }
    func isRoot(_ node: Node) -> Bool { node == doc.root }
}
