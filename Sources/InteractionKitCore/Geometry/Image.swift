/// A platform-agnostic reference to an image: a name a toolkit resolves, and
/// the image's intrinsic size in points.
public struct Image: Hashable, Sendable {
    /// The name the toolkit uses to find the image (an asset or symbol name).
    public var name: String
    /// The image's intrinsic size, used when it is drawn unscaled.
    public var size: Size

    /// Creates an image reference.
    public init(name: String, size: Size = Size(width: 24, height: 24)) {
        self.name = name
        self.size = size
    }
}
