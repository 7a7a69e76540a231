import Testing
@testable import WidgetTree

@Test func WidgetTreeModuleLoads() { #expect(Bool(true)) }
