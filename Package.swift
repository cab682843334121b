// swift-tools-version:6.0
// Quire: paginates EPUB and Markdown books into fixed-size pages and spreads.
import PackageDescription

let package = Package(
    name: "Quire",
    products: [
        .library(name: "Quire", targets: ["Quire"]),
        .executable(name: "quire", targets: ["QuireCLI"]),
        // The pipeline stages one by one, for the libFuzzer package in Fuzz/ (it calls each parser on raw bytes).
        .library(name: "QuireStages", targets: ["BookModel", "BookReaders", "Layout", "Spreads", "Renderers"]),
    ],
    targets: [
        // System libraries: one module map per C library, with its pkg-config name and Debian provider.
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),

        // The only code that includes libxml2 or ICU headers (DESIGN.md §3, the ICU rule).
        .target(name: "XMLShim", dependencies: ["CLibXML2"]),
        .target(name: "ICUShim", dependencies: ["CICU"]),
        // SHA-256 and base64 from libcrypto, for the HTML viewer's CSP hashes and batch runs' content hashes.
        .target(name: "Hashing", dependencies: ["CCrypto"]),

        // Pipeline stages.
        .target(name: "BookModel"),
        .target(name: "BookReaders", dependencies: ["BookModel", "CZip", "XMLShim", "CCmark", "CYAML"]),
        .target(name: "Layout", dependencies: ["BookModel", "ICUShim"]),
        .target(name: "Spreads", dependencies: ["Layout"]),
        .target(name: "Renderers", dependencies: ["Spreads", "Layout", "BookModel", "Hashing"]),
        .target(name: "Quire", dependencies: ["BookModel", "BookReaders", "Layout", "Spreads", "Renderers", "Hashing"]),
        .executableTarget(name: "QuireCLI", dependencies: ["Quire"]),

        .testTarget(name: "BookReadersTests", dependencies: ["BookReaders", "BookModel"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "BookModel"]),
        .testTarget(name: "SpreadsTests", dependencies: ["Spreads", "Layout", "BookModel"]),
        .testTarget(name: "HTMLTests", dependencies: ["Renderers", "Quire", "Spreads", "Layout", "BookModel", "Hashing"],
                    resources: [.copy("Snapshots")]),
        .testTarget(name: "BatchTests", dependencies: ["Quire", "Renderers", "BookModel", "Hashing"]),
        .testTarget(name: "HashingTests", dependencies: ["Hashing"]),
        .testTarget(name: "MarkdownTests", dependencies: ["BookReaders", "BookModel"], resources: [.copy("Fixtures")]),
        .testTarget(name: "QuireCLITests", dependencies: ["Quire", "Layout", "BookModel"], resources: [.copy("Snapshots")]),
    ],
    swiftLanguageModes: [.v6]
)
