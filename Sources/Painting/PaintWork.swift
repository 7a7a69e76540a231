/// The kinds of work painting counts (`DisplayList.work`), for complexity tests: painting N
/// elements should cost O(N log N), however the tree is shaped.
package enum PaintWork {
    /// Elements painted (with their box, content and children).
    package static let elements = "paint.elements"
    /// Children gathered and put in paint order.
    package static let childrenSorted = "paint.children-sorted"
    /// Display items produced.
    package static let displayItems = "paint.display-items"
}
