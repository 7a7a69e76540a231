import Foundation
import JSON
import ServeProtocol
import ServeWorker
import TestSupport
import Testing

/// The worker's JSON writer (`ServeJSON`, an `Encoder` over the project's `JSONWriter`): the same JSON as
/// Foundation's JSONEncoder, in the types' key order, and how long one frame's answer takes to write.
@Suite struct ServeJSONTests {
    static func object(_ bytes: [UInt8]) throws -> Data { try ServeWorkerTests.canonical(bytes) }

    @Test func writesWhatFoundationWrites() throws {
        let finding = PortabilityFinding(
            step: 3, kind: "k", message: "say \"hi\"\n\u{1}", line: "l", id: nil, ios: .some(nil),
            android: .some([0.5, 1, -2, 1e21]))
        let answer = WorkerReply<PortabilityAnswer>.ok(PortabilityAnswer(findings: [finding, finding], summary: "ü"))
        let bytes = ServeJSON.bytes(answer)
        #expect(try Self.object(bytes) == Self.object(Array(JSONEncoder().encode(answer))))
        let text = String(decoding: bytes, as: UTF8.self)
        // Declared order; null for a side that does not show the element, no key for an absent one (`id`).
        #expect(text.hasPrefix(#"{"ok":true,"findings":[{"step":3,"kind":"k","message":"say \"hi\"\n\u0001","#))
        #expect(text.contains(#""line":"l","ios":null,"android":[0.5,1,-2,"#))
        #expect(!text.contains(#""id""#))
        #expect(try JSONDecoder().decode(WorkerReply<PortabilityAnswer>.self, from: Data(bytes)) == answer)
        // A JSON value's object keys sorted (a dictionary's order changes from run to run).
        let value = JSONValue.object([
            "b": .array([.int(1), .null, .bool(false)]), "a": .string("x"), "c": .object([:]),
        ])
        #expect(String(decoding: ServeJSON.bytes(value), as: UTF8.self) == #"{"a":"x","b":[1,null,false],"c":{}}"#)
        #expect(
            String(decoding: ServeJSON.bytes(WorkerFailure("no")), as: UTF8.self)
                == #"{"ok":false,"diagnostics":[{"severity":"error","code":"serve","message":"no"}]}"#)
    }

    /// One frame's answer on the bench screen (Benchmarks/messages-screen.json: the tree and its diagnostics)
    /// written by ServeJSON, by Foundation's JSONEncoder with sorted keys, and by the writer of `[String: Any]`
    /// the worker used before its answers had types (below, kept here only to compare): the same JSON, and
    /// the median time of each (printed; a debug build's figures, slower than `make build`'s).
    @Test func aFrameAnswerIsWrittenFast() throws {
        let w = ServeWorkerTests.worker()
        let session = Repository.root + "/Benchmarks/messages-screen.json"
        let data = w.answer(["frame"] + ServeWorkerTests.state("bench", session))
        let meta = try ServeWorkerTests.ok(data, FrameMeta.self)
        let reply = WorkerReply<FrameMeta>.ok(meta)
        let json = ServeJSON.bytes(reply)
        let dictionary = DictionaryWriter.object(meta)
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        #expect(try Self.object(Array(foundation.encode(reply))) == Self.object(json))
        #expect(try Self.object(DictionaryWriter.bytes(dictionary)) == Self.object(json))
        func median(_ body: () throws -> Void) rethrows -> Double {
            var times: [Double] = []
            for _ in 0..<15 {
                let t = DispatchTime.now().uptimeNanoseconds
                try body()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
            }
            return times.sorted()[times.count / 2]
        }
        let typed = median { _ = ServeJSON.bytes(reply) }
        let encoder = try median { _ = try foundation.encode(reply) }
        let dictionaries = median { _ = DictionaryWriter.bytes(dictionary) }
        let built = median { _ = DictionaryWriter.bytes(DictionaryWriter.object(meta)) }
        print(
            "serve-json: one frame's answer (\(json.count) bytes, \(meta.tree.count) elements, "
                + "\(meta.diagnostics.count) diagnostics): ServeJSON \(String(format: "%.2f", typed)) ms, "
                + "JSONEncoder \(String(format: "%.2f", encoder)) ms, [String: Any] writer "
                + "\(String(format: "%.2f", dictionaries)) ms (\(String(format: "%.2f", built)) ms with building the "
                + "dictionaries; median of 15, this build)")
        #expect(meta.tree.count > 20 && json.count > 5000)
    }
}

/// The worker's JSON writer before its answers had types (dictionaries, keys sorted), kept only as the
/// yardstick of `aFrameAnswerIsWrittenFast`.
enum DictionaryWriter {
    /// A frame's answer as the worker built it before (ServeWorker.swift's `frame` and `tree`).
    static func object(_ m: FrameMeta) -> [String: Any] {
        func diagnostic(_ d: AnswerDiagnostic) -> [String: Any] {
            var o: [String: Any] = ["severity": d.severity, "code": d.code, "message": d.message]
            if let s = d.step { o["step"] = s }
            if let p = d.path { o["path"] = p }
            return o
        }
        let tree: [[String: Any]] = m.tree.map { e in
            var o: [String: Any] = ["id": e.id, "kind": e.kind, "frame": e.frame, "text": e.text]
            if let p = e.parent { o["parent"] = p }
            if let v = e.visible { o["visible"] = v }
            if let b = e.barButtons { o["barButtons"] = b }
            o["reachable"] = e.reachable
            if let y = e.why { o["why"] = y }
            return o
        }
        let t = m.timing
        var timing: [String: Any] = [
            "state": t.state, "resources": t.resources, "layout": t.layout, "paint": t.paint, "raster": t.raster,
            "encode": t.encode, "total": t.total, "inspect": t.inspect, "tree": t.tree,
        ]
        if let d = t.decode { timing["decode"] = d }
        if let r = t.replay { timing["replay"] = r }
        if let i = t.incremental { timing["incremental"] = i }
        return [
            "ok": true, "diagnostics": m.diagnostics.map(diagnostic), "pixelWidth": m.pixelWidth,
            "pixelHeight": m.pixelHeight, "errors": m.errors,
            "device": ["width": m.device.width, "height": m.device.height, "scale": m.device.scale],
            "timeline": m.timeline.map { c -> [String: Any] in
                var o: [String: Any] = ["index": c.index, "kind": c.kind, "time": c.time, "step": c.step]
                if let n = c.name { o["name"] = n }
                return o
            },
            "shown": ["kind": m.shown.kind, "time": m.shown.time, "step": m.shown.step], "tree": tree, "timing": timing,
        ]
    }

    static func bytes(_ value: Any) -> [UInt8] {
        var w = JSONWriter()
        write(value, into: &w)
        return w.bytes
    }

    static func write(_ value: Any, into w: inout JSONWriter) {
        switch value {
        case let s as String: w.string(s)
        case let b as Bool: w.raw(b ? "true" : "false")
        case let i as Int: w.raw(String(i))
        case let d as Double: w.number(d)
        case let o as [String: Any]:
            w.raw("{")
            for (n, key) in o.keys.sorted().enumerated() {
                if n > 0 { w.raw(",") }
                w.string(key)
                w.raw(":")
                write(o[key]!, into: &w)
            }
            w.raw("}")
        case let a as [Any]:
            w.raw("[")
            for (n, element) in a.enumerated() {
                if n > 0 { w.raw(",") }
                write(element, into: &w)
            }
            w.raw("]")
        default: w.raw("null")
        }
    }
}
