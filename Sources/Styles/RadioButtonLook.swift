extension Theme {
    /// A radio button row of a RadioGroup (ADD_OPTION): a ring, filled with a dot when selected,
    /// then the option's label. Every field is optional; a missing one comes from the checkbox
    /// look (`Theme.radioLook`), so themes without it keep drawing radio groups as before.
    package struct RadioButtonLook: Codable, Hashable, Sendable {
        /// Outer diameter of the ring.
        package var size: Double?
        package var borderWidth: Double?
        /// Ring colour when not selected.
        package var borderColor: String?
        /// Ring and dot colour when selected.
        package var selectedColor: String?
        /// Diameter of the selected dot.
        package var dotSize: Double?
        /// Between the ring and the label.
        package var labelGap: Double?
        /// Added to the taller of ring and label for each row.
        package var rowPadding: Double?
        package init() {}
    }

    /// The radio look with every field filled in.
    package struct ResolvedRadioLook: Hashable, Sendable {
        package var size, borderWidth, dotSize, labelGap, rowPadding: Double
        package var borderColor, selectedColor: String
    }

    /// `radioButton` with the checkbox's numbers where it says nothing: size, border width and
    /// colour, label gap, the checked colour for the selected ring; a dot half the size; rows 8 taller.
    package var radioLook: ResolvedRadioLook {
        let r = radioButton ?? RadioButtonLook()
        let size = r.size ?? checkbox.size
        return ResolvedRadioLook(
            size: size, borderWidth: r.borderWidth ?? checkbox.borderWidth,
            dotSize: r.dotSize ?? size / 2, labelGap: r.labelGap ?? checkbox.labelGap,
            rowPadding: r.rowPadding ?? 8, borderColor: r.borderColor ?? checkbox.borderColor,
            selectedColor: r.selectedColor ?? checkbox.checkedColor)
    }
}
