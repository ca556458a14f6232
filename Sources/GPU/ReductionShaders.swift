import ShaderGraph

/// The GLSL of the reductions. Texels are read exactly with `texelFetch`, by the output pixel.
package enum ReductionShaders {
    package static let header = """
        #version 300 es
        precision highp float;
        precision highp int;
        uniform highp sampler2D source;
        out vec4 result;
        const vec3 lumaWeights = vec3(0.2126, 0.7152, 0.0722);
        """

    package static let fullscreenVertex = """
        #version 300 es
        in vec2 \(VertexStage.positionAttribute);
        void main() { gl_Position = vec4(\(VertexStage.positionAttribute), 0.0, 1.0); }
        """

    /// One output texel per 4×4 source texels, each weighted by the original pixels it covers, which is
    /// less than `span`² at the right and bottom edges when a size is not a power of four. `encode` turns a
    /// source texel into what is averaged: on the first level, the measure's own encoding of a pixel.
    package static func shrinkAverage(encode: String) -> String {
        header + """

            uniform ivec2 sourceSize;
            uniform int span;
            uniform ivec2 originalSize;
            vec4 encode(vec4 texel, ivec2 position) {
                \(encode)
            }
            void main() {
                ivec2 base = ivec2(gl_FragCoord.xy) * 4;
                vec4 sum = vec4(0.0);
                float total = 0.0;
                for (int y = 0; y < 4; y++) {
                    for (int x = 0; x < 4; x++) {
                        ivec2 texel = base + ivec2(x, y);
                        if (texel.x >= sourceSize.x || texel.y >= sourceSize.y) continue;
                        vec2 covered = vec2(min(ivec2(span), originalSize - texel * span));
                        float weight = covered.x * covered.y;
                        sum += encode(texelFetch(source, texel, 0), texel) * weight;
                        total += weight;
                    }
                }
                result = sum / total;
            }
            """
    }

    /// Texels as they are: the levels after the first, and the average colour's first level.
    package static let keep = "return texel;"

    /// A mask pixel becomes (x·w, y·w, w) with w its luminance and x, y its centre in texture coordinates.
    package static let encodeCentroid = """
        float weight = dot(texel.rgb, lumaWeights);
        return vec4((vec2(position) + 0.5) / vec2(originalSize) * weight, weight, 1.0);
        """

    /// The smallest (r) and largest (g) of 4×4 source texels; `luminance` on the first level.
    package static func shrinkMinMax(luminance: Bool) -> String {
        header + """

            uniform ivec2 sourceSize;
            void main() {
                ivec2 base = ivec2(gl_FragCoord.xy) * 4;
                vec2 extremes = vec2(1e30, -1e30);
                for (int y = 0; y < 4; y++) {
                    for (int x = 0; x < 4; x++) {
                        ivec2 texel = base + ivec2(x, y);
                        if (texel.x >= sourceSize.x || texel.y >= sourceSize.y) continue;
                        vec4 value = texelFetch(source, texel, 0);
                        vec2 range = \(luminance ? "vec2(dot(value.rgb, lumaWeights))" : "value.rg");
                        extremes = vec2(min(extremes.x, range.x), max(extremes.y, range.y));
                    }
                }
                result = vec4(extremes, 0.0, 1.0);
            }
            """
    }

    /// One point per pixel and bin row (luminance, then red, green, blue), placed on its bin.
    package static let histogramVertex = """
        #version 300 es
        precision highp float;
        precision highp int;
        uniform highp sampler2D source;
        uniform int width;
        uniform int rows;
        void main() {
            vec4 colour = texelFetch(source, ivec2(gl_VertexID % width, gl_VertexID / width), 0);
            float value = gl_InstanceID == 0 ? dot(colour.rgb, vec3(0.2126, 0.7152, 0.0722)) : colour[gl_InstanceID - 1];
            float bin = min(floor(value * 256.0), 255.0);
            gl_Position = vec4((bin + 0.5) / 128.0 - 1.0, (float(gl_InstanceID) + 0.5) / float(rows) * 2.0 - 1.0, 0.0, 1.0);
            gl_PointSize = 1.0;
        }
        """

    package static let histogramFragment = """
        #version 300 es
        precision highp float;
        out vec4 result;
        void main() { result = vec4(1.0, 0.0, 0.0, 0.0); }
        """
}
