#if canImport(Glibc)
import Glibc
#endif

/// A buffered writer on a file descriptor: output is collected in a 64 KiB buffer and written with `write(2)`
/// when full or flushed, never one system call per line (printing each line of a 1M-line check doubled its cost).
/// The buffer is raw memory, not an array, so appending costs a `memcpy` and no exclusivity check.
package final class OutputBuffer {
    package let fd: Int32
    @usableFromInline let buffer: UnsafeMutableRawPointer
    @usableFromInline let capacity: Int
    @usableFromInline var count = 0
    /// Why a write failed (a full disk, a closed descriptor), once one has; later writes are dropped.
    package private(set) var failure: String?

    package init(fd: Int32, capacity: Int = 64 * 1024) {
        self.fd = fd
        self.capacity = capacity
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Appends text.
    package func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Appends raw bytes.
    @inlinable
    package func write(_ raw: UnsafeRawBufferPointer) {
        if count + raw.count > capacity {
            flush()
            if raw.count > capacity {
                writeAll(raw)
                return
            }
        }
        if let base = raw.baseAddress { (buffer + count).copyMemory(from: base, byteCount: raw.count) }
        count += raw.count
    }

    /// Appends one byte.
    @inlinable
    package func write(byte: UInt8) {
        if count == capacity { flush() }
        buffer.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Appends a decimal number.
    package func write(_ number: Int) {
        withUnsafeTemporaryAllocation(byteCount: 24, alignment: 1) { digits in
            var value = number.magnitude
            var start = 24
            repeat {
                start -= 1
                digits[start] = UInt8(48 + value % 10)
                value /= 10
            } while value > 0
            if number < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            write(UnsafeRawBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Writes everything buffered.
    package func flush() {
        guard count > 0 else { return }
        writeAll(UnsafeRawBufferPointer(start: buffer, count: count))
        count = 0
    }

    @usableFromInline func writeAll(_ raw: UnsafeRawBufferPointer) {
        guard failure == nil, let base = raw.baseAddress else { return }
        var offset = 0
        while offset < raw.count {
            let written = Glibc.write(fd, base + offset, raw.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                return
            }
            offset += written
        }
    }
}

/// Standard output (values, results). Flushed before the process exits.
nonisolated(unsafe) package let standardOutput = OutputBuffer(fd: 1)
/// Standard error (messages). Flushed before the process exits and before anything interactive.
nonisolated(unsafe) package let standardError = OutputBuffer(fd: 2, capacity: 4096)

/// Whether `fd` is a terminal.
package func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
