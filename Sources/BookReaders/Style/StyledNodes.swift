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
        var names: [String: XMLNodes.Name] = [:]
        for (i, name) in doc.names.strings.enumerated() where names[name] == nil { names[name] = XMLNodes.Name(i) }
        var spaces: [String: XMLNodes.Name] = [:]
        for (i, uri) in doc.namespaces.strings.enumerated() where spaces[uri] == nil { spaces[uri] = XMLNodes.Name(i) }
        nameIDs = names
        namespaceIDs = spaces
        classID = names["class"]
        langID = names["lang"]
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
