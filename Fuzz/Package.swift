// swift-tools-version:6.0
// libFuzzer targets for Quire: one executable per boundary where hostile bytes enter the pipeline.
// A package of its own, so that a plain `swift build` of Quire never sees `-sanitize=fuzzer`.
// Build with `swift build -c debug -Xswiftc -sanitize=fuzzer,address` (see run.sh); run with `make fuzz`.
import PackageDescription

/// Every target is built with libFuzzer's `main`, so none may have top-level code.
let library: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "QuireFuzz",
    dependencies: [.package(name: "Quire", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "QuireStages", package: "Quire")]),
        .executableTarget(name: "fuzz-zip", dependencies: ["FuzzSupport"], path: "Sources/FuzzZip",
                          swiftSettings: library),
        .executableTarget(name: "fuzz-package", dependencies: ["FuzzSupport"], path: "Sources/FuzzPackage",
                          swiftSettings: library),
        .executableTarget(name: "fuzz-xhtml", dependencies: ["FuzzSupport"], path: "Sources/FuzzXHTML",
                          swiftSettings: library),
        .executableTarget(name: "fuzz-markdown", dependencies: ["FuzzSupport"], path: "Sources/FuzzMarkdown",
                          swiftSettings: library),
        .executableTarget(name: "fuzz-pipeline",
                          dependencies: ["FuzzSupport", .product(name: "Quire", package: "Quire")],
                          path: "Sources/FuzzPipeline", swiftSettings: library),
    ],
    swiftLanguageModes: [.v6]
)
