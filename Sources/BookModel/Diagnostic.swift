/// A problem found while reading or laying out a book; warnings were recovered from, errors were not.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case warning, error }

    public var severity: Severity
    public var message: String

    public init(_ severity: Severity, _ message: String) {
        self.severity = severity
        self.message = message
    }

    public static func warning(_ message: String) -> Diagnostic { Diagnostic(.warning, message) }

    public var description: String { "\(severity.rawValue): \(message)" }
}
