extension View: FocusItem {
    /// Whether the view has the focus of its window, and the window is key.
    public var isFocused: Bool {
        guard let window else { return false }
        return window.isKeyWindow && window.focusedItem === self
    }

    /// The view's bounds in window coordinates.
    public var focusFrame: Rect { convert(bounds, to: nil) }

    /// The view itself: keys go to it while it is focused.
    public var focusHostView: View? { self }

    /// Whether the view is its group's chosen one: it has the `selected` accessibility trait.
    public var isFocusGroupSelection: Bool { accessibilityTraits.contains(.selected) }

    /// Whether the view is the first responder of its window.
    public var isFirstResponder: Bool {
        guard let window else { return false }
        return window.firstResponder === self
    }

    /// Tells the focus system that `canBecomeFocused` or `focusItems` may
    /// answer differently now (a control was enabled, a tab added).
    ///
    /// The library's own classes call it; a subclass whose answers depend on
    /// state of its own calls it when that state changes. The focus moves
    /// on if the focused item can no longer be focused (rule K4).
    public func focusabilityDidChange() {
        window?.focusOrderDidChange()
    }

    /// Asks for the focus to be updated from this view (F2, UIKit's
    /// `setNeedsFocusUpdate()`): when the view contains the focused item, or
    /// is the window, the focus moves to this view's preferred item
    /// (`preferredFocusEnvironments`) at `updateFocusIfNeeded()` or the end
    /// of the current dispatch. A request on any other view does nothing.
    public func setNeedsFocusUpdate() {
        guard let window else { return }
        window.requestFocusUpdate(on: self)
    }

    /// Carries out a focus update asked for with `setNeedsFocusUpdate()`
    /// now, if one is pending in the view's window.
    public func updateFocusIfNeeded() {
        guard let window else { return }
        window.dispatching { window.updateFocusNow() }
    }
}
