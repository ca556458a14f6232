/// A camera's or movie's frame converted to RGBA from its planes as they were uploaded, written as the first
/// member of a fused chain (`ShaderFusion`), so that the pass that reads the frame at its own pixel converts it
/// in its own program instead of reading an image a conversion pass drew. It reads every plane at the pass's
/// own coordinate with nearest filtering, which finds each pixel's stored chroma sample as the conversion pass
/// does; that holds for a frame shown upright, with square pixels, at the pass's size. Any other frame is
/// converted by the pass as before and read whole from the first plane's unit (`Layout.image`).
package enum FrameConversionMember {
    /// How the planes hold the frame: the values of the `layout` uniform.
    package enum Layout: Int32, Sendable {
        /// The first unit holds the frame already converted.
        case image = 0
        /// Luma, Cb and Cr, each a plane of its own at any subsampling.
        case threePlanes
        /// Luma, then Cb and Cr interleaved.
        case nv12
        /// Packed 4:2:2, a pair of pixels to an RGBA texel: Y0 Cb Y1 Cr.
        case yuyv
        /// Packed 4:2:2: Cb Y0 Cr Y1.
        case uyvy
    }

    /// The node-independent name its text gives each thing the workbench sets.
    package static let planes = ["framePlane0", "framePlane1", "framePlane2"]
    package static let layout = "frameLayout"
    package static let matrix = "frameMatrix"
    package static let offset = "frameOffset"
    /// The frame's width in pixels, which tells a packed pair's halves apart.
    package static let width = "frameWidth"
    /// The coordinate it reads at: GPUImage's, which a pass that reads it must use too.
    package static let coordinate = "textureCoordinate"

    /// The member as a shader of `version`, which must be the rest of the chain's.
    package static func shader(version: GLSLVersion) -> PreparedShader {
        let es100 = version == .es100
        let texture = es100 ? "texture2D" : "texture"
        let colour = es100 ? "gl_FragColor" : "frameColour"
        let lines = (es100 ? [] : [version.directive]) + [
            "\(es100 ? "varying" : "in") highp vec2 \(coordinate);",
        ] + planes.map { "uniform sampler2D \($0);" } + [
            "uniform int \(layout);",
            "uniform highp mat3 \(matrix);",
            "uniform highp vec3 \(offset);",
            "uniform highp float \(width);",
        ] + (es100 ? [] : ["out vec4 \(colour);"]) + [
            "void main() {",
            "    highp vec4 first = \(texture)(\(planes[0]), \(coordinate));",
            "    if (\(layout) == \(Layout.image.rawValue)) {",
            "        \(colour) = first;",
            "        return;",
            "    }",
            "    highp vec3 codes;",
            "    if (\(layout) == \(Layout.threePlanes.rawValue)) {",
            "        codes = vec3(first.r, \(texture)(\(planes[1]), \(coordinate)).r, \(texture)(\(planes[2]), \(coordinate)).r);",
            "    } else if (\(layout) == \(Layout.nv12.rawValue)) {",
            "        codes = vec3(first.r, \(texture)(\(planes[1]), \(coordinate)).rg);",
            "    } else {",
            "        bool even = mod(floor(\(coordinate).x * \(width)), 2.0) < 0.5;",
            "        codes = \(layout) == \(Layout.yuyv.rawValue) ? vec3(even ? first.r : first.b, first.g, first.a)",
            "                                  : vec3(even ? first.g : first.a, first.r, first.b);",
            "    }",
            "    \(colour) = vec4(clamp(\(matrix) * (codes - \(offset)), 0.0, 1.0), 1.0);",
            "}",
        ]
        let source = SourceText(path: "the frame conversion", text: lines.joined(separator: "\n"))
        do {
            return PreparedShader(source: source, interface: try ShaderInterface.read(source, files: .embedded(texts: [:], otherFiles: [], filterFolder: "")))
        } catch {
            preconditionFailure("the frame conversion member does not read as GLSL: \(error)")
        }
    }
}
