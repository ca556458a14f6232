/// A camera's or movie's frame converted to RGBA from its planes as they were uploaded, written as the first
/// member of a fused chain (`ShaderFusion`), so that the pass that reads the frame at its own pixel converts it
/// in its own program instead of reading an image a conversion pass drew. It reads every plane at the pass's
/// own coordinate with nearest filtering, which finds each pixel's stored chroma sample as the conversion pass
/// does; that holds for a frame shown upright, with square pixels, at the pass's size. Any other frame is
/// converted by the pass as before and read whole from the first plane's unit (`Layout.image`).
package enum FrameConversionMember {
    /// How the planes hold the frame: the values of the `layout` uniform, which the member's text compares
    /// with these numbers.
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

    /// The member, in `Shaders/frame-conversion-member.frag.glsl`: GLSL ES 1.00, which a chain of 3.x passes
    /// (a 3.x reader) writes as 3.x when it fuses it (`ShaderFusion`), so one text serves every version.
    package static let shader: PreparedShader = {
        let source = SourceText(path: "the frame conversion", text: DialectShaderFile.frameConversionMember.text)
        let interface: ShaderInterface
        do {
            interface = try ShaderInterface.read(source, files: .embedded(texts: [:], otherFiles: [], filterFolder: ""))
        } catch {
            preconditionFailure("the frame conversion member does not read as GLSL: \(error)")
        }
        // The plan binds the member's uniforms by the names given here.
        let names = planes + [layout, matrix, offset, width]
        precondition(Set(interface.uniforms.map(\.name)) == Set(names) && interface.varyings.map(\.name) == [coordinate],
                     "the frame conversion member declares \(interface.uniforms.map(\.name)), not \(names)")
        return PreparedShader(source: source, interface: interface)
    }()
}
