import Foundation

/// The last few resolvers made, by theme: a renderer lays out every frame of every session with
/// the same theme, and parsing its `widgetDefaults` for each layout (`StyleResolver.init`) cost
/// 0.2 M instructions per screen. A resolver depends on its theme alone (no session input), so
/// it may serve any layout with an equal theme; comparing themes is cheap when they are copies
/// of one value (their strings, arrays and dictionaries share storage).
enum ResolverMemo {
    /// A handful: the bundled looks (default, ios, android) and a user's theme or two.
    private static let capacity = 4
    nonisolated(unsafe) private static var recent: [StyleResolver] = []
    private static let lock = NSLock()

    /// A resolver for `theme`: a remembered one when a theme equal to it was resolved before.
    static func resolver(for theme: Theme) -> StyleResolver {
        if let hit = lock.withLock({ recent.first { $0.theme == theme } }) { return hit }
        let made = StyleResolver(theme: theme)
        lock.withLock {
            if recent.count >= capacity { recent.removeFirst() }
            recent.append(made)
        }
        return made
    }
}

extension StyleResolver {
    /// `StyleResolver(theme:)`, made once per theme (see `ResolverMemo`).
    package static func shared(for theme: Theme) -> StyleResolver { ResolverMemo.resolver(for: theme) }
}
