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
        // Whole-buffer inflate and CRC-32 for the container's entries, faster than zlib's stream (issue 19).
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // Hyphenation patterns (issue 16); libhyphen-dev has no pkg-config file, the module map links it.
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
        // The terminal reader's screen (issue 18): ncurses, wide-character build. Its pkg-config file only adds
        // -D_XOPEN_SOURCE flags SwiftPM refuses; the header is <ncursesw/curses.h> and the module map links it.
        .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),

        // The only code that includes libxml2 or ICU headers (DESIGN.md §3, the ICU rule).
        .target(name: "XMLShim", dependencies: ["CLibXML2"]),
        .target(name: "ICUShim", dependencies: ["CICU"]),
        // SHA-256 and base64 from libcrypto, for the HTML viewer's CSP hashes and batch runs' content hashes.
        .target(name: "Hashing", dependencies: ["CCrypto"]),

        // Pipeline stages.
        // The executable's heap policy (issue 19): malloc's top pad and transparent huge pages; a few lines of C.
        .target(name: "HeapPolicy"),
        .target(name: "BookModel", dependencies: ["HeapPolicy"]),
        // CSS: tokenizer, parser, selectors and cascade; pure Swift, no dependencies (issue 15).
        .target(name: "CSS"),
        .target(name: "BookReaders", dependencies: ["BookModel", "CSS", "CZip", "CDeflate", "XMLShim", "CCmark", "CYAML"]),
        .target(name: "Layout", dependencies: ["BookModel", "ICUShim", "CHyphen"]),
        .target(name: "Spreads", dependencies: ["Layout"]),
        .target(name: "Renderers", dependencies: ["Spreads", "Layout", "BookModel", "Hashing", "ICUShim"]),
        .target(name: "Quire", dependencies: ["BookModel", "BookReaders", "Layout", "Spreads", "Renderers", "Hashing"]),
        // `quire view`: the reader's state, keys and screens as values (Viewer), drawn by ncurses (ViewerTerminal).
        .target(name: "Viewer", dependencies: ["Quire", "Renderers", "Hashing"]),
        .target(name: "ViewerTerminal", dependencies: ["Viewer", "Quire", "CNcurses"]),
        .executableTarget(name: "QuireCLI", dependencies: ["Quire", "Viewer", "ViewerTerminal", "HeapPolicy"]),
        // The README's library example, compiled by every build so the documentation cannot rot
        // (ReadmeExampleTests checks that the README shows this file).
        .executableTarget(name: "LibraryExample", dependencies: ["Quire"], path: "Examples/Library"),

        // Tests: one target per module under test; TestSupport is the one home of what they share (running the
        // built binary, golden files and QUIRE_RECORD, the corpus and QUIRE_CORPUS, seeded randomness and QUIRE_SEED).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "BookModelTests", dependencies: ["BookModel", "HeapPolicy"]),
        .testTarget(name: "BookReadersTests", dependencies: ["BookReaders", "BookModel", "TestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "BookModel", "TestSupport"]),
        .testTarget(name: "SpreadsTests", dependencies: ["Spreads", "Layout", "BookModel"]),
        // Text, JSON and HTML output (Quire builds the paginations they draw); goldens are read from Snapshots/.
        .testTarget(name: "RenderersTests",
                    dependencies: ["Renderers", "Quire", "Spreads", "Layout", "BookModel", "Hashing", "TestSupport"],
                    exclude: ["Snapshots"]),
        .testTarget(name: "BatchTests", dependencies: ["Quire", "Renderers", "BookModel", "Hashing", "TestSupport"]),
        .testTarget(name: "HashingTests", dependencies: ["Hashing"]),
        .testTarget(name: "MarkdownTests", dependencies: ["BookReaders", "BookModel", "TestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "CSSTests", dependencies: ["CSS"]),
        // The reader's pure parts, and `quire view` driven in tmux (ViewTmuxTests).
        .testTarget(name: "ViewerTests", dependencies: ["Viewer", "Quire", "Renderers", "TestSupport"]),
        // The façade: whole books through open, paginate and render.
        .testTarget(name: "QuireTests",
                    dependencies: ["Quire", "Renderers", "Spreads", "Layout", "BookModel", "TestSupport"]),
        // The `quire` binary run as a user runs it (stdout, stderr, exit code, files written).
        .testTarget(name: "QuireCLITests", dependencies: ["Quire", "Layout", "BookModel", "TestSupport"],
                    exclude: ["Snapshots"]),
    ],
    swiftLanguageModes: [.v6]
)
