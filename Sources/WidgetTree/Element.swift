import Primitives
import SessionFormat
import Styles

/// One widget in the tree, as the backend keeps it. A value type, so a captured frame is a cheap copy.
package struct Element: Hashable, Sendable {
    package let id: Int
    package var kind: WidgetKind
    /// Parent id; nil when detached (unknown parent, REMOVE_CHILD) or for the root.
    package var parent: Int?
    /// Children in order (later ones on top in frame layouts). Setting it rebuilds `childList`;
    /// replay edits `childList` in place (cheap removal by id).
    package var children: [Int] {
        get { childList.array }
        set { childList = ChildList(newValue) }
        // In place (`children.append(id)` stays O(1)): the list gives up its array while it is edited.
        _modify {
            var ids = childList.array
            childList = ChildList()
            defer { childList = ChildList(ids) }
            yield &ids
        }
    }
    /// The storage of `children`.
    package var childList = ChildList()
    /// One declaration map per selector (NORMAL, ACTIVE, HOVER, SELECTED, DISABLED, LINK).
    package var styles: [Selector: StyleDeclarations] = [:]
    /// `textValue`: label text, button/dialog/action-bar title, field text, image file, switch on-label ...
    package var text: String = ""
    /// `textValue2`: action-bar subtitle, switch off-label.
    package var text2: String = ""
    /// `value`: direction of a linear layout, switch/checkbox state, page, selected row, scroll offset (dp),
    /// page count of a page control, label bits (1 autolink, 2 markdown) ...
    package var value: Int = 0
    package var flags: Int = 0
    /// SET_VISIBILITY (false = gone).
    package var isVisible: Bool = true
    /// ACTIVE state (press without release yet).
    package var isPressed: Bool = false
    /// SELECTED state (`select` step, SET_INT_VALUE on a button or bar item).
    package var isSelected: Bool = false
    /// Options added by ADD_OPTION (pickers, action sheets, radio groups, segmented controls).
    package var options: [Option] = []
    /// URLs of an image view (CREATE_IMAGEVIEW + ADD_IMAGE_URL), sorted by (width, height).
    package var imageURLs: [ImageURL] = []
    /// Pixels shown by an image view (or an element with a surface).
    package var content: ImageContent? = nil
    /// Virtual time (ms) at which the element was created (spinner phase).
    package var createdAt: Int = 0
    /// Spinner stopped by STOP (hidden).
    package var isStopped: Bool = false
    /// SET_ERROR text (shown under text fields), nil when none.
    package var errorText: String? = nil
    /// SET_TEXT_DATA cells (lists and grids): (row, column, sheet, text).
    package var cells: [Cell] = []
    /// Index of the step that created it.
    package var createdStep: Int = 0
    /// CREATE_LINK regular expressions on a label (group 1 of each match becomes a link), in order.
    package var linkPatterns: [String] = []
    /// Text fields: focused by SET_INT_VALUE 1 or a tap, blurred by SET_INT_VALUE 0.
    package var isFocused: Bool = false
    /// Page control: the current page (SET_INT_VALUE); `value` holds the page count.
    package var currentPage: Int = 0
    /// A widget the replay's platform does not have (PlatformProfile.unsupportedKinds): it exists
    /// so later commands on it are no errors, but it stays hidden and takes no space, children included.
    package var isPlatformAbsent: Bool = false

    package init(id: Int, kind: WidgetKind, parent: Int?) {
        self.id = id
        self.kind = kind
        self.parent = parent
    }

    /// The declarations for a selector (empty if none).
    package func declarations(_ s: Selector) -> StyleDeclarations { styles[s] ?? StyleDeclarations() }
}

/// An ADD_OPTION entry.
package struct Option: Hashable, Sendable {
    package var id: Int
    package var label: String
    package init(id: Int, label: String) {
        self.id = id
        self.label = label
    }
}

/// An image URL with its pixel size (ADD_IMAGE_URL / CREATE_IMAGEVIEW).
package struct ImageURL: Hashable, Sendable {
    package var url: String
    package var width: Int
    package var height: Int
    package init(url: String, width: Int, height: Int) {
        self.url = url
        self.width = width
        self.height = height
    }
    /// http(s) URLs are never fetched; anything else is an asset file name.
    package var isRemote: Bool { url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://") }
}

/// What an image view shows.
package enum ImageContent: Hashable, Sendable {
    /// An asset file from the assets folder.
    case asset(String)
    /// Pixels from a `setImageData` step (decoded later by ImageAssets).
    case packed(PackedImage)
    /// A canvas surface from a `setSurface` step (painted later by Canvas).
    case surface(SurfacePayload)
}

/// A SET_TEXT_DATA cell.
package struct Cell: Hashable, Sendable {
    package var row: Int, column: Int, sheet: Int
    package var text: String
    package init(row: Int, column: Int, sheet: Int, text: String) {
        self.row = row
        self.column = column
        self.sheet = sheet
        self.text = text
    }
}

/// An in-app browser page over the app (LAUNCH_BROWSER): its URL, when it opened and which element
/// asked for it. The preview shows a placeholder; web content is not rendered.
package struct BrowserPage: Hashable, Sendable {
    package var url: String
    package var opened: Int
    package var openedBy: Int
    package init(url: String, opened: Int, openedBy: Int) {
        self.url = url
        self.opened = opened
        self.openedBy = openedBy
    }
}

/// A toast on screen.
package struct Toast: Hashable, Sendable {
    package var text: String
    /// Virtual time it appeared (ms) and how long it shows (ms).
    package var start: Int
    package var duration: Int
    /// The element it was shown for.
    package var anchorId: Int
    package init(text: String, start: Int, duration: Int, anchorId: Int) {
        self.text = text
        self.start = start
        self.duration = duration
        self.anchorId = anchorId
    }
}
