import Testing
@testable import ImageAssets

@Test func ImageAssetsModuleLoads() { #expect(Bool(true)) }
