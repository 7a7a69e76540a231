/// What one SET_STYLE key/value does under one platform and selector, read once
/// (`StyleParser.effect`): the assignments it makes to a declaration map (none for a key the
/// platform ignores) and its portability notes. Applying it is `StyleParser.apply` on the same
/// input without parsing again: a replay keeps the effects of the pairs it has seen in one
/// session (the cards of a list repeat the same few pairs), never across sessions.
package struct StyleEffect: Sendable {
    /// The assignments; nil when the key changes nothing (ignored keys, NORMAL-only keys).
    let set: StyleKeyApplier.Setter?
    /// The notes a fresh parse gives; the caller words them with the step that sets the pair.
    package let notes: [PortabilityNote]

    init(set: StyleKeyApplier.Setter? = nil, notes: [PortabilityNote]) {
        self.set = set
        self.notes = notes
    }

    /// Makes the assignments in `decl`.
    package func apply(to decl: inout StyleDeclarations) { set?(&decl) }
}
