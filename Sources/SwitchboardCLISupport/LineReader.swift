// SPDX-License-Identifier: GPL-3.0-or-later

/// Reads a file descriptor line by line in large chunks: `read(2)` into a 1 MiB buffer, split on `\n`, one
/// trailing `\r` stripped (CRLF files), the last line kept even without a newline. Lines are handed out as raw
/// bytes pointing into the buffer (valid only during the call): no `String` per line, no copy.
///
/// A line longer than the buffer grows it, up to `maximumLineLength` (a stream with no newline, such as
/// `/dev/zero`, would otherwise take all memory); nothing is ever cut.
package struct LineReader: ~Copyable {
    /// The longest line read: 256 MiB.
    static let maximumLineLength = 256 << 20
    private let fd: Int32
    /// What the descriptor is, for messages: a file name, or "standard input".
    private let name: String
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int

    package init(fd: Int32, name: String = "standard input", capacity: Int = 1 << 20) {
        self.fd = fd
        self.name = name
        self.capacity = capacity
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// What `forEachEvent` hands out: a line, or notice that the reader is about to read (and may wait).
    enum Event {
        /// A line (without its `\n` or `\r\n`), valid only during the call.
        case line(UnsafeRawBufferPointer)
        /// The next read of the descriptor comes now: the caller may wait until it is readable (`poll`), doing
        /// other work meanwhile.
        case beforeRead(Int32)
    }

    /// Calls `body` with each line (without its `\n` or `\r\n`) in order.
    /// - Throws: `CommandFailure` (exit 2) when reading fails or a line is longer than `maximumLineLength`.
    package mutating func forEachLine(_ body: (UnsafeRawBufferPointer) -> Void) throws(CommandFailure) {
        try readLines(announcingReads: false, body, beforeRead: { _ in })
    }

    /// `forEachLine` that also tells `body` before each read of the descriptor (`.beforeRead`), so that a
    /// caller waiting for other things too (check commands ending) can wait for input and for them at once.
    mutating func forEachEvent(_ body: (Event) -> Void) throws(CommandFailure) {
        try readLines(announcingReads: true, { body(.line($0)) }, beforeRead: { body(.beforeRead($0)) })
    }

    @inline(__always)
    private mutating func readLines(announcingReads: Bool, _ body: (UnsafeRawBufferPointer) -> Void,
                                    beforeRead: (Int32) -> Void) throws(CommandFailure) {
        var filled = 0
        var lines = 0
        while true {
            // Results that can no longer be written end the reading (a full disk, a reader gone with SIGPIPE
            // ignored): an endless producer would otherwise be read, and checked, for ever.
            if standardOutput.failure != nil { return }
            if announcingReads { beforeRead(fd) }
            let count = read(fd, buffer + filled, capacity - filled)
            if count < 0 {
                if errno == EINTR { continue }
                // A descriptor left non-blocking by the program that handed it over: wait until it can be read.
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    while poll(&entry, 1, -1) < 0 && errno == EINTR {}
                    continue
                }
                throw .usage("cannot read \(name): \(String(cString: strerror(errno)))")
            }
            filled += count
            let atEnd = count == 0
            var start = 0
            while start < filled, let newline = memchr(buffer + start, 0x0A, filled - start) {
                let end = buffer.distance(to: newline)
                body(line(from: start, to: end))
                lines += 1
                start = end + 1
            }
            if atEnd {
                if start < filled { body(line(from: start, to: filled)) }
                return
            }
            let rest = filled - start
            if start == 0 && rest == capacity {
                guard capacity < LineReader.maximumLineLength else {
                    throw .usage("\(name): line \(lines + 1) is longer than \(LineReader.maximumLineLength >> 20) MB "
                                 + "(no newline in it); values are lines of text")
                }
                grow()
            } else if rest > 0 && start > 0 {
                memmove(buffer, buffer + start, rest)
            }
            filled = rest
        }
    }

    @inline(__always)
    private func line(from start: Int, to end: Int) -> UnsafeRawBufferPointer {
        var end = end
        if end > start && buffer.load(fromByteOffset: end - 1, as: UInt8.self) == 0x0D { end -= 1 }
        return UnsafeRawBufferPointer(start: buffer + start, count: end - start)
    }

    private mutating func grow() {
        let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
        bigger.copyMemory(from: buffer, byteCount: capacity)
        buffer.deallocate()
        buffer = bigger
        capacity *= 2
    }
}

/// The offset of the first byte that is not part of valid UTF-8 in `bytes`, or `nil` when all of it is valid.
/// ASCII is skipped eight bytes at a time, so the common case costs a few nanoseconds per line.
@inline(__always)
func firstInvalidUTF8(_ bytes: UnsafeRawBufferPointer) -> Int? {
    let count = bytes.count
    guard let base = bytes.baseAddress else { return nil }
    var index = 0
    while index + 8 <= count {
        if base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
        index += 8
    }
    while index < count {
        if base.load(fromByteOffset: index, as: UInt8.self) >= 0x80 { break }
        index += 1
    }
    if index == count { return nil }
    return firstInvalidUTF8Slow(bytes, from: index)
}

private func firstInvalidUTF8Slow(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
        guard let length = utf8SequenceLength(bytes, at: index) else { return index }
        index += length
    }
    return nil
}

/// The scalar of the valid UTF-8 sequence of `length` bytes at `index` (see `utf8SequenceLength`).
func decodeScalar(_ bytes: UnsafeRawBufferPointer, at index: Int, length: Int) -> Unicode.Scalar {
    let lead = UInt32(bytes[index])
    var value: UInt32
    switch length {
    case 2: value = lead & 0x1F
    case 3: value = lead & 0x0F
    case 4: value = lead & 0x07
    default: return Unicode.Scalar(UInt8(truncatingIfNeeded: lead))
    }
    for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
    return Unicode.Scalar(value) ?? "\u{FFFD}"
}

/// The length of the valid UTF-8 sequence starting at `index`, or `nil` if the bytes there are not valid UTF-8
/// (overlong forms, surrogates and values past U+10FFFF are invalid).
func utf8SequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int? {
    let lead = bytes[index]
    if lead < 0x80 { return 1 }
    let length: Int
    var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; upper = 0x9F
    case 0xF0: length = 4; lower = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; upper = 0x8F
    default: return nil
    }
    guard index + length <= bytes.count else { return nil }
    let second = bytes[index + 1]
    guard second >= lower && second <= upper else { return nil }
    for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return nil }
    return length
}
