import Testing
@testable import Painting

@Test func PaintingModuleLoads() { #expect(Bool(true)) }
