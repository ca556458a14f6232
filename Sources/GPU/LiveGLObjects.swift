import Foundation

/// The GL objects the workbench's wrappers hold on the calling thread. Each `GLObject` adds itself when it is
/// made or adopted and takes itself off when it is deleted, so this is the one place that knows.
///
/// Counted per thread because GL works per thread: a context is current on one thread, and its objects are
/// made and deleted there. A program linked on a compiling thread is handed over uncounted and counted where
/// a wrapper adopts it. A test, or a window's render loop, therefore reads its own objects, whatever other
/// threads are drawing at the same time.
public enum LiveGLObjects {
    /// What the wrappers on this thread hold now.
    public static var counts: GLObjectCounts { tally.counts }

    static func change(_ kind: GLObject.Kind, by delta: Int) {
        let tally = tally
        switch kind {
        case .texture: tally.counts.textures += delta
        case .framebuffer: tally.counts.framebuffers += delta
        case .buffer: tally.counts.buffers += delta
        case .vertexArray: tally.counts.vertexArrays += delta
        case .program: tally.counts.programs += delta
        case .vertexShader, .fragmentShader, .computeShader: tally.counts.shaders += delta
        case .query: tally.counts.queries += delta
        }
    }

    private final class Tally {
        var counts = GLObjectCounts()
    }

    private static let key = "shaderbench.liveGLObjects"

    private static var tally: Tally {
        let storage = Thread.current.threadDictionary
        if let tally = storage[key] as? Tally { return tally }
        let tally = Tally()
        storage[key] = tally
        return tally
    }
}
