import JSON

/// Decodes the `device` object: explicit sizes, or `{"preset": NAME, ...overrides}`.
enum DeviceDecoder {
    static let knownKeys: Set<String> = [
        "preset", "width", "height", "scale", "statusBar", "safeAreaBottom", "launchScreen",
    ]

    /// The device (defaults 360 x 640 @ 2 when absent), validated. Throws `DeviceError`.
    static func decode(_ value: JSONValue?) throws -> Device {
        guard let value, value != .null else { return Device() }
        guard case .object(let obj) = value else {
            throw DeviceError("\"device\" must be an object, found \(value.typeName)")
        }
        let unknown = obj.keys.filter { !knownKeys.contains($0) }
        if let k = unknown.first {
            // The schema forbids other keys; a typo here would silently change the output size.
            throw DeviceError("unknown key \"\(k)\" (allowed: \(knownKeys.sorted().joined(separator: ", ")))")
        }
        var device = Device()
        if let p = obj["preset"] {
            guard case .string(let name) = p else {
                throw DeviceError("\"preset\" must be a string, found \(p.typeName)")
            }
            guard let preset = DevicePresets.named(name) else {
                throw DeviceError(
                    "unknown preset \"\(name)\" (known: \(DevicePresets.names); add -landscape to turn one sideways)")
            }
            device = preset
        }
        // Keys given override the preset (semantics.md section 7 item 13).
        device.width = try number(obj, "width") ?? device.width
        device.height = try number(obj, "height") ?? device.height
        device.scale = try number(obj, "scale") ?? device.scale
        device.statusBar = try number(obj, "statusBar") ?? device.statusBar
        device.safeAreaBottom = try number(obj, "safeAreaBottom") ?? device.safeAreaBottom
        if let l = obj["launchScreen"] {
            guard case .string(let s) = l, !s.isEmpty else {
                throw DeviceError("\"launchScreen\" must be an asset file name")
            }
            device.launchScreen = s
        }
        try device.validate()
        return device
    }

    private static func number(_ obj: JSONObject, _ key: String) throws -> Double? {
        guard let v = obj[key] else { return nil }
        guard case .number(let n) = v else {
            throw DeviceError("\"\(key)\" must be a number, found \(FieldReader.describe(v))")
        }
        guard n.double.isFinite else { throw DeviceError("\"\(key)\" must be a finite number, found \(n.text)") }
        return n.double
    }
}
