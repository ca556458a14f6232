@testable import Media
import Testing

struct MediaErrorTests {
    @Test func namesTheFileTheStepAndFFmpegsReason() {
        let error = MediaError(path: "clip.mp4", operation: "opening", code: -2)
        #expect(error.message == "clip.mp4: opening: No such file or directory")
    }
}
