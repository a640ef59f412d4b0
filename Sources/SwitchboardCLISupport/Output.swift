// SPDX-License-Identifier: GPL-3.0-or-later

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

    /// Whether the descriptor was closed when the program started (see `closedStandardStreams`).
    private let wasClosed: Bool

    /// Called when a write finds the reader gone (EPIPE, with SIGPIPE blocked): a batch that started check
    /// commands kills them before it ends.
    package var onBrokenPipe: (() -> Void)?

    package init(fd: Int32, capacity: Int = 64 * 1024) {
        self.fd = fd
        wasClosed = closedStandardStreams.contains(fd)
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

    /// Whether the reader of the descriptor (a pipe's) has gone, with SIGPIPE blocked: runs `onBrokenPipe`
    /// (once) as a failed write would, and records the failure. For a batch that waits for check commands and
    /// would otherwise find out only at its next write.
    package func readerGone() {
        guard failure == nil else { return }
        failure = String(cString: strerror(EPIPE))
        if let onBrokenPipe {
            self.onBrokenPipe = nil
            onBrokenPipe()
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
        if wasClosed {
            failure = "it is closed"
            return
        }
        var offset = 0
        while offset < raw.count {
            let written = systemWrite(fd, base + offset, raw.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let reason = errno
                failure = String(cString: strerror(reason))
                if reason == EPIPE, let onBrokenPipe {
                    self.onBrokenPipe = nil
                    onBrokenPipe()
                }
                return
            }
            offset += written
        }
    }
}

/// Which of the standard descriptors 0, 1 and 2 were closed when the program started (`cmd <&-`, `>&-`). Each
/// closed one is replaced by /dev/null the first time this is read (at the start of `main`), so that no file the
/// program opens later takes its number: a spec or draft would otherwise be read as standard input, or answers
/// written into it as standard output. Commands use the set to say "standard input is closed".
package let closedStandardStreams: StandardStreams = {
    var closed = StandardStreams()
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
        closed.insert(fd)
        let null = open("/dev/null", (fd == 0 ? O_RDONLY : O_WRONLY) | O_CLOEXEC)
        if null >= 0 && null != fd {
            dup2(null, fd)
            close(null)
        } else if null == fd {
            _ = fcntl(fd, F_SETFD, 0)   // a standard descriptor stays open across exec
        }
    }
    return closed
}()

/// A set of the standard descriptors 0, 1 and 2, as three bits (a `Set<Int32>` would cost every start of the
/// command line a conformance lookup).
package struct StandardStreams: Sendable {
    private var bits: UInt8 = 0

    package init() {}

    package mutating func insert(_ fd: Int32) {
        if (0...2).contains(fd) { bits |= 1 << UInt8(fd) }
    }

    package func contains(_ fd: Int32) -> Bool {
        (0...2).contains(fd) && bits & (1 << UInt8(fd)) != 0
    }
}

/// Standard output (values, results). Flushed before the process exits.
nonisolated(unsafe) package let standardOutput = OutputBuffer(fd: 1)
/// Standard error (messages). Flushed before the process exits and before anything interactive.
nonisolated(unsafe) package let standardError = OutputBuffer(fd: 2, capacity: 4096)

/// Whether `fd` is a terminal.
package func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
