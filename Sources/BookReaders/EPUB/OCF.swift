import BookModel

/// Reads `META-INF/container.xml`: the rootfiles that name the package documents.
enum OCF {
    static let containerPath = "META-INF/container.xml"
    static let packageMediaType = "application/oebps-package+xml"

    /// All rootfile paths, the first package document first.
    static func rootfiles(_ bytes: [UInt8]) throws(ReadError) -> [String] {
        let root = try XMLParser.parse(bytes, path: containerPath)
        let rootfiles = root.descendants { $0.name == "rootfile" && $0.namespace == Namespace.container }
        let packages = rootfiles.filter { ($0.attribute("media-type") ?? packageMediaType) == packageMediaType }
            .compactMap { $0.attribute("full-path") }
            .map { ContainerPath.normalize(ContainerPath.percentDecode($0)) }
        guard !packages.isEmpty else {
            throw .invalid("\(containerPath) names no package document (rootfile with media type \(packageMediaType))")
        }
        return packages
    }
}
