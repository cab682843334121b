import BookReaders
import FuzzSupport

/// The ZIP container: the input is an archive; every entry it lists is read (inflate, CRC, size and ratio
/// limits). Thrown errors are answers; only crashes, hangs and runaway memory are findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    guard let container = try? ZipContainer(bytes: input.rest) else { return 0 }
    for path in container.paths {
        _ = container.contains(path)
        _ = container.size(of: path)
        _ = try? container.read(path)
    }
    _ = try? container.read("no/such/entry")
    return 0
}

/// See `runFuzzer`: the executable's `main`, which starts libFuzzer.
@_cdecl("fuzz_zip_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzZip)
}
