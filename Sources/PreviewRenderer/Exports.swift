// The public face of the package: `import PreviewRenderer` is all a user writes. The pipeline's
// stages stay separate modules (and internal to the package's products); what a user touches is
// re-exported here:
// - HeadlessBackend, Renderer, RenderOptions, RenderedFrame, PreviewRendererVersion (RenderPipeline);
// - Device, Command, CommandType, Session, PackedImage, PixelFormat, SurfacePayload, Locator (SessionFormat);
// - AppEvent, EventValue, WidgetTree, HitMap, InputOutcome, LocatorResolver (WidgetTree);
// - Theme (Styles); BundledFonts (TextLayout);
// - Bitmap, Color, Diagnostic (Primitives); ContextFactory, Context, Surface (Canvas).
@_exported import Canvas
@_exported import Primitives
@_exported import RenderPipeline
@_exported import SessionFormat
@_exported import Styles
@_exported import TextLayout
@_exported import WidgetTree
