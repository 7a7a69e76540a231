import Testing
@testable import Styles

@Test func StylesModuleLoads() { #expect(Bool(true)) }
