import InteractionKitCore

/// The recognizers of a field's text interaction by touch (T4, UIKit's
/// `UITextInteraction`): they take part in arbitration like any other, so a
/// surrounding scroll view's pan, a sheet's swipe or a toolkit's own
/// recognizer compete with them by the usual rules.
@MainActor
final class TextInteractionRecognizers {
    /// One tap: the caret to the nearest word edge. Waits for the double tap to fail.
    let tap = TapGestureRecognizer()
    /// Two taps: the word under the finger. Waits for the triple tap to fail.
    let doubleTap = TapGestureRecognizer()
    /// Three taps: the whole line.
    let tripleTap = TapGestureRecognizer()
    /// A finger held still for 0.5 s: the loupe, and the caret under the finger as it moves.
    let loupePress = LongPressGestureRecognizer()
    /// A drag from within 22 points of a selection end: that end follows the finger.
    let selectionEndDrag = SelectionEndDragRecognizer()

    var all: [GestureRecognizer] { [tap, doubleTap, tripleTap, loupePress, selectionEndDrag] }
}

/// A pan that begins only when its finger went down within
/// `TextField.selectionEndReach` of an end of the field's non-empty
/// selection; it remembers which end.
@MainActor
final class SelectionEndDragRecognizer: PanGestureRecognizer {
    /// Where the finger went down, in the field's coordinates.
    private(set) var startPoint: Point?
    /// The end being moved once begun: the selection's other end stays as the anchor.
    var anchor = 0

    override func touchBegan(_ touch: Touch, with event: Event) {
        if startPoint == nil { startPoint = touch.location(in: view) }
        super.touchBegan(touch, with: event)
    }

    override func shouldBegin() -> Bool {
        guard let field = view as? TextField, let start = startPoint, let end = field.selectionEnd(near: start) else {
            return false
        }
        let range = field.selectedRange
        anchor = end == range.lowerBound ? range.upperBound : range.lowerBound
        return super.shouldBegin()
    }

    override func reset() {
        super.reset()
        startPoint = nil
    }
}

extension TextField {
    /// How near a selection end a drag must start to move it, in points (T4).
    public static let selectionEndReach = 22.0
    /// How long a finger is held still before the loupe shows, in seconds (T4).
    public static let loupeDelay = 0.5
    /// How far a finger may move before the loupe shows and still show it, in points (T4).
    public static let loupeAllowableMovement = 10.0

    /// Tells `observer` of each change of the loupe: shown (the session),
    /// moved (the session again, its point and caret changed), hidden (nil).
    /// Observers are called in registration order, never on registration;
    /// the field keeps the observer, so capture the field weakly in it.
    @discardableResult
    public func addLoupeObserver(_ observer: @escaping @MainActor (TextLoupeSession?) -> Void) -> ObserverToken {
        loupeObservers.add(observer)
    }

    /// Removes an observer registered with `addLoupeObserver(_:)`; an unknown token does nothing.
    public func removeLoupeObserver(_ token: ObserverToken) {
        loupeObservers.remove(token)
    }

    func installTextInteraction() {
        let recognizers = TextInteractionRecognizers()
        recognizers.doubleTap.numberOfTapsRequired = 2
        recognizers.tripleTap.numberOfTapsRequired = 3
        // Each tap count waits for the next to fail, so one never fires on the way to another (G12).
        recognizers.tap.require(toFail: recognizers.doubleTap)
        recognizers.doubleTap.require(toFail: recognizers.tripleTap)
        recognizers.loupePress.minimumPressDuration = Self.loupeDelay
        recognizers.loupePress.allowableMovement = Self.loupeAllowableMovement
        recognizers.tap.name = "text-tap"
        recognizers.doubleTap.name = "text-double-tap"
        recognizers.tripleTap.name = "text-triple-tap"
        recognizers.loupePress.name = "text-loupe"
        recognizers.selectionEndDrag.name = "text-selection-end"
        recognizers.tap.addAction { [weak self] recognizer in self?.textTapped(recognizer, count: 1) }
        recognizers.doubleTap.addAction { [weak self] recognizer in self?.textTapped(recognizer, count: 2) }
        recognizers.tripleTap.addAction { [weak self] recognizer in self?.textTapped(recognizer, count: 3) }
        recognizers.loupePress.addAction { [weak self] recognizer in self?.loupePressChanged(recognizer) }
        recognizers.selectionEndDrag.addAction { [weak self] recognizer in self?.selectionEndDragChanged(recognizer) }
        for recognizer in recognizers.all {
            recognizer.isEnabled = false
            addGestureRecognizer(recognizer)
        }
        textInteraction = recognizers
    }

    /// Turns the text interaction on when editing begins and off when it
    /// ends (a field not being edited takes a tap as a control does, to
    /// begin editing); turning it off hides the loupe.
    func setTextInteractionEnabled(_ enabled: Bool) {
        for recognizer in textInteraction?.all ?? [] { recognizer.isEnabled = enabled }
        if !enabled { hideLoupe() }
    }

    /// The end of the non-empty selection within reach of `point` (the
    /// field's coordinates), the nearer if both are; nil for none.
    func selectionEnd(near point: Point) -> Int? {
        let range = selectedRange
        guard isEditing, !range.isEmpty else { return nil }
        func distance(_ offset: Int) -> Double {
            let rect = caretRect(forOffset: offset)
            let dx = point.x < rect.minX ? rect.minX - point.x : point.x > rect.maxX ? point.x - rect.maxX : 0
            let dy = point.y < rect.minY ? rect.minY - point.y : point.y > rect.maxY ? point.y - rect.maxY : 0
            return (dx * dx + dy * dy).squareRoot()
        }
        let lower = distance(range.lowerBound), upper = distance(range.upperBound)
        let nearer = upper <= lower ? range.upperBound : range.lowerBound
        return min(lower, upper) <= Self.selectionEndReach ? nearer : nil
    }

    private func textTapped(_ recognizer: GestureRecognizer, count: Int) {
        guard recognizer.state == .ended, isEditing else { return }
        let offset = offset(closestTo: recognizer.location(in: self))
        switch count {
        case 1:
            // iOS snaps a single tap to the nearer edge of the word under it.
            let word = buffer.range(enclosing: offset, granularity: .word)
            let caret = word.map { offset - $0.lowerBound < $0.upperBound - offset ? $0.lowerBound : $0.upperBound } ?? offset
            applySelection { $0.setCaret(caret) }
        case 2:
            if let word = buffer.range(enclosing: offset, granularity: .word) ?? nearestWord(to: offset) {
                applySelection { $0.select(word) }
            }
        default:
            applySelection { $0.selectAll() }
        }
    }

    /// The word nearest to `offset` when none encloses it (a tap on the space between words, or past the end).
    private func nearestWord(to offset: Int) -> Range<Int>? {
        let before = buffer.previousWordStart(before: offset)
        if let word = buffer.range(enclosing: before, granularity: .word), word.upperBound <= offset { return word }
        let after = buffer.nextWordEnd(after: offset)
        return after > 0 ? buffer.range(enclosing: after - 1, granularity: .word) : nil
    }

    private func loupePressChanged(_ recognizer: GestureRecognizer) {
        switch recognizer.state {
        case .began, .changed:
            let caret = offset(closestTo: recognizer.location(in: self))
            applySelection { $0.setCaret(caret) }
            showLoupe(at: recognizer.location(in: nil), caret: caretOffset)
        default:
            hideLoupe()
        }
    }

    private func selectionEndDragChanged(_ recognizer: GestureRecognizer) {
        guard let drag = recognizer as? SelectionEndDragRecognizer else { return }
        switch recognizer.state {
        case .began, .changed:
            let end = offset(closestTo: recognizer.location(in: self))
            let anchor = drag.anchor
            // An end dragged onto its anchor keeps one grapheme selected, as iOS's handles do.
            let moved = end == anchor ? (end > 0 && end >= buffer.count ? buffer.graphemeBoundary(before: end)
                                                                        : buffer.graphemeBoundary(after: end)) : end
            applySelection { $0.select(anchor: anchor, caret: moved) }
            showLoupe(at: recognizer.location(in: nil), caret: caretOffset)
        default:
            hideLoupe()
        }
    }

    private func showLoupe(at point: Point, caret: Int) {
        if let loupe {
            guard loupe.point != point || loupe.caretOffset != caret else { return }
            loupe.point = point
            loupe.caretOffset = caret
        } else {
            loupe = TextLoupeSession(point: point, caretOffset: caret)
        }
        loupeObservers.post(loupe)
    }

    func hideLoupe() {
        guard loupe != nil else { return }
        loupe = nil
        loupeObservers.post(nil)
    }
}
