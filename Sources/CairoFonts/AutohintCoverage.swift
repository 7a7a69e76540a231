import CFreeType
import CHarfBuzz

/// The auto-hinter's glyph-to-style map, completed the way Chromium's FreeType completes it.
///
/// With light hinting, FreeType hints TrueType glyphs with its auto-hinter, which fits each glyph to
/// the blue zones (headline, x-height, baseline) of the glyph's script. It learns a glyph's script
/// from the character map and FreeType's own Unicode ranges per script. Glyphs that neither reach
/// (Devanagari vowel-sign variants and conjuncts, the nukta, N'Ko joining forms) are "unassigned".
/// FreeType built with HarfBuzz (`FT_CONFIG_OPTION_USE_HARFBUZZ`, as Chromium bundles it) gives an
/// unassigned glyph the script whose GSUB lookups produce it; Debian's FreeType is built without
/// HarfBuzz and hints them all with its fallback style (CJK), which fits nothing of the script. So
/// the arch of Devanagari's short i (`ivowelsign03deva`, reached only by GSUB) sat 0.7-0.9 px lower
/// than in Chromium at 3x.
///
/// FreeType lets an application edit the map (`glyph-to-script-map`, before the first glyph is
/// hinted); this does what FreeType's `af_shaper_get_coverage` does for the default coverage: each
/// script in FreeType's style order (the first one wins, as there) gives its style to the
/// unassigned glyphs its GSUB lookups output, then Latin takes those of the `latn` and `DFLT`
/// lookups. Checked against FreeType 2.12.1 built with HarfBuzz on every bundled font: the same map
/// for the Noto Arabic, Hebrew and Devanagari faces. Not reproduced (the only differences left):
/// - the special coverages (small caps, superscripts, ...), whose styles FreeType numbers apart;
///   they hold glyphs only `font-variant` and feature settings reach (in Roboto, 3 of them are
///   also reached by default features, 256 in all);
/// - scripts with no character of their own in the map (DejaVu's N'Ko letters count as Arabic in
///   FreeType's ranges, so its 90 N'Ko joining forms stay on the fallback style).
enum AutohintCoverageState {
    /// Not looked at yet.
    case unknown
    /// The map and its fallback style: the map is completed when a glyph on that style is drawn.
    case watching(UnsafeMutablePointer<FT_UShort>, fallback: FT_UShort)
    /// Completed, or nothing to complete (CFF, colour bitmaps).
    case done
}

extension FontFace {
    /// `AF_STYLE_MASK`: the style bits of a map entry; the rest are flags (digit, non-base
    /// character, and from FreeType 2.14 on, "has a character map entry").
    private var styleMask: FT_UShort {
        var major: FT_Int = 0
        var minor: FT_Int = 0
        var patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return (major, minor) >= (2, 14) ? 0x1FFF : 0x3FFF
    }

    /// Completes the map if glyph `id` (about to be hinted) is on the fallback style; call with
    /// `lock` held. Most text (Latin, and Arabic and ligatures, which fonts map as presentation
    /// forms) never meets such a glyph, so its faces only read the map, which the auto-hinter
    /// builds at its first glyph anyway. Changing the map after other glyphs were hinted is safe:
    /// a style's blue zones and stem widths come from the characters FreeType names for the
    /// script, not from the map.
    func prepareAutohintStyle(of id: UInt32) {
        switch autohintCoverage {
        case .done:
            return
        case .unknown:
            // Only TrueType outlines go through the auto-hinter with light hinting (CFF has its own).
            var prop = FT_Prop_GlyphToScriptMap(face: ft, map: nil)
            guard !isColor, let format = FT_Get_Font_Format(ft), String(cString: format) == "TrueType",
                FT_Property_Get(library, "autofitter", "glyph-to-script-map", &prop) == 0, let map = prop.map,
                ft.pointee.num_glyphs > 0
            else {
                autohintCoverage = .done
                return
            }
            // .notdef is never in the character map: its style is the fallback.
            autohintCoverage = .watching(map, fallback: map[0])
            prepareAutohintStyle(of: id)
        case .watching(let map, let fallback):
            guard Int(id) < Int(ft.pointee.num_glyphs), map[Int(id)] == fallback else { return }
            completeAutohintCoverage()
        }
    }

    /// Completes the map (once per face); call with `lock` held.
    func completeAutohintCoverage() {
        if case .done = autohintCoverage { return }
        autohintCoverage = .done
        guard !isColor, let format = FT_Get_Font_Format(ft), String(cString: format) == "TrueType",
            let styles = autohintStyles()
        else { return }
        let gsub = hb_tag_t(ScriptTag("GSUB").rawValue)
        let glyphCount = styles.unassigned.count
        func assign(_ style: FT_UShort, scriptTags: [hb_tag_t]) {
            let lookups = hb_set_create()
            let glyphs = hb_set_create()
            defer {
                hb_set_destroy(lookups)
                hb_set_destroy(glyphs)
            }
            var tags = scriptTags + [0]
            tags.withUnsafeMutableBufferPointer { t in
                hb_ot_layout_collect_lookups(hbFace, gsub, t.baseAddress, nil, nil, lookups)
            }
            var lookup = UInt32.max  // HB_SET_VALUE_INVALID starts an iteration
            while hb_set_next(lookups, &lookup) != 0 {
                hb_ot_layout_lookup_collect_glyphs(hbFace, gsub, lookup, nil, nil, nil, glyphs)
            }
            var g = UInt32.max
            while hb_set_next(glyphs, &g) != 0 {
                // GSUB may use glyph ids beyond the font's for its own bookkeeping.
                let i = Int(g)
                guard i < glyphCount, styles.unassigned[i], styles.map[i] == styles.fallback else { continue }
                styles.map[i] = style
            }
        }
        for (style, script) in styles.scripts {
            let tags = Self.openTypeTags(script)
            if !tags.isEmpty { assign(style, scriptTags: tags) }
        }
        assign(styles.latin, scriptTags: Self.openTypeTags(ScriptTag("Latn")) + [hb_tag_t(ScriptTag("DFLT").rawValue)])
    }

    /// The auto-hinter style (FreeType's index) glyph `id` is hinted with, the map completed;
    /// nil for faces the auto-hinter does not hint (CFF, colour bitmaps).
    func autohintStyle(of id: UInt32) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        completeAutohintCoverage()
        guard !isColor, let format = FT_Get_Font_Format(ft), String(cString: format) == "TrueType" else { return nil }
        var prop = FT_Prop_GlyphToScriptMap(face: ft, map: nil)
        guard FT_Property_Get(library, "autofitter", "glyph-to-script-map", &prop) == 0, let map = prop.map,
            Int(id) < Int(ft.pointee.num_glyphs)
        else { return nil }
        return Int(map[Int(id)] & styleMask)
    }

    /// The face's style map, which glyphs FreeType left unassigned, its fallback and Latin styles,
    /// and the style of each script that has characters in the map, in style order; nil when
    /// FreeType does not tell.
    ///
    /// Unassigned glyphs carry the fallback style, as do the CJK glyphs the fallback style is
    /// for. To tell them apart, a second copy of the face is analysed with Latin (the default
    /// script) as fallback: the glyphs whose style differs are the unassigned ones, and their
    /// style there is Latin's.
    private func autohintStyles() -> (
        map: UnsafeMutablePointer<FT_UShort>, unassigned: [Bool], fallback: FT_UShort,
        latin: FT_UShort, scripts: [(FT_UShort, ScriptTag)]
    )? {
        var fallbackScript: FT_UInt = 0
        var defaultScript: FT_UInt = 0
        guard FT_Property_Get(library, "autofitter", "fallback-script", &fallbackScript) == 0,
            FT_Property_Get(library, "autofitter", "default-script", &defaultScript) == 0,
            fallbackScript != defaultScript
        else { return nil }
        let glyphCount = Int(ft.pointee.num_glyphs)
        guard glyphCount > 0 else { return nil }

        // The fallback style applies to faces whose analysis starts after it is set.
        guard FT_Property_Set(library, "autofitter", "fallback-script", &defaultScript) == 0 else { return nil }
        var probe: FT_Face?
        var probeMap: [FT_UShort] = []
        if FT_New_Face(library, path, FT_Long(faceIndex), &probe) == 0, let probe {
            var prop = FT_Prop_GlyphToScriptMap(face: probe, map: nil)
            if FT_Property_Get(library, "autofitter", "glyph-to-script-map", &prop) == 0, let m = prop.map,
                Int(probe.pointee.num_glyphs) == glyphCount
            {
                probeMap = Array(UnsafeBufferPointer(start: m, count: glyphCount))
            }
            FT_Done_Face(probe)
        }
        _ = FT_Property_Set(library, "autofitter", "fallback-script", &fallbackScript)
        guard !probeMap.isEmpty else { return nil }

        var prop = FT_Prop_GlyphToScriptMap(face: ft, map: nil)
        guard FT_Property_Get(library, "autofitter", "glyph-to-script-map", &prop) == 0, let map = prop.map else {
            return nil
        }
        let mask = styleMask
        let unassigned = (0..<glyphCount).map { (probeMap[$0] & mask) != (map[$0] & mask) }
        // .notdef is always unassigned: no character maps to it.
        guard unassigned[0] else { return nil }
        let fallback = map[0]
        let latin = probeMap[0] & mask

        // A style's script is the Unicode script most of its characters have; a script keeps its
        // first style (FreeType's subscript and superscript Latin styles come after Latin's and
        // take no GSUB glyphs).
        var votes: [FT_UShort: [ScriptTag: Int]] = [:]
        var gindex: FT_UInt = 0
        var code = FT_Get_First_Char(ft, &gindex)
        while gindex != 0 {
            let i = Int(gindex)
            let script = Shaper.script(of: UInt32(truncatingIfNeeded: code))
            if i < glyphCount, !unassigned[i], !script.isWeak {
                votes[map[i] & mask, default: [:]][script, default: 0] += 1
            }
            code = FT_Get_Next_Char(ft, code, &gindex)
        }
        if votes[latin] == nil { votes[latin] = [ScriptTag("Latn"): 1] }
        var seen: Set<ScriptTag> = []
        var scripts: [(FT_UShort, ScriptTag)] = []
        for style in votes.keys.sorted() {
            let top = votes[style]!.max {
                $0.value != $1.value ? $0.value < $1.value : $0.key.rawValue > $1.key.rawValue
            }!
            if seen.insert(top.key).inserted { scripts.append((style, top.key)) }
        }
        return (map, unassigned, fallback, latin, scripts)
    }

    /// The OpenType script tags of a Unicode script, newest first (`dev2`, `deva`); none for a
    /// script HarfBuzz maps to `DFLT` (FreeType leaves those alone).
    private static func openTypeTags(_ script: ScriptTag) -> [hb_tag_t] {
        var tags = [hb_tag_t](repeating: 0, count: 3)
        var count: UInt32 = 3
        hb_ot_tags_from_script_and_language(hb_script_t(rawValue: script.rawValue), nil, &count, &tags, nil, nil)
        let found = Array(tags.prefix(Int(count)))
        return found.first == hb_tag_t(ScriptTag("DFLT").rawValue) ? [] : found
    }
}
