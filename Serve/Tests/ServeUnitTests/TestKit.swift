// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (the functions keep XCTest's names, so that the tests read as XCTest tests)
import Foundation

/// The few XCTest names the server's unit tests use, for a plain executable (`serve-unit-tests`): XCTest
/// cannot be linked into a program built with `-static-stdlib`, and building the server's stack a second
/// time without it cost a minute of every `make test` (docs/decisions/2026-12-07-serve-built-once.md).
/// The tests read as XCTest tests; `main.swift` lists them (no runtime discovery without XCTest).
class XCTestCase {
    /// "Class.method", as XCTest names a test (the tests make unique folders from it).
    var name = ""
    required init() {}
    func setUpWithError() throws {}
    func tearDownWithError() throws {}

    func expectation(description: String) -> XCTestExpectation { XCTestExpectation(description) }

    func wait(for expectations: [XCTestExpectation], timeout: TimeInterval) {
        let deadline = Date().addingTimeInterval(timeout)
        for e in expectations where !e.wait(until: deadline) {
            TestRun.fail("expectation \"\(e.description)\" not fulfilled within \(timeout) s", #filePath, #line)
        }
    }

    func fulfillment(of expectations: [XCTestExpectation], timeout: TimeInterval) async {
        let deadline = Date().addingTimeInterval(timeout)
        for e in expectations {
            while !e.isFulfilled && Date() < deadline { try? await Task.sleep(for: .milliseconds(5)) }
            if !e.isFulfilled {
                TestRun.fail("expectation \"\(e.description)\" not fulfilled within \(timeout) s", #filePath, #line)
            }
        }
    }
}

final class XCTestExpectation: @unchecked Sendable {
    let description: String
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var fulfilled = false
    init(_ description: String) { self.description = description }
    func fulfill() {
        lock.withLock { fulfilled = true }
        done.signal()
    }
    var isFulfilled: Bool { lock.withLock { fulfilled } }
    func wait(until deadline: Date) -> Bool {
        isFulfilled || done.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .success
    }
}

/// The failures of the test running now (one test at a time).
enum TestRun {
    nonisolated(unsafe) static var failures: [String] = []
    static let lock = NSLock()
    static func fail(_ message: String, _ file: String, _ line: Int) {
        let place = "\((file as NSString).lastPathComponent):\(line)"
        lock.withLock { failures.append("\(place): \(message)") }
    }
}

struct XCTUnwrapError: Error {}

func XCTFail(_ message: String = "", file: String = #filePath, line: Int = #line) {
    TestRun.fail("failed \(message)", file, line)
}

func XCTAssertTrue(
    _ value: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", file: String = #filePath,
    line: Int = #line
) {
    do { if try !value() { TestRun.fail("not true \(message())", file, line) } } catch {
        TestRun.fail("threw \(error) \(message())", file, line)
    }
}

func XCTAssertFalse(
    _ value: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", file: String = #filePath,
    line: Int = #line
) {
    XCTAssertTrue(try !value(), message(), file: file, line: line)
}

func XCTAssertEqual<T: Equatable>(
    _ a: @autoclosure () throws -> T, _ b: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "",
    file: String = #filePath, line: Int = #line
) {
    do {
        let (x, y) = (try a(), try b())
        if x != y { TestRun.fail("(\"\(x)\") is not equal to (\"\(y)\") \(message())", file, line) }
    } catch { TestRun.fail("threw \(error) \(message())", file, line) }
}

func XCTAssertNotEqual<T: Equatable>(
    _ a: @autoclosure () throws -> T, _ b: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "",
    file: String = #filePath, line: Int = #line
) {
    do {
        let (x, y) = (try a(), try b())
        if x == y { TestRun.fail("(\"\(x)\") is equal to (\"\(y)\") \(message())", file, line) }
    } catch { TestRun.fail("threw \(error) \(message())", file, line) }
}

func XCTAssertLessThan<T: Comparable>(
    _ a: @autoclosure () throws -> T, _ b: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "",
    file: String = #filePath, line: Int = #line
) {
    do {
        let (x, y) = (try a(), try b())
        if !(x < y) { TestRun.fail("(\"\(x)\") is not less than (\"\(y)\") \(message())", file, line) }
    } catch { TestRun.fail("threw \(error) \(message())", file, line) }
}

func XCTAssertNil(
    _ value: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "", file: String = #filePath,
    line: Int = #line
) {
    do { if let v = try value() { TestRun.fail("(\"\(v)\") is not nil \(message())", file, line) } } catch {
        TestRun.fail("threw \(error) \(message())", file, line)
    }
}

func XCTAssertNotNil(
    _ value: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "", file: String = #filePath,
    line: Int = #line
) {
    do { if try value() == nil { TestRun.fail("is nil \(message())", file, line) } } catch {
        TestRun.fail("threw \(error) \(message())", file, line)
    }
}

func XCTAssertNoThrow<T>(
    _ value: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: String = #filePath,
    line: Int = #line
) {
    do { _ = try value() } catch { TestRun.fail("threw \(error) \(message())", file, line) }
}

func XCTAssertThrowsError<T>(
    _ value: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: String = #filePath,
    line: Int = #line, _ handler: (Error) -> Void = { _ in }
) {
    do {
        _ = try value()
        TestRun.fail("did not throw \(message())", file, line)
    } catch { handler(error) }
}

func XCTUnwrap<T>(
    _ value: @autoclosure () throws -> T?, _ message: @autoclosure () -> String = "", file: String = #filePath,
    line: Int = #line
) throws -> T {
    guard let v = try value() else {
        TestRun.fail("expected a value, found nil \(message())", file, line)
        throw XCTUnwrapError()
    }
    return v
}

/// One test: its class, its name and how to run it on a fresh instance.
struct TestEntry {
    let name: String
    let run: () async throws -> Void
}

func tests<T: XCTestCase>(_ type: T.Type, _ list: [(String, (T) async throws -> Void)]) -> [TestEntry] {
    list.map { (method, body) in
        let name = "\(T.self).\(method)"
        return TestEntry(name: name) {
            let t = T()
            t.name = name
            try t.setUpWithError()
            defer { try? t.tearDownWithError() }
            try await body(t)
        }
    }
}

/// Runs the tests (those whose name contains the first argument, if given) one at a time and prints
/// each result and, as XCTest does, "Executed N tests, with F failures"; exits 1 on a failure.
func runTests(_ all: [TestEntry]) async -> Never {
    let filter = CommandLine.arguments.dropFirst().first
    let chosen = all.filter { filter == nil || $0.name.contains(filter!) }
    var failed = 0
    let start = Date()
    for t in chosen {
        TestRun.lock.withLock { TestRun.failures = [] }
        let began = Date()
        do { try await t.run() } catch { TestRun.fail("threw \(error)", #filePath, #line) }
        let failures = TestRun.lock.withLock { TestRun.failures }
        let took = String(format: "%.3f", Date().timeIntervalSince(began))
        if failures.isEmpty {
            print("Test Case '\(t.name)' passed (\(took) seconds)")
        } else {
            failed += 1
            for f in failures { print("error: \(t.name): \(f)") }
            print("Test Case '\(t.name)' failed (\(took) seconds)")
        }
    }
    let took = String(format: "%.3f", Date().timeIntervalSince(start))
    print("Executed \(chosen.count) tests, with \(failed) failures in \(took) seconds")
    exit(failed == 0 && !chosen.isEmpty ? 0 : 1)
}
