import FuzzSupport

/// The package document and both navigation parsers: the same input is read three times, as the OPF of a
/// book, as its EPUB 3 navigation document, and as its NCX, each inside an otherwise valid book.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPackage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput(data, size).rest
    FuzzBook.read(["OPS/content.opf": bytes])
    FuzzBook.read([
        "OPS/content.opf": FuzzBook.opf(items: [("nav", "nav.xhtml", "application/xhtml+xml", "nav", false),
                                                ("c1", "text/c1.xhtml", "application/xhtml+xml", "", true)]),
        "OPS/nav.xhtml": bytes,
    ])
    FuzzBook.read([
        "OPS/content.opf": FuzzBook.opf(items: [("ncx", "toc.ncx", "application/x-dtbncx+xml", "", false),
                                                ("c1", "text/c1.xhtml", "application/xhtml+xml", "", true)],
                                        ncx: "ncx"),
        "OPS/toc.ncx": bytes,
    ])
    return 0
}

/// See `runFuzzer`: the executable's `main`, which starts libFuzzer.
@_cdecl("fuzz_package_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzPackage)
}
