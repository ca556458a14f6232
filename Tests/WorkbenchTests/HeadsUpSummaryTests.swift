import Testing
@testable import Workbench

/// The first line of the heads-up display, which says how the window is drawing.
@Suite("The heads-up display's summary")
struct HeadsUpSummaryTests {
    static func status(framesPerSecond: Double, paused: Bool) -> HeadsUpDisplay.Status {
        HeadsUpDisplay.Status(composition: "sepia.yaml", node: "sepia", framesPerSecond: framesPerSecond, frameMilliseconds: 4.2,
                             paused: paused, compiling: false, framesDropped: 0, recording: nil, notices: [])
    }

    @Test("playing, it shows the frame rate and the time a frame takes")
    func playing() {
        #expect(HeadsUpDisplay.summary(of: Self.status(framesPerSecond: 59.9, paused: false))
                == "59.9 fps  ·  4.2 ms  ·  sepia.yaml  ·  node: sepia")
    }

    @Test("paused, it says paused where the rate was, even while a step redraws")
    func paused() {
        #expect(HeadsUpDisplay.summary(of: Self.status(framesPerSecond: 12, paused: true))
                == "paused  ·  sepia.yaml  ·  node: sepia")
    }

    @Test("with nothing changing, it says idle")
    func idle() {
        #expect(HeadsUpDisplay.summary(of: Self.status(framesPerSecond: 0, paused: false)) == "idle  ·  sepia.yaml  ·  node: sepia")
    }
}
