/// What changed about an accessibility element, as told to the window's
/// accessibility observers (`Window.addAccessibilityObserver(_:)`).
public enum AccessibilityChange: Hashable, Sendable, CaseIterable {
    /// `accessibilityLabel` changed (a button's or a tab's title, say).
    case label
    /// `accessibilityHint` changed.
    case hint
    /// `accessibilityValue` or `accessibilityNumericValue` changed.
    case value
    /// `accessibilityTraits` changed: a state such as `selected` or
    /// `notEnabled`, or the kind of element.
    case traits
    /// `isAccessibilityElement` changed.
    case isElement
    /// The element's children changed: subviews added, removed or
    /// reordered, or `accessibilityElements` replaced (a tab bar's items),
    /// or a child was hidden or shown (`isHidden`,
    /// `accessibilityElementsHidden`, `accessibilityViewIsModal`).
    case children
    /// `accessibilityFrame` was set explicitly (frames that follow the
    /// layout are not announced: clients ask for them when they need them).
    case frame
    /// The text of an `AccessibilityTextContent` changed; the notification's
    /// `textReplacement` says how (`accessibilityTextDidChange(_:)`).
    case text
    /// The caret or the selection of an `AccessibilityTextContent` moved.
    case textSelection
}

/// One change of one element, as accessibility observers hear it.
@MainActor
public struct AccessibilityNotification {
    /// The element that changed: a view or an `AccessibilityElement`.
    public let source: any AccessibilityNode
    /// What changed.
    public let change: AccessibilityChange
    /// For a `.text` change, what was replaced by what; nil otherwise.
    public let textReplacement: TextReplacement?

    /// Creates a notification.
    public init(source: any AccessibilityNode, change: AccessibilityChange, textReplacement: TextReplacement? = nil) {
        self.source = source
        self.change = change
        self.textReplacement = textReplacement
    }
}

/// A registered accessibility observer, returned so it can be removed:
/// the same token as every other registration's.
public typealias AccessibilityObserverToken = ObserverToken

/// A window's accessibility observers: the window's attachment, created by
/// the first `Window.addAccessibilityObserver(_:)`.
///
/// Nothing on the touch path reads it; a change is posted only by a setter
/// that changed something an assistive technology reads.
typealias AccessibilityObservers = SharedObserverList<AccessibilityNotification, Void>

extension Window {
    /// Registers `observer` to hear every accessibility change of this
    /// window's elements (labels, traits, children); the token removes it.
    ///
    /// The AT-SPI export subscribes here to announce changes to screen
    /// readers. Observers run synchronously, on the main actor, right after
    /// the change; they may change the tree again (later observers then
    /// hear the older change first). Capture the window or your own object
    /// weakly: the window holds the closure.
    @discardableResult
    public func addAccessibilityObserver(
        _ observer: @escaping @MainActor (AccessibilityNotification) -> Void
    ) -> AccessibilityObserverToken {
        attachment(AccessibilityObservers.self, orInsert: AccessibilityObservers.init).add(observer)
    }

    /// Unregisters an accessibility observer; an unknown token does nothing.
    public func removeAccessibilityObserver(_ token: AccessibilityObserverToken) {
        existingAttachment(AccessibilityObservers.self)?.remove(token)
    }

    /// Whether anyone listens to this window's accessibility changes: a
    /// component whose elements are made on demand makes them to announce a
    /// change only then.
    package var hasAccessibilityObservers: Bool {
        existingAttachment(AccessibilityObservers.self).map { !$0.isEmpty } ?? false
    }

    /// Tells this window's accessibility observers that `source` changed.
    ///
    /// Views and elements call it from their setters; a subclass whose
    /// label, value or traits are computed calls `accessibilityDidChange(_:)`
    /// when the inputs change.
    public func postAccessibilityNotification(
        _ change: AccessibilityChange, for source: any AccessibilityNode, textReplacement: TextReplacement? = nil
    ) {
        guard let observers = existingAttachment(AccessibilityObservers.self), !observers.isEmpty else { return }
        observers.post(AccessibilityNotification(source: source, change: change, textReplacement: textReplacement))
    }
}
