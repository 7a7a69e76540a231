import Testing
@testable import Layout

@Test func LayoutModuleLoads() { #expect(Bool(true)) }
