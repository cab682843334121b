import CSS

/// Placeholder until the `lists` branch's `TextTransformer` lands (replaced at merge).
enum TextTransforms {
    static func apply(_ t: ComputedStyle.TextTransform, smallCaps: Bool, to text: String, language: String?,
                      after previous: Unicode.Scalar?) -> String {
        if t.case == .uppercase || smallCaps { return text.uppercased() }
        if t.case == .lowercase { return text.lowercased() }
        return text
    }
}
