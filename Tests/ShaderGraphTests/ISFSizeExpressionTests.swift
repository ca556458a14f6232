import Testing
@testable import ShaderGraph
@testable import ShaderLanguage

/// The WIDTH and HEIGHT expressions of ISF passes: parsed once, evaluated each frame.
@Suite("ISF size expressions")
struct ISFSizeExpressionTests {
    let render = PixelSize(width: 640, height: 360)

    func value(_ text: String, inputs: [String: Double] = [:]) throws -> Double {
        try ISFSizeExpression(parsing: text, inputs: Array(inputs.keys)).evaluate(renderSize: render, inputs: inputs)
    }

    @Test("arithmetic with the usual precedence, over $WIDTH, $HEIGHT and inputs", arguments: [
        ("$WIDTH", 640.0),
        ("$WIDTH / 2.0 + $HEIGHT * 2", 1040),
        ("($WIDTH + $HEIGHT) / 4", 250),
        ("-$HEIGHT + 1000", 640),
        ("2 ^ 3 ^ 2", 512),
        ("-2 ^ 2", -4),
        ("$WIDTH % 100", 40),
        ("floor($WIDTH / $cells)", 91),
        ("max(1.0, floor($HEIGHT * 0.001))", 1),
        ("min($WIDTH, $HEIGHT, 100)", 100),
        ("pow(2, 8) + abs(-1) + sqrt(16) + ceil(0.2) + round(2.5)", 265),
        ("1.5e2", 150),
        ("1e-1 * 10", 1),
    ])
    func evaluates(text: String, expected: Double) throws {
        #expect(try value(text, inputs: ["cells": 7]) == expected)
    }

    @Test("a target's side in pixels is rounded down and kept between 1 and the largest texture side")
    func pixels() throws {
        #expect(try ISFSizeExpression(parsing: "$WIDTH / 3", inputs: []).pixels(renderSize: render) == 213)
        #expect(try ISFSizeExpression(parsing: "$WIDTH * $amount", inputs: ["amount"]).pixels(renderSize: render) == 1, "an input missing counts as 0")
        #expect(try ISFSizeExpression(parsing: "0 / 0", inputs: []).pixels(renderSize: render) == 1)
        #expect(try ISFSizeExpression(parsing: "$WIDTH * 1000", inputs: []).pixels(renderSize: render) == PixelSize.maximumSide)
    }

    @Test("mistakes are reported at their offset in the text", arguments: [
        ("$WIDTH +", 8, "the size expression ends where a number, $WIDTH, $HEIGHT or an input was expected"),
        ("$WIDTH / $HIEGHT", 9, "unknown variable '$HIEGHT'; did you mean $HEIGHT?"),
        ("WIDTH / 2", 0, "variables are written with a '$': $WIDTH"),
        ("flor($WIDTH)", 0, "unknown function 'flor'; did you mean floor?"),
        ("max($WIDTH)", 0, "'max' takes at least 2 arguments, found 1"),
        ("($WIDTH / 2", 0, "this '(' is never closed"),
        ("$WIDTH 2", 7, "unexpected '2' in the size expression"),
        ("", 0, "the size expression is empty"),
    ])
    func mistakes(text: String, offset: Int, message: String) {
        #expect(throws: ISFSizeExpression.SyntaxError(offset: offset, message: message)) {
            try ISFSizeExpression(parsing: text, inputs: ["cells"])
        }
    }

    @Test("an expression nested too deep or too long to need is refused, not recursed into until the stack runs out")
    func limits() {
        #expect(throws: ISFSizeExpression.SyntaxError(offset: 64, message: "the size expression nests more than 64 deep")) {
            try ISFSizeExpression(parsing: String(repeating: "(", count: 500) + "1", inputs: [])
        }
        #expect(throws: ISFSizeExpression.SyntaxError(offset: 64, message: "the size expression nests more than 64 deep")) {
            try ISFSizeExpression(parsing: String(repeating: "-", count: 500) + "1", inputs: [])
        }
        #expect(throws: ISFSizeExpression.SyntaxError(offset: 1000, message: "the size expression is longer than 1000 characters")) {
            try ISFSizeExpression(parsing: Array(repeating: "1", count: 600).joined(separator: "+"), inputs: [])
        }
        #expect((try? ISFSizeExpression(parsing: String(repeating: "(", count: 30) + "$WIDTH" + String(repeating: ")", count: 30), inputs: [])) != nil)
    }
}
