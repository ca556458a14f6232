import ShaderLanguage

extension DiagnosticCode {
    static let liveControl = [controlTarget, controlSource, controlNumber, controlNotPublished, controlWired, controlComponent, midiPort,
                              oscOutput, oscPort, oscMessage, nonFiniteValue]

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

    public static let midiPort = DiagnosticCode(
        4007, "MIDI that cannot be received",
        explanation: """
            The window reads MIDI through the ALSA sequencer, as a client with one input port. The sequencer \
            cannot be opened (no /dev/snd/seq: `modprobe snd-seq` loads it), or the source `midi:` or `--midi` \
            names is not there, cannot be connected or went away; it is connected when it appears. The window \
            runs on, and MIDI sent over OSC (`/shaderbench/midi`) still plays the controls.
            """,
        example: """
            midi: "Launch Control:0"   # aconnect -i lists it as "Launch Control XL"
            # fixed:
            midi: "Launch Control XL:0"
            """)

    public static let oscPort = DiagnosticCode(
        4102, "an OSC port or host that cannot be used",
        explanation: """
            `osc: PORT` and `--osc PORT` listen for OSC on a UDP port, which another program may hold already \
            (a second window, a synthesiser); the window runs on without OSC until the port changes. `osc-out:` \
            sends to a host and port: a host that cannot be found or a send the network refuses is said, and \
            the values go on being sent as they change.
            """,
        example: """
            osc: 9000   # another window listens there
            # fixed:
            osc: 9001
            """)

    public static let oscMessage = DiagnosticCode(
        4103, "an OSC message the window cannot apply",
        explanation: """
            The window takes `/NODE/PARAMETER` with the parameter's numbers (one for a float, three for a vec3), \
            and `/shaderbench/reload`, `pause`, `play`, `show NODE` and `midi`. A message to another address, \
            to a parameter that is not published or is wired, or with the wrong number or types of arguments is \
            ignored and said once per address, and so is one whose number is NaN or an infinity (`nan`, `inf`), \
            which no shader can draw with and no composition can hold. MIDI sent over OSC with a value outside 0 \
            to 127 is clamped.
            """,
        example: """
            oscsend localhost 9000 /grade/tint ff 1.0 0.5        # tint is a vec3
            # fixed:
            oscsend localhost 9000 /grade/tint fff 1.0 0.5 0.2
            """)

    public static let nonFiniteValue = DiagnosticCode(
        4201, "a parameter's value that is not a finite number",
        explanation: """
            A published parameter takes finite numbers only. NaN and the infinities, typed into the panel's \
            fields, made by a controller's mapping or given to `--set`, are refused, said once per parameter, \
            and the parameter keeps the value it had: a shader computes nothing useful with them, and a \
            composition with `nan` in it would no longer load, so none is ever written back into the file. The \
            exported code ignores them the same way.
            """,
        example: """
            shaderbench render look.yaml --set look.gain=inf
            # fixed:
            shaderbench render look.yaml --set look.gain=1000
            """)
}
