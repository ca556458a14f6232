import Foundation
import OperatingSystem

/// The card name the kernel publishes for a device node in sysfs (`/sys/class/video4linux/video0/name`).
/// It can be read while another program holds the device, when opening it to ask fails.
enum SysfsCardName {
    static func card(of path: String) -> String? {
        // A path such as /dev/v4l/by-id/… is a link to the node that sysfs names.
        let node = URL(fileURLWithPath: path).resolvingSymlinksInPath().lastPathComponent
        guard let bytes = try? FileContents.read(path: "/sys/class/video4linux/\(node)/name", limit: 256) else { return nil }
        let name = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }
}
