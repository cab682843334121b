/// One file of a rendering: a name chosen by Quire (never by the book; `assets/…` for the HTML viewer's
/// images) and its bytes.
public struct OutputFile: Sendable, Equatable {
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
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
