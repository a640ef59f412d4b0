// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardCLISupport

/// A file descriptor's bytes in chunks of whole lines: each chunk ends at a newline (or at the end of the input),
/// about `size` bytes long, its own array, so that it can be handed to another thread and its lines split there.
/// The bytes after a chunk's last newline begin the next one.
///
/// A read that leaves nothing more to read at once (a terminal's line, a slow pipe) ends the chunk there, so that
/// what was typed or piped is checked as it comes; a file fills whole chunks. A line longer than a chunk makes the
/// chunk grow, up to `maximumLineLength` (a stream with no newline, such as `/dev/zero`, would take all memory);
/// nothing is ever cut.
struct LineChunks: ~Copyable {
    /// The longest line read: 256 MiB, as `LineReader`'s.
    static let maximumLineLength = 256 << 20
    private let fd: Int32
    /// What the descriptor is, for messages (escaped): a file name, or "standard input".
    private let name: String
    private let size: Int
    /// The bytes after the last chunk's last newline.
    private var rest: [UInt8] = []
    private var atEnd = false

    init(fd: Int32, name: String, size: Int = 1 << 20) {
        self.fd = fd
        self.name = name
        self.size = size
        // A producer faster than the checks writes ahead, and a read takes a chunk's worth, not 64 KiB.
        widenPipe(fd, to: size)
    }

    /// Why there is no next chunk.
    enum Problem: Error {
        /// Reading failed (the failure says why, naming the input).
        case unreadable(CommandFailure)
        /// The line after the chunks handed out is longer than `maximumLineLength` (the caller, which counts the
        /// lines, says which).
        case lineTooLong
    }

    /// The next chunk of whole lines (the last may end without a newline), nil after the last. `whileWaiting` is
    /// called before each read that would wait (a pipe with nothing yet): the caller reports what it has checked.
    mutating func next(whileWaiting: () -> Void = {}) throws(Problem) -> [UInt8]? {
        var chunk = rest
        rest = []
        var capacity = max(size, 2 * chunk.count)
        while !atEnd {
            let (filled, ended, failure) = Self.fill(fd, after: chunk, capacity: capacity, whileWaiting: whileWaiting)
            if failure != 0 { throw .unreadable(.usage("cannot read \(name): \(String(cString: strerror(failure)))")) }
            chunk = filled
            if ended {
                atEnd = true
            } else if chunk.count == capacity, Self.lastNewline(in: chunk) == nil {
                guard capacity < Self.maximumLineLength else { throw .lineTooLong }
                capacity = min(2 * capacity, Self.maximumLineLength)
            } else {
                break
            }
        }
        if chunk.isEmpty { return nil }
        if !atEnd, let last = Self.lastNewline(in: chunk) {
            rest = Array(chunk[(last + 1)...])
            chunk.removeSubrange((last + 1)...)
        }
        return chunk
    }

    /// `start` followed by what `read(2)` gives, up to `capacity` bytes in all: read until the chunk is full, or
    /// it holds a newline and nothing more can be read at once, or the input ends (`ended`); `failure` is the
    /// `errno` of a failed read (0: none). One array, read into where it lies. Before a read that would wait with
    /// no whole line to hand over, `whileWaiting` is called.
    private static func fill(_ fd: Int32, after start: [UInt8], capacity: Int, whileWaiting: () -> Void)
        -> (bytes: [UInt8], ended: Bool, failure: Int32)
    {
        var ended = false
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress, start.count <= capacity else { return }
            start.withUnsafeBufferPointer { old in
                if let from = old.baseAddress { base.update(from: from, count: old.count) }
            }
            initialized = start.count
            // `start` holds no newline: it is what followed the last chunk's last one (or a line too long).
            var newline = false
            while initialized < capacity {
                if !readable(fd) {
                    // Whole lines read: handed over before waiting. None yet (or only the start of one): what was
                    // checked meanwhile is reported while the rest comes.
                    if newline { return }
                    whileWaiting()
                }
                let count = read(fd, base + initialized, capacity - initialized)
                if count < 0 {
                    if errno == EINTR { continue }
                    // A descriptor left non-blocking by the program that handed it over: wait for it.
                    if errno == EAGAIN || errno == EWOULDBLOCK {
                        Self.waitReadable(fd)
                        continue
                    }
                    failure = errno
                    return
                }
                if count == 0 {
                    ended = true
                    return
                }
                if !newline, memchr(base + initialized, 0x0A, count) != nil { newline = true }
                initialized += count
            }
        }
        return (bytes, ended, failure)
    }

    /// The index of the first `\n` in `bytes` from `start` (`memchr`: many bytes at a time), nil if none.
    @inline(__always)
    static func firstNewline(in bytes: [UInt8], from start: Int) -> Int? {
        guard start >= 0, start < bytes.count else { return nil }
        return bytes.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let hit = memchr(base + start, 0x0A, raw.count - start) else { return nil }
            return base.distance(to: UnsafeRawPointer(hit))
        }
    }

    /// The index of the last `\n` in `bytes`, nil if none.
    private static func lastNewline(in bytes: [UInt8]) -> Int? {
        var i = bytes.count - 1
        while i >= 0 {
            if bytes[i] == 0x0A { return i }
            i -= 1
        }
        return nil
    }

    /// Whether more can be read from `fd` at once (`poll` with no wait; always for a file).
    private static func readable(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// Waits until `fd` can be read (or is at its end, or failed: the read says which).
    private static func waitReadable(_ fd: Int32) {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while poll(&entry, 1, -1) < 0 && errno == EINTR {}
    }
}
