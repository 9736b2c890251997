/// A behaviour attached to a view, as `UIInteraction` is in UIKit.
///
/// `View.addInteraction(_:)` calls `willMove(to: view)`, stores the
/// interaction, then calls `didMove(to: view)`; `removeInteraction(_:)` does
/// the same with `nil`. The view keeps the interaction alive, so an
/// interaction holds its view weakly.
@MainActor
public protocol Interaction: AnyObject {
    /// The view the interaction is attached to.
    var view: View? { get }
    /// Called before the interaction is attached to `view` (or detached, when nil).
    func willMove(to view: View?)
    /// Called after the interaction was attached to `view` (or detached, when nil).
    func didMove(to view: View?)
}
