// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported functions carry the C header's names (pr_*).
import CPreviewRendererHeader
import Foundation
import Primitives
import RenderPipeline
import SessionFormat

// pr_version, pr_create, pr_destroy, pr_last_error, pr_free (preview_renderer.h, "Life cycle").

private let versionString: UnsafePointer<CChar> = UnsafePointer(strdup(PreviewRendererVersion.string)!)

@_cdecl("pr_version")
public func pr_version() -> UnsafePointer<CChar> { versionString }

@_cdecl("pr_create")
public func pr_create(
    _ device: UnsafePointer<pr_device>?, _ options: UnsafePointer<pr_options>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> pr_status {
    guard let out else {
        GlobalErrors.set("pr_create: `out` is NULL")
        return PR_ERR_NULL
    }
    out.pointee = nil
    do {
        let dev = try makeDevice(device?.pointee)
        let o = options?.pointee ?? pr_options()
        let fontsDir: String
        if let given = try CStrings.optional(o.fonts_dir, "options.fonts_dir") {
            guard FileManager.default.fileExists(atPath: given + "/fonts.lock") else {
                throw CError(
                    PR_ERR_IO, "pr_create: options.fonts_dir \(given) has no fonts.lock (the bundled fonts folder)")
            }
            fontsDir = absolute(given)
        } else {
            guard let found = FontsLookup.find() else {
                throw CError(
                    PR_ERR_IO,
                    """
                    pr_create: no bundled fonts found: set options.fonts_dir or $PREVIEW_RENDERER_FONTS to a \
                    folder with fonts.lock (run `make fonts`)
                    """
                )
            }
            fontsDir = found
        }
        var ro = RenderOptions(fontsDirectory: fontsDir)
        if let t = try CStrings.optional(o.theme, "options.theme"), !t.isEmpty {
            ro.theme = t.hasSuffix(".json") || t.contains("/") ? absolute(t) : t
        }
        if let f = try CStrings.optional(o.app_fonts_dir, "options.app_fonts_dir"), !f.isEmpty {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: f, isDirectory: &isDir), isDir.boolValue else {
                throw CError(PR_ERR_IO, "pr_create: options.app_fonts_dir \(f) is not a folder")
            }
            ro.appFontsDirectory = absolute(f)
        }
        let assets = absolute(
            try CStrings.optional(o.assets_dir, "options.assets_dir").flatMap { $0.isEmpty ? nil : $0 } ?? "assets")
        let backend: HeadlessBackend
        do { backend = try HeadlessBackend(device: dev, options: ro, assetsDirectory: assets) } catch {
            throw CError(PR_ERR_IO, "pr_create: \(error)")
        }
        out.pointee = OpaquePointer(Unmanaged.passRetained(CBackend(backend)).toOpaque())
        return PR_OK
    } catch let e as CError {
        GlobalErrors.set(e.message)
        return e.status
    } catch {
        GlobalErrors.set("pr_create: \(error)")
        return PR_ERR_ARGUMENT
    }
}

@_cdecl("pr_destroy")
public func pr_destroy(_ handle: OpaquePointer?) -> pr_status {
    guard let handle else { return PR_OK }
    Unmanaged<CBackend>.fromOpaque(UnsafeRawPointer(handle)).release()
    return PR_OK
}

@_cdecl("pr_last_error")
public func pr_last_error(_ handle: OpaquePointer?) -> UnsafePointer<CChar> {
    guard let b = CBackend.from(handle) else { return GlobalErrors.get() }
    return b.lastError()
}

@_cdecl("pr_free")
public func pr_free(_ block: UnsafeMutableRawPointer?) { free(block) }

/// The device of `pr_create`: zero fields take the defaults; the same limits as a session file.
private func makeDevice(_ d: pr_device?) throws -> Device {
    var dev = Device()
    if let d {
        for (name, v) in [
            ("width", d.width), ("height", d.height), ("scale", d.scale), ("status_bar", d.status_bar),
            ("safe_area_bottom", d.safe_area_bottom),
        ] where !v.isFinite || v < 0 {
            throw CError(PR_ERR_ARGUMENT, "pr_create: device.\(name) must be a finite number >= 0, found \(v)")
        }
        if d.width != 0 { dev.width = d.width }
        if d.height != 0 { dev.height = d.height }
        if d.scale != 0 { dev.scale = d.scale }
        dev.statusBar = d.status_bar
        dev.safeAreaBottom = d.safe_area_bottom
    }
    do { try dev.validate() } catch { throw CError(PR_ERR_ARGUMENT, "pr_create: device: \(error)") }
    return dev
}

func absolute(_ p: String) -> String {
    p.hasPrefix("/")
        ? p
        : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(p).standardizedFileURL
            .path
}

/// The bundled fonts folder when `options.fonts_dir` is NULL: $PREVIEW_RENDERER_FONTS, then
/// `../share/preview-renderer/fonts` from this library's folder (an installed library:
/// `PREFIX/lib/libpreview_renderer.so` reads `PREFIX/share/preview-renderer/fonts`, as `render` does:
/// TextLayout's `BundledFonts.installedFonts`, which this module does not import),
/// then a `Fonts/` with a `fonts.lock` beside this library or in one of its parent folders (the
/// repository's Fonts/ for out/c/lib), then ./Fonts.
enum FontsLookup {
    static func find() -> String? {
        func ok(_ d: String) -> Bool { FileManager.default.fileExists(atPath: d + "/fonts.lock") }
        if let env = ProcessInfo.processInfo.environment["PREVIEW_RENDERER_FONTS"], ok(env) { return absolute(env) }
        if let lib = libraryPath() {
            var dir = URL(fileURLWithPath: lib).resolvingSymlinksInPath().deletingLastPathComponent()
            let installed = dir.deletingLastPathComponent().appendingPathComponent("share/preview-renderer/fonts").path
            if ok(installed) { return installed }
            for _ in 0..<6 {
                let candidate = dir.appendingPathComponent("Fonts").path
                if ok(candidate) { return candidate }
                dir = dir.deletingLastPathComponent()
            }
        }
        return ok("Fonts") ? absolute("Fonts") : nil
    }

    /// The file this code was loaded from: the mapping in /proc/self/maps that holds one of its
    /// functions (dladdr is not visible to Swift without _GNU_SOURCE).
    private static func libraryPath() -> String? {
        let symbol = unsafeBitCast(pr_version as @convention(c) () -> UnsafePointer<CChar>, to: UInt.self)
        // Read with stdio: /proc files report a size of 0, which Foundation's file reading trusts.
        guard let f = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(f) }
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), f) != nil {
            let line = String(cString: buffer).trimmingCharacters(in: .newlines)
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 6, let dash = parts[0].firstIndex(of: "-"),
                let lo = UInt(parts[0][..<dash], radix: 16),
                let hi = UInt(parts[0][parts[0].index(after: dash)...], radix: 16),
                symbol >= lo, symbol < hi
            else { continue }
            return parts[5...].joined(separator: " ")
        }
        return nil
    }
}
