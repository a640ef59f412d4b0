#if canImport(Glibc)
import Glibc
#endif

/// A buffered writer on a file descriptor: output is collected in a 64 KiB buffer and written with `write(2)`
/// when full or flushed, never one system call per line (printing each line of a 1M-line check doubled its cost).
final class OutputBuffer {
    let fd: Int32
    private var bytes: [UInt8] = []
    private let limit: Int
    /// Set when a write failed (a closed pipe, a full disk); later writes are dropped.
    private(set) var failed = false

    init(fd: Int32, limit: Int = 64 * 1024) {
        self.fd = fd
        self.limit = limit
        bytes.reserveCapacity(limit + 4096)
    }

    /// Appends text.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends raw bytes.
    func write(_ raw: UnsafeRawBufferPointer) {
        append(raw.bindMemory(to: UInt8.self))
    }

    /// Appends one byte.
    @inline(__always)
    func write(byte: UInt8) {
        bytes.append(byte)
        if bytes.count >= limit { flush() }
    }

    /// Appends a decimal number.
    func write(_ number: Int) {
        if number < 10 { write(byte: UInt8(48 + number)); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var value = number.magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(48 + value % 10)
                value /= 10
                count += 1
            } while value > 0
            if number < 0 { count += 1; buffer[20 - count] = UInt8(ascii: "-") }
            append(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[(20 - count)...]))
        }
    }

    @inline(__always)
    private func append(_ raw: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: raw)
        if bytes.count >= limit { flush() }
    }

    /// Writes everything buffered.
    func flush() {
        guard !bytes.isEmpty else { return }
        defer { bytes.removeAll(keepingCapacity: true) }
        guard !failed else { return }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                offset += written
            }
        }
    }
}

/// Standard output (values, results). Flushed before the process exits.
nonisolated(unsafe) let standardOutput = OutputBuffer(fd: 1)
/// Standard error (messages). Flushed before the process exits and before anything interactive.
nonisolated(unsafe) let standardError = OutputBuffer(fd: 2, limit: 4096)

/// Whether `fd` is a terminal.
func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
