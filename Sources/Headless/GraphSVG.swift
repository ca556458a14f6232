import Foundation
import ShaderGraph

/// A composition's graph as SVG, laid out as the window's graph view lays it out: a `g.node` for each node
/// (its name, its kind and file, a port for each input, and a band where the window shows its picture or
/// value) and a `path.wire` for each wire, classed by what it carries; the output outlined, fused chains
/// framed together, nodes that are not drawn faded.
public enum GraphSVG {
    static let margin = 16.0

    public static func text(of drawing: GraphDrawing) -> String {
        let layout = drawing.layout
        let width = layout.width + 2 * margin, height = layout.height + 2 * margin
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(number(width))" height="\#(number(height))" viewBox="\#(number(-margin)) \#(number(-margin)) \#(number(width)) \#(number(height))" font-family="DejaVu Sans, sans-serif">"#,
            "<title>\(escaped(drawing.title))</title>",
            "<style>",
            ".box { fill: #24272e; stroke: #596070; stroke-width: 1 } .output .box { stroke: #e8b04a; stroke-width: 2.5 }",
            ".unused { opacity: 0.45 } .name { fill: #f2f2f2; font-size: 13px; font-weight: bold } .caption { fill: #a9b0bd; font-size: 11px }",
            ".port { fill: #c9ced8; font-size: 11px } .socket { fill: #8fa3c7 } .band { fill: #15171c }",
            ".wire { fill: none; stroke-width: 2 } .image { stroke: #8fa3c7 } .value { stroke: #79c29a }",
            ".feedback { stroke: #c98fc7; stroke-dasharray: 6 4 } .parameter { stroke: #79c29a; stroke-dasharray: 2 3 }",
            ".fused { fill: #e8b04a; fill-opacity: 0.08; stroke: #e8b04a; stroke-opacity: 0.5; stroke-dasharray: 4 3 } .fusedLabel { fill: #e8b04a; font-size: 10px }",
            "</style>",
            ##"<rect x="\##(number(-margin))" y="\##(number(-margin))" width="\##(number(width))" height="\##(number(height))" fill="#1b1d22"/>"##,
        ]
        for chain in drawing.fusedChains {
            let boxes = chain.compactMap(layout.box(named:))
            guard let left = boxes.map(\.origin.x).min(), let top = boxes.map(\.origin.y).min(),
                  let right = boxes.map({ $0.origin.x + $0.width }).max(), let bottom = boxes.map({ $0.origin.y + $0.height }).max() else { continue }
            lines.append(#"<g class="group"><rect class="fused" x="\#(number(left - 8))" y="\#(number(top - 14))" width="\#(number(right - left + 16))" height="\#(number(bottom - top + 22))" rx="8"/>"#
                         + #"<text class="fusedLabel" x="\#(number(left - 4))" y="\#(number(top - 4))">fused: one program</text></g>"#)
        }
        for edge in layout.edges {
            let classes = ["wire", edge.readsParameter ? "parameter" : edge.carries == .previousFrame ? "feedback" : edge.carries == .value ? "value" : "image"]
            lines.append(#"<path class="\#(classes.joined(separator: " "))" data-from="\#(escaped(edge.from))" data-to="\#(escaped(edge.to))" data-port="\#(escaped(edge.port))" d="\#(path(of: edge, in: layout))"/>"#)
        }
        for box in layout.boxes {
            lines.append(contentsOf: node(box, in: drawing))
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func node(_ box: GraphLayout.Box, in drawing: GraphDrawing) -> [String] {
        var classes = ["node"]
        if box.name == drawing.output { classes.append("output") }
        if drawing.unused.contains(box.name) { classes.append("unused") }
        let (x, y) = (box.origin.x, box.origin.y)
        var lines = [#"<g class="\#(classes.joined(separator: " "))" id="node-\#(escaped(box.name))">"#]
        let status = drawing.unused.contains(box.name) ? " (not drawn: nothing the output needs reads it)" : box.name == drawing.output ? " (the output)" : ""
        lines.append("<title>\(escaped(box.name + ": " + drawing.caption(of: box.name) + status))</title>")
        lines.append(#"<rect class="box" x="\#(number(x))" y="\#(number(y))" width="\#(number(box.width))" height="\#(number(box.height))" rx="6"/>"#)
        lines.append(#"<text class="name" x="\#(number(x + 10))" y="\#(number(y + 17))">\#(escaped(box.name))</text>"#)
        lines.append(#"<text class="caption" x="\#(number(x + 10))" y="\#(number(y + 32))">\#(escaped(drawing.caption(of: box.name)))</text>"#)
        lines.append(#"<circle class="socket" cx="\#(number(box.outputPoint.x))" cy="\#(number(box.outputPoint.y))" r="4"/>"#)
        for port in box.ports {
            let point = box.inputPoint(port)
            lines.append(#"<circle class="socket" cx="\#(number(point.x))" cy="\#(number(point.y))" r="4"/>"#
                         + #"<text class="port" x="\#(number(point.x + 10))" y="\#(number(point.y + 4))">\#(escaped(port))</text>"#)
        }
        let band = box.origin.y + box.height - box.contentTop - 6
        lines.append(#"<rect class="band" x="\#(number(x + 6))" y="\#(number(box.contentTop))" width="\#(number(box.width - 12))" height="\#(number(band))" rx="3"/>"#)
        if let output = drawing.outputs[box.name], output != .image {
            lines.append(#"<text class="caption" x="\#(number(x + 12))" y="\#(number(box.contentTop + 12))">\#(escaped(output.description))</text>"#)
        }
        lines.append("</g>")
        return lines
    }

    /// Curves leaving and entering level between successive points; a wire that runs back loops under both
    /// of its boxes.
    static func path(of edge: GraphLayout.Edge, in layout: GraphLayout) -> String {
        guard let first = edge.points.first, let last = edge.points.last else { return "" }
        if edge.runsBack {
            let below = layout.loopDepth(of: edge), reach = GraphMetrics.loopReach
            return "M \(point(first)) C \(number(first.x + reach)) \(number(first.y)), \(number(first.x + reach)) \(number(below)), \(number(first.x)) \(number(below))"
                + " L \(number(last.x)) \(number(below)) C \(number(last.x - reach)) \(number(below)), \(number(last.x - reach)) \(number(last.y)), \(point(last))"
        }
        var text = "M \(point(first))"
        for (from, to) in zip(edge.points, edge.points.dropFirst()) {
            if from.y == to.y {
                text += " L \(point(to))"
            } else {
                let reach = max((to.x - from.x) / 2, 24)
                text += " C \(number(from.x + reach)) \(number(from.y)), \(number(to.x - reach)) \(number(to.y)), \(point(to))"
            }
        }
        return text
    }

    static func point(_ point: GraphLayout.Point) -> String {
        "\(number(point.x)) \(number(point.y))"
    }

    /// At most one decimal, without a trailing `.0`, so the same layout always writes the same bytes.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        guard rounded.isFinite, abs(rounded) < 1e15 else { return "0" }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
