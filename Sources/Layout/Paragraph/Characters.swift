import BookModel
import ICUShim

/// Character facts every phase asks: how many cells a text takes (UAX #11 East Asian Width, as terminals
/// count it), which way a text runs (UAX #9 first strong character), and which languages are set as CJK.

/// True when the language is written with ideographs, so indents use U+3000 and justify spreads characters.
func isCJKLanguage(_ language: String?) -> Bool {
    guard let language else { return false }
    let lower = language.lowercased()
    return lower.hasPrefix("ja") || lower.hasPrefix("zh") || lower.hasPrefix("ko")
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
