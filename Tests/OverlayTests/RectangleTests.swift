import CGLES
import GPU
import Images
import Overlay
import Testing

extension OverlayTests {
    @Test("an opaque rectangle covers exactly its pixels with exactly its colour")
    func opaqueRectangle() throws {
        let canvas = try OverlayCanvas()
        let renderer = try OverlayRenderer(font: try FontAtlas(pixelHeight: 12))
        let colour = SIMD4<Float>(1, 64 / 255, 192 / 255, 1)
        renderer.fillRectangle(x: 30, y: 5, width: 40, height: 20, colour: colour)
        canvas.bind()
        renderer.flush(viewport: canvas.size)
        let image = canvas.read()
        var wrong: [Point] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let inside = (30..<70).contains(x) && (5..<25).contains(y)
                let pixel = image[x, y]
                let expected: (UInt8, UInt8, UInt8, UInt8) = inside ? (255, 64, 192, 255) : (0, 0, 0, 255)
                if pixel != expected { wrong.append(Point(x: x, y: y)) }
            }
        }
        #expect(wrong.isEmpty, "wrong pixels: \(wrong.prefix(10))")
        withExtendedLifetime(canvas) {}
    }

    @Test("a translucent rectangle blends over what is there")
    func translucentRectangle() throws {
        let canvas = try OverlayCanvas()
        canvas.clear(red: 0, green: 0, blue: 1)
        let renderer = try OverlayRenderer(font: try FontAtlas(pixelHeight: 12))
        // A known background from an opaque rectangle, then a dark panel and a white veil over it.
        renderer.fillRectangle(x: 0, y: 0, width: 100, height: 60, colour: SIMD4(51 / 255, 102 / 255, 153 / 255, 1))
        renderer.fillRectangle(x: 10, y: 10, width: 30, height: 30, colour: SIMD4(0, 0, 0, 0.75))
        renderer.fillRectangle(x: 60, y: 10, width: 30, height: 30, colour: SIMD4(1, 1, 1, 0.5))
        renderer.fillRectangle(x: 120, y: 10, width: 30, height: 30, colour: SIMD4(1, 0, 0, 0.25))
        canvas.bind()
        renderer.flush(viewport: canvas.size)
        let image = canvas.read()

        func expectBlend(at point: Point, over background: SIMD3<Float>, colour: SIMD4<Float>) {
            let expected = SIMD3(colour.x, colour.y, colour.z) * colour.w + background * (1 - colour.w)
            let pixel = image[point.x, point.y]
            let actual = [pixel.r, pixel.g, pixel.b].map(Int.init)
            let wanted = [expected.x, expected.y, expected.z].map { Int(($0 * 255).rounded()) }
            for channel in 0..<3 {
                #expect(abs(actual[channel] - wanted[channel]) <= 1, "channel \(channel) at \(point): \(actual) vs \(wanted)")
            }
            #expect(pixel.a == 255)
        }
        let background = SIMD3<Float>(51, 102, 153) / 255
        expectBlend(at: Point(x: 25, y: 25), over: background, colour: SIMD4(0, 0, 0, 0.75))
        expectBlend(at: Point(x: 75, y: 25), over: background, colour: SIMD4(1, 1, 1, 0.5))
        expectBlend(at: Point(x: 135, y: 25), over: SIMD3(0, 0, 1), colour: SIMD4(1, 0, 0, 0.25))
        // Outside every rectangle the clear colour is untouched.
        #expect(image[170, 50] == (0, 0, 255, 255))
        withExtendedLifetime(canvas) {}
    }

    @Test("quads are painted in the order they were queued")
    func paintersOrder() throws {
        let canvas = try OverlayCanvas()
        let renderer = try OverlayRenderer(font: try FontAtlas(pixelHeight: 16))
        renderer.fillRectangle(x: 0, y: 0, width: 200, height: 30, colour: SIMD4(0, 0, 1, 1))
        renderer.drawText("panel text", x: 4, y: 4, colour: white)
        renderer.drawText("hidden", x: 4, y: 34, colour: white)
        renderer.fillRectangle(x: 0, y: 30, width: 200, height: 30, colour: SIMD4(0, 1, 0, 1))
        canvas.bind()
        renderer.flush(viewport: canvas.size)
        let image = canvas.read()
        let top = image.points { $0.r > 0 }
        #expect(!top.isEmpty)
        #expect(top.allSatisfy { $0.y < 30 })
        #expect(image.points { $0 != (0, 255, 0, 255) }.allSatisfy { $0.y < 30 })
        withExtendedLifetime(canvas) {}
    }

    @Test("flush leaves blending, viewport and bindings as it found them, and empties the queue")
    func restoresState() throws {
        let canvas = try OverlayCanvas()
        let renderer = try OverlayRenderer(font: try FontAtlas(pixelHeight: 12))
        glDisable(GLenum(GL_BLEND))
        glBlendFuncSeparate(GLenum(GL_ONE), GLenum(GL_ZERO), GLenum(GL_ZERO), GLenum(GL_ONE))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(0, 0, 5, 5)
        glViewport(1, 2, 30, 40)
        renderer.fillRectangle(x: 10, y: 10, width: 10, height: 10, colour: SIMD4(1, 1, 1, 0.5))
        renderer.drawText("state", x: 30, y: 10, colour: white)
        #expect(renderer.queuedQuadCount == 6)
        canvas.bind()
        renderer.flush(viewport: canvas.size)
        #expect(renderer.queuedQuadCount == 0)

        #expect(glIsEnabled(GLenum(GL_BLEND)) == GLboolean(GL_FALSE))
        #expect(glIsEnabled(GLenum(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE))
        var source: GLint = 0
        glGetIntegerv(GLenum(GL_BLEND_SRC_RGB), &source)
        #expect(source == GL_ONE)
        var destinationAlpha: GLint = 0
        glGetIntegerv(GLenum(GL_BLEND_DST_ALPHA), &destinationAlpha)
        #expect(destinationAlpha == GL_ONE)
        var viewport = [GLint](repeating: 0, count: 4)
        glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
        #expect(viewport == [1, 2, 30, 40])
        var program: GLint = -1
        glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &program)
        #expect(program == 0)

        // The overlay drew despite the scissor box, and a second flush with nothing queued draws nothing.
        glDisable(GLenum(GL_SCISSOR_TEST))
        #expect(canvas.read()[15, 15].r > 100)
        canvas.clear()
        renderer.flush(viewport: canvas.size)
        #expect(canvas.read().litPoints.isEmpty)
        withExtendedLifetime(canvas) {}
    }

    @Test("repeated frames allocate no GL buffers or textures after the first")
    func steadyFramesAllocateNothing() throws {
        let canvas = try OverlayCanvas()
        let font = try FontAtlas(pixelHeight: 14)
        let renderer = try OverlayRenderer(font: font)
        func frame(_ index: Int) {
            canvas.clear()
            renderer.fillRectangle(x: 0, y: 0, width: 200, height: 40, colour: SIMD4(0, 0, 0, 0.7))
            renderer.drawText("\(60 - index % 7).0 frames/s", x: 2, y: 2, colour: white)
            renderer.drawText("frame \(index) → node ‘blur’", x: 2, y: 20, colour: white)
            // Enough quads to outgrow the first buffer.
            for row in 0..<30 {
                renderer.drawText("0123456789", x: 0, y: row, colour: SIMD4(0.5, 0.5, 0.5, 0.2))
            }
            canvas.bind()
            renderer.flush(viewport: canvas.size)
        }
        frame(0)
        let buffers = renderer.bufferAllocationCount
        let capacity = renderer.bufferCapacity
        let textures = font.textureAllocationCount
        #expect(capacity >= 300)
        for index in 1..<40 {
            frame(index)
        }
        #expect(renderer.bufferAllocationCount == buffers)
        #expect(renderer.bufferCapacity == capacity)
        #expect(font.textureAllocationCount == textures)
        withExtendedLifetime(canvas) {}
    }

    @Test("a renderer and its font give back every GL object they made when released")
    func releasesItsObjects() throws {
        let canvas = try OverlayCanvas()
        let before = LiveGLObjects.counts
        do {
            let font = try FontAtlas(pixelHeight: 12)
            let renderer = try OverlayRenderer(font: font)
            renderer.drawText("counted", x: 0, y: 0, colour: white)
            canvas.bind()
            renderer.flush(viewport: canvas.size)
            // The program, the atlas texture, and the vertex array with its corner and instance buffers.
            #expect(LiveGLObjects.counts.programs == before.programs + 1)
            #expect(LiveGLObjects.counts.textures == before.textures + 1)
            #expect(LiveGLObjects.counts.vertexArrays == before.vertexArrays + 1)
            #expect(LiveGLObjects.counts.buffers == before.buffers + 2)
        }
        #expect(LiveGLObjects.counts == before)
        withExtendedLifetime(canvas) {}
    }
}
