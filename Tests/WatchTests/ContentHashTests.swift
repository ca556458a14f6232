import Testing
@testable import Watch

@Suite("ContentHash")
struct ContentHashTests {
    @Test("Matches the published FNV-1a 64 test vectors", arguments: [
        ("", 0xcbf2_9ce4_8422_2325 as UInt64),
        ("a", 0xaf63_dc4c_8601_ec8c),
        ("foobar", 0x8594_4171_f739_67e8),
    ])
    func vectors(text: String, expected: UInt64) {
        #expect(ContentHash(of: Array(text.utf8)).value == expected)
    }

    @Test("Tells apart contents that differ in one byte or in order")
    func distinguishes() {
        #expect(ContentHash(of: [1, 2, 3]) != ContentHash(of: [1, 2, 4]))
        #expect(ContentHash(of: [1, 2]) != ContentHash(of: [2, 1]))
        #expect(ContentHash(of: [0]) != ContentHash(of: []))
    }
}
