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
        .library(name: "ShaderGraph", targets: ["ShaderGraph"]),
        .library(name: "GPU", targets: ["GPU"]),
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

        // The pure model: compositions, validation, shader interfaces, diagnostics. No GL, no C.
        .target(name: "ShaderGraph", dependencies: [.product(name: "Yams", package: "Yams")]),
        // Image files in and out (PNG through libpng, JPEG through libjpeg-turbo), as RGBA8 pixels.
        .target(name: "Images", dependencies: ["CPNG", "CTurboJPEG"]),
        // Safe Swift over EGL and GLES, and the one graph executor.
        .target(name: "GPU", dependencies: ["ShaderGraph", "Images", "CGLES", "CEGL"]),
        // Batch work without a window: render to files, check shaders.
        .target(name: "Headless", dependencies: ["ShaderGraph", "Images", "GPU"]),
        .executableTarget(
            name: "shaderbench",
            dependencies: ["Headless", "ShaderGraph", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["GPU", "ShaderGraph", "Images", "CGLES"],
            path: "Benchmarks"
        ),

        .testTarget(name: "ShaderGraphTests", dependencies: ["ShaderGraph"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ImagesTests", dependencies: ["Images"]),
        .testTarget(name: "GPUTests", dependencies: ["GPU", "ShaderGraph", "Images", "CGLES"]),
        // Goldens live beside the tests and are read from the checkout, so updating them is one command.
        .testTarget(
            name: "HeadlessTests",
            dependencies: ["Headless", "GPU", "ShaderGraph", "Images", "shaderbench"],
            exclude: ["Goldens"]
        ),
        // Proves every system library links, including those whose wrappers arrive later.
        .testTarget(name: "SystemLibraryTests", dependencies: ["CGLFW", "CInotifyTools", "CV4L2", "CEGL", "CGLES"]),
    ]
)
