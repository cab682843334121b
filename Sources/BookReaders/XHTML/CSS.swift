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
            if let bang = value.utf8.firstRange(of: "!important".utf8) { value = String(value[..<bang.lowerBound]).trimmingSpaces }
            return (property, value)
        }
    }

    /// Flattened (selectors, declarations) pairs; at-rule blocks such as `@media` are entered, not skipped.
    /// The delimiters are all ASCII, so the sheet is scanned as UTF-8 and each rule's slices become Strings once.
    static func rules(_ sheet: String) -> [(String, String)] {
        var out: [(String, String)] = []
        var text = withoutComments(sheet)
        text.withUTF8 { bytes in
            func string(_ from: Int, _ to: Int) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
            }
            var preludeStart = 0
            var bodyStart = 0
            var depth = 0
            var inBody = false
            var selectors = ""
            for i in 0..<bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "{"):
                    if inBody { depth += 1; continue }
                    let prelude = string(preludeStart, i)
                    if prelude.trimmingSpaces.hasPrefix("@") { preludeStart = i + 1; continue }
                    selectors = prelude
                    inBody = true
                    depth = 1
                    bodyStart = i + 1
                case UInt8(ascii: "}"):
                    if inBody {
                        depth -= 1
                        if depth == 0 {
                            out.append((selectors.trimmingSpaces, string(bodyStart, i)))
                            preludeStart = i + 1
                            inBody = false
                        }
                    } else {
                        preludeStart = i + 1
                    }
                case UInt8(ascii: ";") where !inBody:
                    preludeStart = i + 1
                default:
                    break
                }
            }
        }
        return out
    }

    /// The text with `/* … */` comments removed (an unclosed comment runs to the end), found on UTF-8 bytes.
    private static func withoutComments(_ s: String) -> String {
        var s = s
        return s.withUTF8 { bytes -> String? in
            let count = bytes.count
            func find(_ a: UInt8, _ b: UInt8, from: Int) -> Int? {
                var i = from
                while i + 1 < count {
                    if bytes[i] == a && bytes[i + 1] == b { return i }
                    i += 1
                }
                return nil
            }
            guard var start = find(UInt8(ascii: "/"), UInt8(ascii: "*"), from: 0) else { return nil }
            var out: [UInt8] = []
            var rest = 0
            while true {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[rest..<start]))
                guard let end = find(UInt8(ascii: "*"), UInt8(ascii: "/"), from: start + 2) else { break }
                rest = end + 2
                guard let next = find(UInt8(ascii: "/"), UInt8(ascii: "*"), from: rest) else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[rest..<count]))
                    break
                }
                start = next
            }
            return String(decoding: out, as: UTF8.self)
        } ?? s
    }
}

extension Substring {
    var trimmingSpaces: String { String(self).trimmingSpaces }
}
