import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The entry point. SwiftPM links an executable's entry as `<module>_main`, so this symbol runs
/// first. Built with `-sanitize=fuzzer` the binary contains libFuzzer, found at run time with
/// `dlsym` (a plain `swift build` must still link this target, so there is no link-time reference):
/// control goes to libFuzzer's driver. In a plain build it runs each file named on the command line
/// once (reproducing a crasher under the debugger) and exits 0.
typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
typealias FuzzDriver =
    @convention(c) (
        UnsafeMutablePointer<CInt>,
        UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        FuzzCallback
    ) -> CInt

@_cdecl("fuzz_session_main")
func fuzzSessionMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    #if os(Linux)
        let defaultHandle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #else
        let defaultHandle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT on Darwin
    #endif
    if let symbol = dlsym(defaultHandle, "LLVMFuzzerRunDriver") {
        let driver = unsafeBitCast(symbol, to: FuzzDriver.self)
        var count = argc
        var args = argv
        return driver(&count, &args, { data, size in fuzzSessionTestOneInput(data, size) })
    }
    for i in 1..<Int(argc) {
        guard let arg = argv?[i], let bytes = FileManager.default.contents(atPath: String(cString: arg)) else {
            continue
        }
        FuzzHarness.run([UInt8](bytes))
    }
    return 0
}
