import Primitives
import SessionFormat
import Styles

/// One command by type (framework-protocol.md section 1, semantics.md sections 1 and 7).
extension ReplayEngine {
    mutating func applyCommand(_ c: Command) {
        if options.platform.ignoredCommands.contains(c.type) {
            ignoreOnPlatform(c)
            return
        }
        if let kind = c.type.createdKind {
            create(kind, c)
            return
        }
        switch c.type {
        case .CREATE_LINK:
            // The label itself is the target (no child): keep the regex, group 1 of each match links.
            guard requireElement(c.internalId, "CREATE_LINK") else { return }
            tree.elements[c.internalId]!.linkPatterns.append(c.textValue)
        case .CREATE_TOAST: createToast(c)
        case .LAUNCH_BROWSER: launchBrowser(c)
        case .CREATE_TIMER: createTimer(c)
        case .DELETE_ELEMENT: deleteElement(c)
        case .REMOVE_CHILD: removeChild(c)
        case .REORDER_CHILD: reorderChild(c)
        case .SET_INT_VALUE: setIntValue(c)
        case .SET_TEXT_VALUE: setTextValue(c)
        case .SET_VISIBILITY: setVisibility(c)
        case .SET_STYLE: setStyle(c)
        case .CLEAR: clear(c)
        case .ADD_IMAGE_URL: addImageURL(c)
        case .ADD_OPTION:
            guard requireElement(c.internalId, "ADD_OPTION") else { return }
            tree.elements[c.internalId]!.options.append(Option(id: c.value, label: c.textValue))
        case .SET_ERROR:
            guard requireElement(c.internalId, "SET_ERROR") else { return }
            tree.elements[c.internalId]!.errorText = c.value != 0 ? c.textValue : nil
        case .SET_TEXT_DATA: setTextData(c)
        case .STOP:
            guard requireElement(c.internalId, "STOP") else { return }
            tree.elements[c.internalId]!.isStopped = true
        case .RELEASE:
            // An image releases its pixels while off screen; it shows the placeholder until new data.
            guard requireElement(c.internalId, "RELEASE") else { return }
            if case .packed? = tree.elements[c.internalId]!.content { tree.elements[c.internalId]!.content = nil }
            record(c)
        case .RESHAPE_TABLE where tree.elements[c.internalId]?.kind == .pageControl:
            // iOS: the page count of a page control
            tree.elements[c.internalId]!.value = pageCount(c.value, "RESHAPE_TABLE")
        default:
            // Nothing to draw: preferences, purchases, browser, share, notifications, FLUSH_VIEW,
            // QUIT_APP, network activity, list-model reshapes ... accepted and recorded.
            record(c)
        }
    }

    /// A command the platform's backend does not handle (PlatformProfile.ignoredCommands): no
    /// effect at all; one `portability` warning per command type.
    mutating func ignoreOnPlatform(_ c: Command) {
        guard warnedIgnored.insert(c.type).inserted else { return }
        warn(
            "portability",
            """
            \(c.type.name): \(options.platform.displayName) does not handle this command; skipped (later ones too, \
            without a warning)
            """
        )
    }

    mutating func record(_ c: Command) {
        recorded.append(RecordedCommand(time: now, step: stepIndex, command: c))
    }

    // MARK: - Values

    mutating func setIntValue(_ c: Command) {
        let id = c.internalId
        guard requireElement(id, "SET_INT_VALUE") else { return }
        let v = c.value
        switch tree.elements[id]!.kind {
        case .application:
            // The iOS view switch: the app with childInternalId = the view (framework-protocol.md 1.1).
            if c.childInternalId != 0 {
                switchView(to: c.childInternalId, via: "SET_INT_VALUE")
            } else {
                tree.elements[id]!.value = v
            }
        case .frameView:
            // The Android view switch: setValue(1|2|3) on the view itself.
            if (1...3).contains(v) { switchView(to: id, via: "SET_INT_VALUE") }
        case .switchControl, .checkbox:
            tree.elements[id]!.value = v != 0 ? 1 : 0
        case .pageControl:
            tree.elements[id]!.currentPage = v
        case .textField, .textView, .searchBar:
            tree.elements[id]!.isFocused = v != 0
        case .button, .navigationBarItem:
            // semantics.md 7 item 3: SELECTED on (1) or off (0), like a `select` step.
            tree.elements[id]!.isSelected = v != 0
        case .scrollLayout:
            if v < 0 { warn("bad-value", "SET_INT_VALUE: scroll offset \(v) is negative; 0 is used") }
            tree.elements[id]!.value = max(0, v)
        default:
            tree.elements[id]!.value = v
        }
    }

    mutating func setTextValue(_ c: Command) {
        let id = c.internalId
        guard requireElement(id, "SET_TEXT_VALUE") else { return }
        switch tree.elements[id]!.kind {
        case .actionBar:
            // Title and subtitle together: a missing subtitle clears the old one (iOS setTitle).
            tree.elements[id]!.text = c.textValue
            tree.elements[id]!.text2 = c.textValue2
        case .imageView:
            // setImageFile: an http(s) URL becomes the only URL; anything else is an asset.
            var e = tree.elements[id]!
            e.text = c.textValue
            let url = ImageURL(url: c.textValue, width: c.width, height: c.height)
            if c.textValue.isEmpty {
                e.imageURLs = []
                e.content = nil
            } else if url.isRemote {
                e.imageURLs = [url]
                e.content = nil
            } else {
                e.imageURLs = []
                e.content = .asset(c.textValue)
            }
            tree.elements[id] = e
        default:
            tree.elements[id]!.text = c.textValue
        }
    }

    mutating func setVisibility(_ c: Command) {
        let id = c.internalId
        guard requireElement(id, "SET_VISIBILITY") else { return }
        let visible = c.value != 0
        let e = tree.elements[id]!
        if e.isPlatformAbsent { return }  // a widget the platform does not have stays out of sight
        if e.kind == .navigationView {
            // Opening or closing the drawer; the app hears about a change (semantics.md 7 item 35).
            guard e.isVisible != visible else { return }
            tree.elements[id]!.isVisible = visible
            emit("VisibilityEvent", to: id, [("visible", .bool(visible))])
            return
        }
        tree.elements[id]!.isVisible = visible
    }

    mutating func setStyle(_ c: Command) {
        let id = c.internalId
        guard requireElement(id, "SET_STYLE") else { return }
        guard let selector = c.selector ?? Selector(rawValue: c.value) else {
            diagnostics.append(
                .warning(
                    "bad-style", step: stepIndex, path: "\(stepPath).value",
                    "SET_STYLE: unknown selector \(c.value); style \"\(c.textValue)\" not applied"))
            return
        }
        let profile = options.platform
        guard StyleParser.stores(selector, profile: profile) else {
            warn(
                "portability",
                """
                SET_STYLE \(label(id)) \(selector.name) \"\(c.textValue)\": \(profile.displayName) keeps only \
                NORMAL and ACTIVE styles; not applied
                """
            )
            return
        }
        switch styleMemo.effect(key: c.textValue, value: c.textValue2, selector: selector, profile: profile) {
        case .success(let effect):
            if let family = tree.editInPlace(id, { $0.setStyle(effect, selector: selector) }) ?? nil,
                let known = options.fontFamilyKnown, !styleMemo.isKnown(family, by: known)
            {
                // Not a bundled or app font: the theme's default, as if the style had not named one.
                diagnostics.append(
                    .warning(
                        "font-family", step: stepIndex, path: "\(stepPath).textValue2",
                        """
                        SET_STYLE \(label(id)) \(selector.name): font family \"\(family)\" is not among the \
                        bundled or app fonts; the theme's default is used
                        """
                    ))
                tree.elements[id]!.styles[selector]!.fontFamily = nil
            }
            if !effect.notes.isEmpty {
                let message = "SET_STYLE \(labelInPlace(id)): "
                for n in effect.notes {
                    diagnostics.append(.warning("portability", step: stepIndex, path: stepPath, message + n.message))
                }
            }
        case .failure(let error):
            // The previous value stays (semantics.md section 2).
            diagnostics.append(
                .warning(
                    "bad-style", step: stepIndex, path: "\(stepPath).textValue2",
                    """
                    SET_STYLE \(label(id)) \(selector.name) \"\(c.textValue): \(c.textValue2)\": \(error); \
                    previous value kept
                    """
                ))
            // Android: a bad value (not an unknown key, which its switch skips) throws out of the batch.
            let key = String(
                c.textValue.lowercased().drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            if profile.abortsBatchOnStyleError, batchDepth > 0, StyleParser.knownKeys.contains(key) {
                batchAbort = (path: stepPath, dropped: 0)
            }
        }
    }

    /// CLEAR per widget: image -> no pixels and no URLs; picker/sheet -> no options; fields -> "";
    /// dialog -> hidden; action bar / pager -> children dropped.
    mutating func clear(_ c: Command) {
        let id = c.internalId
        guard requireElement(id, "CLEAR") else { return }
        switch tree.elements[id]!.kind {
        case .imageView:
            tree.elements[id]!.content = nil
            tree.elements[id]!.imageURLs = []
        case .picker, .actionSheet, .radioGroup, .segmentedControl:
            tree.elements[id]!.options = []
            tree.elements[id]!.value = 0
        case .textField, .textView, .searchBar:
            tree.elements[id]!.text = ""
        case .dialog, .alertDialog:
            tree.elements[id]!.isVisible = false
        case .actionBar, .pager:
            tree.removeAllChildren(of: id)
        case .listView, .gridView:
            tree.elements[id]!.cells = []
        default:
            record(c)
        }
    }

    /// ADD_IMAGE_URL: kept sorted by (width, height); a URL of the same width replaces the old one.
    mutating func addImageURL(_ c: Command) {
        let id = c.internalId
        guard requireElement(id, "ADD_IMAGE_URL") else { return }
        var urls = tree.elements[id]!.imageURLs
        urls.removeAll { $0.width == c.width }
        urls.append(ImageURL(url: c.textValue, width: c.width, height: c.height))
        urls.sort { ($0.width, $0.height) < ($1.width, $1.height) }
        tree.elements[id]!.imageURLs = urls
    }

    mutating func setTextData(_ c: Command) {
        let id = c.internalId
        guard requireElement(id, "SET_TEXT_DATA") else { return }
        let cell = Cell(row: c.row, column: c.column, sheet: c.sheet, text: c.textValue)
        if let i = tree.elements[id]!.cells.firstIndex(where: {
            $0.row == c.row && $0.column == c.column && $0.sheet == c.sheet
        }) {
            tree.elements[id]!.cells[i] = cell
        } else {
            tree.elements[id]!.cells.append(cell)
        }
    }

    // MARK: - Toasts and timers

    /// A toast shows for the platform's length, not for `value` milliseconds (semantics.md 7 item
    /// 41, `PlatformProfile.toastDuration`): the value is the framework's `showToast` duration,
    /// which iOS ignores and Android reads as 1 = long, anything else = short.
    mutating func createToast(_ c: Command) {
        // A toast may name any element (even one not created): it is placed by the backend.
        let duration = options.platform.toastDuration(value: c.value, short: max(0, options.toastDuration))
        tree.toasts.append(Toast(text: c.textValue, start: now, duration: duration, anchorId: c.internalId))
    }

    mutating func createTimer(_ c: Command) {
        var interval = c.value
        if let fixed = options.platform.fixedTimerInterval, interval != fixed {
            // Android's timer ignores the interval (protocol 1, CREATE_TIMER).
            warn(
                "portability",
                """
                CREATE_TIMER \(c.childInternalId): \(options.platform.displayName) fires every \(fixed) ms \
                whatever the interval (\(interval) ms)
                """
            )
            interval = fixed
        }
        if interval < ReplayOptions.minTimerInterval {
            warn(
                "bad-value",
                """
                CREATE_TIMER \(c.childInternalId): interval \(interval) ms is below \
                \(ReplayOptions.minTimerInterval) ms; \(ReplayOptions.minTimerInterval) ms is used
                """
            )
            interval = ReplayOptions.minTimerInterval
        }
        if interval > ReplayOptions.maxTimerInterval {
            warn(
                "bad-value",
                """
                CREATE_TIMER \(c.childInternalId): interval \(interval) ms is too long; \
                \(ReplayOptions.maxTimerInterval) ms is used
                """
            )
            interval = ReplayOptions.maxTimerInterval
        }
        if timers.contains(where: { $0.id == c.childInternalId }) {
            warn(
                "duplicate-id",
                "CREATE_TIMER: timer \(c.childInternalId) already exists; it restarts with the new interval")
            timers.removeAll { $0.id == c.childInternalId }
        }
        timers.append(
            ReplayTimer(
                id: c.childInternalId, target: c.internalId, interval: interval,
                nextDue: now + interval, order: timerOrder))
        timerOrder += 1
    }
}

extension ReplayEngine {
    /// Most pages a page control shows (docs/limits.md): one dot each, so the count bounds layout
    /// and paint work (2147483647 pages were one paint item per dot, gigabytes). 1,000 dots are
    /// wider than any device.
    static let maxPages = 1000

    /// A page count from a command, bounded to 0...maxPages (a warning names a clamped value).
    mutating func pageCount(_ v: Int, _ command: String) -> Int {
        if v > Self.maxPages {
            warn(
                "bad-value",
                "\(command): a page control of \(v) pages; \(Self.maxPages) dots are drawn (docs/limits.md)")
            return Self.maxPages
        }
        return max(0, v)
    }
}
