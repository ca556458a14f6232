import Foundation
import TestSupport

/// Save-to-photon latency of the live window, measured from outside: the benchmark saves a shader the way
/// editors do (a temporary file renamed over it), notes CLOCK_MONOTONIC just before the rename, and reads
/// from the window's trace when the first frame drawn with the new program was presented.
enum ReloadBenchmark {
    static func run(saves: Int) throws {
        print("")
        print("Save-to-photon latency: \(saves) saves each, a moving pattern through the shader at 640×360, under Xvfb")
        print("shader      compile ms (median)   latency median   p95      max      normal frame   longest frame during reloads")
        for (name, text) in [("10 lines", ReloadShaders.small), ("150 lines", ReloadShaders.large)] {
            try measure(name: name, shader: text, saves: saves)
        }
    }

    static func measure(name: String, shader: (Int) -> String, saves: Int) throws {
        let window = try WindowedApp(files: ["edited.fsh": shader(0), "reload.yaml": """
            composition: 1
            size: [640, 360]
            nodes:
              source: { kind: pattern }
              edited: { kind: shader, file: edited.fsh, inputs: { inputImageTexture: source } }
            """], composition: "reload.yaml", showing: "edited")
        let shaderPath = window.folder.file("edited.fsh")
        let tracePath = window.tracePath
        let app = window.app
        Thread.sleep(forTimeInterval: 1)

        var latencies: [Double] = []
        var compiles: [Double] = []
        var reloadWindows: [(Double, Double)] = []
        for save in 1...saves {
            let temporary = shaderPath + ".saving"
            try shader(save).write(toFile: temporary, atomically: false, encoding: .utf8)
            let saved = monotonicSeconds()
            guard rename(temporary, shaderPath) == 0 else { throw TestSupportError("rename failed") }
            var photon: Double?
            _ = eventually(timeout: 30) {
                let trace = WindowTrace(path: tracePath)
                guard let program = trace.swappedProgram(for: "edited", after: saved) else { return false }
                photon = trace.firstFrame(after: saved, using: program)
                if photon != nil, let compile = trace.compileMilliseconds(after: saved) { compiles.append(compile) }
                return photon != nil
            }
            guard let photon else { throw TestSupportError("save \(save) never reached the screen: \(app.error)") }
            latencies.append((photon - saved) * 1000)
            reloadWindows.append((saved, photon))
            // Let a few normal frames pass so saves stay separate edits.
            Thread.sleep(forTimeInterval: 0.15)
        }

        let frames = WindowTrace(path: tracePath).frames
        var normal: [Double] = []
        var duringReloads: [Double] = []
        for (previous, next) in zip(frames, frames.dropFirst()) {
            let interval = (next - previous) * 1000
            if reloadWindows.contains(where: { next >= $0.0 && previous <= $0.1 }) {
                duringReloads.append(interval)
            } else {
                normal.append(interval)
            }
        }
        let row = [
            name.padding(toLength: 12, withPad: " ", startingAt: 0),
            String(format: "%10.1f", percentile(compiles, 0.5)).padding(toLength: 22, withPad: " ", startingAt: 0),
            String(format: "%8.1f ms", percentile(latencies, 0.5)),
            String(format: "%9.1f", percentile(latencies, 0.95)),
            String(format: "%9.1f", latencies.max() ?? .nan),
            String(format: "%12.1f ms", percentile(normal, 0.5)),
            String(format: "%14.1f ms", duringReloads.max() ?? .nan),
        ]
        print(row.joined(separator: ""))
        window.stop()
        if let keep = ProcessInfo.processInfo.environment["SHADERBENCH_KEEP_TRACES"] {
            try? FileManager.default.copyItem(atPath: tracePath, toPath: keep + "/reload-\(name.replacingOccurrences(of: " ", with: "-")).jsonl")
        }
    }
}
