/// Which lines of a GLSL source end inside a function's body, read from its tokens: where a statement may be
/// added after a line (a watch's call) without leaving the code at file scope. Braces at file scope that
/// follow no `)` (a structure, an interface block) open no body.
enum GLSLFunctionBodies {
    /// The 1-based lines of `source` after whose last token the code is inside a function's braces.
    static func linesInside(_ source: SourceText) -> Set<Int> {
        var inside: Set<Int> = []
        var depth = 0, bodyDepth = 0
        var previous: String?
        var line = 1
        func close(through last: Int) {
            while line < last {
                if bodyDepth > 0 { inside.insert(line) }
                line += 1
            }
        }
        for token in GLSLTokenizer.tokens(of: source) {
            close(through: token.line)
            switch token.text {
            case "{":
                depth += 1
                if bodyDepth > 0 || (depth == 1 && previous == ")") { bodyDepth += 1 }
            case "}":
                depth = max(0, depth - 1)
                bodyDepth = max(0, bodyDepth - 1)
            default:
                break
            }
            previous = token.text
        }
        close(through: source.lines.count + 1)
        return inside
    }
}
