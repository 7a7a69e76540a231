/// The renderer's version: recorded in golden sidecars, printed by `render --version`, and the
/// release tag a package depends on (`from: "0.2.0"`). It changes with every release whose output
/// bytes differ from the previous one for any session (a different pixel, event or layout dump):
/// the minor part for such changes, the major part for incompatible API or session-format changes,
/// the patch part for releases that render every session to the same bytes. A golden recorded by
/// another version is reported as an environment change (docs/decisions.md, "Renderer version").
public enum PreviewRendererVersion {
    public static let string = "0.3.0"
}
