import Foundation
import Hashing

extension SHA256 {
    /// Hashes a file in 1 MiB chunks, so a large book is never held whole just to be hashed.
    mutating func update(file path: String) throws(BatchFileError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BatchFileError(path: path, reason: "cannot open") }
        defer { try? handle.close() }
        while true {
            let chunk: Data
            do { chunk = try handle.read(upToCount: 1 << 20) ?? Data() } catch { throw BatchFileError(path: path, reason: "read failed") }
            if chunk.isEmpty { return }
            chunk.withUnsafeBytes { update($0) }
        }
    }
}

/// A file that could not be read or written by a batch run.
public struct BatchFileError: Error, Sendable {
    public var path: String
    public var reason: String
}
