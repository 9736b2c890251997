// The umbrella module: `import InteractionKitLinux` gives the engine, the
// large content viewer and the components, as swift-nio's `NIO` re-exports
// `NIOCore`. Each layer is its own target so that the compiler keeps the
// lower ones from naming the upper ones (Design.md, "The targets and what each may import").
@_exported import InteractionKitCore
@_exported import InteractionKitLargeContentViewer
@_exported import InteractionKitComponents
