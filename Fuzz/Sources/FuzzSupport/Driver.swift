/// libFuzzer's own driver (in the runtime `-sanitize=fuzzer` links): parses `-max_len=…` and friends and calls
/// the callback once per input.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// The entry point. SwiftPM links an executable with `main` aliased to `<module>_main` (so tests can link it;
/// debug and release alike here), which hides libFuzzer's `main`: each target defines that symbol with
/// `@_cdecl` and hands over to libFuzzer's driver here.
public func runFuzzer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                      _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32 {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return withUnsafeMutablePointer(to: &arguments) { LLVMFuzzerRunDriver(&count, $0, callback) }
}
