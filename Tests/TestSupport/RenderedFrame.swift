import Foundation
import Images

/// One frame of `path` (a composition or a lone shader) as `shaderbench render` draws it at `size`: frame `start`,
/// after the `frames - 1` before it when more are asked (so feedback and accumulation are as a render has them),
/// with `arguments` added. A render that fails throws with what it printed.
public func renderedFrame(_ path: String, in folder: TemporaryFolder, size: String = "4x2", frames: Int = 1, start: Int = 0,
                          _ arguments: [String] = []) throws -> RGBAImage {
    let result = try runShaderbench(["render", path, "--out", folder.file("rendered-%d.png"), "--size", size, "--frames", "\(frames)",
                                     "--start", "\(start)"] + arguments)
    guard result.status == 0 else { throw TestSupportError("render \(path) failed (\(result.status)): \(result.error)") }
    return try ImageFile.read(path: folder.file("rendered-\(start + frames - 1).png"))
}
