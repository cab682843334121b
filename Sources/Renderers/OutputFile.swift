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
