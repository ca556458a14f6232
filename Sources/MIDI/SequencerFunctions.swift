import CALSA
import OperatingSystem

/// The part of libasound the MIDI input uses: the sequencer client and the MIDI byte encoder. Opened the first
/// time a window listens for MIDI, as sound capture opens it, so every other run is spared loading it.
struct SequencerFunctions: @unchecked Sendable {
    let open: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, Int32, Int32) -> Int32
    let close: @convention(c) (OpaquePointer?) -> Int32
    let setClientName: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let clientID: @convention(c) (OpaquePointer?) -> Int32
    let createSimplePort: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UInt32, UInt32) -> Int32
    let connectFrom: @convention(c) (OpaquePointer?, Int32, Int32, Int32) -> Int32
    let parseAddress: @convention(c) (OpaquePointer?, UnsafeMutablePointer<snd_seq_addr_t>?, UnsafePointer<CChar>?) -> Int32
    let pollDescriptorCount: @convention(c) (OpaquePointer?, Int16) -> Int32
    let pollDescriptors: @convention(c) (OpaquePointer?, UnsafeMutablePointer<pollfd>?, UInt32, Int16) -> Int32
    let eventInput: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<snd_seq_event_t>?>?) -> Int32
    let clientInfoNew: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let clientInfoFree: @convention(c) (OpaquePointer?) -> Void
    let anyClientInfo: @convention(c) (OpaquePointer?, Int32, OpaquePointer?) -> Int32
    let clientInfoName: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let encoderNew: @convention(c) (Int, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let encoderFree: @convention(c) (OpaquePointer?) -> Void
    let encode: @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<snd_seq_event_t>?) -> Int
    let errorText: @convention(c) (Int32) -> UnsafePointer<CChar>?
    /// `snd_lib_error_set_handler`, whose handler type is variadic, so only C (`calsa_quiet`) can call it.
    let setErrorHandler: UnsafeMutableRawPointer

    static let loaded: Result<SequencerFunctions, SharedLibraryError> = Result { () throws(SharedLibraryError) in
        let library = SharedLibrary("libasound.so.2")
        return SequencerFunctions(open: try library.function("snd_seq_open"),
                                  close: try library.function("snd_seq_close"),
                                  setClientName: try library.function("snd_seq_set_client_name"),
                                  clientID: try library.function("snd_seq_client_id"),
                                  createSimplePort: try library.function("snd_seq_create_simple_port"),
                                  connectFrom: try library.function("snd_seq_connect_from"),
                                  parseAddress: try library.function("snd_seq_parse_address"),
                                  pollDescriptorCount: try library.function("snd_seq_poll_descriptors_count"),
                                  pollDescriptors: try library.function("snd_seq_poll_descriptors"),
                                  eventInput: try library.function("snd_seq_event_input"),
                                  clientInfoNew: try library.function("snd_seq_client_info_malloc"),
                                  clientInfoFree: try library.function("snd_seq_client_info_free"),
                                  anyClientInfo: try library.function("snd_seq_get_any_client_info"),
                                  clientInfoName: try library.function("snd_seq_client_info_get_name"),
                                  encoderNew: try library.function("snd_midi_event_new"),
                                  encoderFree: try library.function("snd_midi_event_free"),
                                  encode: try library.function("snd_midi_event_encode"),
                                  errorText: try library.function("snd_strerror"),
                                  setErrorHandler: try library.address(of: "snd_lib_error_set_handler"))
    }

    static func get() throws(MIDIError) -> SequencerFunctions {
        switch loaded {
        case .success(let functions):
            calsa_quiet(functions.setErrorHandler)
            return functions
        case .failure(let error):
            throw MIDIError("MIDI needs libasound (Debian's libasound2): \(error.message)")
        }
    }

    /// ALSA's words for a negative result.
    func reason(_ code: Int32) -> String {
        errorText(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
