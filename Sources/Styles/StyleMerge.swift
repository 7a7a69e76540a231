/// Overlaying one declaration map on another (NORMAL < SELECTED < ACTIVE).
enum StyleMerge {
    static func overlay(_ base: StyleDeclarations, with top: StyleDeclarations) -> StyleDeclarations {
        base // TODO(styles helper)
    }
}
