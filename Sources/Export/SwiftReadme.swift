/// The README snippet beside a Swift export: how to add it to a package and draw with it.
enum SwiftReadme {
    static func text(for export: SwiftExport) -> String {
        let type = export.typeName
        let instance = Identifier.lowerCamel(type, fallback: "graph")
        var feed = export.interface.inputs.map { input in
            "try \(instance).set\(Identifier.upperCamel(input.node, fallback: "Input"))(texture: \(Identifier.lowerCamel(input.node, fallback: "input"))Texture, width: width, height: height)"
        }
        if feed.isEmpty { feed = ["// (no inputs: it makes its own images)"] }
        return """
            # \(type)

            `\(type).swift` is a composition exported by `shaderbench export --swift`. It embeds the composition
            and its shaders, so it reads nothing from disk, and it draws the same pixels as the workbench.

            ## Add it

            Copy `\(type).swift` into a target that depends on ShaderbenchKit, the library product of a
            Shaderbench checkout:

            ```swift
            .package(path: "../shaderbench"),   // where your checkout is
            // in the target's dependencies:
            .product(name: "ShaderbenchKit", package: "shaderbench"),
            ```

            ## Draw with it

            On a thread with your OpenGL ES 3 context current:

            ```swift
            let \(instance) = try \(type)()
            \(feed.joined(separator: "\n"))
            try \(instance).render(seconds: time, frame: frameNumber, intoTexture: outputTexture, width: width, height: height)
            ```

            Inputs are RGBA textures with row 0 at the image's top (or RGBA8 pixels). The frame is exact at the
            render size (`renderSize`, by default the composition's) and scaled into any other size. Published
            parameters are properties, clamped to their ranges: \(export.parameterMembers.isEmpty ? "this composition has none" : export.parameterMembers.map { "`\($0)`" }.joined(separator: ", ")).

            """
    }
}
