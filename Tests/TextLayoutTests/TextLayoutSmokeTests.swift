import Testing
@testable import TextLayout

@Test func TextLayoutModuleLoads() { #expect(Bool(true)) }
