// UIKit's accessibility properties of views. They are declared in View.swift
// (a subclass can override only what the class itself declares); their
// storage, defaults and change notifications live here.

/// The accessibility values set explicitly on a view: one object per view
/// that has any, created on the first write, so a view that never sets one
/// carries a single nil reference.
@MainActor
final class AccessibilityStorage {
    var isElement: Bool?
    var label: String?
    var hint: String?
    var value: String?
    var traits: AccessibilityTraits?
    var frame: Rect?
    var elements: [any AccessibilityNode]?
    var numericValue: AccessibilityNumericValue?
    var elementsHidden = false
    var isModal = false
    var groupsChildren = false
    var customActions: [AccessibilityCustomAction]?
}

extension View: AccessibilityNode {
    /// Writes one accessibility value and tells the window's observers when
    /// what the getter reports changed.
    func updateAccessibility(_ change: AccessibilityChange, _ write: (AccessibilityStorage) -> Void) {
        let storage: AccessibilityStorage
        if let existing = accessibilityStorage {
            storage = existing
        } else {
            storage = AccessibilityStorage()
            accessibilityStorage = storage
        }
        let before = accessibilitySummary(of: change)
        write(storage)
        guard before != accessibilitySummary(of: change) else { return }
        accessibilityDidChange(change)
    }

    /// What the getter for `change` reports, to tell whether a write changed it.
    private func accessibilitySummary(of change: AccessibilityChange) -> AccessibilitySummary {
        switch change {
        case .label: .text(accessibilityLabel)
        case .hint: .text(accessibilityHint)
        case .value: .value(accessibilityValue, accessibilityNumericValue)
        case .traits: .traits(accessibilityTraits)
        case .isElement: .flag(isAccessibilityElement)
        case .frame, .children, .text, .textSelection: .always
        }
    }

    /// The value `isAccessibilityElement` was set to, or nil when it was
    /// never set: a subclass's default then applies.
    package var explicitIsAccessibilityElement: Bool? { accessibilityStorage?.isElement }

    /// The value `accessibilityTraits` was set to, or nil when it was never
    /// set: a subclass's default then applies.
    package var explicitAccessibilityTraits: AccessibilityTraits? { accessibilityStorage?.traits }

    /// Tells the window's accessibility observers that this view's subviews changed.
    func subviewsDidChangeForAccessibility() {
        guard let window else { return }
        window.postAccessibilityNotification(.children, for: self)
    }

    /// Writes `accessibilityElementsHidden` or `accessibilityViewIsModal`:
    /// when the flag changed, the superview's children as assistive
    /// technologies see them changed (this subtree, or its siblings, came or went).
    func updateAccessibilityExposure(_ flag: ReferenceWritableKeyPath<AccessibilityStorage, Bool>, to value: Bool) {
        let storage: AccessibilityStorage
        if let existing = accessibilityStorage {
            storage = existing
        } else {
            storage = AccessibilityStorage()
            accessibilityStorage = storage
        }
        guard storage[keyPath: flag] != value else { return }
        storage[keyPath: flag] = value
        superview?.subviewsDidChangeForAccessibility()
        // Only a modal view's subtree is focusable (F3).
        if flag == \.isModal || flag == \.elementsHidden { window?.modalMayHaveChanged() }
    }

    /// `isHidden` changed: assistive technologies no longer see this
    /// subtree, or see it again, as GTK leaves out unmapped widgets.
    func visibilityDidChangeForAccessibility() {
        superview?.subviewsDidChangeForAccessibility()
    }
}

/// A comparable snapshot of one accessibility value.
private enum AccessibilitySummary: Equatable {
    case text(String?)
    case value(String?, AccessibilityNumericValue?)
    case traits(AccessibilityTraits)
    case flag(Bool)
    /// Always announced when written.
    case always

    static func == (lhs: AccessibilitySummary, rhs: AccessibilitySummary) -> Bool {
        switch (lhs, rhs) {
        case (.text(let a), .text(let b)): a == b
        case (.value(let a, let x), .value(let b, let y)): a == b && x == y
        case (.traits(let a), .traits(let b)): a == b
        case (.flag(let a), .flag(let b)): a == b
        default: false
        }
    }
}
