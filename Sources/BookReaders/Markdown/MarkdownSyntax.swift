import CCmark
import Synchronization

/// The cmark-gfm tree copied into Swift values, so the C tree can be freed before any mapping starts.
struct MarkdownNode: Sendable {
    enum Kind: Sendable {
        case document
        case blockQuote
        case list(ordered: Bool, start: Int)
        case item(task: Bool?)
        case codeBlock(String)
        case htmlBlock(String)
        case paragraph
        case heading(Int)
        case thematicBreak
        case footnoteDefinition
        case table
        case tableRow(header: Bool)
        case tableCell
        case text(String)
        case softBreak
        case lineBreak
        case code(String)
        case htmlInline(String)
        case emphasis
        case strong
        case strikethrough
        case link(url: String)
        case image(url: String)
        case footnoteReference(Int)
        /// A node type this reader does not know; its children are still kept.
        case other
    }

    var kind: Kind
    var children: [MarkdownNode]
    /// 1-based line in the parsed text.
    var line: Int
    /// This node or one below it is inline HTML.
    var holdsHTML = false
}

/// Parses Markdown with cmark-gfm and its GitHub extensions.
enum MarkdownSyntax {
    /// Deeper nesting is flattened into text: hostile input must not exhaust the stack.
    static let maxDepth = 256

    /// cmark-gfm is not re-entrant: extension registration is an unguarded check-then-set that aborts when two
    /// threads race, and parsers share a global table of special characters that each parse edits. Parses run
    /// one at a time; they are short next to layout.
    private static let lock = Mutex<Void>(())

    /// Parses `bytes`; the C tree lives only inside this function.
    static func parse(_ bytes: [UInt8]) -> (root: MarkdownNode, flattened: Bool) {
        lock.withLock { _ in parseLocked(bytes) }
    }

    private static func parseLocked(_ bytes: [UInt8]) -> (root: MarkdownNode, flattened: Bool) {
        cmark_gfm_core_extensions_ensure_registered()
        let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8
        guard let parser = cmark_parser_new(options) else {
            return (MarkdownNode(kind: .document, children: [], line: 1), false)
        }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_parser_feed(parser, $0, buffer.count)
                }
            }
        }
        guard let document = cmark_parser_finish(parser) else {
            return (MarkdownNode(kind: .document, children: [], line: 1), false)
        }
        defer { cmark_node_free(document) }
        var copier = Copier()
        let root = copier.copy(document, depth: 0)
        return (root, copier.flattened)
    }

    private struct Copier {
        var flattened = false

        mutating func copy(_ node: OpaquePointer, depth: Int) -> MarkdownNode {
            let line = Int(cmark_node_get_start_line(node))
            if depth >= MarkdownSyntax.maxDepth {
                flattened = true
                return MarkdownNode(kind: .text(Self.flatText(node)), children: [], line: line)
            }
            let kind = self.kind(of: node)
            var children: [MarkdownNode] = []
            var child = cmark_node_first_child(node)
            var holdsHTML = false
            while let current = child {
                let copied = copy(current, depth: depth + 1)
                holdsHTML = holdsHTML || copied.holdsHTML
                children.append(copied)
                child = cmark_node_next(current)
            }
            var result = MarkdownNode(kind: kind, children: children, line: line)
            if case .htmlInline = kind { holdsHTML = true }
            result.holdsHTML = holdsHTML
            return result
        }

        private func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            switch cmark_node_get_type(node) {
            case CMARK_NODE_DOCUMENT: return .document
            case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
            case CMARK_NODE_LIST:
                return .list(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                             start: Int(cmark_node_get_list_start(node)))
            case CMARK_NODE_ITEM:
                let task = typeString(node) == "tasklist"
                return .item(task: task ? cmark_gfm_extensions_get_tasklist_item_checked(node) : nil)
            case CMARK_NODE_CODE_BLOCK: return .codeBlock(literal)
            case CMARK_NODE_HTML_BLOCK: return .htmlBlock(literal)
            case CMARK_NODE_PARAGRAPH: return .paragraph
            case CMARK_NODE_HEADING: return .heading(Int(cmark_node_get_heading_level(node)))
            case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
            case CMARK_NODE_FOOTNOTE_DEFINITION: return .footnoteDefinition
            case CMARK_NODE_TEXT: return .text(literal)
            case CMARK_NODE_SOFTBREAK: return .softBreak
            case CMARK_NODE_LINEBREAK: return .lineBreak
            case CMARK_NODE_CODE: return .code(literal)
            case CMARK_NODE_HTML_INLINE: return .htmlInline(literal)
            case CMARK_NODE_EMPH: return .emphasis
            case CMARK_NODE_STRONG: return .strong
            case CMARK_NODE_LINK: return .link(url: cmark_node_get_url(node).map { String(cString: $0) } ?? "")
            case CMARK_NODE_IMAGE: return .image(url: cmark_node_get_url(node).map { String(cString: $0) } ?? "")
            case CMARK_NODE_FOOTNOTE_REFERENCE: return .footnoteReference(Int(literal) ?? 0)
            default:
                // Extension nodes are told apart by their type string: their type numbers are assigned at run time.
                switch typeString(node) {
                case "table": return .table
                case "table_header": return .tableRow(header: true)
                case "table_row": return .tableRow(header: cmark_gfm_extensions_get_table_row_is_header(node) != 0)
                case "table_cell": return .tableCell
                case "strikethrough": return .strikethrough
                default: return .other
                }
            }
        }

        private func typeString(_ node: OpaquePointer) -> String {
            cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
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
