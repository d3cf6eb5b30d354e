import Foundation
import Testing

/// Files that are not files: a device is not read as an import, and an output never replaces a FIFO.
@Suite struct DeviceAndFIFOTests {
    @Test func aDeviceIsNotReadAsAnImportAndAnOutputNeverReplacesAFIFO() throws {
        let box = try Sandbox()
        _ = try box.add("x", 1, date: "2024-12-03")
        let before = try box.snapshot()
        let device = try box.run("import", "/dev/null")
        #expect(device.status == 1 && device.stderr.contains("/dev/null is a device, not a file"))
        #expect(try box.run("receipt", "/dev/zero").status == 1)
        #expect(try box.snapshot() == before)
        let fifo = box.root.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let output = try box.run("month", "2024", "12", "--output", fifo)
        #expect(output.status == 2 && output.stderr.contains("is not a regular file"))
        var info = stat()
        #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }
}
