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

    @Test("recording, a red line says REC for a movie file and LIVE for a network stream, with the time and the frames dropped")
    func recording() {
        #expect(HeadsUpDisplay.recordingLine((seconds: 75.2, dropped: 0, isStream: false)) == "● REC 1:15.2")
        #expect(HeadsUpDisplay.recordingLine((seconds: 3.5, dropped: 2, isStream: true)) == "● LIVE 0:03.5  ·  2 frames dropped")
    }

    @Test("with nothing changing, it says idle")
    func idle() {
        #expect(HeadsUpDisplay.summary(of: Self.status(framesPerSecond: 0, paused: false)) == "idle  ·  sepia.yaml  ·  node: sepia")
    }
}
