import GPU
import ShaderGraph

/// Draws text and filled rectangles over whatever the bound framebuffer holds, with alpha blending.
///
/// Coordinates are in pixels with (0, 0) at the top-left of the viewport as shown on screen, y growing
/// downwards: y = 0 is GL's clip y = +1. Calls queue quads; `flush` draws everything queued in one instanced
/// draw call, in the order it was queued (so a panel queued before its text lies under it), and empties the
/// queue. Steady-state frames allocate nothing: the queue keeps its memory and the GL buffer grows only when
/// a frame has more quads than any before.
///
/// Made and used on the thread whose GL context is current, like every GL wrapper.
public final class OverlayRenderer {
    public let font: FontAtlas

    private let program: OverlayShaderProgram
    private let quads: QuadInstanceBuffer
    private var instances: [Float] = []
    private var queuedCount = 0

    /// Creates the program and buffers in the current context, and the font's atlas texture if it has none,
    /// leaving the context's state as it found it.
    public init(font: FontAtlas) throws(GPUError) {
        self.font = font
        let state = DrawStateSnapshot.capture()
        defer { state.restore() }
        program = try OverlayShaderProgram()
        quads = try QuadInstanceBuffer()
        instances.reserveCapacity(quads.capacity * QuadInstanceBuffer.floatsPerQuad)
        try font.texture.bindUpToDate(toUnit: OverlayShaderProgram.atlasUnit)
    }

    /// Quads queued since the last flush.
    public var queuedQuadCount: Int { queuedCount }

    /// Quads the GL buffer holds without growing.
    public var bufferCapacity: Int { quads.capacity }

    /// GL buffer allocations for quads so far, the first included; flat from the second frame on when frames
    /// are alike.
    public var bufferAllocationCount: Int { quads.allocationCount }

    /// Queues a rectangle filled with `colour` (RGBA 0...1, straight alpha). Empty rectangles are ignored.
    public func fillRectangle(x: Int, y: Int, width: Int, height: Int, colour: SIMD4<Float>) {
        guard width > 0, height > 0 else { return }
        let solid = font.solidTexel
        // The centre of the full-coverage texel, with no extent: every fragment reads that one texel.
        queue(x: x, y: y, width: width, height: height,
              atlas: SIMD4(Float(solid.x) + 0.5, Float(solid.y) + 0.5, 0, 0), colour: colour)
    }

    /// Queues `text` as one line whose line box's top-left is (x, y): the baseline is `font.baseline` below
    /// y. Each character takes one cell of `font.advance` pixels; tabs go to the next multiple of four cells
    /// from x; newlines and other control characters take no space. No wrapping: see `TextLayout`.
    public func drawText(_ text: String, x: Int, y: Int, colour: SIMD4<Float>) {
        let advance = font.advance
        font.forEachGlyph(in: text) { glyph, column in
            guard !glyph.isBlank else { return }
            queue(x: x + column * advance + glyph.offsetX, y: y + glyph.offsetY, width: glyph.width, height: glyph.height,
                  atlas: SIMD4(Float(glyph.atlasX), Float(glyph.atlasY), Float(glyph.width), Float(glyph.height)),
                  colour: colour)
        }
    }

    private func queue(x: Int, y: Int, width: Int, height: Int, atlas: SIMD4<Float>, colour: SIMD4<Float>) {
        let stride = QuadInstanceBuffer.floatsPerQuad
        let start = queuedCount * stride
        // The array only ever grows, so once it is as long as the busiest frame, queueing writes in place.
        if instances.count < start + stride {
            instances.append(contentsOf: repeatElement(0, count: stride))
        }
        instances.withUnsafeMutableBufferPointer { floats in
            floats[start] = Float(x)
            floats[start + 1] = Float(y)
            floats[start + 2] = Float(width)
            floats[start + 3] = Float(height)
            for component in 0..<4 {
                floats[start + 4 + component] = atlas[component]
                floats[start + 8 + component] = colour[component]
            }
        }
        queuedCount += 1
    }

    /// Draws everything queued into the currently bound framebuffer over (0, 0, viewport), blending over
    /// what is there, and empties the queue. The GL state it changes (blending, viewport, depth, scissor,
    /// stencil and culling switches, program, vertex array, buffer and texture bindings, unpack alignment)
    /// is put back afterwards.
    public func flush(viewport: PixelSize) {
        let count = queuedCount
        queuedCount = 0
        guard count > 0, viewport.width > 0, viewport.height > 0 else { return }

        let state = DrawStateSnapshot.capture()
        defer { state.restore() }
        do {
            try font.texture.bindUpToDate(toUnit: OverlayShaderProgram.atlasUnit)
        } catch {
            // Only growing the atlas can fail here (out of memory); the overlay sits this frame out rather
            // than drawing glyphs from texels that are not there.
            return
        }
        UnclippedDrawing.prepare(viewport: viewport)
        Blending.over.enable()
        program.use(viewport: viewport)
        quads.draw(instances, count: count)
    }
}
