import ShaderGraph
import ShaderLanguage
import Testing

/// Watches as text: `LINE:EXPR`, `// watch:` comments, and a watch following its line through a save.
@Suite("Shader watches")
struct ShaderWatchTests {
    static let original = SourceText(path: "a.fsh", text: """
        void main() {
            vec2 uv = textureCoordinate;
            float total = 0.0;
            total += uv.x;
            gl_FragColor = vec4(total);
        }
        """)

    @Test("LINE:EXPR and comments are read; anything else is not a watch")
    func parsing() {
        #expect(ShaderWatch(parsing: "12: uv * 2.0") == ShaderWatch(line: 12, expression: "uv * 2.0"))
        #expect(ShaderWatch(parsing: "uv") == nil && ShaderWatch(parsing: "0:uv") == nil && ShaderWatch(parsing: "3:") == nil)
        let commented = SourceText(path: "b.fsh", text: "float a = 1.0; // watch: a * 2.0\nfloat b; // watch:\n")
        #expect(ShaderWatch.comments(in: commented) == [ShaderWatch(line: 1, expression: "a * 2.0")])
    }

    @Test("a save that leaves the line, moves it, reindents it or removes it keeps, follows or drops the watch")
    func following() {
        let watch = ShaderWatch(line: 4, expression: "total")
        #expect(watch.followed(from: Self.original, to: Self.original) == watch)
        let added = SourceText(path: "a.fsh", text: "// a new first line\n// and a second\n" + Self.original.text)
        #expect(watch.followed(from: Self.original, to: added) == ShaderWatch(line: 6, expression: "total"))
        let reindented = SourceText(path: "a.fsh", text: Self.original.text.replacingOccurrences(of: "    total += uv.x;", with: "\ttotal += uv.x;"))
        #expect(watch.followed(from: Self.original, to: reindented) == watch)
        let changed = SourceText(path: "a.fsh", text: Self.original.text.replacingOccurrences(of: "total += uv.x;", with: "total += uv.y;"))
        #expect(watch.followed(from: Self.original, to: changed) == nil)
        // A line added above, and the watched line's text again far below: the one nearest where it was.
        let twice = SourceText(path: "a.fsh", text: "// added\n" + Self.original.text + "\n\n\n\n    total += uv.x;\n")
        #expect(watch.followed(from: Self.original, to: twice)?.line == 5)
    }
}
