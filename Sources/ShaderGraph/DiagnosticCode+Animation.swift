import ShaderLanguage

extension DiagnosticCode {
    static let animation = [keysOutOfOrder, keysAtOneTime, keyValueType, keyOutsideBounds, unknownInterpolation, bezierHandles,
                            keysOnInput, keyedAndWired, malformedKey, keyTimeUnit]

    public static let keysOutOfOrder = DiagnosticCode(
        2101, "keys out of time order",
        explanation: """
            A curve's keys are listed in the order they play: each key's time (seconds) is later than the one \
            before. The message names both times; move the key to its place in the list.
            """,
        example: """
            animate:
              tone.intensity: [[0, 0], [2, 1], [1, 0.5]]
            # fixed:
              tone.intensity: [[0, 0], [1, 0.5], [2, 1]]
            """)

    public static let keysAtOneTime = DiagnosticCode(
        2102, "two keys at one time",
        explanation: """
            A curve has one value at each moment, so two keys cannot share a time. For a jump, key the old value \
            with `hold` and the new one at the moment of the jump.
            """,
        example: """
            animate:
              tone.intensity: [[0, 0], [1, 0.2], [1, 0.8]]
            # fixed:
              tone.intensity: [[0, 0], [1, 0.8]]
            """)

    public static let keyValueType = DiagnosticCode(
        2103, "a key's value does not fit its parameter",
        explanation: """
            Each key's value is what the parameter's type takes: one number for a float, a list of three for a \
            vec3 or a colour, whole numbers for an int, true or false for a bool, one of the menu's values for an \
            ISF long with VALUES, seconds for a movie's time. Every key of a curve has the same number of numbers.
            """,
        example: """
            animate:
              grade.tint: [[0, [1, 0.9]], [2, [0.8, 0.9, 1]]]     # tint is a vec3
            # fixed:
              grade.tint: [[0, [1, 0.9, 0.7]], [2, [0.8, 0.9, 1]]]
            """)

    public static let keyOutsideBounds = DiagnosticCode(
        2104, "a key outside its parameter's declared range",
        explanation: """
            The shader declares a range for the parameter (`// range: 0...1`, ISF's MIN and MAX), and a key's \
            value lies outside it. A value set by hand is clamped into the range, with a warning; a key is an \
            error instead, because a curve drawn through a clamped key would not be the curve written.
            """,
        example: """
            animate:
              tone.intensity: [[0, 0], [2, 1.5]]      # uniform float intensity; // range: 0...1
            # fixed:
              tone.intensity: [[0, 0], [2, 1]]
            """)

    public static let unknownInterpolation = DiagnosticCode(
        2105, "an unknown interpolation",
        explanation: """
            A key's third element is how the curve goes on to the next key: `hold` (stays until the next key), \
            `linear` (the default), `smooth` (eased in and out) or `[bezier, X1, Y1, X2, Y2]`. The message \
            suggests the closest word.
            """,
        example: """
            animate:
              tone.intensity: [[0, 0, ease], [2, 1]]
            # fixed:
              tone.intensity: [[0, 0, smooth], [2, 1]]
            """)

    public static let bezierHandles = DiagnosticCode(
        2106, "a Bézier key's handles are wrong",
        explanation: """
            A Bézier segment is written `[bezier, X1, Y1, X2, Y2]`, as CSS's `cubic-bezier()`: the two handles \
            in fractions of the segment, X of its time and Y of the way from this key's value to the next one's. \
            Each X is from 0 to 1, so the curve never runs back in time; Y may overshoot.
            """,
        example: """
            animate:
              tone.intensity: [[0, 0, [bezier, 1.4, 0, 0.6, 1]], [2, 1]]
            # fixed:
              tone.intensity: [[0, 0, [bezier, 0.4, 0, 0.6, 1]], [2, 1]]
            """)

    public static let keysOnInput = DiagnosticCode(
        2107, "keys on something that is not a settable parameter",
        explanation: """
            Keys set numbers, so they belong to a shader's or compute kernel's uniforms (floats, ints, bools, vectors, colours, points, \
            menus) and to a movie's `time`. An image input is fed by a wire under `inputs:`, and nodes such as \
            images, cameras and value nodes have no parameters to key; a `curve` node is a curve on its own.
            """,
        example: """
            animate:
              blend.inputImageTexture2: [[0, 0], [1, 1]]
            # fixed:
              blend.mixturePercent: [[0, 0], [1, 1]]
            """)

    public static let keyedAndWired = DiagnosticCode(
        2108, "a parameter both keyed and wired",
        explanation: """
            A uniform gets its value from one place. Keyed under `animate:` and wired to a value node under \
            `uniforms:`, it has two, and the workbench does not choose between them: remove the wire, or the keys \
            (a `curve` node wired into the uniform is the same curve as a value).
            """,
        example: """
            nodes:
              tone: { kind: shader, file: sepia.fsh, inputs: { inputImageTexture: photo }, uniforms: { intensity: pulse } }
            animate:
              tone.intensity: [[0, 0], [2, 1]]
            # fixed: drop 'intensity: pulse', or the keys
            """)

    public static let malformedKey = DiagnosticCode(
        2109, "keys written in the wrong shape",
        explanation: """
            `animate:` maps `NODE.PARAMETER` to a list of keys, each `[TIME, VALUE]` or `[TIME, VALUE, \
            INTERPOLATION]`, time in seconds (0 or more, or written `2.5s`, `90f` or `8b`); or to `{ keys: […], loop: true }` or \
            `{ keys: […], ping-pong: true }`, one of the two. A `curve` node holds the same `keys:`. \
            `duration:` is a time above 0, written as a key's time is.
            """,
        example: """
            animate:
              tone.intensity: [0, 1]
            # fixed:
              tone.intensity: [[0, 0], [2, 1]]
            """)

    public static let keyTimeUnit = DiagnosticCode(
        2110, "a key's time in frames or beats without its rate",
        explanation: """
            A key's time is seconds (`2.5` or `2.5s`), frames (`90f`, whole frames at the composition's \
            `rate:`) or beats (`8b`, at the composition's `tempo:` in beats a minute). Frames need `rate:` (a \
            number or a fraction such as 30000/1001; `render` then steps at that rate unless told `--fps`) and \
            beats need `tempo:`, so that a key means one moment whatever a run is asked for.
            """,
        example: """
            animate:
              tone.intensity: [[0f, 0], [90f, 1]]
            # fixed:
            rate: 30
            animate:
              tone.intensity: [[0f, 0], [90f, 1]]
            """)
}
