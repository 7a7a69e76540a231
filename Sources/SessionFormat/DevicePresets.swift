import Foundation
import Primitives

/// Why a device description cannot be used (bad preset name, size or scale).
package struct DeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    /// `bad-device`, or `device-too-large` for the pixel limits (docs/limits.md).
    package var code: String
    package init(_ message: String, code: String = "bad-device") {
        self.message = message
        self.code = code
    }
    package var description: String { message }
}

/// The named devices a session (`"device": {"preset": NAME}`) or the CLI (`--device NAME`) can use.
/// Sizes in dp. A `-landscape` suffix on any name swaps width and height.
package enum DevicePresets {
    /// The presets, sorted by name.
    package static let all: [(name: String, device: Device)] = [
        ("galaxy-s23", Device(width: 360, height: 780, scale: 3, statusBar: 24)),
        ("ipad", Device(width: 820, height: 1180, scale: 2, statusBar: 24)),
        ("iphone-15", Device(width: 393, height: 852, scale: 3, statusBar: 47, safeAreaBottom: 34)),
        ("iphone-se", Device(width: 375, height: 667, scale: 2, statusBar: 20)),
        ("phone", Device(width: 360, height: 640, scale: 2)),
        ("pixel-7", Device(width: 412, height: 915, scale: 2.625, statusBar: 24)),
        ("tablet-10", Device(width: 800, height: 1280, scale: 2)),
    ]

    /// The suffix that turns a preset sideways.
    package static let landscapeSuffix = "-landscape"

    /// The preset with this name (case-insensitive, optional `-landscape`), or nil.
    package static func named(_ name: String) -> Device? {
        var key = name.lowercased()
        var landscape = false
        if key.hasSuffix(landscapeSuffix) {
            key.removeLast(landscapeSuffix.count)
            landscape = true
        }
        guard var d = all.first(where: { $0.name == key })?.device else { return nil }
        if landscape { swap(&d.width, &d.height) }
        return d
    }

    /// "phone, pixel-7, ..." for error messages and `--help`.
    package static var names: String { all.map(\.name).sorted().joined(separator: ", ") }
}

extension Device {
    /// Largest output side in pixels (semantics.md section 7 item 24): larger is an error, not a clamp.
    package static let maxPixelSide = 8192
    /// Allowed `scale` (pixels per dp).
    package static let scaleRange: ClosedRange<Double> = 0.5...4

    /// Parses the CLI's `--device` value: `WxH@S` (`390x844@3`; `WxH` alone is an error), a preset name,
    /// or a preset with a scale (`pixel-7@2`). The result is validated.
    package static func parse(_ text: String) throws -> Device {
        let s = text.trimmingCharacters(in: .whitespaces)
        var base = s
        var scale: Double?
        if let at = s.lastIndex(of: "@") {
            base = String(s[..<at])
            let scaleText = String(s[s.index(after: at)...])
            guard let v = Double(scaleText) else {
                throw DeviceError("bad scale '\(scaleText)' in device '\(text)' (expected a number like 2 or 2.625)")
            }
            scale = v
        }
        var device: Device
        if let preset = DevicePresets.named(base) {
            device = preset
        } else {
            let parts = base.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else {
                // A preset misspelt (`iphone15`) is named by the one nearest-name rule.
                let presets = DevicePresets.all.map(\.name)
                let near = NearestName.nearest(to: base.lowercased(), in: presets).map { "did you mean '\($0)'? " }
                throw DeviceError(
                    """
                    unknown device '\(text)': \(near ?? "")expected WIDTHxHEIGHT@SCALE in dp (e.g. 390x844@3) or \
                    a preset: \(DevicePresets.names)
                    """
                )
            }
            // The scale is part of a size: `390x844` alone would be drawn at a scale nobody chose.
            guard scale != nil else {
                throw DeviceError(
                    "device '\(text)' has no scale: give WIDTHxHEIGHT@SCALE in dp, e.g. \(base)@2 or \(base)@3")
            }
            device = Device(width: w, height: h)
        }
        if let scale { device.scale = scale }
        try device.validate()
        return device
    }

    /// Checks sizes and scale: sizes positive and finite, scale 0.5 ... 4, bars not negative,
    /// output at least 1 and at most 8192 pixels per side.
    package func validate() throws {
        guard width.isFinite, width > 0 else {
            throw DeviceError("device width must be a positive number of dp (got \(width))")
        }
        guard height.isFinite, height > 0 else {
            throw DeviceError("device height must be a positive number of dp (got \(height))")
        }
        guard scale.isFinite, Device.scaleRange.contains(scale) else {
            throw DeviceError("device scale must be between 0.5 and 4 pixels per dp (got \(scale))")
        }
        guard statusBar.isFinite, statusBar >= 0, statusBar < height else {
            throw DeviceError("device statusBar must be 0 or more dp and less than the height (got \(statusBar))")
        }
        guard safeAreaBottom.isFinite, safeAreaBottom >= 0, safeAreaBottom + statusBar < height else {
            throw DeviceError(
                "device safeAreaBottom must be 0 or more dp and leave room below the status bar (got \(safeAreaBottom))"
            )
        }
        let pw = (width * scale).rounded()
        let ph = (height * scale).rounded()
        guard pw <= Double(Device.maxPixelSide), ph <= Double(Device.maxPixelSide) else {
            // pw may be huge or infinite (width 1e308): printed without an Int conversion that would trap.
            func text(_ v: Double) -> String { CheckedInt.text(v) }
            throw DeviceError(
                """
                output would be \(text(pw))x\(text(ph)) pixels; at most \(Device.maxPixelSide) per side is allowed \
                (lower the size or the scale)
                """,
                code: "device-too-large")
        }
        guard pw * ph <= Double(SessionLimits.maxPixels) else {
            throw DeviceError(
                """
                output would be \(CheckedInt.text(pw))x\(CheckedInt.text(ph)) = \(CheckedInt.text(pw * ph)) \
                pixels; at most \(SessionLimits.maxPixels) in all are allowed (lower the size or the scale)
                """,
                code: "device-too-large")
        }
        guard pw >= 1, ph >= 1 else { throw DeviceError("output would be less than 1 pixel wide or tall") }
    }
}
