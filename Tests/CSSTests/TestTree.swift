@testable import CSS

/// A small element tree for the tests, read from XHTML-like text: `<p class="a" epub:type="note">text</p>`.
/// Elements are in the XHTML namespace; `epub:` and `xml:` attribute prefixes map to their namespaces.
struct TestTree: StyledTree {
    struct Element {
        var name: String
        var attributes: [(ns: String, name: String, value: String)] = []
        var parent: Int?
        var children: [Int] = []
        var hasText = false
        var previous: Int?, next: Int?
    }
    private(set) var elements: [Element] = []

    static let xhtml = "http://www.w3.org/1999/xhtml", epub = "http://www.idpf.org/2007/ops"
    static let xml = "http://www.w3.org/XML/1998/namespace"

    init(_ markup: String) {
        var stack: [Int] = []
        let chars = Array(markup.unicodeScalars)
        var i = 0
        while i < chars.count {
            if chars[i] == "<" {
                var j = i + 1
                while chars[j] != ">" { j += 1 }
                var body = String(String.UnicodeScalarView(chars[(i + 1)..<j]))
                i = j + 1
                if body.hasPrefix("/") { stack.removeLast(); continue }
                let selfClosing = body.hasSuffix("/")
                if selfClosing { body.removeLast() }
                var e = Element(name: String(body.split(separator: " ").first ?? ""), parent: stack.last)
                e.attributes = TestTree.attributes(body)
                elements.append(e)
                let index = elements.count - 1
                if let p = stack.last {
                    if let last = elements[p].children.last { elements[last].next = index; elements[index].previous = last }
                    elements[p].children.append(index)
                }
                if !selfClosing { stack.append(index) }
            } else {
                if let p = stack.last { elements[p].hasText = true }
                i += 1
            }
        }
    }

    private static func attributes(_ body: String) -> [(ns: String, name: String, value: String)] {
        var out: [(ns: String, name: String, value: String)] = []
        var rest = Substring(body.drop { $0 != " " })
        while let eq = rest.firstIndex(of: "=") {
            let name = rest[..<eq].trimmingCharacters()
            let quote = rest[rest.index(after: eq)]
            let valueStart = rest.index(eq, offsetBy: 2)
            let valueEnd = rest[valueStart...].firstIndex(of: quote)!
            let value = String(rest[valueStart..<valueEnd])
            rest = rest[rest.index(after: valueEnd)...]
            if name.hasPrefix("epub:") { out.append((epub, String(name.dropFirst(5)), value)) }
            else if name.hasPrefix("xml:") { out.append((xml, String(name.dropFirst(4)), value)) }
            else { out.append(("", name, value)) }
        }
        return out
    }

    /// The n-th element (0 is the root) in document order.
    func element(_ n: Int) -> Int { n }
    /// The first element with this id.
    func byID(_ id: String) -> Int { elements.indices.first { self.id($0) == id }! }
    var all: Range<Int> { elements.indices }

    func localName(_ node: Int) -> String { elements[node].name }
    func namespaceURI(_ node: Int) -> String { TestTree.xhtml }
    func attribute(_ node: Int, localName: String, namespaceURI: String?) -> String? {
        elements[node].attributes.first { $0.name == localName && (namespaceURI == nil || $0.ns == namespaceURI) }?.value
    }
    func parent(_ node: Int) -> Int? { elements[node].parent }
    func previousElementSibling(_ node: Int) -> Int? { elements[node].previous }
    func nextElementSibling(_ node: Int) -> Int? { elements[node].next }
    func isEmpty(_ node: Int) -> Bool { elements[node].children.isEmpty && !elements[node].hasText }
    func language(_ node: Int) -> String? {
        var n: Int? = node
        while let e = n {
            if let l = attribute(e, localName: "lang", namespaceURI: TestTree.xml) ?? attribute(e, localName: "lang", namespaceURI: "") { return l }
            n = elements[e].parent
        }
        return nil
    }

    /// Computed styles of every element, parents first (document order is parents first).
    func styles(_ resolver: StyleResolver) -> [ComputedStyle] {
        var out: [ComputedStyle] = []
        for e in all { out.append(resolver.style(for: e, in: self, parent: elements[e].parent.map { out[$0] })) }
        return out
    }
}

extension Substring {
    func trimmingCharacters() -> String { String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}

/// A resolver over sheets given as text, in order.
func resolver(_ sheets: String..., context: MediaContext = MediaContext()) -> StyleResolver {
    StyleResolver(sheets: sheets.enumerated().map { LoadedSheet(label: "sheet\($0.offset).css", sheet: Stylesheet($0.element)) },
                  context: context)
}
