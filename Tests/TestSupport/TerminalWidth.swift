import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Cells a terminal gives `text`: glibc's wcswidth (which Swift's Glibc module does not export) in a UTF-8 locale set
/// for this thread only — the measure Quire's own widths are checked against, so tests never use Quire's to check
/// Quire's. -1 when the text holds a character wcswidth has no width for; -2 when glibc cannot be reached.
public func terminalWidth(_ text: some StringProtocol) -> Int {
    typealias WCSWidth = @convention(c) (UnsafePointer<wchar_t>?, Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcswidth"),
          let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) else { return -2 }
    let function = unsafeBitCast(symbol, to: WCSWidth.self)
    let previous = uselocale(locale)
    defer { uselocale(previous); freelocale(locale) }
    let scalars = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
    return scalars.withUnsafeBufferPointer { Int(function($0.baseAddress, $0.count)) }
}
