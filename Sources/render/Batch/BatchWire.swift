import ServeProtocol

/// The bytes between a batch parent and its workers: the workers' wire format, defined once in
/// ServeProtocol (Sources/ServeProtocol/WorkerWire.swift), which `render serve`'s worker speaks too.
/// Jobs go to a batch worker's stdin; answers come back on its fd 3.
typealias BatchWire = WorkerWire
