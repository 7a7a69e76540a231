import Primitives
import SessionFormat
import Styles
import Testing

@testable import WidgetTree

/// Android wraps each batch in one try/catch (framework-protocol.md 1 "Batching", 2.2 `border`,
/// `weight`): a SET_STYLE whose value throws skips the rest of its batch. iOS and the preview go on.
private func replay(_ steps: String, _ profile: PlatformProfile) throws -> ReplayResult {
    try replay(steps, options: ReplayOptions(platform: profile))
}

/// Button 4 gets a red background in batch 1; then batch 2 throws (`border: 1`) before giving button 5
/// a blue background and button 4 a green one; batch 3 sets button 6's background.
private let steps =
    appViewLayout + """
        , {"type": "batch", "steps": [
            {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4, "textValue": "A"},
            {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 5, "textValue": "B"},
            {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 6, "textValue": "C"},
            {"type": "SET_STYLE", "internalId": 4, "textValue": "background", "textValue2": "#ff0000"}]},
        {"type": "batch", "steps": [
            {"type": "SET_STYLE", "internalId": 4, "textValue": "border", "textValue2": "1"},
            {"type": "SET_STYLE", "internalId": 5, "textValue": "background", "textValue2": "#0000ff"},
            {"type": "SET_STYLE", "internalId": 4, "textValue": "background", "textValue2": "#00ff00"}]},
        {"type": "batch", "steps": [
            {"type": "SET_STYLE", "internalId": 6, "textValue": "background", "textValue2": "#ffff00"}]}
        """

private func background(_ r: ReplayResult, _ id: Int) -> Background? {
    r.final.elements[id]?.styles[.normal]?.background
}

private func color(_ hex: String) -> Background? { StyleParser.parseColor(hex).map(Background.color) }

@Test func androidSkipsTheRestOfABatchAfterAStyleThatThrows() throws {
    let android = try replay(steps, .android)
    #expect(background(android, 5) == nil)  // dropped with the batch
    #expect(background(android, 4) == color("#ff0000"))  // keeps the style of batch 1
    let aborted = android.diagnostics("batch-aborted")
    #expect(aborted.count == 1)
    #expect(aborted.first?.path == "steps[4].steps[0]")
    #expect(aborted.first?.message.contains("2 later step") == true)
    #expect(background(android, 6) == color("#ffff00"))  // a later batch still applies
}

@Test func iosAndPreviewKeepGoingAfterAStyleThatThrows() throws {
    for profile in [PlatformProfile.ios, .neutral] {
        let r = try replay(steps, profile)
        #expect(background(r, 4) == color("#00ff00"))
        #expect(background(r, 5) == color("#0000ff"))
        #expect(background(r, 6) == color("#ffff00"))
        #expect(r.diagnostics("batch-aborted").isEmpty)
    }
}

@Test func androidAbortsOnAFractionalWeightButNotOnAnUnknownKey() throws {
    let steps =
        appViewLayout + """
            , {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4, "textValue": "A"},
            {"type": "batch", "steps": [
                {"type": "SET_STYLE", "internalId": 4, "textValue": "weight", "textValue2": "1.5"},
                {"type": "SET_STYLE", "internalId": 4, "textValue": "background", "textValue2": "#0000ff"},
                {"type": "SET_STYLE", "internalId": 4, "textValue": "color", "textValue2": "#00ff00"}]},
            {"type": "batch", "steps": [
                {"type": "SET_STYLE", "internalId": 4, "textValue": "no-such-key", "textValue2": "1"},
                {"type": "SET_STYLE", "internalId": 4, "textValue": "padding", "textValue2": "3"}]}
            """
    let android = try replay(steps, .android)
    let style = android.final.elements[4]?.styles[.normal]
    #expect(style?.background == nil && style?.color == nil)  // the batch's later steps dropped
    #expect(style?.padding.top == 3)  // an unknown key does not abort
    let aborted = android.diagnostics("batch-aborted")
    #expect(aborted.count == 1 && aborted.first?.path == "steps[4].steps[0]")
    #expect(aborted.first?.message.contains("2 later step") == true)
    let neutral = try replay(steps, .neutral).final.elements[4]?.styles[.normal]
    #expect(neutral?.background != nil && neutral?.color != nil)
}
