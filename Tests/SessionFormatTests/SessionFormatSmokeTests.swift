import Testing
@testable import SessionFormat

@Test func SessionFormatModuleLoads() { #expect(Bool(true)) }
