import ShaderLanguage

extension DiagnosticCode {
    static let liveControl = [controlTarget, controlSource, controlNumber, controlNotPublished, controlWired, controlComponent, oscOutput]

    public static let controlTarget = DiagnosticCode(
        4001, "a MIDI control names no parameter",
        explanation: """
            Each key under `controls:` is the published parameter a control plays, as `node.uniform`, or one \
            number of a vector or colour as `node.uniform[N]` (from 0).
            """,
        example: """
            controls:
              exposure: { cc: 21 }
            # fixed:
            controls:
              grade.exposure: { cc: 21 }
            """)

    public static let controlSource = DiagnosticCode(
        4002, "a MIDI control needs one source",
        explanation: """
            A control is played by exactly one of: a controller (`cc: N`, with `bits: 14` for an MSB/LSB pair), a \
            note's key (`note: N`), a note's velocity (`velocity: N`) or the pitch wheel (`bend: true`). \
            `channel: 1…16` may be added to any of them; `bits` only to a controller.
            """,
        example: """
            controls:
              flash.fire: { note: 36, cc: 64 }
            # fixed:
            controls:
              flash.fire: { note: 36 }
            """)

    public static let controlNumber = DiagnosticCode(
        4003, "a MIDI number out of range",
        explanation: """
            Controller and note numbers are 0 to 127, channels 1 to 16 (as controllers label them), and `bits` is \
            7 or 14. A 14-bit pair is a controller from 0 to 31 (the MSB) with the one 32 above it (the LSB), so \
            `bits: 14` is refused above CC 31.
            """,
        example: """
            controls:
              blur.radius: { cc: 40, bits: 14 }
            # fixed:
            controls:
              blur.radius: { cc: 8, bits: 14 }    # MSB on CC 8, LSB on CC 40
            """)

    public static let controlNotPublished = DiagnosticCode(
        4004, "a MIDI control plays a parameter that is not published",
        explanation: """
            Controls play published parameters only, as the panel and OSC tune them: add the parameter to \
            `publish:` (the message lists what is published).
            """,
        example: """
            publish: [grade.exposure]
            controls:
              grade.contrast: { cc: 22 }
            # fixed:
            publish: [grade.exposure, grade.contrast]
            controls:
              grade.contrast: { cc: 22 }
            """)

    public static let controlWired = DiagnosticCode(
        4005, "a MIDI control plays a wired parameter",
        explanation: """
            The parameter is set by a wire from a value node (a reduction, an oscillator, …) every frame, so a \
            controller's value would be overwritten at once. Play the value node's own input instead, or remove \
            the wire.
            """,
        example: """
            grade: { kind: shader, file: grade.fsh, uniforms: { exposure: level } }   # wired to 'level'
            controls:
              grade.exposure: { cc: 21 }
            # fixed: play a parameter that is not wired, or set exposure to a number
            grade: { kind: shader, file: grade.fsh, uniforms: { exposure: 0.5 } }
            """)

    public static let controlComponent = DiagnosticCode(
        4006, "a MIDI control of a vector without the number it plays",
        explanation: """
            A controller sets one number. A vector or colour parameter is played one number at a time, written \
            `node.uniform[N]` with N from 0 to one less than its size; a parameter of one number takes no `[N]`.
            """,
        example: """
            controls:
              grade.tint: { cc: 21 }
            # fixed:
            controls:
              grade.tint[0]: { cc: 21 }   # red
              grade.tint[2]: { cc: 22 }   # blue
            """)

    public static let oscOutput = DiagnosticCode(
        4101, "an osc-out entry that cannot send",
        explanation: """
            `osc-out: { host: HOST, port: PORT, values: [NODE, …] }` sends value nodes (centroid, average, minmax, \
            histogram, arithmetic) over OSC each time they change. It needs a port, a list of values, and each \
            name must be a value node of the composition, not one that makes an image.
            """,
        example: """
            osc-out: { port: 9001, values: [camera] }
            # fixed:
            osc-out: { port: 9001, values: [where] }   # 'where' is a centroid node
            """)
}
