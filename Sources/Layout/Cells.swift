import BookModel
import ICUShim

/// Owns an ICU break iterator for as long as a layout pass needs it (one per thread, never shared).
final class Breaker {
    let handle: OpaquePointer

    init?(line locale: String) {
        guard let handle = qi_line_breaker_open(locale) else { return nil }
        self.handle = handle
    }

    init?(graphemes: Void) {
        guard let handle = qi_grapheme_breaker_open() else { return nil }
        self.handle = handle
    }

    deinit { qi_breaker_close(handle) }

    /// Boundaries after 0 (the last is `bytes.count`) written into `out`, which grows as needed.
    func boundaries(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [Int32]) -> Int {
        if bytes.count == 0 { return 0 }
        if out.count < bytes.count + 1 { out = [Int32](repeating: 0, count: bytes.count + 1) }
        let n = out.withUnsafeMutableBufferPointer { o in
            qi_boundaries(handle, bytes.baseAddress, Int32(bytes.count), o.baseAddress)
        }
        if n < 0 {
            out[0] = Int32(bytes.count)
            return 1
        }
        return Int(n)
    }
}

/// The ICU locale id for a BCP 47 language: Japanese and Chinese get strict line-start rules (kinsoku).
func icuLineLocale(_ language: String?) -> String {
    guard let language, !language.isEmpty else { return "" }
    var primary = ""
    for c in language.unicodeScalars {
        if c == "-" || c == "_" { break }
        primary.unicodeScalars.append(c)
    }
    primary = primary.lowercased()
    if primary == "ja" || primary == "zh" { return primary + "@lb=strict" }
    return primary
}

/// True when the language is written with ideographs, so indents use U+3000 and justify spreads characters.
func isCJKLanguage(_ language: String?) -> Bool {
    guard let language else { return false }
    let lower = language.lowercased()
    return lower.hasPrefix("ja") || lower.hasPrefix("zh") || lower.hasPrefix("ko")
}

/// Flags kept per grapheme cluster while setting a paragraph (the bits ICUShim's qi_measure writes).
struct ClusterFlags: OptionSet {
    let rawValue: UInt8
    static let space = ClusterFlags(rawValue: UInt8(QI_F_SPACE))
    static let invisible = ClusterFlags(rawValue: UInt8(QI_F_INVISIBLE))
    static let breakAfter = ClusterFlags(rawValue: UInt8(QI_F_BREAK_AFTER))
    static let hangable = ClusterFlags(rawValue: UInt8(QI_F_HANGABLE))
    static let wide = ClusterFlags(rawValue: UInt8(QI_F_WIDE))
    /// Line-start and line-end prohibited (kinsoku), consulted only when a run is split between clusters.
    static let noStart = ClusterFlags(rawValue: UInt8(QI_F_NO_START))
    static let noEnd = ClusterFlags(rawValue: UInt8(QI_F_NO_END))
}

/// Width in cells of `text` as the paginator counts it: W/F and emoji two cells, A two when
/// `ambiguousWide`, combining marks and joined sequences nothing extra, controls and zero-width characters
/// nothing; a tab counts as one cell (the paginator expands tabs itself).
public func cellWidth(of text: String, ambiguousWide: Bool = false) -> Int {
    var text = text
    return text.withUTF8 { bytes in
        var ascii = true
        var width = 0
        for b in bytes {
            if b >= 0x80 { ascii = false; break }
            if b >= 0x20 && b < 0x7F || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C { width += 1 }
        }
        if ascii { return width }
        return Int(qi_text_width(bytes.baseAddress, Int32(bytes.count), ambiguousWide ? 1 : 0))
    }
}

/// `cellWidth(of:ambiguousWide:)` of UTF-8 bytes.
public func cellWidth(utf8 bytes: UnsafeBufferPointer<UInt8>, ambiguousWide: Bool = false) -> Int {
    var width = 0
    for b in bytes {
        if b >= 0x80 { return Int(qi_text_width(bytes.baseAddress, Int32(bytes.count), ambiguousWide ? 1 : 0)) }
        if b >= 0x20 && b < 0x7F || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C { width += 1 }
    }
    return width
}

/// Base direction from the first strong character of UTF-8 text, nil when it has none.
func firstStrongDirection(_ bytes: UnsafeBufferPointer<UInt8>) -> Direction? {
    for i in 0..<bytes.count {
        let b = bytes[i]
        if b >= 0x80 {
            switch qi_first_strong_direction(bytes.baseAddress! + i, Int32(bytes.count - i)) {
            case 0: return .ltr
            case 1: return .rtl
            default: return nil
            }
        }
        let lower = b | 0x20
        if lower >= 0x61 && lower <= 0x7A { return .ltr }
    }
    return nil
}
