import BookModel

/// What the OCF container and the package document say: the EPUB-specific layer above `Document`.
public struct Publication: Sendable, Equatable {
    public var packagePath: String
    public var otherRootfiles: [String]
    public var version: String
    public var metadata: BookMetadata
    public var manifest: [ManifestItem]
    public var spine: [SpineItem]
    /// The manifest id of the NCX named by `spine@toc` (EPUB 2).
    public var ncxID: String?

    public func item(id: String) -> ManifestItem? { manifest.first { $0.id == id } }
}

/// A manifest entry; `path` is resolved against the package document and percent-decoded.
public struct ManifestItem: Sendable, Equatable {
    public var id: String
    public var path: String
    public var mediaType: String
    public var properties: [String]
    public var fallback: String?
}

/// A spine entry with its linear flag and its page-spread and rendition overrides.
public struct SpineItem: Sendable, Equatable {
    public var idref: String
    public var path: String?
    public var mediaType: String?
    public var linear: Bool
    public var properties: [String]
    public var pageSpread: PageSpread?
    public var layout: BookMetadata.Layout?
}
