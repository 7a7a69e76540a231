import Primitives
import SessionFormat
import Styles

/// One widget in the tree, as the backend keeps it. A value type, so a captured frame is a cheap copy.
public struct Element: Hashable, Sendable {
    public let id: Int
    public var kind: WidgetKind
    /// Parent id; nil when detached (unknown parent, REMOVE_CHILD) or for the root.
    public var parent: Int?
    /// Children in order (later ones on top in frame layouts). Setting it rebuilds `childList`;
    /// replay edits `childList` in place (cheap removal by id).
    public var children: [Int] {
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
    public var childList = ChildList()
    /// One declaration map per selector (NORMAL, ACTIVE, HOVER, SELECTED, DISABLED, LINK).
    public var styles: [Selector: StyleDeclarations] = [:]
    /// `textValue`: label text, button/dialog/action-bar title, field text, image file, switch on-label ...
    public var text: String = ""
    /// `textValue2`: action-bar subtitle, switch off-label.
    public var text2: String = ""
    /// `value`: direction of a linear layout, switch/checkbox state, page, selected row, scroll offset (dp),
    /// page count of a page control, label bits (1 autolink, 2 markdown) ...
    public var value: Int = 0
    public var flags: Int = 0
    /// SET_VISIBILITY (false = gone).
    public var isVisible: Bool = true
    /// ACTIVE state (press without release yet).
    public var isPressed: Bool = false
    /// SELECTED state (`select` step, SET_INT_VALUE on a button or bar item).
    public var isSelected: Bool = false
    /// Options added by ADD_OPTION (pickers, action sheets, radio groups, segmented controls).
    public var options: [Option] = []
    /// URLs of an image view (CREATE_IMAGEVIEW + ADD_IMAGE_URL), sorted by (width, height).
    public var imageURLs: [ImageURL] = []
    /// Pixels shown by an image view (or an element with a surface).
    public var content: ImageContent? = nil
    /// Virtual time (ms) at which the element was created (spinner phase).
    public var createdAt: Int = 0
    /// Spinner stopped by STOP (hidden).
    public var isStopped: Bool = false
    /// SET_ERROR text (shown under text fields), nil when none.
    public var errorText: String? = nil
    /// SET_TEXT_DATA cells (lists and grids): (row, column, sheet, text).
    public var cells: [Cell] = []
    /// Index of the step that created it.
    public var createdStep: Int = 0
    /// CREATE_LINK regular expressions on a label (group 1 of each match becomes a link), in order.
    public var linkPatterns: [String] = []
    /// Text fields: focused by SET_INT_VALUE 1 or a tap, blurred by SET_INT_VALUE 0.
    public var isFocused: Bool = false
    /// Page control: the current page (SET_INT_VALUE); `value` holds the page count.
    public var currentPage: Int = 0
    /// A widget the replay's platform does not have (PlatformProfile.unsupportedKinds): it exists
    /// so later commands on it are no errors, but it stays hidden and takes no space, children included.
    public var isPlatformAbsent: Bool = false

    public init(id: Int, kind: WidgetKind, parent: Int?) {
        self.id = id
        self.kind = kind
        self.parent = parent
    }

    /// The declarations for a selector (empty if none).
    public func declarations(_ s: Selector) -> StyleDeclarations { styles[s] ?? StyleDeclarations() }
}

/// An ADD_OPTION entry.
public struct Option: Hashable, Sendable {
    public var id: Int
    public var label: String
    public init(id: Int, label: String) {
        self.id = id
        self.label = label
    }
}

/// An image URL with its pixel size (ADD_IMAGE_URL / CREATE_IMAGEVIEW).
public struct ImageURL: Hashable, Sendable {
    public var url: String
    public var width: Int
    public var height: Int
    public init(url: String, width: Int, height: Int) {
        self.url = url
        self.width = width
        self.height = height
    }
    /// http(s) URLs are never fetched; anything else is an asset file name.
    public var isRemote: Bool { url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://") }
}

/// What an image view shows.
public enum ImageContent: Hashable, Sendable {
    /// An asset file from the assets folder.
    case asset(String)
    /// Pixels from a `setImageData` step (decoded later by ImageAssets).
    case packed(PackedImage)
    /// A canvas surface from a `setSurface` step (painted later by Canvas).
    case surface(SurfacePayload)
}

/// A SET_TEXT_DATA cell.
public struct Cell: Hashable, Sendable {
    public var row: Int, column: Int, sheet: Int
    public var text: String
    public init(row: Int, column: Int, sheet: Int, text: String) {
        self.row = row
        self.column = column
        self.sheet = sheet
        self.text = text
    }
}

/// An in-app browser page over the app (LAUNCH_BROWSER): its URL, when it opened and which element
/// asked for it. The preview shows a placeholder; web content is not rendered.
public struct BrowserPage: Hashable, Sendable {
    public var url: String
    public var opened: Int
    public var openedBy: Int
    public init(url: String, opened: Int, openedBy: Int) {
        self.url = url
        self.opened = opened
        self.openedBy = openedBy
    }
}

/// A toast on screen.
public struct Toast: Hashable, Sendable {
    public var text: String
    /// Virtual time it appeared (ms) and how long it shows (ms).
    public var start: Int
    public var duration: Int
    /// The element it was shown for.
    public var anchorId: Int
    public init(text: String, start: Int, duration: Int, anchorId: Int) {
        self.text = text
        self.start = start
        self.duration = duration
        self.anchorId = anchorId
    }
}
