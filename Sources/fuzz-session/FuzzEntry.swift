import SessionFormat
import WidgetTree

/// libFuzzer's per-input callback: decode the bytes as a session and replay it. Any crash, trap
/// or sanitizer report is a bug; thrown `SessionError`s and diagnostics are the expected outcome.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    FuzzHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
