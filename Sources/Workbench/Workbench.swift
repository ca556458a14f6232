import Foundation
import GPU
import LiveSources
import OperatingSystem
import OSC
import Overlay
import ShaderGraph
import ShaderLanguage

/// The live window: shows a composition, reloads it as its files are saved, and draws errors over the
/// last good output. Runs on the main thread until the window closes (`WindowLoop`); here are what its keys
/// write (screenshots, recordings) and what it says on the way out.
public enum Workbench {
    /// Frames are paced to this when the graph animates and the swap does not wait for the display.
    static let frameInterval = Duration.milliseconds(16)

    public static func run(_ options: WorkbenchOptions) throws(WindowError) {
        ProcessResources.keepFreedMemoryBetweenFrames()
        try WindowLoop(options).run()
    }

    /// Tuned values, learned controls and edited keys the window closes without (closed by the window manager or a signal): said on the terminal,
    /// as options that give them back.
    static func reportUnsaved(_ session: LiveSession) {
        let controls = session.unsavedControlMappings
        if !controls.isEmpty {
            let message = "\(controls.count) learned MIDI control\(controls.count == 1 ? " was" : "s were") not saved: "
                + controls.map { "\($0.key): \($0.text())" }.joined(separator: ", ")
            StandardStreams.error(Diagnostic.warning(message, code: .notSaved).rendered() + "\n")
        }
        let curves = session.unsavedKeyCurves
        if !curves.isEmpty {
            let message = "the keys of \(curves.count) parameter\(curves.count == 1 ? " were" : "s were") not saved; under 'animate:' they read "
                + curves.map { "\($0.node).\($0.parameter): \(KeyText.text(of: $0.keys, type: $0.type))" }.joined(separator: ", ")
            StandardStreams.error(Diagnostic.warning(message, code: .notSaved).rendered() + "\n")
        }
        let unsaved = session.unsavedValues
        guard !unsaved.isEmpty else { return }
        let options = unsaved.map { "--set \($0.name)=" + $0.value.map { "\($0)" }.joined(separator: ",") }
        let message = "\(unsaved.count) tuned value\(unsaved.count == 1 ? " was" : "s were") not saved; "
            + "to open with \(unsaved.count == 1 ? "it" : "them") again: shaderbench \(session.path) \(options.joined(separator: " "))"
        StandardStreams.error(Diagnostic.warning(message, code: .notSaved).rendered() + "\n")
    }

    static func recordResources(_ trace: TraceWriter) {
        let objects = LiveGLObjects.counts
        trace.record("resources", ["textures": .integer(objects.textures), "framebuffers": .integer(objects.framebuffers),
                                   "buffers": .integer(objects.buffers), "vertexArrays": .integer(objects.vertexArrays),
                                   "programs": .integer(objects.programs), "shaders": .integer(objects.shaders),
                                   "descriptors": .integer(ProcessResources.openDescriptors()),
                                   "residentBytes": .integer(ProcessResources.residentBytes())])
    }

    /// Starts recording the image shown, at its size, to a movie file or to the stream `streamingTo`.
    static func startRecording(_ session: LiveSession, image: RenderTarget?, sound: SoundtrackPlayer?, streamingTo url: String?) throws -> WindowRecorder {
        guard let image else { throw WindowError("nothing is shown yet") }
        let recorder = try WindowRecorder(name: outputName(session), streamingTo: url, imageSize: image.size,
                                          listen: sound?.isPlaying == true ? sound?.listen : session.liveSound?.listen)
        StandardStreams.output("\(recorder.isStream ? "streaming" : "recording"): \(recorder.path)\n")
        return recorder
    }

    /// Records one shown frame; a message when the recording had to end.
    static func record(_ image: RenderTarget, with recorder: WindowRecorder) -> String? {
        guard image.size == recorder.size else {
            return "recording stopped: the image changed size. " + finishRecording(recorder)
        }
        do {
            try recorder.record(image)
            return nil
        } catch {
            StandardStreams.error(Diagnostic.error("recording \(recorder.path): \(error)", code: .outputNotWritten).rendered() + "\n")
            if recorder.isStream { return "streaming stopped: \(error)" }
            return "recording stopped: \(error); what was recorded is in \(recorder.path)"
        }
    }

    /// Closes the movie; what to tell the user.
    static func finishRecording(_ recorder: WindowRecorder) -> String {
        do {
            try recorder.finish()
            let dropped = recorder.framesDropped > 0 ? ", \(recorder.framesDropped) frames dropped" : ""
            let verb = recorder.isStream ? "streamed" : "recorded"
            StandardStreams.output("\(verb) \(recorder.path) (\(String(format2: recorder.writtenDuration ?? recorder.elapsed)) s\(dropped))\n")
            return "\(verb) \(recorder.path)"
        } catch {
            StandardStreams.error(Diagnostic.error("finishing \(recorder.path): \(error)", code: .outputNotWritten).rendered() + "\n")
            return "recording \(recorder.path) could not be finished: \(error)"
        }
    }

    static func outputName(_ session: LiveSession) -> String {
        session.path.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? "shaderbench"
    }

    static func saveScreenshot(_ session: LiveSession) -> String {
        guard let image = session.executor.flatMap({ $0.image(of: session.shownNode) }) else {
            return "nothing to save yet"
        }
        do {
            let path = try Screenshots.save(image, name: outputName(session))
            StandardStreams.output("screenshot: \(path)\n")
            return "screenshot saved to \(path)"
        } catch {
            StandardStreams.error(Diagnostic.error("screenshot not saved: \(error)", code: .outputNotWritten).rendered() + "\n")
            return "screenshot not saved: \(error)"
        }
    }
}
