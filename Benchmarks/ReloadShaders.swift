import Foundation

/// The two shaders the reload benchmark saves over and over: each save changes a constant, and each run
/// salts them differently, so every save is new source for the driver and nothing comes from an earlier
/// run through Mesa's shader cache, as with a real edit.
enum ReloadShaders {
    static let salt = Double(getpid() % 10_000) / 10_000 + Double(Int(monotonicSeconds()) % 1000)
    /// Ten lines: a tint over the input.
    static func small(variant: Int) -> String {
        """
        // A tint, edited by the benchmark.
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        const float variant = \(Double(variant) / 1000.0 + salt);

        void main() {
            vec4 colour = texture2D(inputImageTexture, textureCoordinate);
            gl_FragColor = vec4(colour.rgb * (0.5 + fract(variant)), colour.a);
        }
        """
    }

    /// A hundred and fifty lines with loops: value noise, fractal sums, a blur and a colour grade, the
    /// kind of shader whose first draw llvmpipe needs hundreds of milliseconds to compile.
    static func large(variant: Int) -> String {
        var lines = [
            "// Fractal noise over a blurred, graded input, edited by the benchmark.",
            "varying highp vec2 textureCoordinate;",
            "uniform sampler2D inputImageTexture;",
            "const highp float variant = \(Double(variant) / 1000.0 + salt);",
            "",
            "highp float hash(highp vec2 p) {",
            "    p = fract(p * vec2(123.34, 456.21));",
            "    p += dot(p, p + 45.32);",
            "    return fract(p.x * p.y);",
            "}",
            "",
            "highp float noise(highp vec2 p) {",
            "    highp vec2 cell = floor(p);",
            "    highp vec2 local = fract(p);",
            "    highp vec2 blend = local * local * (3.0 - 2.0 * local);",
            "    highp float a = hash(cell);",
            "    highp float b = hash(cell + vec2(1.0, 0.0));",
            "    highp float c = hash(cell + vec2(0.0, 1.0));",
            "    highp float d = hash(cell + vec2(1.0, 1.0));",
            "    return mix(mix(a, b, blend.x), mix(c, d, blend.x), blend.y);",
            "}",
            "",
            "highp float fractal(highp vec2 p) {",
            "    highp float total = 0.0;",
            "    highp float amplitude = 0.5;",
            "    for (int octave = 0; octave < 6; octave++) {",
            "        total += amplitude * noise(p);",
            "        p = p * 2.03 + vec2(1.7, 9.2);",
            "        amplitude *= 0.5;",
            "    }",
            "    return total;",
            "}",
            "",
            "highp vec3 blurred(highp vec2 centre) {",
            "    highp vec3 sum = vec3(0.0);",
            "    highp float weight = 0.0;",
            "    for (int y = -2; y <= 2; y++) {",
            "        for (int x = -2; x <= 2; x++) {",
            "            highp vec2 offset = vec2(float(x), float(y)) / 512.0;",
            "            highp float w = exp(-float(x * x + y * y) / 4.0);",
            "            sum += texture2D(inputImageTexture, centre + offset).rgb * w;",
            "            weight += w;",
            "        }",
            "    }",
            "    return sum / weight;",
            "}",
            "",
        ]
        // Grade functions, one per channel curve, make up the rest: distinct code, not a copied loop.
        for index in 0..<11 {
            lines += [
                "highp vec3 grade\(index)(highp vec3 colour) {",
                "    highp float lift = \(Double(index) / 100.0) + fract(variant) * 0.01;",
                "    highp vec3 curved = pow(max(colour, vec3(0.0)), vec3(1.0 + \(Double(index) / 50.0)));",
                "    curved = mix(curved, vec3(dot(curved, vec3(0.299, 0.587, 0.114))), \(Double(index) / 40.0));",
                "    curved += vec3(lift, lift * 0.5, -lift * 0.25);",
                "    curved = clamp(curved, 0.0, 1.0);",
                "    return curved * (1.0 - \(Double(index) / 200.0)) + vec3(\(Double(index) / 300.0));",
                "}",
            ]
        }
        lines += [
            "",
            "void main() {",
            "    highp vec2 uv = textureCoordinate;",
            "    highp float field = fractal(uv * 6.0 + fract(variant));",
            "    highp vec3 colour = blurred(uv + (field - 0.5) * 0.01);",
        ]
        for index in 0..<11 {
            lines.append("    colour = mix(colour, grade\(index)(colour), 0.08);")
        }
        lines += [
            "    colour += (field - 0.5) * 0.05;",
            "    gl_FragColor = vec4(colour, 1.0);",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
