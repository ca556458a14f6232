import CLiblo
import OperatingSystem

/// The part of liblo that OSC uses, from liblo.so.7 opened the first time a window listens or a composition
/// sends: most runs do neither, and are spared loading it (and its own threads' library) at every start.
struct LibloFunctions: @unchecked Sendable {
    let newServerThread: @convention(c) (UnsafePointer<CChar>?, lo_err_handler?) -> lo_server_thread?
    let addMethod: @convention(c) (lo_server_thread?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, lo_method_handler?,
                                   UnsafeMutableRawPointer?) -> lo_method?
    let start: @convention(c) (lo_server_thread?) -> Int32
    let stop: @convention(c) (lo_server_thread?) -> Int32
    let freeServerThread: @convention(c) (lo_server_thread?) -> Void
    let port: @convention(c) (lo_server_thread?) -> Int32
    let newAddress: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> lo_address?
    let freeAddress: @convention(c) (lo_address?) -> Void
    let addressErrorNumber: @convention(c) (lo_address?) -> Int32
    let addressErrorText: @convention(c) (lo_address?) -> UnsafePointer<CChar>?
    let newMessage: @convention(c) () -> lo_message?
    let freeMessage: @convention(c) (lo_message?) -> Void
    let addFloat: @convention(c) (lo_message?, Float) -> Int32
    let addDouble: @convention(c) (lo_message?, Double) -> Int32
    let addInteger: @convention(c) (lo_message?, Int32) -> Int32
    let addLong: @convention(c) (lo_message?, Int64) -> Int32
    let addString: @convention(c) (lo_message?, UnsafePointer<CChar>?) -> Int32
    let addTrue: @convention(c) (lo_message?) -> Int32
    let addFalse: @convention(c) (lo_message?) -> Int32
    let addMIDI: @convention(c) (lo_message?, UnsafeMutablePointer<UInt8>?) -> Int32
    let sendMessage: @convention(c) (lo_address?, UnsafePointer<CChar>?, lo_message?) -> Int32
    let newServer: @convention(c) (UnsafePointer<CChar>?, lo_err_handler?) -> lo_server?
    let addServerMethod: @convention(c) (lo_server?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, lo_method_handler?,
                                         UnsafeMutableRawPointer?) -> lo_method?
    let dispatchData: @convention(c) (lo_server?, UnsafeMutableRawPointer?, Int) -> Int32
    let freeServer: @convention(c) (lo_server?) -> Void
    let serialiseMessage: @convention(c) (lo_message?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?) -> UnsafeMutableRawPointer?

    static let loaded: Result<LibloFunctions, SharedLibraryError> = Result { () throws(SharedLibraryError) in
        let library = SharedLibrary("liblo.so.7")
        return LibloFunctions(newServerThread: try library.function("lo_server_thread_new"),
                              addMethod: try library.function("lo_server_thread_add_method"),
                              start: try library.function("lo_server_thread_start"),
                              stop: try library.function("lo_server_thread_stop"),
                              freeServerThread: try library.function("lo_server_thread_free"),
                              port: try library.function("lo_server_thread_get_port"),
                              newAddress: try library.function("lo_address_new"),
                              freeAddress: try library.function("lo_address_free"),
                              addressErrorNumber: try library.function("lo_address_errno"),
                              addressErrorText: try library.function("lo_address_errstr"),
                              newMessage: try library.function("lo_message_new"),
                              freeMessage: try library.function("lo_message_free"),
                              addFloat: try library.function("lo_message_add_float"),
                              addDouble: try library.function("lo_message_add_double"),
                              addInteger: try library.function("lo_message_add_int32"),
                              addLong: try library.function("lo_message_add_int64"),
                              addString: try library.function("lo_message_add_string"),
                              addTrue: try library.function("lo_message_add_true"),
                              addFalse: try library.function("lo_message_add_false"),
                              addMIDI: try library.function("lo_message_add_midi"),
                              sendMessage: try library.function("lo_send_message"),
                              newServer: try library.function("lo_server_new"),
                              addServerMethod: try library.function("lo_server_add_method"),
                              dispatchData: try library.function("lo_server_dispatch_data"),
                              freeServer: try library.function("lo_server_free"),
                              serialiseMessage: try library.function("lo_message_serialise"))
    }

    /// The functions, or why liblo is not there, as an OSC error.
    static func get() throws(OSCError) -> LibloFunctions {
        switch loaded {
        case .success(let functions): return functions
        case .failure(let error): throw OSCError("OSC needs liblo (Debian: liblo7): \(error.message)")
        }
    }
}
