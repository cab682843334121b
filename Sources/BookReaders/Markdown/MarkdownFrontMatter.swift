import BookModel
import CYAML

/// What a leading YAML block says about the book; every field is optional.
struct MarkdownFrontMatter: Sendable, Equatable {
    var title: String?
    var authors: [String] = []
    var language: String?
    var direction: Direction?
    var writingMode: WritingMode?
    var pageProgression: Direction?

    /// Splits a leading `---` block from the body; without a closing `---`/`...` line there is no front matter.
    static func split(_ bytes: [UInt8]) -> (yaml: ArraySlice<UInt8>, body: ArraySlice<UInt8>, bodyLine: Int)? {
        var lineStart = 0
        var lineNumber = 0
        var opened = false
        var yamlStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var contentEnd = lineEnd
            while contentEnd > lineStart, bytes[contentEnd - 1] == UInt8(ascii: " ") || bytes[contentEnd - 1] == UInt8(ascii: "\t")
                    || bytes[contentEnd - 1] == UInt8(ascii: "\r") {
                contentEnd -= 1
            }
            let line = bytes[lineStart..<contentEnd]
            lineNumber += 1
            let next = min(lineEnd + 1, bytes.count)
            if !opened {
                guard line.elementsEqual("---".utf8) else { return nil }
                opened = true
                yamlStart = next
            } else if line.elementsEqual("---".utf8) || line.elementsEqual("...".utf8) {
                return (bytes[yamlStart..<lineStart], bytes[next...], lineNumber + 1)
            }
            lineStart = next
        }
        return nil
    }

    /// Parses the YAML text with libyaml; problems become warnings with the line number in the Markdown file
    /// (`firstLine` is the file line of the YAML's first line).
    /// Returns nil when the YAML is well-formed but not a mapping: then the block was not front matter.
    static func parse(_ yaml: ArraySlice<UInt8>, firstLine: Int, diagnostics: inout [Diagnostic]) -> MarkdownFrontMatter? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else { return MarkdownFrontMatter() }
        defer { yaml_parser_delete(&parser) }
        var document = yaml_document_t()
        let bytes = Array(yaml)
        let loaded = bytes.withUnsafeBufferPointer { buffer -> Bool in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return yaml_parser_load(&parser, &document) != 0
        }
        guard loaded else {
            let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
            let line = firstLine + Int(parser.problem_mark.line)
            diagnostics.append(.warning("front matter: line \(line): \(problem)"))
            return MarkdownFrontMatter()
        }
        defer { yaml_document_delete(&document) }
        guard let root = yaml_document_get_root_node(&document) else { return MarkdownFrontMatter() }
        // Front matter is a mapping; a lone scalar between two rules is Markdown (a setext heading, say).
        guard root.pointee.type == YAML_MAPPING_NODE else { return nil }
        var result = MarkdownFrontMatter()
        var pair = root.pointee.data.mapping.pairs.start
        while let current = pair, current != root.pointee.data.mapping.pairs.top {
            defer { pair = current + 1 }
            guard let keyNode = yaml_document_get_node(&document, current.pointee.key),
                  let key = scalar(keyNode),
                  let valueNode = yaml_document_get_node(&document, current.pointee.value) else { continue }
            let line = firstLine + Int(valueNode.pointee.start_mark.line)
            let values = strings(valueNode, document: &document)
            let value = values.first ?? ""
            func unknown() { diagnostics.append(.warning("front matter: line \(line): unknown \(key) '\(value)'")) }
            switch key.lowercased() {
            case "title": result.title = values.isEmpty ? nil : values.joined(separator: " ")
            case "author", "authors": result.authors += values
            case "lang", "language": result.language = values.isEmpty ? nil : value
            case "dir", "direction":
                if let direction = Direction(rawValue: value.lowercased()) { result.direction = direction } else { unknown() }
            case "writing-mode", "writing_mode", "writingmode":
                switch value.lowercased() {
                case "horizontal-tb", "horizontal": result.writingMode = .horizontalTB
                case "vertical-rl", "vertical": result.writingMode = .verticalRL
                default: unknown()
                }
            case "page-progression", "page_progression", "page-progression-direction":
                if let direction = Direction(rawValue: value.lowercased()) { result.pageProgression = direction } else { unknown() }
            default: break
            }
        }
        return result
    }

    private static func scalar(_ node: UnsafeMutablePointer<yaml_node_t>) -> String? {
        guard node.pointee.type == YAML_SCALAR_NODE, let value = node.pointee.data.scalar.value else { return nil }
        let buffer = UnsafeBufferPointer(start: value, count: node.pointee.data.scalar.length)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// A scalar, or the scalars of a sequence (authors may be either); other shapes give nothing.
    private static func strings(_ node: UnsafeMutablePointer<yaml_node_t>, document: inout yaml_document_t) -> [String] {
        if let value = scalar(node) {
            let trimmed = MarkdownScript.trimmed(value)
            return trimmed.isEmpty ? [] : [trimmed]
        }
        guard node.pointee.type == YAML_SEQUENCE_NODE else { return [] }
        var result: [String] = []
        var item = node.pointee.data.sequence.items.start
        while let current = item, current != node.pointee.data.sequence.items.top {
            if let child = yaml_document_get_node(&document, current.pointee), let value = scalar(child) {
                let trimmed = MarkdownScript.trimmed(value)
                if !trimmed.isEmpty { result.append(trimmed) }
            }
            item = current + 1
        }
        return result
    }
}
