import SessionFormat
import Styles

/// Facts the report needs that `PlatformProfile` does not (yet) carry: behaviour of the two backends
/// from docs/framework-protocol.md that the renderer does not switch on. Kept here, per platform, so
/// the report's code reads them the way it reads a profile; if a profile field appears for one of
/// them, the report should read the profile instead.
struct PlatformFacts: Sendable {
    /// Markdown labels (`# ` headings) are drawn (iOS `PaddedLabel`); Android ignores markdown (3.7).
    var drawsMarkdown: Bool
    /// `border` line styles honoured (Android); iOS draws every border solid (2.2 `border`).
    var honoursBorderStyles: Bool
    /// Weight above which a font is bold (iOS > 400, Android > 550) (2.2 `font-weight`).
    var boldAbove: Int
    /// `font-weight` keywords understood, with their weights.
    var weightKeywords: [String: Int]
    /// `weight` must be an integer: a fraction throws (Android `new Integer`) instead of truncating (iOS).
    var weightFractionThrows: Bool
    /// Text field flags 16 (password) / 32 (numeric) honoured (Android); iOS ignores them (8 item 11).
    var honoursTextFieldFlags: Bool
    /// `text-align: justify` understood (iOS labels) (2.2 `text-align`).
    var justifiesText: Bool
    /// The density `icon` assets are read at (iOS @3x, Android @2x) (2.2 `icon`).
    var iconDensity: Int
    /// Kinds whose SET_VISIBILITY is ignored (Android Flipper/Pager) (1.1).
    var visibilityIgnoredKinds: Set<WidgetKind>
    /// How long a toast shows (ms) for a CREATE_TOAST value (semantics.md 7 item 41): iOS ignores
    /// it (1 s + 0.3 s fade), Android shows LENGTH_LONG (3.5 s) for 1 and LENGTH_SHORT (2 s) for
    /// any other value (1, 3.6).
    var toastDuration: @Sendable (Int) -> Int
    /// An action bar's title and subtitle are drawn (iOS `setTitle` on its navigation item). Android's
    /// `FWActionBar` is made from the id alone (`NativeCommand.java` CREATE_ACTIONBAR), hides the
    /// system title (`setDisplayShowTitleEnabled(false)`) and its `setValue(String)` is commented out:
    /// neither the CREATE text/text2 nor SET_TEXT_VALUE ever shows (protocol 1, 3 ActionBar).
    var drawsActionBarTitle = true

    static let ios = PlatformFacts(
        drawsMarkdown: true, honoursBorderStyles: false, boldAbove: 400,
        weightKeywords: ["lighter": 300, "normal": 400, "bold": 700, "bolder": 800],
        weightFractionThrows: false, honoursTextFieldFlags: false, justifiesText: true,
        iconDensity: 3, visibilityIgnoredKinds: [], toastDuration: { _ in 1300 })
    static let android = PlatformFacts(
        drawsMarkdown: false, honoursBorderStyles: true, boldAbove: 550,
        weightKeywords: ["normal": 400, "bold": 700], weightFractionThrows: true,
        honoursTextFieldFlags: true, justifiesText: false, iconDensity: 2,
        visibilityIgnoredKinds: [.flipperLayout, .pager], toastDuration: { $0 == 1 ? 3500 : 2000 },
        drawsActionBarTitle: false)
    /// The preview's rules (no difference to report).
    static let neutral = PlatformFacts(
        drawsMarkdown: true, honoursBorderStyles: true, boldAbove: 550,
        weightKeywords: ["lighter": 300, "normal": 400, "bold": 700, "bolder": 800],
        weightFractionThrows: false, honoursTextFieldFlags: true, justifiesText: true,
        iconDensity: 2, visibilityIgnoredKinds: [], toastDuration: { $0 == 1 ? 3500 : 2000 })

    static func of(_ p: PlatformProfile.Platform) -> PlatformFacts {
        switch p {
        case .ios: return .ios
        case .android: return .android
        case .neutral: return .neutral
        }
    }
}
