import Layout
import Primitives
import SessionFormat
import WidgetTree

extension Renderer {
    /// The final capture of a session and its layout, without painting or rasterizing: what the
    /// portability report measures (an element's frame under one platform profile).
    package func finalLayout(_ session: Session) -> (capture: Capture, layout: LayoutResult)? {
        let replay = replay(session)
        guard let last = replay.captures.last else { return nil }
        let resources = ResourceLoader(session: session, fonts: fonts, assetDensity: looks.assetDensity)
        let (layout, _) = layOut(last.tree, resources: resources, device: session.device)
        return (last, layout)
    }
}
