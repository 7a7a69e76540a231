import ServeProtocol
import WorkerPool

/// The bytes between a batch parent and its workers: the workers' wire format, defined once in
/// ServeProtocol (Sources/ServeProtocol/WorkerWire.swift), which `render serve`'s worker speaks too.
/// Jobs go to a batch worker's stdin; answers come back on its fd 3. The pool of worker processes and
/// what became of each session are the module WorkerPool's (`BatchPool`, `BatchResult`).
typealias BatchWire = WorkerWire
typealias BatchResult = WorkerPool.BatchResult
