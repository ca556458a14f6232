// swift-tools-version: 6.1
import PackageDescription

/// System libraries come from Debian's -dev packages; `scripts/setup` installs them.
func systemLibrary(_ name: String, pkgConfig: String? = nil, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkgConfig, providers: [.apt(apt)])
}

let package = Package(
    name: "Shaderbench",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "shaderbench", targets: ["shaderbench"]),
        .library(name: "ShaderLanguage", targets: ["ShaderLanguage"]),
        .library(name: "ShaderGraph", targets: ["ShaderGraph"]),
        .library(name: "GPU", targets: ["GPU"]),
        // What exported Swift code links: a composition embedded in an app. Dynamic, so an app (or a test)
        // can link it with swiftc alone.
        .library(name: "ShaderbenchKit", type: .dynamic, targets: ["ShaderbenchKit"]),
        .library(name: "V4L2Emulator", type: .dynamic, targets: ["V4L2Emulator"]),
        // glslang and SPIRV-Cross, which ShaderTranslation opens only when a shader first needs translating.
        .library(name: "ShaderbenchDesktopGLSL", type: .dynamic, targets: ["DesktopGLSLCompiler"]),
        // assimp, in a process of its own beside shaderbench, which draw nodes run to read model files.
        .executable(name: "shaderbench-import", targets: ["shaderbench-import"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        systemLibrary("CGLES", pkgConfig: "glesv2", apt: ["libgles-dev"]),
        systemLibrary("CEGL", pkgConfig: "egl", apt: ["libegl-dev", "libegl-mesa0"]),
        systemLibrary("CGLFW", pkgConfig: "glfw3", apt: ["libglfw3-dev"]),
        systemLibrary("CInotifyTools", apt: ["libinotifytools0-dev"]),
        systemLibrary("CV4L2", pkgConfig: "libv4l2", apt: ["libv4l-dev"]),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: ["libpng-dev"]),
        systemLibrary("CTurboJPEG", pkgConfig: "libturbojpeg", apt: ["libturbojpeg0-dev"]),
        // libtiff's headers only: Images opens the library when a TIFF is first read. libwebp is linked: FFmpeg's
        // libavcodec loads it into every process anyway.
        systemLibrary("CTIFF", apt: ["libtiff-dev"]),
        systemLibrary("CWebP", pkgConfig: "libwebp", apt: ["libwebp-dev"]),
        // Dear ImGui and the stb libraries it builds fonts with. C++: only ImGuiBridge compiles against it.
        systemLibrary("CImGui", pkgConfig: "imgui", apt: ["libimgui-dev"]),
        // libFuzzer's driver, declared for the fuzzer's own main; only a -sanitize=fuzzer build links it.
        .systemLibrary(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        systemLibrary("CFFmpeg", pkgConfig: "libavformat",
                      apt: ["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev"]),
        // glslang, the reference GLSL front end, with its SPIR-V back end (static C++ archives), and SPIRV-Cross:
        // only DesktopGLSLCompiler, a shared library of its own, links them.
        systemLibrary("CGlslang", pkgConfig: "spirv", apt: ["glslang-dev"]),
        systemLibrary("CSPIRVCross", pkgConfig: "spirv-cross-c-shared", apt: ["libspirv-cross-c-shared-dev"]),
        // The desktop GLSL compiler's interface: its shared library's name and its functions' types.
        .systemLibrary(name: "CDesktopGLSL", path: "Sources/CDesktopGLSL"),
        // ALSA's and FFTW's headers only: Audio opens libasound and libfftw3f (single precision, which
        // libfftw3-dev installs beside the double one) when they are first needed.
        systemLibrary("CALSA", apt: ["libasound2-dev"]),
        systemLibrary("CFFTW", apt: ["libfftw3-dev"]),
        // liblo's headers only: OSC opens liblo when a window first listens or a composition first sends.
        systemLibrary("CLiblo", apt: ["liblo-dev"]),

        // System calls retried on EINTR with errno as typed errors, atomic writes, bounded reads, and the
        // process's streams and folders. The bottom layer: it imports nothing of ours.
        .target(name: "OperatingSystem"),
        // The shader-language front end: GLSL read into interfaces, the dialects, #line preparation, compiler-log
        // parsing, diagnostics. No GL, no C. The GLSL the dialects add around a user's shader lives in Shaders/,
        // embedded in the code.
        .target(name: "ShaderLanguage", dependencies: ["OperatingSystem"], resources: [.embedInCode("Shaders")]),
        // The pure model: compositions, validation, the frame plan. No GL, no C.
        .target(name: "ShaderGraph", dependencies: ["ShaderLanguage", "OperatingSystem", "VideoFrames", .product(name: "Yams", package: "Yams")]),
        // libpng's classic reader behind a C interface, for PNGs kept at 16 bits: its errors arrive by longjmp,
        // which needs a setjmp that Swift cannot write.
        .target(name: "PNGBridge", dependencies: ["CPNG"]),
        // Image files in and out (PNG through libpng, JPEG through libjpeg-turbo, TIFF through libtiff, WebP
        // through libwebp), as RGBA8 pixels, or 16-bit ones where the file has them.
        .target(name: "Images", dependencies: ["OperatingSystem", "CPNG", "PNGBridge", "CTurboJPEG", "CTIFF", "CWebP"]),
        // The shape every frame producer shares: a frame of planes with its colour description, and the
        // source protocol the GPU takes them through. Pure Swift.
        .target(name: "VideoFrames"),
        // Desktop GLSL rewritten as GLSL ES (glslang to SPIR-V, SPIRV-Cross back to GLSL ES), for the shaders a
        // GLES driver refuses. Its own GLSL lives in Shaders/, embedded in the code.
        .target(name: "ShaderTranslation", dependencies: ["OperatingSystem", "CDesktopGLSL"],
                resources: [.embedInCode("Shaders")]),
        // glslang and SPIRV-Cross behind CDesktopGLSL's two functions (C), linked only into their shared library.
        // pkg-config's `spirv` lists glslang's static C++ archives in link order; the default limits and the C++
        // runtime are not in it.
        .target(name: "DesktopGLSLCompiler", dependencies: ["CGlslang", "CSPIRVCross"],
                linkerSettings: [.linkedLibrary("glslang-default-resource-limits"), .linkedLibrary("stdc++")]),
        // Safe Swift over EGL and GLES, and the one graph executor. Its own GLSL lives in Shaders/, embedded
        // in the code.
        .target(name: "GPU", dependencies: ["ShaderGraph", "ShaderLanguage", "ShaderTranslation", "Images", "VideoFrames", "OperatingSystem", "CGLES", "CEGL"],
                resources: [.embedInCode("Shaders")]),
        // libpipewire behind plain C calls (listing cameras, capturing, publishing), compiled against
        // libpipewire-0.3-dev's headers, whose interface is inline functions and variadic macros; it opens the
        // library when a PipeWire camera or output is first used.
        .target(name: "PipeWireBridge",
                cSettings: [.unsafeFlags(["-I/usr/include/pipewire-0.3", "-I/usr/include/spa-0.2", "-D_REENTRANT"])]),
        // Live cameras through libv4l2 and PipeWire: discovery, format choice, a capture thread per camera, and
        // the outputs other programs read as cameras.
        .target(name: "Capture", dependencies: ["ShaderGraph", "VideoFrames", "OperatingSystem", "CV4L2", "CTurboJPEG", "PipeWireBridge"]),
        // Movie files through FFmpeg's libraries: decoding on a thread of its own, encoding and muxing.
        .target(name: "Media", dependencies: ["VideoFrames", "OperatingSystem", "CFFmpeg"]),
        // Sound for ISF's audio inputs: live capture through ALSA on a thread of its own, and spectra through FFTW.
        .target(name: "Audio", dependencies: ["OperatingSystem", "CALSA", "CFFTW"]),
        // Open Sound Control over UDP through liblo: a listening thread that hands messages on, and a sender.
        .target(name: "OSC", dependencies: ["OperatingSystem", "CLiblo"]),
        // MIDI through the ALSA sequencer: a client with one input port, read on a thread of its own.
        .target(name: "MIDI", dependencies: ["OperatingSystem", "CALSA"]),
        // The producers behind a composition's live nodes: cameras from Capture, movies from Media, sound
        // from Media's files and Audio's capture.
        .target(name: "LiveSources", dependencies: ["ShaderGraph", "ShaderLanguage", "GPU", "VideoFrames", "Capture", "Media", "Audio", "OperatingSystem"]),
        // Compositions embedded in apps: their files in the source, their inputs fed by the app.
        .target(name: "ShaderbenchKit", dependencies: ["ShaderGraph", "ShaderLanguage", "GPU", "Images"]),
        // Compositions as library code: Swift on ShaderbenchKit, or self-contained C. The runtime C exports
        // carry is C in Runtime/, embedded in the code.
        .target(name: "Export", dependencies: ["ShaderGraph", "ShaderLanguage", "ShaderTranslation", "GPU"], resources: [.embedInCode("Runtime")]),
        // Batch work without a window: render to files, check shaders.
        .target(name: "Headless", dependencies: ["ShaderGraph", "ShaderLanguage", "Images", "GPU", "VideoFrames", "LiveSources", "Capture", "Media", "OSC", "OperatingSystem"]),
        // Files watched through inotify, reporting each settled save once.
        .target(name: "Watch", dependencies: ["OperatingSystem", "CInotifyTools"]),
        // Dear ImGui behind a C interface, with its GLFW and GLES 3 backends: Debian's example sources, compiled
        // as they are from where libimgui-dev installs them (they include their headers by bare name). ImGui
        // 1.86's own header memsets classes, which newer Clang warns about in every file that includes it.
        .target(
            name: "ImGuiBridge",
            dependencies: ["CImGui", "CGLFW", "CGLES"],
            cxxSettings: [
                .define("IMGUI_IMPL_OPENGL_ES3"),
                .unsafeFlags(["-I/usr/include/imgui/backends", "-I/usr/share/doc/libimgui-dev/examples/backends",
                              "-Wno-nontrivial-memcall"]),
            ]
        ),
        // The window's interface over the image (heads-up display, help, errors, the parameter panel) in Swift,
        // drawn by Dear ImGui with the GL state saved and restored around it through the GPU module.
        .target(name: "Overlay", dependencies: ["GPU", "Images", "ImGuiBridge"]),
        // The live window: GLFW, the reload loop, overlays and keys.
        .target(name: "Workbench", dependencies: ["ShaderGraph", "ShaderLanguage", "GPU", "Images", "VideoFrames", "LiveSources", "Capture", "Media", "Headless", "Watch", "Overlay", "OSC", "MIDI", "OperatingSystem", "CGLFW"]),
        .executableTarget(
            name: "shaderbench",
            dependencies: ["Headless", "Workbench", "Export", "ShaderGraph", "ShaderLanguage", "Capture", "Media", "OperatingSystem", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Reads a model file through assimp and writes it as one mesh: a process of its own, because Debian's
        // assimp aborts, loops or exhausts memory on some damaged files (ModelImport limits it).
        .executableTarget(name: "shaderbench-import", linkerSettings: [.linkedLibrary("assimp")]),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["GPU", "ShaderGraph", "ShaderLanguage", "Images", "VideoFrames", "Capture", "Media", "CGLES", "OSC", "OperatingSystem", "TestSupport"],
            path: "Benchmarks"
        ),

        // The parts that read untrusted bytes, as functions a fuzzer drives; the tests replay the saved corpus.
        .target(name: "FuzzTargets", dependencies: ["ShaderGraph", "ShaderLanguage", "Images", "Capture", "OSC"]),
        // libFuzzer's entry when `scripts/fuzz` builds it with -sanitize=fuzzer; otherwise replays files.
        .executableTarget(name: "shaderbench-fuzz", dependencies: ["FuzzTargets", "CLibFuzzer"]),

        // Real processes and temporary folders for the end-to-end tests.
        .target(name: "TestSupport", dependencies: ["Images", "OperatingSystem", "VideoFrames"], path: "Tests/TestSupport"),
        // An emulated V4L2 camera, preloaded into the real binary by the capture tests.
        .target(name: "V4L2Emulator", dependencies: ["CTurboJPEG"], path: "Tests/V4L2Emulator"),

        .testTarget(name: "OperatingSystemTests", dependencies: ["OperatingSystem", "TestSupport"]),
        .testTarget(name: "ShaderGraphTests", dependencies: ["ShaderGraph", "ShaderLanguage", "VideoFrames", "TestSupport"], resources: [.copy("Fixtures")]),
        // glslang and SPIRV-Cross on real shader text: translations, their errors' places, the cache.
        .testTarget(name: "ShaderTranslationTests", dependencies: ["ShaderTranslation"]),
        .testTarget(name: "ImagesTests", dependencies: ["Images", "TestSupport"]),
        .testTarget(name: "GPUTests", dependencies: ["GPU", "ShaderGraph", "ShaderLanguage", "ShaderTranslation", "Images", "VideoFrames", "CGLES", "TestSupport"]),
        // Goldens live beside the tests and are read from the checkout, so updating them is one command.
        .testTarget(
            name: "HeadlessTests",
            dependencies: ["Headless", "GPU", "LiveSources", "ShaderGraph", "ShaderLanguage", "Images", "Media", "VideoFrames", "OperatingSystem", "OSC", "TestSupport", "shaderbench"],
            exclude: ["Goldens"]
        ),
        .testTarget(name: "WatchTests", dependencies: ["Watch", "TestSupport"]),
        .testTarget(name: "CaptureTests", dependencies: ["Capture", "ShaderGraph", "VideoFrames", "TestSupport"]),
        // Spectra of known tones, and capture from an ALSA device that reads a file.
        .testTarget(name: "AudioTests", dependencies: ["Audio", "OperatingSystem", "TestSupport"]),
        .testTarget(name: "MIDITests", dependencies: ["MIDI", "CALSA"]),
        // Movies made by the ffmpeg command with known content, decoded and encoded through Media.
        .testTarget(name: "MediaTests", dependencies: ["Media", "VideoFrames", "Images", "OperatingSystem", "TestSupport"]),
        // The real executable against the emulated camera.
        .testTarget(name: "CameraTests", dependencies: ["Images", "TestSupport", "shaderbench"]),
        // Exported code compiled by cc and swiftc and run against the real executable's renders.
        .testTarget(name: "ExportTests", dependencies: ["Export", "GPU", "ShaderGraph", "ShaderLanguage", "Images", "TestSupport", "shaderbench", "ShaderbenchKit"],
                    exclude: ["Harness"]),
        // The interface in a real GLFW window on a display of the tests' own.
        .testTarget(name: "OverlayTests", dependencies: ["Overlay", "CGLFW", "CGLES", "TestSupport"]),
        .testTarget(name: "WorkbenchTests", dependencies: ["GPU", "ShaderGraph", "ShaderLanguage", "Images", "OperatingSystem", "Overlay", "TestSupport", "Workbench", "OSC", "MIDI", "shaderbench"]),
        // Every input fuzzing saved (Tests/FuzzCorpus), replayed through its target.
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "TestSupport"]),
        // Reads the manifest and every import: modules stand in layers and imports only point down.
        .testTarget(name: "PackageLayoutTests"),
        // Proves every system library links, including those whose wrappers arrive later.
        .testTarget(name: "SystemLibraryTests", dependencies: ["CGLFW", "CInotifyTools", "CV4L2", "CEGL", "CGLES", "CFFmpeg"]),
    ]
)
