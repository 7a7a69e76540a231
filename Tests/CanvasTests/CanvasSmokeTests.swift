import Testing
@testable import Canvas

@Test func CanvasModuleLoads() { #expect(Bool(true)) }
