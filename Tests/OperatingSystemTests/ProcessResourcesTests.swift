import Foundation
import Glibc
import OperatingSystem
import Testing

/// Other tests run beside these in the same process and open and free things too, so each reading is taken
/// around a change far larger than theirs. These run one at a time: one frees and hands back as much as
/// another allocates.
@Suite("ProcessResources: what the process holds, read from /proc", .serialized)
struct ProcessResourcesTests {
    @Test("descriptors opened are counted, and closing them gives them back")
    func descriptors() throws {
        let before = ProcessResources.openDescriptors()
        let descriptors = (0..<200).map { _ in open("/dev/null", O_RDONLY | O_CLOEXEC) }
        try #require(descriptors.allSatisfy { $0 >= 0 })
        let opened = ProcessResources.openDescriptors() - before
        #expect((190...210).contains(opened), "\(opened)")
        for descriptor in descriptors { close(descriptor) }
        #expect(abs(ProcessResources.openDescriptors() - before) <= 10)
    }

    @Test("memory written to counts as resident")
    func resident() {
        let before = ProcessResources.residentBytes()
        #expect(before > 0)
        let size = 128 << 20
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 1, count: size)
        #expect(ProcessResources.residentBytes() >= before + size / 2)
    }

    @Test("freed heap memory kept by the allocator goes back to the system when asked",
          .enabled(if: ProcessInfo.processInfo.environment["SHADERBENCH_SANITIZER"] == nil,
                   "a sanitizer's allocator stands in for glibc's, whose free pages malloc_trim returns"))
    func freedMemoryReturned() {
        // Blocks under glibc's mmap threshold come from the heap; the last one stays, so the freed ones below it
        // cannot simply be cut off the heap's top when they are freed.
        let blockSize = 32 << 10
        let blocks = (0..<4096).map { _ in
            let block = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: 16)
            block.initializeMemory(as: UInt8.self, repeating: 1, count: blockSize)
            return block
        }
        defer { blocks.last?.deallocate() }
        for block in blocks.dropLast() { block.deallocate() }
        let kept = ProcessResources.residentBytes()
        ProcessResources.returnFreedMemory()
        let returned = kept - ProcessResources.residentBytes()
        #expect(returned >= 64 << 20, "\(returned) bytes returned of 128 MB freed")
    }
}
