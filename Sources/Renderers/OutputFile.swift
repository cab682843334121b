/// One file of a rendering: a name chosen by Quire (never by the book; `assets/…` for the HTML viewer's
/// images) and its bytes.
public struct OutputFile: Sendable, Equatable {
    public var name: String
    /// The file's bytes in consecutive parts, written one after another: a large file built in parallel chunks
    /// (the JSON page map) is never joined in memory, which would hold it twice (issue 19: peak memory).
    public var parts: [[UInt8]]

    /// The file's bytes, joined (for readers of a small file; writers take `parts`).
    public var bytes: [UInt8] { parts.count == 1 ? parts[0] : Array(parts.joined()) }

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.parts = [bytes]
    }

    public init(name: String, parts: [[UInt8]]) {
        self.name = name
        self.parts = parts
    }

    /// The same name and the same bytes, however they are cut into parts.
    public static func == (a: OutputFile, b: OutputFile) -> Bool { a.name == b.name && a.bytes == b.bytes }
}

extension OutputFile {
    /// `spread-0001.txt`, `spread-0001.html`: the one rule for a spread's file name (text folders, the HTML viewer).
    public static func spreadName(_ number: Int, extension ext: String) -> String { spreadStem(number) + "." + ext }

    /// `spread-0001`: a spread's file name without extension, also its element id in one-document sites.
    public static func spreadStem(_ number: Int) -> String { "spread-" + zeroPadded(number) }

    /// At least four digits, zero-padded, so that generated names (`spread-0001`, `image-0001`) sort in
    /// reading order in a file listing.
    public static func zeroPadded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
