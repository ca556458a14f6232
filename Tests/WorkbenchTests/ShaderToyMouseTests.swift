import GPU
import ShaderGraph
import ShaderLanguage
import Testing
@testable import Workbench

/// ShaderToy's `iMouse` as the window computes it from pointer events, frame by frame: xy where the button
/// is held, zw where it went down, z's sign saying whether it is held and w's whether this is the frame of
/// the click.
@Suite("iMouse, frame by frame")
struct ShaderToyMouseTests {
    let output = PixelSize(width: 100, height: 50)
    let area = PixelRectangle(x: 0, y: 0, width: 100, height: 50)

    @Test("w is positive in the frame of the click only; z stays positive while held and both turn negative on release")
    func signConvention() {
        var pointer = PointerState()
        _ = pointer.update(x: 20, y: 10, pressed: false, output: output, area: area)
        #expect(pointer.takeShaderToyMouse() == SIMD4(0, 0, 0, 0), "moving without a press leaves it alone")
        _ = pointer.update(x: 20, y: 10, pressed: true, output: output, area: area)
        #expect(pointer.takeShaderToyMouse() == SIMD4(20, 40, 20, 40), "the frame of the click, y up")
        #expect(pointer.takeShaderToyMouse() == SIMD4(20, 40, 20, -40), "held: the next frame")
        _ = pointer.update(x: 30, y: 20, pressed: true, output: output, area: area)
        #expect(pointer.takeShaderToyMouse() == SIMD4(30, 30, 20, -40), "dragged: xy follow, zw stay")
        _ = pointer.update(x: 40, y: 20, pressed: false, output: output, area: area)
        #expect(pointer.takeShaderToyMouse() == SIMD4(30, 30, -20, -40), "released: xy keep the last place it was held at")
    }
}
