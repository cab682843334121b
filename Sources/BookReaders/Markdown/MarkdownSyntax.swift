import CCmark
import Glibc
import Synchronization

/// The cmark-gfm tree copied into one flat array in document order, so the C tree can be freed before any
/// mapping starts and the copy costs no allocation per node.
struct MarkdownTree: Sendable {
    enum Kind: Sendable, Equatable {
        case document
        case blockQuote
        case list(ordered: Bool, start: Int)
        case item(task: Bool?)
        case codeBlock
        case htmlBlock
        case paragraph
        case heading(Int)
        case thematicBreak
        case footnoteDefinition
        case table
        case tableRow(header: Bool)
        case tableCell
        case text
        case softBreak
        case lineBreak
        case code
        case htmlInline
        case emphasis
        case strong
        case strikethrough
        case link
        case image
        case footnoteReference(Int)
        /// A node type this reader does not know; its children are still kept.
        case other
    }

    struct Node: Sendable {
        var kind: Kind
        /// 1-based line in the parsed text.
        var line: Int32
        /// The index just past this node's subtree: its children are the nodes from `index + 1` up to here,
        /// each followed by its own subtree.
        var end: Int32
        /// The literal (text, code, HTML) or URL (link, image) as a range of `bytes`.
        var start: Int32
        var count: Int32
        /// This node or one below it is inline HTML.
        var holdsHTML: Bool
    }

    var nodes: [Node] = []
    /// UTF-8 of every literal and URL, one after another.
    var bytes: [UInt8] = []

    /// The index of the document node.
    var root: Int { 0 }

    /// The literal or URL of a node as a String.
    func string(_ index: Int) -> String {
        let node = nodes[index]
        return String(decoding: bytes[Int(node.start)..<Int(node.start + node.count)], as: UTF8.self)
    }

    /// The children of a node, in order.
    func children(_ index: Int) -> Children { Children(nodes: nodes, first: index + 1, end: Int(nodes[index].end)) }

    struct Children: Sequence, IteratorProtocol {
        let nodes: [Node]
        var first: Int
        let end: Int

        mutating func next() -> Int? {
            guard first < end else { return nil }
            defer { first = Int(nodes[first].end) }
            return first
        }
    }
}

/// Parses Markdown with cmark-gfm and its GitHub extensions.
enum MarkdownSyntax {
    /// Deeper nesting is flattened into text: hostile input must not exhaust the stack.
    static let maxDepth = 256

    /// cmark-gfm is not re-entrant: extension registration is an unguarded check-then-set that aborts when two
    /// threads race, and parsers share a global table of special characters that each parse edits. Parses run
    /// one at a time; they are short next to layout.
    private static let lock = Mutex<Void>(())

    /// Parses `bytes`; the C tree lives only inside this function. `checkedUTF8` says the bytes are known to be
    /// valid UTF-8 (`InputKind.checkText`): cmark-gfm then skips its own check, which copies every line through a
    /// validator (about 2% of the Rust book's render, all of it before any chapter can be mapped in parallel).
    /// Either way the tree is the same for valid text; otherwise cmark-gfm replaces what is not UTF-8.
    static func parse(_ bytes: [UInt8], checkedUTF8: Bool = false) -> (tree: MarkdownTree, flattened: Bool) {
        lock.withLock { _ in parseLocked(bytes, checkedUTF8: checkedUTF8) }
    }

    /// The lines of every code block and HTML block, in document order, from a parse without the GFM extensions:
    /// cmark's core parser is linear, and its code and HTML blocks are also code and HTML blocks with the table
    /// extension (a table only ends paragraphs sooner). `MarkdownTableScan` asks, for a table over a limit, whether
    /// its delimiter row is in fact code.
    static func codeLines(_ bytes: [UInt8]) -> [ClosedRange<Int>] {
        lock.withLock { _ in
            guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return [] }
            defer { cmark_parser_free(parser) }
            feed(parser, bytes)
            guard let document = cmark_parser_finish(parser) else { return [] }
            defer { cmark_node_free(document) }
            guard let iterator = cmark_iter_new(document) else { return [] }
            defer { cmark_iter_free(iterator) }
            var lines: [ClosedRange<Int>] = []
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                guard type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HTML_BLOCK else { continue }
                let first = Int(cmark_node_get_start_line(node))
                lines.append(first...max(first, Int(cmark_node_get_end_line(node))))
            }
            return lines
        }
    }

    private static func feed(_ parser: OpaquePointer, _ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_parser_feed(parser, $0, buffer.count)
                }
            }
        }
    }

    private static func parseLocked(_ bytes: [UInt8], checkedUTF8: Bool) -> (tree: MarkdownTree, flattened: Bool) {
        cmark_gfm_core_extensions_ensure_registered()
        var empty = MarkdownTree()
        empty.nodes = [MarkdownTree.Node(kind: .document, line: 1, end: 1, start: 0, count: 0, holdsHTML: false)]
        let options = CMARK_OPT_FOOTNOTES | (checkedUTF8 ? 0 : CMARK_OPT_VALIDATE_UTF8)
        guard let parser = cmark_parser_new(options) else { return (empty, false) }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        feed(parser, bytes)
        guard let document = cmark_parser_finish(parser) else { return (empty, false) }
        defer { cmark_node_free(document) }
        var copier = Copier()
        // Literals take about the input's size; the Rust book has a node per 25 bytes.
        copier.tree.bytes.reserveCapacity(bytes.count)
        copier.tree.nodes.reserveCapacity(bytes.count / 16 + 16)
        copier.copy(document, depth: 0)
        return (copier.tree, copier.flattened)
    }

    private struct Copier {
        var tree = MarkdownTree()
        var flattened = false

        /// Appends `node` and its subtree; returns whether it holds inline HTML.
        @discardableResult
        mutating func copy(_ node: OpaquePointer, depth: Int) -> Bool {
            let line = Int32(truncatingIfNeeded: cmark_node_get_start_line(node))
            let index = tree.nodes.count
            if depth >= MarkdownSyntax.maxDepth {
                flattened = true
                let start = tree.bytes.count
                tree.bytes += Self.flatText(node).utf8
                tree.nodes.append(MarkdownTree.Node(kind: .text, line: line, end: Int32(index + 1), start: Int32(start),
                                                    count: Int32(tree.bytes.count - start), holdsHTML: false))
                return false
            }
            let kind = self.kind(of: node)
            let start = tree.bytes.count
            switch kind {
            case .codeBlock, .htmlBlock, .text, .code, .htmlInline, .footnoteReference:
                append(cmark_node_get_literal(node))
            case .link, .image:
                append(cmark_node_get_url(node))
            default: break
            }
            tree.nodes.append(MarkdownTree.Node(kind: kind, line: line, end: 0, start: Int32(start),
                                                count: Int32(tree.bytes.count - start), holdsHTML: false))
            var holdsHTML = kind == .htmlInline
            var child = cmark_node_first_child(node)
            while let current = child {
                if copy(current, depth: depth + 1) { holdsHTML = true }
                child = cmark_node_next(current)
            }
            tree.nodes[index].end = Int32(tree.nodes.count)
            tree.nodes[index].holdsHTML = holdsHTML
            return holdsHTML
        }

        private mutating func append(_ text: UnsafePointer<CChar>?) {
            guard let text else { return }
            let count = strlen(text)
            text.withMemoryRebound(to: UInt8.self, capacity: count) {
                tree.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
            }
        }

        private func kind(of node: OpaquePointer) -> MarkdownTree.Kind {
            switch cmark_node_get_type(node) {
            case CMARK_NODE_DOCUMENT: return .document
            case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
            case CMARK_NODE_LIST:
                return .list(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                             start: Int(cmark_node_get_list_start(node)))
            case CMARK_NODE_ITEM:
                let task = typeIs(node, "tasklist")
                return .item(task: task ? cmark_gfm_extensions_get_tasklist_item_checked(node) : nil)
            case CMARK_NODE_CODE_BLOCK: return .codeBlock
            case CMARK_NODE_HTML_BLOCK: return .htmlBlock
            case CMARK_NODE_PARAGRAPH: return .paragraph
            case CMARK_NODE_HEADING: return .heading(Int(cmark_node_get_heading_level(node)))
            case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
            case CMARK_NODE_FOOTNOTE_DEFINITION: return .footnoteDefinition
            case CMARK_NODE_TEXT: return .text
            case CMARK_NODE_SOFTBREAK: return .softBreak
            case CMARK_NODE_LINEBREAK: return .lineBreak
            case CMARK_NODE_CODE: return .code
            case CMARK_NODE_HTML_INLINE: return .htmlInline
            case CMARK_NODE_EMPH: return .emphasis
            case CMARK_NODE_STRONG: return .strong
            case CMARK_NODE_LINK: return .link
            case CMARK_NODE_IMAGE: return .image
            case CMARK_NODE_FOOTNOTE_REFERENCE:
                return .footnoteReference(cmark_node_get_literal(node).flatMap { Int(String(cString: $0)) } ?? 0)
            default:
                // Extension nodes are told apart by their type string: their type numbers are assigned at run time.
                if typeIs(node, "table") { return .table }
                if typeIs(node, "table_header") { return .tableRow(header: true) }
                if typeIs(node, "table_row") { return .tableRow(header: cmark_gfm_extensions_get_table_row_is_header(node) != 0) }
                if typeIs(node, "table_cell") { return .tableCell }
                if typeIs(node, "strikethrough") { return .strikethrough }
                return .other
            }
        }

        /// Compares the node's type string without making a Swift String of it.
        private func typeIs(_ node: OpaquePointer, _ name: StaticString) -> Bool {
            guard let type = cmark_node_get_type_string(node) else { return false }
            return name.withUTF8Buffer { expected in
                expected.withMemoryRebound(to: CChar.self) {
                    strncmp(type, $0.baseAddress!, $0.count) == 0 && type[$0.count] == 0
                }
            }
        }

        /// The text of a subtree too deep to copy as structure, walked without recursion.
        static func flatText(_ node: OpaquePointer) -> String {
            guard let iterator = cmark_iter_new(node) else { return "" }
            defer { cmark_iter_free(iterator) }
            var text = ""
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
                switch cmark_node_get_type(current) {
                case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
                    if let literal = cmark_node_get_literal(current) { text += String(cString: literal) }
                case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
                    if !text.isEmpty, text.last != " " { text += " " }
                default: break
                }
            }
            return text
        }
    }
}
