import ShaderGraph

/// A composition's graph in Graphviz's DOT language: each node a table with its name, its caption and a row
/// for each input port, each wire from the node's output to its port, feedback dashed and left out of the
/// ranks. Each node carries the workbench's own place (`pos`, in points, y up as Graphviz counts it), which
/// `neato -n2` keeps; `dot` lays the graph out again by its own method, left to right.
public enum GraphDOT {
    public static func text(of drawing: GraphDrawing) -> String {
        let layout = drawing.layout
        var lines = [
            "digraph \(quoted(drawing.title)) {",
            "  graph [rankdir=LR, bgcolor=\"#1b1d22\", fontname=\"DejaVu Sans\"];",
            "  node [shape=plain, fontname=\"DejaVu Sans\", fontcolor=\"#f2f2f2\"];",
            "  edge [penwidth=2];",
        ]
        for box in layout.boxes {
            let centre = (x: box.origin.x + box.width / 2, y: layout.height - (box.origin.y + box.height / 2))
            let border = box.name == drawing.output ? "#e8b04a" : "#596070"
            var rows = [##"<TR><TD PORT="out" ALIGN="LEFT"><B>\##(escaped(box.name))</B><BR/><FONT POINT-SIZE="10" COLOR="#a9b0bd">\##(escaped(drawing.caption(of: box.name)))</FONT></TD></TR>"##]
            rows += box.ports.enumerated().map { index, port in ##"<TR><TD PORT="p\##(index)" ALIGN="LEFT"><FONT POINT-SIZE="10">\##(escaped(port))</FONT></TD></TR>"## }
            let table = ##"<TABLE BGCOLOR="#24272e" COLOR="\##(border)" BORDER="1" CELLBORDER="0" CELLPADDING="4">\##(rows.joined())</TABLE>"##
            let faded = drawing.unused.contains(box.name) ? ", tooltip=\"not drawn: nothing the output needs reads it\"" : ""
            lines.append("  \(quoted(box.name)) [pos=\"\(GraphSVG.number(centre.x)),\(GraphSVG.number(centre.y))!\", label=<\(table)>\(faded)];")
        }
        for edge in layout.edges {
            let port = layout.box(named: edge.to)?.ports.firstIndex(of: edge.port) ?? 0
            var attributes = ["color=\"\(edge.carries == .value || edge.readsParameter ? "#79c29a" : edge.carries == .previousFrame ? "#c98fc7" : "#8fa3c7")\""]
            if edge.carries == .previousFrame || edge.readsParameter { attributes += ["style=dashed", "constraint=false"] }
            lines.append("  \(quoted(edge.from)):out:e -> \(quoted(edge.to)):p\(port):w [\(attributes.joined(separator: ", "))];")
        }
        for (index, chain) in drawing.fusedChains.enumerated() {
            lines.append("  subgraph \"cluster_fused_\(index)\" { label=\"fused: one program\"; fontcolor=\"#e8b04a\"; color=\"#e8b04a\"; style=dashed; \(chain.map(quoted).joined(separator: "; ")); }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// For Graphviz's HTML-like labels, which are XML.
    static func escaped(_ text: String) -> String {
        GraphSVG.escaped(text)
    }
}
