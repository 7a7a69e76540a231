import Testing
@testable import RenderPipeline

@Test func RenderPipelineModuleLoads() { #expect(Bool(true)) }
