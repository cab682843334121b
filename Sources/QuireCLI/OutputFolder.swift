import Foundation

/// Writes output files atomically inside one folder: a temporary name first, then a rename, so a failed run
/// leaves no half-written file; names are Quire's own, never taken from the book.
struct OutputFolder {
    let url: URL

    init(_ path: String) throws {
        url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw CommandFailure(input: path, "the output exists and is not a folder", code: .cannotCreate)
            }
        } else {
            do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
                throw CommandFailure(input: path, "cannot create the output folder", code: .cannotCreate)
            }
        }
    }

    func write(_ name: String, _ bytes: some DataProtocol) throws {
        // `assets/image-0001.png`: Quire's own one-level subfolders.
        if let slash = name.firstIndex(of: "/") {
            try subfolder(String(name[..<slash])).write(String(name[name.index(after: slash)...]), bytes)
            return
        }
        let target = url.appendingPathComponent(name)
        let temporary = url.appendingPathComponent(".\(name).tmp-\(getpid())")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes)) else {
            throw CommandFailure(input: url.path, "cannot write \(name)", code: .cannotCreate)
        }
        guard rename(temporary.path, target.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CommandFailure(input: url.path, "cannot write \(name)", code: .ioError)
        }
    }
}
