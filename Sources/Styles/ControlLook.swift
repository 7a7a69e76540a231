import Primitives

/// How a widget draws what is not its box (tracks, ticks, underlines, dots, separators): the
/// theme's widget look resolved for one element in its current state. Styles decides it once
/// (`StyleResolver.controlLook`): theme colour strings parsed, the element's declared `tint`
/// preferred over the theme's accent, an error line's red, whether an underline gives way to the
/// element's own border. Painting turns it into shapes and decides no colour of its own.
package enum ControlLook: Hashable, Sendable {
    /// A button: the overlay painted over its box now (the theme's pressed overlay while it is
    /// pressed, the darker one when it has a background of its own); nil = none.
    case button(overlay: Color?)
    /// A text field or text view: its underline or its bezel.
    case field(Field)
    /// A switch: track and thumb.
    case switchControl(Switch)
    /// A checkbox: its box, ticked or bordered.
    case checkbox(Checkbox)
    /// A picker: the line along its bottom; nil = none (its own border, or a zero-width line).
    case picker(underline: Line?)
    /// A progress spinner: the head spoke's colour (trailing ones fade) and the number of spokes.
    case spinner(color: Color, spokes: Int)
    /// A page control: its row of dots.
    case pageControl(PageDots)
    /// A segmented control: the colour of its outline and dividers, the selected cell's fill (a
    /// fifth of the tint, so that the labels stay readable on it) and the outline's corner radius.
    case segments(tint: Color, selectedFill: Color, radius: Double)
    /// A radio group without child elements: the rings of its option rows.
    case radioGroup(Radio)
    /// An image view: the placeholder drawn while it has no pixels.
    case imageView(placeholder: Placeholder)
    /// The action bar: bottom line, back or menu button, placeholder for a missing option icon.
    case actionBar(ActionBar)
    /// The navigation bar: its top line.
    case navigationBar(line: Line)
    /// The search bar: top line and the rounded field.
    case searchBar(SearchBar)
    /// A dialog or alert: the iOS close button's colour and tap square (the header's height);
    /// nil = no button (alerts, themes without `dialog.closeButtonColor`).
    case dialog(closeButton: DialogClose?)
    /// An action sheet: the separator between its rows.
    case actionSheet(separator: Color)
}

extension ControlLook {
    /// A coloured line or ring of a given width (dp).
    package struct Line: Hashable, Sendable {
        package var color: Color
        package var width: Double
        package init(color: Color, width: Double) {
            self.color = color
            self.width = width
        }
    }

    /// The red of a field's underline, bezel and error line while it has an error (SET_ERROR).
    package static let errorColor = Color(rgb: 0xd32f2f)

    /// A text field's underline, or its iOS bezel (`UITextFieldBorderStyleRoundedRect`); both nil
    /// when neither shows (the element's own border replaces them).
    package struct Field: Hashable, Sendable {
        package var underline: Line?
        package var bezel: Bezel?
        package init(underline: Line?, bezel: Bezel?) {
            self.underline = underline
            self.bezel = bezel
        }
    }

    /// A rounded outline over a fill (nil: the element's own background shows).
    package struct Bezel: Hashable, Sendable {
        package var fill: Color?
        package var border: Line
        package var radii: Corners
        package init(fill: Color?, border: Line, radii: Corners) {
            self.fill = fill
            self.border = border
            self.radii = radii
        }
    }

    /// A switch's track (its colour for the current state) and its round thumb.
    package struct Switch: Hashable, Sendable {
        package var trackRadius: Double
        package var track: Color
        package var thumbSize: Double
        package var thumb: Color
        /// The thumb's outline; nil = none.
        package var ring: Line?
        package init(trackRadius: Double, track: Color, thumbSize: Double, thumb: Color, ring: Line?) {
            self.trackRadius = trackRadius
            self.track = track
            self.thumbSize = thumbSize
            self.thumb = thumb
            self.ring = ring
        }
    }

    /// A checkbox's box: filled with a tick when checked, else a bordered square.
    package struct Checkbox: Hashable, Sendable {
        package var radius: Double
        /// Width of the border and of the tick's stroke.
        package var strokeWidth: Double
        package var checked: Color
        package var tick: Color
        package var border: Color
        package init(radius: Double, strokeWidth: Double, checked: Color, tick: Color, border: Color) {
            self.radius = radius
            self.strokeWidth = strokeWidth
            self.checked = checked
            self.tick = tick
            self.border = border
        }
    }

    /// A page control's dots: the current page's colour and the others'.
    package struct PageDots: Hashable, Sendable {
        package var dotSize: Double
        package var gap: Double
        package var current: Color
        package var other: Color
        package init(dotSize: Double, gap: Double, current: Color, other: Color) {
            self.dotSize = dotSize
            self.gap = gap
            self.current = current
            self.other = other
        }
    }

    /// A radio row's ring (selected: the selected colour with a dot of it inside).
    package struct Radio: Hashable, Sendable {
        package var size: Double
        package var ringWidth: Double
        package var dotSize: Double
        package var selected: Color
        package var unselected: Color
        package init(size: Double, ringWidth: Double, dotSize: Double, selected: Color, unselected: Color) {
            self.size = size
            self.ringWidth = ringWidth
            self.dotSize = dotSize
            self.selected = selected
            self.unselected = unselected
        }
    }

    /// The theme's image placeholder: a fill and an optional border.
    package struct Placeholder: Hashable, Sendable {
        package var fill: Color
        package var border: Line?
        package init(fill: Color, border: Line?) {
            self.fill = fill
            self.border = border
        }
    }

    package struct ActionBar: Hashable, Sendable {
        /// Along the bar's bottom.
        package var line: Line
        /// The back arrow's or menu button's strokes.
        package var icon: Color
        /// Which button the left icon frame holds: the back arrow (creation flag bit 0), else the
        /// drawer's menu button.
        package var leftButton: LeftButton
        /// Drawn in an option's box when its icon asset is missing.
        package var placeholder: Placeholder
        package init(line: Line, icon: Color, leftButton: LeftButton, placeholder: Placeholder) {
            self.line = line
            self.icon = icon
            self.leftButton = leftButton
            self.placeholder = placeholder
        }
    }

    /// The action bar's left button.
    package enum LeftButton: Hashable, Sendable {
        case back, menu
    }

    package struct SearchBar: Hashable, Sendable {
        /// Along the bar's top.
        package var line: Line
        /// The field's colour and corner radius (the field's box is the element's one row).
        package var field: Color
        package var fieldRadius: Double
        package init(line: Line, field: Color, fieldRadius: Double) {
            self.line = line
            self.field = field
            self.fieldRadius = fieldRadius
        }
    }

    /// The iOS dialog's "X": its colour and the side of the square at the header's right end.
    package struct DialogClose: Hashable, Sendable {
        package var color: Color
        package var side: Double
        package init(color: Color, side: Double) {
            self.color = color
            self.side = side
        }
    }
}
