import Testing
@testable import Raster

@Test func RasterModuleLoads() { #expect(Bool(true)) }
