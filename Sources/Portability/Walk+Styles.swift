import Foundation
import Primitives
import SessionFormat
import Styles

/// SET_STYLE checks (protocol 2): first whether each backend applies the style at all (selector
/// stored, key known, NORMAL-only keys), then, when both apply it, whether they read the value alike.
extension Walk {
    /// A difference found in a value: its kind and message.
    typealias Issue = (kind: PortabilityKind, message: String)

    mutating func style(_ c: Command, text: String) {
        guard let e = tracker[c.internalId], e.missingOn.isEmpty,
            let sel = c.selector ?? Selector(rawValue: c.value)
        else { return }
        let key = c.textValue.trimmingCharacters(in: .whitespaces).lowercased()
        let value = c.textValue2.trimmingCharacters(in: .whitespaces)
        let id = c.internalId
        func report(_ k: PortabilityKind, _ message: String) {
            add(k, text, element: id, key: key, value: value, message)
        }

        // Does each backend apply it?
        func stores(_ p: PlatformProfile) -> Bool { p.storedSelectors?.contains(sel) ?? true }
        if stores(ios) != stores(android) {
            let (drops, keeps) = stores(ios) ? (android, ios) : (ios, android)
            let note = sel == .hover || sel == .disabled ? " (though no backend ever shows \(sel.name))" : ""
            report(
                .selectorDropped,
                """
                \(Self.name(drops)) does not store \(sel.name) styles: the command is ignored; \(Self.name(keeps)) \
                stores it\(note)
                """
            )
            return
        }
        guard stores(ios) else { return }
        let ignoresI = ios.ignoredKeys.contains(key)
        let ignoresA = android.ignoredKeys.contains(key)
        if ignoresI != ignoresA {
            let (off, on) = ignoresI ? (ios, android) : (android, ios)
            report(.ignoredKey, "\(Self.name(off)) ignores `\(key)`; \(Self.name(on)) applies it")
            return
        }
        guard !ignoresI else { return }
        if sel != .normal {
            let nI = ios.normalOnlyKeys.contains(key)
            let nA = android.normalOnlyKeys.contains(key)
            if nI != nA {
                let (off, on) = nI ? (ios, android) : (android, ios)
                report(
                    .normalOnlyKey,
                    """
                    \(Self.name(off)) applies `\(key)` only for NORMAL: this \(sel.name) style is ignored; \
                    \(Self.name(on)) applies it in \(sel.name)
                    """
                )
                return
            }
            if nI { return }
        }

        // Both apply it: do they read the value alike?
        var out: [Issue] = []
        switch key {
        case "padding", "margin", "border-radius": shorthand(key, value, &out)
        case "border": border(value, &out)
        case "color", "background-color", "border-color", "tint": colours([value], &out)
        case "background": background(value, &out)
        case "font-size": fontSize(value, &out)
        case "font-weight": fontWeight(value, &out)
        case "weight": weight(value, &out)
        case "width", "height": matchParent(key, value, element: id, &out)
        case "text-align": textAlign(value, &out)
        case "icon": icon(value, &out)
        default: break
        }
        for (k, m) in out { report(k, m) }
    }

    func shorthand(_ key: String, _ value: String, _ out: inout [Issue]) {
        guard value.split(separator: " ").count >= 2,
            let a = PlatformReading.sides(value, ios.listRule), let b = PlatformReading.sides(value, android.listRule),
            a != b
        else { return }
        let corners = key == "border-radius"
        func text(_ s: [Double], _ rule: PlatformProfile.ListRule) -> String {
            if rule == .firstOnly || Set(s).count == 1 {
                return "\(PlatformReading.number(s[0])) on every \(corners ? "corner" : "side")"
            }
            return s.map(PlatformReading.number).joined(separator: " ")
                + (corners ? " (tl tr br bl)" : " (top right bottom left)")
        }
        out.append(
            (
                .shorthandList,
                "\(Self.name(ios)) reads \(text(a, ios.listRule)); \(Self.name(android)) \(text(b, android.listRule))"
            ))
    }

    func border(_ value: String, _ out: inout [Issue]) {
        let tokens = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !tokens.isEmpty, value.lowercased() != "none" else { return }
        if tokens.count == 1 {
            let t = tokens[0]
            // A lone width (`border: 1`), as the style parser sees it: Android reads it as a colour and throws.
            if Double(t)?.isFinite == true {
                guard ios.loneBorderTokenIsError != android.loneBorderTokenIsError else { return }
                let (fails, draws) = ios.loneBorderTokenIsError ? (ios, android) : (android, ios)
                out.append(
                    (
                        .loneBorder,
                        """
                        `border: \(t)` is one token, read as a colour: \(Self.name(draws)) draws a black 1 pt \
                        border; \(Self.name(fails))'s parseColor(\"\(t)\") throws: no border\(batchLoss)
                        """
                    ))
            } else if !["solid", "dashed", "dotted"].contains(t.lowercased()) {
                colours([t], &out)
            }
            return
        }
        if tokens.count >= 2 {
            let style = tokens[1].lowercased()
            if style == "dotted" || style == "dashed", iosFacts.honoursBorderStyles != androidFacts.honoursBorderStyles
            {
                let (honours, solid) = iosFacts.honoursBorderStyles ? (ios, android) : (android, ios)
                out.append(
                    (.borderStyle, "\(Self.name(honours)) draws a \(style) border; \(Self.name(solid)) a solid one"))
            }
            if tokens.count >= 3 { colours([tokens[2]], &out) }
        }
    }

    func background(_ value: String, _ out: inout [Issue]) {
        let lower = value.lowercased()
        for fn in ["linear-gradient", "radial-gradient"] where lower.hasPrefix(fn + "(") && lower.hasSuffix(")") {
            let inner = value.dropFirst(fn.count + 1).dropLast()
            let stops = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if fn == "radial-gradient" {
                // iOS only (RadialGradientLayer); Android reads the whole value as a colour and fails.
                if android.colorRule == .android {
                    out.append(
                        (
                            .androidColour,
                            """
                            \(Self.name(android)) has no radial-gradient: parseColor fails and the background is \
                            dropped; \(Self.name(ios)) draws it
                            """
                        ))
                }
                colours(stops, &out, only: ios)
            } else {
                colours(stops, &out)
            }
            return
        }
        colours([value], &out)
    }

    /// A finding per backend that misreads one of `values` (the first problem per backend).
    func colours(_ values: [String], _ out: inout [Issue], only: PlatformProfile? = nil) {
        guard ios.colorRule != android.colorRule else { return }  // the same rule reads every colour alike
        for p in both where only == nil || only!.platform == p.platform {
            let kind: PortabilityKind
            switch p.platform {
            case .ios: kind = .iosColour
            case .android: kind = .androidColour
            case .neutral: continue
            }
            for v in values where !v.isEmpty && v.lowercased() != "none" {
                if let problem = PlatformReading.colourProblem(v, p.colorRule) {
                    let other = p.platform == ios.platform ? android : ios
                    let otherReads = PlatformReading.colourProblem(v, other.colorRule) == nil
                    out.append(
                        (
                            kind,
                            "\(Self.name(p)): \"\(v)\" \(problem)"
                                + (otherReads ? "; \(Self.name(other)) reads it" : "")
                        ))
                    break
                }
            }
        }
    }

    func fontSize(_ value: String, _ out: inout [Issue]) {
        let sizes = ["small": 9, "medium": 12, "large": 15]
        guard let size = sizes[value.lowercased()], ios.fontSizeKeywords != android.fontSizeKeywords else { return }
        let (reads, zero) = ios.fontSizeKeywords ? (ios, android) : (android, ios)
        out.append(
            (
                .fontSizeKeyword,
                "\(Self.name(zero)) parses `\(value)` to 0 (unset: the default size); \(Self.name(reads)) uses \(size)"
            ))
    }

    func fontWeight(_ value: String, _ out: inout [Issue]) {
        let v = value.lowercased()
        func weight(_ f: PlatformFacts) -> Int? { f.weightKeywords[v] ?? Int(v) }
        let wi = weight(iosFacts)
        let wa = weight(androidFacts)
        if wi == nil || wa == nil {
            guard (wi == nil) != (wa == nil) else { return }
            let (knows, w, not) = wi != nil ? (ios, wi!, android) : (android, wa!, ios)
            out.append(
                (
                    .fontWeight,
                    "\(Self.name(knows)) reads `\(value)` as \(w); \(Self.name(not)) does not know it (regular weight)"
                ))
            return
        }
        let bi = wi! > iosFacts.boldAbove
        let ba = wa! > androidFacts.boldAbove
        guard bi != ba else { return }
        func look(_ b: Bool) -> String { b ? "bold" : "regular" }
        out.append(
            (
                .fontWeight,
                """
                \(value): \(Self.name(ios)) draws \(look(bi)) (bold above \(iosFacts.boldAbove)), \
                \(Self.name(android)) \(look(ba)) (bold above \(androidFacts.boldAbove))
                """
            ))
    }

    func weight(_ value: String, _ out: inout [Issue]) {
        guard Int(value) == nil, let d = Double(value), d.isFinite,
            iosFacts.weightFractionThrows != androidFacts.weightFractionThrows
        else { return }
        let (throwsOn, truncates) = iosFacts.weightFractionThrows ? (ios, android) : (android, ios)
        out.append(
            (
                .nonIntegerWeight,
                """
                \(Self.name(truncates)) reads weight \(abs(d) < 1e15 ? String(CheckedInt.int(d)) : value); \
                \(Self.name(throwsOn)) fails on \"\(value)\": no weight\(batchLoss)
                """
            ))
    }

    func textAlign(_ value: String, _ out: inout [Issue]) {
        guard value.lowercased() == "justify", iosFacts.justifiesText != androidFacts.justifiesText else { return }
        let (does, not) = iosFacts.justifiesText ? (ios, android) : (android, ios)
        out.append(
            (
                .textAlignJustify,
                """
                \(Self.name(does)) justifies the lines; \(Self.name(not)) does not know `justify` (the text stays \
                left-aligned)
                """
            ))
    }

    func icon(_ value: String, _ out: inout [Issue]) {
        guard !value.isEmpty, value.lowercased() != "none", iosFacts.iconDensity != androidFacts.iconDensity else {
            return
        }
        let di = iosFacts.iconDensity
        let da = androidFacts.iconDensity
        out.append(
            (
                .iconDensity,
                """
                \(Self.name(ios)) reads \"\(value)\" as @\(di)x (1/\(di) of its pixels per pt), \
                \(Self.name(android)) as @\(da)x (1/\(da) per dp): the icon is \
                \(PlatformReading.number(Double(di) / Double(da)))x larger on \
                \(di > da ? Self.name(android) : Self.name(ios))
                """
            ))
    }

    func matchParent(_ key: String, _ value: String, element id: Int, _ out: inout [Issue]) {
        guard value.lowercased() == "match-parent", let p = tracker[id]?.parent, let parent = tracker[p],
            parent.kind == .linearLayout
        else { return }
        func meaning(_ prof: PlatformProfile) -> String {
            let axis = PlatformReading.axis(parent.value, prof.directionRule)
            let main = axis == .horizontal ? "width" : "height"
            guard key == main else { return "stretches across the \(axis.rawValue) layout" }
            switch prof.mainAxisMatchParent {
            case .wrap: return "wraps its content (main axis of the \(axis.rawValue) layout)"
            case .fill: return "fills the remaining space (main axis of the \(axis.rawValue) layout)"
            case .weightOne: return "takes weight 1 (main axis of the \(axis.rawValue) layout)"
            }
        }
        let a = meaning(ios)
        let b = meaning(android)
        guard a != b else { return }
        out.append(
            (
                .mainAxisMatchParent,
                "\(key) match-parent in linear layout \(p): \(Self.name(ios)) \(a); \(Self.name(android)) \(b)"
            ))
    }
}
