import Testing
@testable import ShaderGraph
import ShaderLanguage

/// Which parameters a new value can be written into the running program for, and which need the graph
/// bound again.
@Suite("Parameters that take a live value")
struct LiveValueTests {
    @Test("a literal uniform takes a live value; a wired one, a texel step and an ISF input a pass size reads do not")
    func takesLiveValue() throws {
        let workspace = try Workspace()
        try workspace.write("s.fs", """
            /*{
                "INPUTS": [ { "NAME": "scale", "TYPE": "float", "DEFAULT": 2 }, { "NAME": "mix", "TYPE": "float", "DEFAULT": 0.5 } ],
                "PASSES": [ { "TARGET": "small", "WIDTH": "$WIDTH / $scale", "HEIGHT": "$HEIGHT / $scale" }, {} ]
            }*/
            void main() { gl_FragColor = IMG_THIS_PIXEL(small) * mix; }
            """)
        try workspace.write("g.fsh", "precision mediump float;\nuniform float texelWidth;\nuniform float level;\nvoid main() { gl_FragColor = vec4(level + texelWidth); }\n")
        let composition = try workspace.load("""
            size: [64, 64]
            nodes:
              clock: { kind: time }
              isf: { kind: shader, file: s.fs, uniforms: { scale: 4, mix: 0.25 } }
              g: { kind: shader, file: g.fsh, uniforms: { level: clock, texelWidth: 0.01 } }
              out: { kind: shader, file: g.fsh, uniforms: { level: 0.5, texelWidth: 0.01 } }
            output: out
            """)
        let plan = try FramePlan(composition, keeping: ["isf", "g"])
        func pass(_ name: String) throws -> PassPlan {
            guard let index = plan.step(named: name), case .pass(let pass) = plan.steps[index].work else { throw DiagnosticsError([]) }
            return pass
        }
        #expect(try pass("isf").takesLiveValue(for: "mix"))
        #expect(try !pass("isf").takesLiveValue(for: "scale"))
        #expect(try !pass("g").takesLiveValue(for: "level"))
        #expect(try pass("out").takesLiveValue(for: "level"))
        #expect(try !pass("out").takesLiveValue(for: "texelWidth"))
    }

    @Test("a published parameter another node reads through a wire is read; one nobody reads is not")
    func readElsewhere() throws {
        let workspace = try Workspace()
        try workspace.write("g.fsh", "precision mediump float;\nuniform float level;\nuniform float other;\nvoid main() { gl_FragColor = vec4(level + other); }\n")
        let composition = try workspace.load("""
            size: [8, 8]
            nodes:
              a: { kind: shader, file: g.fsh, uniforms: { level: 0.5, other: 0.1 } }
              twice: { kind: multiply, values: [a.level, 2] }
              b: { kind: shader, file: g.fsh, uniforms: { level: twice, other: 0 } }
            output: b
            publish: [a.level, a.other]
            """)
        #expect(PublishedParameters.isRead("level", of: "a", in: composition))
        #expect(!PublishedParameters.isRead("other", of: "a", in: composition))
    }
}
