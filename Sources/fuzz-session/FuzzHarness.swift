import SessionFormat
import WidgetTree

/// The work done on one fuzz input; also usable without libFuzzer (a plain build runs the inputs
/// named on the command line, see `FuzzMain`).
enum FuzzHarness {
    static func run(_ bytes: [UInt8]) {
        guard let (session, _) = try? SessionDecoder().decode(data: bytes, path: "") else { return }
        // Plain replay, then a replay capturing every tick at 60 fps (exercises the clock paths).
        _ = Replayer(session: session).run()
        _ = Replayer(session: session, options: ReplayOptions(captureTicks: true, fps: 60)).run()
        _ = Replayer(session: session).state(at: 1_500)
    }
}
