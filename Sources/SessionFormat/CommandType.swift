/// The framework's `Command::Type` enum; the raw value is the wire ordinal (framework-protocol.md section 1).
// swift-format-ignore: AlwaysUseLowerCamelCase
// The framework's own names, so a session and the framework's source read alike.
public enum CommandType: Int, CaseIterable, Hashable, Sendable {
    case CREATE_APPLICATION = 0
    case CREATE_FRAMEVIEW, CREATE_NAVIGATIONVIEW, CREATE_OPENGL_VIEW, CREATE_TEXTFIELD,
        CREATE_TEXTVIEW, CREATE_LISTVIEW, CREATE_GRIDVIEW, CREATE_BUTTON, CREATE_SWITCH,
        CREATE_PICKER, CREATE_LINEAR_LAYOUT, CREATE_FRAME_LAYOUT, CREATE_EVENT_LAYOUT, CREATE_SCROLL_LAYOUT,
        CREATE_FLIPPER_LAYOUT, CREATE_TABLE_LAYOUT, CREATE_AUTO_COLUMN_LAYOUT, CREATE_TEXT, CREATE_LINK,
        CREATE_DIALOG, CREATE_ALERT_DIALOG, CREATE_IMAGEVIEW, CREATE_ACTION_SHEET, CREATE_PAGER,
        CREATE_CHECKBOX, CREATE_RADIO_GROUP, CREATE_SEPARATOR, CREATE_SLIDER, CREATE_ACTIONBAR,
        CREATE_SEARCHBAR, CREATE_NAVIGATIONBAR, CREATE_NAVIGATIONBAR_ITEM, CREATE_PROGRESS_SPINNER, CREATE_TOAST,
        CREATE_NOTIFICATION, CREATE_PAGE_CONTROL, CREATE_SEGMENTED_CONTROL, DELETE_ELEMENT, REMOVE_CHILD,
        REORDER_CHILD, LAUNCH_BROWSER, HISTORY_GO_BACK, CLEAR, RELEASE,
        SET_INT_VALUE, SET_TEXT_VALUE, SET_INT_DATA, SET_TEXT_DATA, SET_VISIBILITY,
        SET_SHAPE, SET_STYLE, SET_ERROR, ADD_IMAGE_URL, FLUSH_VIEW,
        UPDATE_PREFERENCE, DELETE_PREFERENCE, COMMIT_PREFERENCES, ADD_OPTION, ADD_SHEET,
        ADD_COLUMN, RESHAPE_TABLE, RESHAPE_SHEET, STOP, QUIT_APP,
        CREATE_TIMER, LIST_PRODUCTS, BUY_PRODUCT, LIST_PURCHASES, CONSUME_PURCHASE,
        SHARE_LINK, SELECT_FROM_GALLERY, SHOW_NETWORK_ACTIVITY

    /// The command's name as written in session files.
    public var name: String { CommandType.names[rawValue] }

    /// Looks a command up by name, case-insensitively.
    public init?(name: String) {
        guard let found = CommandType.byName[name.uppercased()] else { return nil }
        self = found
    }

    /// Looks a command up by its exact (upper-case) name: no case folding, for the common spelling.
    static func named(exactly name: String) -> CommandType? { byName[name] }

    // `String(describing:)` goes through reflection (1.6 M instructions for the 73 names at every
    // start), so the names are written out; a test checks them against `String(describing:)`.
    static let names: [String] = [
        "CREATE_APPLICATION", "CREATE_FRAMEVIEW", "CREATE_NAVIGATIONVIEW", "CREATE_OPENGL_VIEW", "CREATE_TEXTFIELD",
        "CREATE_TEXTVIEW", "CREATE_LISTVIEW", "CREATE_GRIDVIEW", "CREATE_BUTTON", "CREATE_SWITCH", "CREATE_PICKER",
        "CREATE_LINEAR_LAYOUT", "CREATE_FRAME_LAYOUT", "CREATE_EVENT_LAYOUT", "CREATE_SCROLL_LAYOUT",
        "CREATE_FLIPPER_LAYOUT", "CREATE_TABLE_LAYOUT", "CREATE_AUTO_COLUMN_LAYOUT", "CREATE_TEXT", "CREATE_LINK",
        "CREATE_DIALOG", "CREATE_ALERT_DIALOG", "CREATE_IMAGEVIEW", "CREATE_ACTION_SHEET", "CREATE_PAGER",
        "CREATE_CHECKBOX", "CREATE_RADIO_GROUP", "CREATE_SEPARATOR", "CREATE_SLIDER", "CREATE_ACTIONBAR",
        "CREATE_SEARCHBAR", "CREATE_NAVIGATIONBAR", "CREATE_NAVIGATIONBAR_ITEM", "CREATE_PROGRESS_SPINNER",
        "CREATE_TOAST", "CREATE_NOTIFICATION", "CREATE_PAGE_CONTROL", "CREATE_SEGMENTED_CONTROL", "DELETE_ELEMENT",
        "REMOVE_CHILD", "REORDER_CHILD", "LAUNCH_BROWSER", "HISTORY_GO_BACK", "CLEAR", "RELEASE", "SET_INT_VALUE",
        "SET_TEXT_VALUE", "SET_INT_DATA", "SET_TEXT_DATA", "SET_VISIBILITY", "SET_SHAPE", "SET_STYLE", "SET_ERROR",
        "ADD_IMAGE_URL", "FLUSH_VIEW", "UPDATE_PREFERENCE", "DELETE_PREFERENCE", "COMMIT_PREFERENCES", "ADD_OPTION",
        "ADD_SHEET", "ADD_COLUMN", "RESHAPE_TABLE", "RESHAPE_SHEET", "STOP", "QUIT_APP", "CREATE_TIMER",
        "LIST_PRODUCTS", "BUY_PRODUCT", "LIST_PURCHASES", "CONSUME_PURCHASE", "SHARE_LINK", "SELECT_FROM_GALLERY",
        "SHOW_NETWORK_ACTIVITY",
    ]
    private static let byName: [String: CommandType] = Dictionary(
        uniqueKeysWithValues: allCases.map { (names[$0.rawValue], $0) })

    /// The widget a `CREATE_*` command makes, or nil for other commands.
    package var createdKind: WidgetKind? { WidgetKind(creating: self) }
}
