/// Estimates the velocity of a moving point from its recent samples, by a
/// least-squares line through them: what the pan and the other continuous
/// recognizers report as `velocity`.
///
/// Only the samples of the last `horizon` seconds (100 ms, as Flutter's and
/// Android's velocity trackers use) take part, so a gesture that slows down
/// reports its current speed, not its average. A straight line fits a
/// constant-speed drag exactly, so such a drag reports its true speed
/// however its samples are spaced. Samples at the same instant replace one
/// another: several fingers that move in one frame arrive as several samples
/// with one timestamp, and only the last (all fingers moved) is the frame's
/// position.
///
/// It keeps at most `capacity` samples in storage reserved once, so adding
/// a sample allocates nothing.
public struct VelocityTracker: Sendable {
    /// How far back samples count, in seconds.
    public static let horizon = GestureConstants.velocityHorizon
    /// The most samples kept.
    public static let capacity = 20

    private struct Sample: Sendable {
        var time: Double
        var x: Double
        var y: Double
    }

    /// Kept in time order; the oldest is dropped when full.
    private var samples: [Sample] = []

    /// Creates an empty tracker.
    public init() {
        samples.reserveCapacity(Self.capacity)
    }

    /// Records where the point is at `time` (seconds); non-finite samples are ignored.
    public mutating func add(_ point: Point, at time: Double) {
        guard point.isFinite, time.isFinite else { return }
        if let last = samples.last {
            if time == last.time {
                samples[samples.count - 1] = Sample(time: time, x: point.x, y: point.y)
                return
            }
            // A sample from the past would bend the line: time restarts from it.
            if time < last.time { samples.removeAll(keepingCapacity: true) }
        }
        if samples.count == Self.capacity { samples.removeFirst() }
        samples.append(Sample(time: time, x: point.x, y: point.y))
    }

    /// Moves every sample by `offset`, as when the origin the positions are
    /// measured from changes: the velocity stays what it was.
    public mutating func shift(by offset: Point) {
        guard offset.isFinite else { return }
        for index in samples.indices {
            samples[index].x += offset.x
            samples[index].y += offset.y
        }
    }

    /// Forgets every sample.
    public mutating func reset() {
        samples.removeAll(keepingCapacity: true)
    }

    /// The velocity in points per second: the slope of the least-squares
    /// line through the samples of the last `horizon` seconds; zero with
    /// fewer than two distinct instants.
    public var velocity: Point {
        guard let newest = samples.last else { return .zero }
        var count = 0.0
        var sumT = 0.0, sumX = 0.0, sumY = 0.0
        var index = samples.count - 1
        // A hair of tolerance: samples exactly `horizon` apart still count
        // whatever rounding their timestamps took.
        let oldest = Self.horizon * (1 + 1e-9)
        while index >= 0, newest.time - samples[index].time <= oldest {
            // Times relative to the newest keep the sums well conditioned at any epoch.
            let sample = samples[index]
            sumT += sample.time - newest.time
            sumX += sample.x
            sumY += sample.y
            count += 1
            index -= 1
        }
        guard count >= 2 else { return .zero }
        let meanT = sumT / count, meanX = sumX / count, meanY = sumY / count
        var covarianceX = 0.0, covarianceY = 0.0, varianceT = 0.0
        for sample in samples[(index + 1)...] {
            let dt = sample.time - newest.time - meanT
            covarianceX += dt * (sample.x - meanX)
            covarianceY += dt * (sample.y - meanY)
            varianceT += dt * dt
        }
        guard varianceT > 0 else { return .zero }
        let velocity = Point(x: covarianceX / varianceT, y: covarianceY / varianceT)
        return velocity.isFinite ? velocity : .zero
    }
}
