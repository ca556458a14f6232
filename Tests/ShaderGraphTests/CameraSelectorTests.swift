import ShaderGraph
import Testing

@Suite("Naming a camera")
struct CameraSelectorTests {
    @Test("auto, a path, an index or part of the card's name", arguments: [
        ("auto", CameraSelector.auto), ("/dev/video2", .path("/dev/video2")), ("1", .index(1)),
        ("Logitech", .name("Logitech")), ("", .auto),
    ])
    func parsing(text: String, expected: CameraSelector) {
        #expect(CameraSelector(parsing: text) == expected)
    }
}
