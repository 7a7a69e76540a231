// The public face of the package: `import PreviewRenderer` is all a user writes. The pipeline's
// stages stay separate modules; only what a user touches is `public` in them (everything else is
// `package`: the package's own modules and tests see it, users do not), and is re-exported here:
// - HeadlessBackend, RenderOptions, RenderedFrame, PreviewRendererVersion (RenderPipeline);
// - Device, Command, CommandType, Selector, WidgetKind, Locator, PackedImage, PixelFormat, SurfacePayload,
//   CanvasOp, CanvasArg (SessionFormat);
// - AppEvent, EventValue, HitMap, InputOutcome, LocatorResolver.Outcome (WidgetTree);
// - Theme, ThemeLoader, ThemeError, FontStyle (Styles);
// - Bitmap, Color, Diagnostic, Point, Rect (Primitives); ContextFactory, Context, Surface and their
//   values (Canvas).
// docs/api/PreviewRenderer.txt lists every public symbol; scripts/check-api (in `make test`) fails
// when the build's differ, so a new public name is a reviewed decision (README, "API").
@_exported import Canvas
@_exported import Primitives
@_exported import RenderPipeline
@_exported import SessionFormat
@_exported import Styles
@_exported import TextLayout
@_exported import WidgetTree
