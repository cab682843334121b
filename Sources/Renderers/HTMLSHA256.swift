import Hashing

extension SHA256 {
    /// The CSP source expression for inline content: `'sha256-<base64>'` (CSP Level 3, §2.3.1 hash-source).
    public static func cspSource(_ text: String) -> String { "'sha256-" + base64(digest(Array(text.utf8))) + "'" }
}
