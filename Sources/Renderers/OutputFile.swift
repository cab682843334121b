import BookModel
import Foundation

/// One file of a rendering: a name chosen by Quire (never by the book; `assets/…` for the HTML viewer's
/// images) and its bytes, ready or made when the file is written.
///
/// Why lazy: a folder rendering holds thousands of files (War and Peace: 2,733 spread files, a 9 MB index, a
/// 7 MB page map). Made all at once before the first is written, they were a third of the HTML site's peak
/// memory (issue 19). A lazy file is made by the writer just before it is written, by the thread that writes
/// it, and dropped just after, so a writer holds only the files in flight.
public struct OutputFile: Sendable {
    public var name: String
    private let content: Content
    /// For a file of pieces (`init(name:pieces:make:)`): where the writer makes each piece, as a task of its own.
    /// `placedBefore[i]` names the file piece `i` is made just before (nil, or a name not written: where this file
    /// stands); the pieces are still written in order. It lets a file about the others be made alongside them:
    /// the HTML index's thumbnails beside the spread files that show the same pages, so a page's drawn body is
    /// held only between the two (`HTMLPageBodies`; issue 19, peak memory). Empty: one thread makes and writes
    /// the file whole.
    public var placedBefore: [String?] = []

    /// Where the bytes come from. Every form must make the same bytes each time it is asked (pure renderers).
    private enum Content: Sendable {
        /// Bytes already made, in consecutive parts.
        case ready([[UInt8]])
        /// Made in one call, in parts (a large file built in parallel chunks, never joined in memory).
        case later(@Sendable () -> [[UInt8]])
        /// Made a part at a time, part `i` by `make(i)`, each dropped once written (the HTML index's pieces);
        /// `wave` parts at once on all cores when it is above 1 (the JSON page map's chunks).
        case pieces(count: Int, wave: Int, make: @Sendable (Int) -> [UInt8])
    }

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.content = .ready([bytes])
    }

    /// A file in consecutive parts, written one after another: a large file built in parallel chunks (the JSON
    /// page map) is never joined in memory, which would hold it twice (issue 19: peak memory).
    public init(name: String, parts: [[UInt8]]) {
        self.name = name
        self.content = .ready(parts)
    }

    /// A file made only when it is written (or read): `make` returns its parts.
    public init(name: String, later make: @escaping @Sendable () -> [[UInt8]]) {
        self.name = name
        self.content = .later(make)
    }

    /// A file of `count` parts made when it is written, each dropped once written: one at a time, or, with
    /// `inParallel`, in waves of two per core made on all cores and written in order. Waves keep a large file's
    /// making parallel while holding only a wave of it (issue 19: War and Peace's 7 MB page map, made whole in
    /// parallel and then written, was a tenth of its peak memory).
    public init(name: String, pieces count: Int, inParallel: Bool = false,
                make: @escaping @Sendable (Int) -> [UInt8]) {
        self.name = name
        self.content = .pieces(count: count, wave: inParallel ? 2 * ProcessInfo.processInfo.activeProcessorCount : 1,
                               make: make)
    }

    /// Hands the file's bytes to `write`, part by part, in order, making lazy parts only now: the way writers
    /// read a file, so a lazy one is never whole in memory unless it was made whole.
    public func writeParts<E: Error>(_ write: ([UInt8]) throws(E) -> Void) throws(E) {
        switch content {
        case .ready(let parts): for part in parts { try write(part) }
        case .later(let make): for part in make() { try write(part) }
        case .pieces(let count, let wave, let make) where wave > 1:
            for start in stride(from: 0, to: count, by: wave) {
                for part in orderedConcurrentMap(count: min(wave, count - start), { make(start + $0) }) { try write(part) }
            }
        case .pieces(let count, _, let make): for i in 0..<count { try write(make(i)) }
        }
    }

    /// A file of pieces' count and maker, for a writer that makes its pieces as tasks of their own
    /// (`placedBefore`); nil for the other forms.
    public var separatePieces: (count: Int, make: @Sendable (Int) -> [UInt8])? {
        if case .pieces(let count, _, let make) = content, !placedBefore.isEmpty { return (count, make) }
        return nil
    }

    /// The file's bytes in parts, made now if lazy (for readers of the whole file; writers use `writeParts`).
    public var parts: [[UInt8]] {
        var out: [[UInt8]] = []
        writeParts { out.append($0) }
        return out
    }

    /// The file's bytes, joined (for readers of a small file; writers use `writeParts`).
    public var bytes: [UInt8] {
        let parts = parts
        return parts.count == 1 ? parts[0] : Array(parts.joined())
    }
}

extension OutputFile: Equatable {
    /// The same name and the same bytes, however they are cut into parts or made.
    public static func == (a: OutputFile, b: OutputFile) -> Bool { a.name == b.name && a.bytes == b.bytes }
}

extension OutputFile {
    /// `spread-0001.txt`, `spread-0001.html`: the one rule for a spread's file name (text folders, the HTML viewer).
    public static func spreadName(_ number: Int, extension ext: String) -> String {
        numbered("spread-", number, extension: ext)
    }

    /// `spread-0001`: a spread's file name without extension, also its element id in one-document sites.
    public static func spreadStem(_ number: Int) -> String { numbered("spread-", number, extension: nil) }

    /// At least four digits, zero-padded, so that generated names (`spread-0001`, `image-0001`) sort in
    /// reading order in a file listing.
    public static func zeroPadded(_ number: Int) -> String { numbered("", number, extension: nil) }

    /// `prefix`, `number` zero-padded to four digits, then `.ext` when given, written as bytes once: a spread's
    /// name is made for every link to it (War and Peace's site makes 19,000), and joining strings cost 1,760
    /// instructions a name (issue 19).
    private static func numbered(_ prefix: StaticString, _ number: Int, extension ext: String?) -> String {
        let dot = ext.map { "." + $0 } ?? ""
        guard number >= 0 else {
            let digits = String(number)
            return prefix.description + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + dot
        }
        var width = 1
        var rest = number / 10
        while rest > 0 { width += 1; rest /= 10 }
        width = max(4, width)
        var suffix = dot
        return suffix.withUTF8 { suffix in
            String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + width + suffix.count) { buffer in
                var i = 0
                prefix.withUTF8Buffer { for byte in $0 { buffer[i] = byte; i += 1 } }
                var rest = number
                for k in (i..<(i + width)).reversed() {
                    buffer[k] = 0x30 + UInt8(rest % 10)
                    rest /= 10
                }
                i += width
                for byte in suffix { buffer[i] = byte; i += 1 }
                return i
            }
        }
    }
}
