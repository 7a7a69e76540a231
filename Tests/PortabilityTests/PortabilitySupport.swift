import Foundation
import SessionFormat
import TestSupport

@testable import Portability

/// Small in-memory sessions for the portability tests: an application (1) with a FrameView (2)
/// holding a vertical linear layout (3), then the steps under test.
enum P {
    static let root = Repository.root

    static func cmd(
        _ t: CommandType, _ id: Int = 0, child: Int = 0, value: Int = 0, text: String = "", text2: String = ""
    ) -> StepKind {
        .command(
            Command(type: t, internalId: id, childInternalId: child, value: value, textValue: text, textValue2: text2))
    }
    static func create(_ t: CommandType, _ id: Int, in parent: Int, value: Int = 0, text: String = "") -> StepKind {
        cmd(t, parent, child: id, value: value, text: text)
    }
    static func style(_ id: Int, _ key: String, _ value: String, _ sel: Selector = .normal) -> StepKind {
        .command(
            Command(
                type: .SET_STYLE, internalId: id, value: sel.rawValue, textValue: key, textValue2: value, selector: sel)
        )
    }

    /// The base screen: app 1, view 2, vertical linear layout 3.
    static let base: [StepKind] = [
        create(.CREATE_APPLICATION, 1, in: 0),
        create(.CREATE_FRAMEVIEW, 2, in: 1),
        create(.CREATE_LINEAR_LAYOUT, 3, in: 2, value: 1),
    ]

    /// A session of `base` + `steps`; the first of `steps` has index 3.
    static func session(_ steps: [StepKind]) -> Session {
        Session(name: "test", steps: (base + steps).enumerated().map { Step($1, index: $0) })
    }

    static func findings(_ steps: [StepKind]) -> [PortabilityFinding] { PortabilityAnalyzer().findings(session(steps)) }

    /// The findings of one kind.
    static func of(_ kind: PortabilityKind, _ steps: [StepKind]) -> [PortabilityFinding] {
        findings(steps).filter { $0.kind == kind }
    }
}
