import CGLES
import ShaderGraph
import ShaderLanguage
import VideoFrames

/// A camera's or movie's frame that a shader pass converts in its own program (`PassPlan.ConvertedFrame`): each
/// frame it binds the planes the feed uploaded and sets their layout and conversion, or, where the frame cannot
/// be read that way, has the feed convert it and reads the image from the first plane's unit.
struct ConvertedFrameInput {
    let feed: FrameFeed
    /// The frame's step.
    let source: Int
    let units: [Int]
    let passSize: PixelSize
    private let layoutLocation: GLint
    private let matrixLocation: GLint
    private let offsetLocation: GLint
    private let widthLocation: GLint

    /// With `program` in use: its plane samplers put on their units.
    init(_ planned: PassPlan.ConvertedFrame, feed: FrameFeed, program: ShaderProgram, passSize: PixelSize) {
        self.feed = feed
        source = planned.source
        units = planned.units
        self.passSize = passSize
        for (sampler, unit) in zip(planned.planes, planned.units) { glUniform1i(program.uniformLocation(sampler), GLint(unit)) }
        layoutLocation = program.uniformLocation(planned.layout)
        matrixLocation = program.uniformLocation(planned.matrix)
        offsetLocation = program.uniformLocation(planned.offset)
        widthLocation = program.uniformLocation(planned.width)
    }

    /// Before the pass binds its inputs: the planes to read this frame, else nil with the frame's image (converted
    /// now if it was not) in its step's place.
    func prepare(in frame: inout FrameContext) throws(GPUError) -> (layout: FrameConversionMember.Layout, frame: FrameLayout)? {
        if let planes = feed.planes(forPassOf: passSize) { return planes }
        if let image = try feed.image() { frame.images[source] = image }
        return nil
    }

    /// With the pass's program in use and its inputs bound: the planes over the first one's unit, and how to
    /// read them; or the image already bound there.
    func set(_ planes: (layout: FrameConversionMember.Layout, frame: FrameLayout)?) {
        guard let planes else {
            glUniform1i(layoutLocation, FrameConversionMember.Layout.image.rawValue)
            return
        }
        feed.bindPlanes(toUnits: units)
        glUniform1i(layoutLocation, planes.layout.rawValue)
        let (matrix, offset) = planes.frame.conversion
        glUniformMatrix3fv(matrixLocation, 1, GLboolean(GL_FALSE), matrix)
        glUniform3fv(offsetLocation, 1, offset)
        glUniform1f(widthLocation, Float(planes.frame.width))
    }
}
