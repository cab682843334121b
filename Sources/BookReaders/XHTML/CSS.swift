import BookModel

/// Just enough CSS to find a book's writing mode and the elements it hides; no cascade, no layout.
enum CSS {
    /// True when a `style` attribute sets `display: none`.
    static func declaresDisplayNone(_ style: String) -> Bool {
        declarations(style).contains { $0.property == "display" && $0.value.hasPrefix("none") }
    }

    /// The writing mode a `style` attribute declares, if any.
    static func writingMode(inDeclarations style: String) -> WritingMode? {
        var found: WritingMode?
        for d in declarations(style) where writingModeProperties.contains(d.property) {
            if let mode = mode(d.value) { found = mode }
        }
        return found
    }

    /// The writing mode a stylesheet sets on `html`, `body` or `:root`, the last such rule winning.
    static func rootWritingMode(inStylesheet sheet: String) -> WritingMode? {
        var found: WritingMode?
        for (selectors, body) in rules(sheet) {
            let targetsRoot = selectors.split(separator: ",").contains { selector in
                let compound = selector.split(whereSeparator: { $0 == " " || $0 == ">" || $0 == "\n" || $0 == "\t" }).last ?? ""
                let lower = compound.lowercased()
                return ["html", "body", ":root"].contains { lower == $0 || lower.hasPrefix($0 + ".") || lower.hasPrefix($0 + "[") || lower.hasPrefix($0 + ":") || lower.hasPrefix($0 + "#") }
            }
            if targetsRoot, let mode = writingMode(inDeclarations: body) { found = mode }
        }
        return found
    }

    static let writingModeProperties: Set<String> = ["writing-mode", "-epub-writing-mode", "-webkit-writing-mode"]

    private static func mode(_ value: String) -> WritingMode? {
        switch value.lowercased().split(separator: " ").first ?? "" {
        case "vertical-rl", "tb-rl", "tb": return .verticalRL
        case "horizontal-tb", "lr-tb", "lr", "rl-tb", "rl": return .horizontalTB
        default: return nil
        }
    }

    /// `property: value` pairs of a declaration block, lower-cased property, trimmed value, `!important` dropped.
    static func declarations(_ block: String) -> [(property: String, value: String)] {
        withoutComments(block).split(separator: ";").compactMap { declaration in
            guard let colon = declaration.firstIndex(of: ":") else { return nil }
            let property = declaration[..<colon].trimmingSpaces.lowercased()
            var value = declaration[declaration.index(after: colon)...].trimmingSpaces
            if let bang = value.range(of: "!important") { value = String(value[..<bang.lowerBound]).trimmingSpaces }
            return (property, value)
        }
    }

    /// Flattened (selectors, declarations) pairs; at-rule blocks such as `@media` are entered, not skipped.
    static func rules(_ sheet: String) -> [(String, String)] {
        var out: [(String, String)] = []
        var prelude = ""
        var body = ""
        var depth = 0
        var inBody = false
        for ch in withoutComments(sheet) {
            switch ch {
            case "{":
                let trimmed = prelude.trimmingSpaces
                if trimmed.hasPrefix("@") { prelude = ""; continue }
                inBody = true
                depth += 1
                if depth > 1 { body.append(ch) }
            case "}":
                if inBody {
                    depth -= 1
                    if depth == 0 {
                        out.append((prelude.trimmingSpaces, body))
                        prelude = ""
                        body = ""
                        inBody = false
                    } else { body.append(ch) }
                }
                else { prelude = "" }
            case ";" where !inBody:
                prelude = ""
            default:
                if inBody { body.append(ch) } else { prelude.append(ch) }
            }
        }
        return out
    }

    private static func withoutComments(_ s: String) -> String {
        guard s.contains("/*") else { return s }
        var out = ""
        var rest = Substring(s)
        while let start = rest.range(of: "/*") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*/") else { return out }
            rest = rest[end.upperBound...]
        }
        return out + rest
    }
}

extension Substring {
    var trimmingSpaces: String { String(self).trimmingSpaces }
}
