import Foundation
import OSC
import TestSupport
import Testing

/// OSC packets as bytes, read as the window's port reads them: messages, bundles, every argument type, and what
/// liblo refuses.
@Suite("Reading OSC packets")
struct OSCPacketReaderTests {
    func seed(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Repository.path("Tests/FuzzCorpus/osc-packet/seeds/\(name)"))))
    }

    @Test("a message of every type, and a bundle of two, read as sent")
    func messagesAndBundles() throws {
        let reader = try OSCPacketReader()
        let every = try #require(reader.read(try seed("every-type")))
        #expect(every == [OSCMessage(address: "/look/everything", arguments: [
            .integer(7), .float(0.25), .string("hello"), .boolean(true), .boolean(false), .integer(1 << 40), .float(-2.5), .string("sym"),
        ])])
        let bundle = try #require(reader.read(try seed("bundle-of-two")))
        #expect(bundle.map(\.address) == ["/fill/brightness", "/shaderbench/show"])
        #expect(bundle.last?.arguments == [.string("moving")])
    }

    @Test("a truncated packet is refused, and a message written out reads back the same")
    func refusedAndRoundTrip() throws {
        let reader = try OSCPacketReader()
        #expect(reader.read(try seed("truncated-float")) == nil)
        #expect(reader.read([]) == nil)
        let message = OSCMessage(address: "/grade/tint", arguments: [.float(1), .float(0.5), .integer(-3), .string("x"), .boolean(false)])
        let packet = try #require(reader.packet(of: message))
        #expect(reader.read(packet) == [message])
    }
}
