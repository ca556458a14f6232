import Testing

/// The overlay's suite. Tests that draw make a GL context current on their own thread, so the suite runs
/// serialised; its tests are spread over files by subject, as extensions.
@Suite("Drawing the overlay", .serialized)
struct OverlayTests {}
