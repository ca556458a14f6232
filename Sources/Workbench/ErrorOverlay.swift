import Overlay
import ShaderGraph
import ShaderLanguage

/// The latest edit's errors along the bottom of the image, over the last good output: each at its
/// `file:line:col`, naming its node, with the line quoted and a caret under the column. What does not fit in
/// half the window is counted; the terminal has every one.
enum ErrorOverlay {
    /// Whether the errors drawn were shown whole: a window fitted to its content measures it a frame late.
    @discardableResult
    static func draw(_ diagnostics: [Diagnostic], in interface: InterfaceContext, layout: WindowLayout) -> Bool {
        let errors = diagnostics.filter { $0.severity == .error }
        guard !errors.isEmpty else { return true }
        var showsAll = false
        let margin = 10 * interface.scale
        let width = layout.imageAreaWidth - 2 * margin
        let maximumLines = max(4, Int(layout.height / 2 / interface.lineHeight))
        interface.window("errors", x: margin, y: layout.height - margin, pivot: (0, 1), size: (width, 0), style: .overlay) {
            var lines = 0
            var shown = 0
            for diagnostic in errors {
                let place = diagnostic.location.map { "\($0): " } ?? ""
                // Drivers can follow a message with pages of detail (Mesa lists every overload); the first line
                // says what is wrong, and the terminal has the rest.
                let messageLines = diagnostic.codedMessage.split(separator: "\n", omittingEmptySubsequences: false)
                let headline = place + String(messageLines.first ?? "") + (messageLines.count > 1 ? " …" : "")
                let headlineLines = max(1, Int((interface.width(of: headline) / max(1, width - 2 * margin)).rounded(.up)))
                let blockLines = headlineLines + (diagnostic.sourceLine == nil ? 0 : 2)
                guard lines + blockLines <= maximumLines - 1 else { break }
                interface.wrappedText(headline, colour: InterfacePalette.red)
                if let source = diagnostic.sourceLine {
                    interface.monospaced {
                        let quoted = "  " + source.replacingTabs()
                        interface.text(HeadsUpDisplay.truncated(quoted, to: width - 2 * margin, in: interface), colour: InterfacePalette.grey)
                        if let column = diagnostic.location?.column, column > 0 {
                            interface.text(String(repeating: " ", count: 2 + source.displayWidth(ofFirst: column - 1)) + "^",
                                           colour: InterfacePalette.red)
                        }
                    }
                }
                lines += blockLines
                shown += 1
            }
            if shown < errors.count {
                let more = errors.count - shown
                interface.text("+\(more) more error\(more == 1 ? "" : "s") (all are printed in the terminal)", colour: InterfacePalette.amber)
            }
            showsAll = interface.windowShowsAll
        }
        return showsAll
    }
}
