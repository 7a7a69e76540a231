import SessionFormat

extension WidgetKind {
    /// Position in `allCases`, without hashing the raw string: the resolver's per-kind table is an
    /// array indexed by it (a dictionary lookup hashed the raw value on every resolution).
    var tableIndex: Int {
        switch self {
        case .application: return 0
        case .frameView: return 1
        case .navigationView: return 2
        case .openGLView: return 3
        case .textField: return 4
        case .textView: return 5
        case .listView: return 6
        case .gridView: return 7
        case .button: return 8
        case .switchControl: return 9
        case .picker: return 10
        case .linearLayout: return 11
        case .frameLayout: return 12
        case .eventLayout: return 13
        case .scrollLayout: return 14
        case .flipperLayout: return 15
        case .tableLayout: return 16
        case .autoColumnLayout: return 17
        case .text: return 18
        case .dialog: return 19
        case .alertDialog: return 20
        case .imageView: return 21
        case .actionSheet: return 22
        case .pager: return 23
        case .checkbox: return 24
        case .radioGroup: return 25
        case .separator: return 26
        case .slider: return 27
        case .actionBar: return 28
        case .searchBar: return 29
        case .navigationBar: return 30
        case .navigationBarItem: return 31
        case .progressSpinner: return 32
        case .toast: return 33
        case .notification: return 34
        case .pageControl: return 35
        case .segmentedControl: return 36
        }
    }
}
