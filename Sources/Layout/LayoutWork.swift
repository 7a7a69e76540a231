/// The kinds of work a layout pass counts (`LayoutResult.work`), for complexity tests: a pass
/// over N elements should measure each a bounded number of times, however deep or wide the tree.
package enum LayoutWork {
    /// Calls asking an element for its size under a spec (cached or not).
    package static let sizeRequests = "layout.size-requests"
    /// Runs of an element's layout algorithm (sizing and placing; cache misses).
    package static let measures = "layout.measures"
}
