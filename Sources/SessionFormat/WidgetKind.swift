/// What kind of element a `CREATE_*` command makes.
public enum WidgetKind: String, CaseIterable, Hashable, Sendable, Codable {
    case application, frameView, navigationView, openGLView, textField, textView, listView, gridView
    case button, switchControl, picker, linearLayout, frameLayout, eventLayout, scrollLayout
    case flipperLayout, tableLayout, autoColumnLayout, text, dialog, alertDialog, imageView
    case actionSheet, pager, checkbox, radioGroup, separator, slider, actionBar, searchBar
    case navigationBar, navigationBarItem, progressSpinner, toast, notification, pageControl
    case segmentedControl

    /// The kind created by a command, or nil when the command does not create an element
    /// (CREATE_LINK, CREATE_TIMER and CREATE_TOAST/NOTIFICATION make no tree element).
    package init?(creating c: CommandType) {
        switch c {
        case .CREATE_APPLICATION: self = .application
        case .CREATE_FRAMEVIEW: self = .frameView
        case .CREATE_NAVIGATIONVIEW: self = .navigationView
        case .CREATE_OPENGL_VIEW: self = .openGLView
        case .CREATE_TEXTFIELD: self = .textField
        case .CREATE_TEXTVIEW: self = .textView
        case .CREATE_LISTVIEW: self = .listView
        case .CREATE_GRIDVIEW: self = .gridView
        case .CREATE_BUTTON: self = .button
        case .CREATE_SWITCH: self = .switchControl
        case .CREATE_PICKER: self = .picker
        case .CREATE_LINEAR_LAYOUT: self = .linearLayout
        case .CREATE_FRAME_LAYOUT: self = .frameLayout
        case .CREATE_EVENT_LAYOUT: self = .eventLayout
        case .CREATE_SCROLL_LAYOUT: self = .scrollLayout
        case .CREATE_FLIPPER_LAYOUT: self = .flipperLayout
        case .CREATE_TABLE_LAYOUT: self = .tableLayout
        case .CREATE_AUTO_COLUMN_LAYOUT: self = .autoColumnLayout
        case .CREATE_TEXT: self = .text
        case .CREATE_DIALOG: self = .dialog
        case .CREATE_ALERT_DIALOG: self = .alertDialog
        case .CREATE_IMAGEVIEW: self = .imageView
        case .CREATE_ACTION_SHEET: self = .actionSheet
        case .CREATE_PAGER: self = .pager
        case .CREATE_CHECKBOX: self = .checkbox
        case .CREATE_RADIO_GROUP: self = .radioGroup
        case .CREATE_SEPARATOR: self = .separator
        case .CREATE_SLIDER: self = .slider
        case .CREATE_ACTIONBAR: self = .actionBar
        case .CREATE_SEARCHBAR: self = .searchBar
        case .CREATE_NAVIGATIONBAR: self = .navigationBar
        case .CREATE_NAVIGATIONBAR_ITEM: self = .navigationBarItem
        case .CREATE_PROGRESS_SPINNER: self = .progressSpinner
        case .CREATE_PAGE_CONTROL: self = .pageControl
        case .CREATE_SEGMENTED_CONTROL: self = .segmentedControl
        default: return nil
        }
    }

    /// Layout containers (their children are laid out by them).
    package var isContainer: Bool {
        switch self {
        case .application, .frameView, .navigationView, .linearLayout, .frameLayout, .eventLayout, .scrollLayout,
            .flipperLayout, .tableLayout, .autoColumnLayout, .dialog, .alertDialog, .pager, .radioGroup, .listView,
            .gridView:
            return true
        default: return false
        }
    }
}

/// A style selector (framework `Selector`): which state map a style belongs to.
public enum Selector: Int, CaseIterable, Hashable, Sendable, Comparable {
    case normal = 0
    case active = 1
    case hover = 2
    case selected = 3
    case disabled = 4
    case link = 5
    package var name: String { Selector.names[rawValue] }
    /// By name, case-insensitively ("ACTIVE", "active").
    package init?(name: String) {
        guard let i = Selector.names.firstIndex(of: name.uppercased()) else { return nil }
        self = Selector.allCases[i]
    }
    private static let names = ["NORMAL", "ACTIVE", "HOVER", "SELECTED", "DISABLED", "LINK"]
    public static func < (a: Selector, b: Selector) -> Bool { a.rawValue < b.rawValue }
}
