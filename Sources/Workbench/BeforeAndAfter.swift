import GPU
import Overlay
import ShaderGraph

/// B keeps the image shown as a reference; from then on the image area shows it left of a vertical divider
/// and the live image right of it, so each save is judged against what it replaces. The pointer drags the
/// divider; B again drops the reference.
struct BeforeAndAfter {
    /// A copy of the shown image when B was pressed; nil while nothing is compared.
    private(set) var reference: RenderTarget?
    /// Where the divider is, as a share of the image area's width from its left.
    private(set) var divider = 0.5
    private var dragging = false
    private var wasPressed = false

    /// How far from the divider a press still takes it, in interface units before scaling.
    static let reach: Float = 8

    var isComparing: Bool { reference != nil }

    /// Keeps a copy of `shown`, or drops the reference kept; what to tell the person.
    mutating func toggle(shown: RenderTarget?) -> String {
        if reference != nil {
            reference = nil
            dragging = false
            return "reference dropped"
        }
        guard let shown else { return "nothing is shown yet to keep as a reference" }
        do {
            reference = try shown.copy()
            divider = 0.5
            return "reference kept: before on the left of the divider, live on the right; B drops it"
        } catch {
            return "the reference could not be kept: \(error.message)"
        }
    }

    /// The divider's column in the window, in framebuffer pixels.
    func dividerColumn(in area: PixelRectangle) -> Int {
        area.x + Int((divider * Double(area.width)).rounded())
    }

    /// Takes a pointer event (framebuffer pixels); true when it grabbed or moved the divider, so nothing else
    /// (the image's own pointer, its `mouse` nodes) sees it.
    mutating func pointer(x: Double, y: Double, pressed: Bool, layout: WindowLayout, scale: Float) -> Bool {
        defer { wasPressed = pressed }
        guard isComparing else { return false }
        let area = layout.imageArea
        if dragging {
            if pressed {
                divider = min(max((x - Double(area.x)) / Double(area.width), 0), 1)
            } else {
                dragging = false
            }
            return true
        }
        guard pressed, !wasPressed, x < Double(area.x + area.width) else { return false }
        dragging = abs(x - Double(dividerColumn(in: area))) <= Double(Self.reach * scale * layout.pixelsPerUnit)
        return dragging
    }

    /// Shows `live`, beside the reference when one is kept.
    func present(_ live: RenderTarget, with presenter: Presenter, layout: WindowLayout) {
        if let reference {
            presenter.present(live, beside: reference, divider: dividerColumn(in: layout.imageArea), window: layout.framebuffer,
                              area: layout.imageArea)
        } else {
            presenter.present(live, window: layout.framebuffer, area: layout.imageArea)
        }
    }

    /// The divider, from the top of the image area to its bottom, light over a dark shadow so it shows on any image.
    func draw(in interface: InterfaceContext, layout: WindowLayout) {
        guard isComparing else { return }
        let column = layout.units(x: Double(dividerColumn(in: layout.imageArea)), y: 0).x
        let top = (x: column, y: Float(0)), bottom = (x: column, y: layout.height)
        interface.line(from: top, to: bottom, colour: InterfacePalette.handleShadow, thickness: 4 * interface.scale)
        interface.line(from: top, to: bottom, colour: InterfacePalette.handle, thickness: 2 * interface.scale)
    }
}
