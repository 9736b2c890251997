// The project's tests use the testing product that toolkits use
// (`TouchDriver`, `ControlEventRecorder`, `GestureStateRecorder`), so every
// test target that imports this support module sees it too.
@_exported import InteractionKitTesting
