import ICUShim

/// ICU's UAX #14 line break iterators, owned per layout context (the grapheme iterator is ICUShim's, one per
/// thread).

/// Owns an ICU break iterator for as long as a layout pass needs it (one per thread, never shared).
final class Breaker {
    let handle: OpaquePointer

    init?(line locale: String) {
        guard let handle = qi_line_breaker_open(locale) else { return nil }
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
