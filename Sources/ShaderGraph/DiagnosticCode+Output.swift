import ShaderLanguage

/// What the workbench writes: a render's frames, movies and pipes, recordings and screenshots, the virtual
/// camera, the tuned values and learned controls it saves into the composition, and exports.
extension DiagnosticCode {
    static let output = [evenSize, outputNotWritten, movieWithoutOption, outputSizeKept, inexactRange, virtualCamera, notSaved, notExportable]

    public static let evenSize = DiagnosticCode(
        6001, "an odd size made even for the video format",
        explanation: """
            Movies, YUV4MPEG2 on standard output and the virtual camera carry colour at half the resolution \
            (4:2:0, YUYV), one sample for each two pixels across (and down, for 4:2:0), so their width and height \
            must be even. An odd side gains one column or row, a copy of the last, and the video is one pixel \
            larger than the render. PNG frames keep the size as it is.
            """,
        example: """
            shaderbench render sepia.yaml --size 641x361 --out sepia.mp4    # written as 642×362
            # fixed:
            shaderbench render sepia.yaml --size 640x360 --out sepia.mp4
            """)

    public static let outputNotWritten = DiagnosticCode(
        6002, "an output that cannot be written",
        explanation: """
            A file or stream the workbench writes failed: a render's PNG frames or movie, the `--values` log, a \
            recording or screenshot from the window, the gallery's pictures, an export's files, standard \
            output for `--out -`, or a network stream (`--out srt://…`). The message gives the system's or the \
            encoder's reason: a folder that cannot be made, no permission, a full disk, a stream's receiver gone. What was written before the failure stays (a movie is finished \
            after its last whole frame).
            """,
        example: """
            shaderbench render tour.yaml --frames 300 --out /frames/tour-%04d.png   # /frames is not writable
            # fixed:
            shaderbench render tour.yaml --frames 300 --out frames/tour-%04d.png
            """)

    public static let movieWithoutOption = DiagnosticCode(
        6003, "a movie written without an option or its sound",
        explanation: """
            The movie is written, but not quite as asked: the encoder has no option the workbench gives it (an \
            older FFmpeg's encoder), which is ignored, or this FFmpeg has no sound encoder the container holds \
            (AAC, Opus or Vorbis; WebM takes Opus or Vorbis only), so the movie is silent. An FFmpeg with the \
            encoder, or another container, gives the movie everything.
            """,
        example: """
            shaderbench render clip.yaml --out clip.webm   # this FFmpeg has neither Opus nor Vorbis
            # fixed: a container whose sound encoder this FFmpeg has
            shaderbench render clip.yaml --out clip.mp4
            """)

    public static let outputSizeKept = DiagnosticCode(
        6004, "--size given to a render whose output node has a size of its own",
        explanation: """
            `--size` sets the render size, which every node without a size of its own takes. What a render writes \
            (PNG frames, a movie, standard output, the virtual camera) is the output node's image as it is drawn, \
            so an output node with its own size (a shader's or pattern's `size:`, an image node's file, a \
            camera's frames) keeps that size, and `--size` sizes only the other nodes without one. The warning \
            names the size the frames are written at. To write the frames at `--size`, take the output node's \
            own `size:` away, or give the output node that size.
            """,
        example: """
            grade: { kind: shader, file: ../shaders/grade.fsh, size: [640, 360] }   # written at 640×360, whatever --size says
            # fixed: without a size of its own, the output node takes the render size, which --size sets
            grade: { kind: shader, file: ../shaders/grade.fsh }
            """)

    public static let inexactRange = DiagnosticCode(
        6005, "a range of frames that cannot be those of one long render",
        explanation: """
            `render --start K` draws frame K as frame K of one long render from frame 0. Where something carries \
            state from frame to frame (feedback, `previous:`, an ISF PERSISTENT target, a smoothed value or \
            spectrum), the render draws frames 0 to K − 1 first, writing none of them. A live camera cannot give \
            those frames again: the frames drawn first take the camera's frames of now, so the range shows what a \
            long render would have shown only where the camera shows the same. `check` says so for the \
            composition, and `render` for the range asked. Render the whole length in one go (from frame 0), or \
            feed the composition a recorded movie with `--input`, which is decoded at each frame's time.
            """,
        example: """
            shaderbench render camera-trail.yaml --start 300 --frames 300 --out trail-%04d.png
            # fixed: the camera recorded first, then rendered in ranges from the movie
            shaderbench render camera-trail.yaml --input take.mp4 --start 300 --frames 300 --out trail-%04d.png
            """)

    public static let virtualCamera = DiagnosticCode(
        6101, "the camera output cannot be written",
        explanation: """
            `--output v4l2:DEVICE` writes to a V4L2 video output, which v4l2loopback makes. There is none (the \
            module is not loaded), the device named is not a video output, another program is writing to it, or \
            it stopped taking frames. `v4l2-ctl --list-devices` lists the video devices there are. \
            `--output pipewire:NAME` publishes a PipeWire camera node: PipeWire is not running for this session \
            (no daemon where `XDG_RUNTIME_DIR` or `PIPEWIRE_REMOTE` lead), or it stopped, which ends the output.
            """,
        example: """
            shaderbench tour.yaml --output v4l2   # no v4l2loopback device
            # fixed:
            sudo modprobe v4l2loopback exclusive_caps=1 card_label="Shaderbench"
            shaderbench tour.yaml --output v4l2
            """)

    public static let notSaved = DiagnosticCode(
        6201, "tuned values, controls, a filter or a graph edit not saved into the composition",
        explanation: """
            Ctrl-S writes the panel's tuned values and learned MIDI controls into the composition, the \
            filter library adds a filter node to it, and the graph view (N) wires, unwires, deletes and sets \
            the output, each by editing its text in place. An entry written in a form the edit cannot follow \
            (a value set by an alias, a control not written `{ … }` on one line, a node no longer there) is \
            left as it is, as is a file that cannot be written; so is a graph edit that would delete the \
            output or give a name no node can have. A window closed without saving says which values were \
            left out, as `--set` options that give them back.
            """,
        example: """
            controls:
              grade.exposure:
                cc: 21
            # fixed: a control the learned one can be written over
            controls:
              grade.exposure: { cc: 21 }
            """)

    public static let notExportable = DiagnosticCode(
        6301, "a node an export cannot carry",
        explanation: """
            `shaderbench export` writes code an app links, which draws the graph from what the app hands it each \
            frame. A node that reads files or devices while it runs (an audio node, a sequence, an ISF shader's \
            IMPORTED image) has nothing in the exported graph to do that. Make it an input the app feeds: an \
            image node, whose pictures the app sets frame by frame.
            """,
        example: """
            frames: { kind: sequence, files: frames/%04d.png }
            # fixed: the app feeds each frame to the image input
            frames: { kind: image, file: frames/0001.png }
            """)
}
