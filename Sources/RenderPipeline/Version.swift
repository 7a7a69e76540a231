/// The renderer's version, the project's one version number: recorded in golden sidecars, printed by
/// `render --version`, read by the Makefile for the Debian package and the C library's `.pc` file, named
/// by the README's `from:` and by CHANGELOG.md, and the release tag (`vX.Y.Z`) a package depends on
/// (docs/releasing.md; scripts/check-version checks that they agree). It changes with every release
/// whose output bytes differ from the previous one for any session (a different pixel, PNG byte,
/// event or layout dump): the minor part for such changes, the major part for incompatible API or
/// session-format changes, the patch part for releases that render every session to the same bytes.
/// A golden recorded by another version is reported as an environment change (docs/decisions.md,
/// "Renderer version").
public enum PreviewRendererVersion {
    public static let string = "0.3.0"
}
