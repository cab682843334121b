import CSS

/// The importer's node arena seen as the element tree the cascade matches against (`CSS.StyledTree`).
///
/// `XMLNodes` links children forward only (first child, next sibling); selectors also walk up and back
/// (descendant and sibling combinators, `:first-child`, `:nth-child`), so one pass here records each element's parent
/// and previous and next element siblings. Attribute names are compared as Strings over the element's own few
/// attributes: most elements have none, and a short name compares in two machine words, where looking it up in the
/// name table would hash it (a SipHash) for every element.
struct StyledNodes: StyledTree {
    typealias Node = XMLNodes.NodeID
    let doc: XMLNodes
    private var parents: [Int32]
    private var previous: [Int32]
    private var following: [Int32]
    /// `typeHash` of every name of the document, hashed once (the seeded names once per process).
    private let nameHashes: [UInt32]
    private static let seededHashes = XMLNodes.seededNames.strings.map { StyledNodes.typeHash($0) }
    private let classID: XMLNodes.Name?
    private let langID: XMLNodes.Name?

    init(_ doc: XMLNodes) {
        self.doc = doc
        let count = doc.nodeCount
        parents = [Int32](repeating: -1, count: count)
        previous = [Int32](repeating: -1, count: count)
        following = [Int32](repeating: -1, count: count)
        let seeded = Self.seededHashes
        nameHashes = doc.names.strings.count == seeded.count ? seeded
            : seeded + doc.names.strings[seeded.count...].map { StyledNodes.typeHash($0) }
        classID = doc.names.strings.firstIndex(of: "class").map { XMLNodes.Name($0) }
        langID = doc.names.strings.firstIndex(of: "lang").map { XMLNodes.Name($0) }
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
    func localNameHash(_ node: Node) -> UInt32 { nameHashes[Int(doc.nameID(node))] }
    func namespaceURI(_ node: Node) -> String { doc.namespace(node) }

    func attribute(_ node: Node, localName: String, namespaceURI: String?) -> String? {
        guard let a = attributeIndex(node, localName, namespaceURI) else { return nil }
        let attribute = doc.attributes[a]
        return doc.bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(attribute.start)..<Int(attribute.start + attribute.count)]),
                   as: UTF8.self)
        }
    }

    func withAttributeBytes<R>(_ node: Node, localName: String, namespaceURI: String?,
                               _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard let a = attributeIndex(node, localName, namespaceURI) else { return body(nil) }
        let attribute = doc.attributes[a]
        return doc.bytes.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[Int(attribute.start)..<Int(attribute.start + attribute.count)]))
        }
    }

    func hasAttribute(_ node: Node, localName: String, namespaceURI: String?) -> Bool {
        attributeIndex(node, localName, namespaceURI) != nil
    }

    /// The first attribute of the element with this local name, in this namespace (nil: any).
    private func attributeIndex(_ node: Node, _ localName: String, _ namespaceURI: String?) -> Int? {
        let n = doc.node(node)
        guard n.name >= 0, n.count > 0 else { return nil }
        for a in Int(n.start)..<Int(n.start + n.count) {
            let attribute = doc.attributes[a]
            guard doc.names.strings[Int(attribute.name)] == localName else { continue }
            if let namespaceURI, doc.namespaces.strings[Int(attribute.namespace)] != namespaceURI { continue }
            return a
        }
        return nil
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
    func withIDBytes<R>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        doc.withAttributeBytes(node, XMLNodes.Known.id, body)
    }
    func withClassBytes<R>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard let classID else { return body(nil) }
        return doc.withAttributeBytes(node, classID, body)
    }
    func styleAttribute(_ node: Node) -> String? { doc.attribute(node, XMLNodes.Known.style) }
    func isRoot(_ node: Node) -> Bool { node == doc.root }
}
