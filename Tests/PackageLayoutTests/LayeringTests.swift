import Foundation
import Testing

/// The package's modules stand in layers, and imports only point down: a module may use the layers below
/// it, never its own or one above. The graph is read from the manifest itself (`swift package
/// dump-package`), and every module's imports from its source files.
@Suite("Layering")
struct LayeringTests {
    /// From the bottom up. A new module must be placed here before its first test run.
    static let layers: [[String]] = [
        // Module maps over Debian's C libraries.
        ["CGLES", "CEGL", "CGLFW", "CInotifyTools", "CV4L2", "CPNG", "CTurboJPEG", "CTIFF", "CWebP", "CImGui", "CFFmpeg",
         "CLibFuzzer", "CGlslang", "CSPIRVCross", "CDesktopGLSL", "CALSA", "CFFTW", "CLiblo"],
        // System calls, files and streams; the frame shape every live source shares; the emulated camera (C);
        // Dear ImGui behind a C interface, with its GLFW and GLES backends; libpng's classic reader (C); glslang and
        // SPIRV-Cross behind the desktop GLSL compiler's interface (C, a shared library of its own); libpipewire
        // behind plain C calls; assimp's import, a program of its own (C).
        ["OperatingSystem", "VideoFrames", "V4L2Emulator", "ImGuiBridge", "PNGBridge", "DesktopGLSLCompiler", "PipeWireBridge", "shaderbench-import"],
        // The shader language: GLSL, its dialects and the driver's logs, read without a composition.
        ["ShaderLanguage"],
        // The pure model, and the wrappers over C libraries (two each for the desktop GLSL translation and sound).
        ["ShaderGraph", "Images", "Watch", "Media", "ShaderTranslation", "Audio", "OSC", "MIDI"],
        // The one GL owner; cameras, which take their settings from the model.
        ["GPU", "Capture"],
        // What builds on the GPU: live sources, the interface over the image, exports, embedding, test support.
        ["LiveSources", "Overlay", "Export", "ShaderbenchKit", "TestSupport", "FuzzTargets"],
        // Batch work without a window.
        ["Headless"],
        // The live window.
        ["Workbench"],
        // The executables: argument parsing, and the benchmarks.
        ["shaderbench", "Benchmarks", "shaderbench-fuzz"],
    ]

    struct Target {
        var name: String
        var kind: String
        var path: String
        var excluded: [String]
        var dependencies: [String]
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The manifest's targets, read by SwiftPM in a scratch folder of its own so a running build's lock on
    /// `.build` does not hold it up.
    static func targets() throws -> [Target] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("layering-" + UUID().uuidString).path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", root, "--scratch-path", scratch, "dump-package"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let targets = manifest["targets"] as? [[String: Any]] else {
            throw LayeringError("swift package dump-package failed (status \(process.terminationStatus))")
        }
        return targets.compactMap { target in
            guard let name = target["name"] as? String, let kind = target["type"] as? String else { return nil }
            let dependencies = (target["dependencies"] as? [[String: [Any]]] ?? []).compactMap { dependency in
                dependency["byName"]?.first as? String ?? dependency["target"]?.first as? String ?? dependency["product"]?.first as? String
            }
            let folder = kind == "test" ? "Tests" : "Sources"
            return Target(name: name, kind: kind, path: target["path"] as? String ?? "\(folder)/\(name)",
                          excluded: target["exclude"] as? [String] ?? [], dependencies: dependencies)
        }
    }

    static func layer(of name: String) -> Int? {
        layers.firstIndex { $0.contains(name) }
    }

    /// The modules a target's Swift files import, each with a file that does.
    static func imports(of target: Target) throws -> [String: String] {
        let folder = root + "/" + target.path
        guard let files = FileManager.default.enumerator(atPath: folder) else { return [:] }
        var found: [String: String] = [:]
        for case let file as String in files where file.hasSuffix(".swift") {
            guard !target.excluded.contains(where: { file.hasPrefix($0 + "/") || file == $0 }) else { continue }
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                      words[..<index].allSatisfy({ $0.hasPrefix("@") || ["internal", "public", "package", "private", "fileprivate"].contains($0) })
                else { continue }
                found[String(words[index + 1])] = "\(target.path)/\(file)"
            }
        }
        return found
    }

    @Test("the manifest lists the modules this table places, and every module that is not a test has a layer")
    func everyModuleHasALayer() throws {
        let targets = try Self.targets()
        #expect(targets.count >= 30, "\(targets.map(\.name))")
        for target in targets where target.kind != "test" {
            #expect(Self.layer(of: target.name) != nil, "\(target.name) has no layer: place it in LayeringTests.layers")
        }
    }

    @Test("no module depends on a module of its own layer or one above")
    func dependenciesPointDown() throws {
        let targets = try Self.targets()
        let names = Set(targets.map(\.name))
        for target in targets where target.kind != "test" {
            guard let own = Self.layer(of: target.name) else { continue }
            for dependency in target.dependencies where names.contains(dependency) {
                let their = Self.layer(of: dependency) ?? .max
                #expect(their < own, "\(target.name) (layer \(own)) depends on \(dependency) (layer \(their))")
            }
        }
    }

    @Test("every module of the package a file imports is a declared dependency of its target")
    func importsAreDeclared() throws {
        let targets = try Self.targets()
        let names = Set(targets.map(\.name))
        var checked = 0
        for target in targets {
            for (module, file) in try Self.imports(of: target) where names.contains(module) && module != target.name {
                checked += 1
                #expect(target.dependencies.contains(module), "\(file) imports \(module), which \(target.name) does not depend on")
            }
        }
        #expect(checked > 50, "only \(checked) modules of the package were found imported")
    }
}

struct LayeringError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
