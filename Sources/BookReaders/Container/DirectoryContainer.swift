import Foundation

/// An unpacked EPUB in a folder; reads never leave the folder, whatever paths the book names.
public struct DirectoryContainer: Container {
    public let root: URL
    public let paths: [String]
    private let limits: ContainerLimits

    public init(folder: String, limits: ContainerLimits = ContainerLimits()) throws(ReadError) {
        let root = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
        self.root = root
        self.limits = limits
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
        self.paths = paths.sorted()
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

    /// The file URL of a container path, or nil when it would escape the root (through `..` or a link).
    private func resolved(_ path: String) -> URL? {
        let url = root.appendingPathComponent(ContainerPath.normalize(path)).resolvingSymlinksInPath()
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return url.path.hasPrefix(prefix) ? url : nil
    }
}
