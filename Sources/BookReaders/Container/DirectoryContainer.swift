import Foundation

/// A folder of the book's files: an unpacked EPUB, or the folder a Markdown book's images are read from. Reads
/// never leave the folder, whatever paths the book names (`..`, absolute paths and symbolic links that lead out
/// are refused), so both formats read their images under the same rule.
public struct DirectoryContainer: Container {
    public let root: URL
    /// The files found when the container was made, or nil when it was made without a listing.
    private let listing: [String]?
    private let limits: ContainerLimits

    /// An unpacked EPUB: every file is listed now (the reader looks paths up case by case), at most
    /// `limits.maxEntries` of them.
    public init(folder: String, limits: ContainerLimits = ContainerLimits()) throws(ReadError) {
        let root = Self.root(folder)
        self.root = root
        self.limits = limits
        listing = try Self.walk(root, limits: limits, folder: folder)
    }

    /// A folder read file by file, never walked up front: a Markdown book's folder may be a home directory, of
    /// which only the pictures the book names are ever looked at.
    public init(unlistedFolder folder: String, limits: ContainerLimits = ContainerLimits()) {
        root = Self.root(folder)
        self.limits = limits
        listing = nil
    }

    /// The files under the root, sorted; for an unlisted container the folder is walked now (and what is found
    /// before a limit or an error is returned).
    public var paths: [String] {
        listing ?? (try? Self.walk(root, limits: limits, folder: root.path)) ?? []
    }

    public func contains(_ path: String) -> Bool {
        guard let url = resolved(path) else { return false }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
    }

    public func size(of path: String) -> Int? {
        guard let url = resolved(path) else { return nil }
        return (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int
    }

    public func read(_ path: String) throws(ReadError) -> [UInt8] {
        guard let url = resolved(path), contains(path) else { throw .missingPart(path) }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= limits.maxEntryBytes else {
            throw .limitExceeded("\(path) is \(size) bytes (at most \(limits.maxEntryBytes) per file)")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else { throw .unreadable(path) }
        return [UInt8](data)
    }

    public func readPrefix(_ path: String, upTo count: Int) throws(ReadError) -> [UInt8] {
        guard let url = resolved(path), contains(path) else { throw .missingPart(path) }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= limits.maxEntryBytes else {
            throw .limitExceeded("\(path) is \(size) bytes (at most \(limits.maxEntryBytes) per file)")
        }
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw .unreadable(path) }
        defer { try? handle.close() }
        do { return [UInt8](try handle.read(upToCount: count) ?? Data()) } catch { throw .unreadable(path) }
    }

    /// The file URL of a container path, or nil when it would escape the root (through `..` or a link).
    private func resolved(_ path: String) -> URL? {
        let url = root.appendingPathComponent(ContainerPath.normalize(path)).resolvingSymlinksInPath()
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return url.path.hasPrefix(prefix) ? url : nil
    }

    private static func root(_ folder: String) -> URL {
        URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
    }

    /// The regular files under `root`, relative and sorted; more than `limits.maxEntries` is an error.
    private static func walk(_ root: URL, limits: ContainerLimits, folder: String) throws(ReadError) -> [String] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw .unreadable(folder)
        }
        var paths: [String] = []
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(prefix) else { continue }
            paths.append(String(full.dropFirst(prefix.count)))
            if paths.count > limits.maxEntries {
                throw .limitExceeded("the folder has more than \(limits.maxEntries) files")
            }
        }
        return paths.sorted()
    }
}
