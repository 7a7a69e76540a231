/// The renderer's version, recorded in golden sidecars and printed by `render --version`.
public enum PreviewRendererVersion {
    public static let string = "0.1.0"
}
