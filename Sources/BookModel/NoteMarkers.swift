/// How a note reference is drawn (issue 16, `--note-markers`): a character cell cannot raise a digit, so a bare
/// "3" glued to a word ("voisinage,”3") reads as part of the text. A reference is written as its label's
/// superscript forms ("³", the default, as printed books set it) or in brackets ("[3]", as plain-text editions
/// and pandoc's plain writer do); a label without superscript forms (`*`, `a)`, `iv`… when one lacks a form) is
/// bracketed either way.
public enum NoteMarkers: String, Sendable, Hashable, CaseIterable {
    case superscript
    case bracket

    /// The inline for a note reference whose text in the book is `label` ("3", "[3]", " (12) "), nil when the
    /// label is empty. Its style carries `.noteReference` (and `.superscript` when raised) on top of `style`.
    public func reference(_ label: String, style: InlineStyle = []) -> Inline? {
        guard let (text, raised) = marker(label) else { return nil }
        var out = style.subtracting([.superscript, .subscript]).union(.noteReference)
        if raised { out.insert(.superscript) }
        return .text(text, out)
    }

    /// The marker text for `label` and whether it is raised (superscript forms).
    public func marker(_ label: String) -> (text: String, raised: Bool)? {
        let core = Self.core(of: label)
        guard !core.isEmpty else { return nil }
        if self == .superscript, let forms = ScriptForms.unicodeForms(core, .superscript) { return (forms, true) }
        return ("[" + core + "]", false)
    }

    /// The label without surrounding spaces and one pair of brackets or parentheses: "[3]" and "(3)" are "3".
    public static func core(of label: String) -> String {
        // Characters told by `singleASCIIByte`: the labels are superscript digits as often as not (issue 19).
        func isSpace(_ c: Character) -> Bool { c.singleASCIIByte.map { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 } ?? false }
        var s = Substring(label)
        while let first = s.first, isSpace(first) { s = s.dropFirst() }
        while let last = s.last, isSpace(last) { s = s.dropLast() }
        if s.count >= 3, let first = s.first?.singleASCIIByte, let last = s.last?.singleASCIIByte,
           (first == UInt8(ascii: "[") && last == UInt8(ascii: "]")) || (first == UInt8(ascii: "(") && last == UInt8(ascii: ")")) {
            s = s.dropFirst().dropLast()
        }
        return String(s)
    }
}
