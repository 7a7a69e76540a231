import Testing

@testable import Portability

/// The kind codes are a stable interface (reports, JSON, docs): they must stay unique and kebab-case.
@Test func kindCodesAreUniqueAndDocumented() {
    let codes = PortabilityKind.allCases.map(\.code)
    #expect(Set(codes).count == codes.count)
    for k in PortabilityKind.allCases {
        #expect(k.code.allSatisfy { $0.isLowercase || $0 == "-" })
        #expect(!k.fact.isEmpty && k.source.hasPrefix("protocol"))
    }
}
