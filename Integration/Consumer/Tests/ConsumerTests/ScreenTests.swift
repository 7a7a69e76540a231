import PreviewRenderer
import PreviewRendererTesting
import XCTest

final class ScreenTests: XCTestCase {
  func testRedButton() throws {
    let app = try HeadlessBackend(device: Device(width: 360, height: 640, scale: 2))
    app.send(Command(type: .CREATE_APPLICATION, internalId: 0, childInternalId: 1, textValue: "t"))
    app.send(Command(type: .CREATE_FRAMEVIEW, internalId: 1, childInternalId: 2))
    app.send(Command(type: .CREATE_LINEAR_LAYOUT, internalId: 2, childInternalId: 3, value: 1))
    app.send(Command(type: .CREATE_BUTTON, internalId: 3, childInternalId: 4, textValue: "OK"))
    app.send(Command(type: .SET_STYLE, internalId: 4, textValue: "background-color", textValue2: "#ff0000"))
    app.tap(4)
    XCTAssertTrue(app.pollEvents().contains { $0.type == "ValueEvent" && $0.internalId == 4 && $0.value == 1 })
    assertSnapshot(of: app, named: "red-button")
  }
}
