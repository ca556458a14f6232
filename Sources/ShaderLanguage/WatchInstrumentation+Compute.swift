/// A compute kernel rewritten to record watched expressions, as a fragment shader is (`WatchInstrumentation`),
/// run in place of the kernel itself: a second run would add its atomics and its buffers' changes twice. Each
/// watch gets recording functions and variables of its own (`shaderbenchWatch0`, …) and two float images on
/// image units of its own; the user's `main` is renamed, and a new one runs it and then stores, at the
/// invocation's position (`gl_GlobalInvocationID.xy`), the last value the watched line had there and how many
/// times it ran with the value's type. An invocation that returns before the line records 0 runs.
extension WatchInstrumentation {
    /// The text of `kernel` (as the driver is given it: includes expanded) with `watches` recorded, watch `k` on
    /// image units `units[2k]` (values) and `units[2k + 1]` (runs). Throws, at the watch, when its line is not
    /// one of the kernel's lines inside a function.
    public static func computeSource(of kernel: SourceText, watching watches: [ShaderWatch], units: [Int]) throws(Diagnostic) -> String {
        var lines = kernel.lines.map(String.init)
        let inside = GLSLFunctionBodies.linesInside(kernel)
        var watchedIndices: [(index: Int, watch: Int)] = []
        for (number, watch) in watches.enumerated() {
            let location = SourceLocation(file: kernel.path, line: watch.line)
            // The line of the user's file the watch names, wherever includes put it in the text.
            guard let index = lines.indices.first(where: { kernel.location(line: $0 + 1) == SourceLocation(file: kernel.path, line: watch.line) }) else {
                throw .error("watch: line \(watch.line) is not a line of the kernel (it has \(kernel.lines.count) lines)", at: location, code: .watch)
            }
            guard inside.contains(index + 1) else {
                throw .error("watch: line \(watch.line) is at file scope, outside every function: a watch goes on a line inside a function's body, where the code it reads runs",
                             at: location, code: .watch)
            }
            watchedIndices.append((index, number))
        }
        let support = DialectShaderFile.watchSupport.lines.map { String($0) }
        var declarations: [String] = []
        var stores: [String] = []
        for number in watches.indices {
            let name = "shaderbenchWatch\(number)"
            declarations += support.map { $0.replacingOccurrences(of: "shaderbenchWatch", with: name) }
            declarations += [
                "layout(rgba32f, binding = \(units[2 * number])) writeonly uniform highp image2D \(name)Values;",
                "layout(rgba32f, binding = \(units[2 * number + 1])) writeonly uniform highp image2D \(name)Runs;",
            ]
            stores += [
                "    imageStore(\(name)Values, shaderbenchInvocation, \(name)Value);",
                "    imageStore(\(name)Runs, shaderbenchInvocation, vec4(\(name)Hits, \(name)Kind, 0.0, 1.0));",
            ]
        }
        lines.append(contentsOf: [SourceStringNumbering.directive(line: 1, string: supportSourceString), "#undef main", "void main() {",
                                  "    shaderbenchWatchedMain();", "    ivec2 shaderbenchInvocation = ivec2(gl_GlobalInvocationID.xy);"] + stores + ["}"])
        // Later insertions first, so the earlier indices still point where they did.
        for (index, number) in watchedIndices.sorted(by: { $0.index > $1.index }) {
            lines.insert(contentsOf: [SourceStringNumbering.directive(line: 1, string: watchSourceString),
                                      "shaderbenchWatch\(number)(\(watches[number].expression));", "#line \(index + 2) 0"], at: index + 1)
        }
        let body = bodyStart(of: lines)
        lines.insert(contentsOf: [SourceStringNumbering.directive(line: 1, string: supportSourceString)] + declarations
                        + ["#define main shaderbenchWatchedMain", "#line \(body + 1) 0"], at: body)
        return lines.joined(separator: "\n")
    }

    /// The index of the first line after the `#version` and `#extension` directives that open a kernel, which
    /// nothing may come before.
    private static func bodyStart(of lines: [String]) -> Int {
        var start = 0
        for (index, line) in lines.enumerated() {
            let text = line.drop { $0 == " " || $0 == "\t" }
            if text.hasPrefix("#version") || text.hasPrefix("#extension") { start = index + 1 } else if !(text.isEmpty || text.hasPrefix("//")) { break }
        }
        return start
    }
}
