// SPDX-License-Identifier: GPL-3.0-or-later
import CReadline

/// The terminal a field talks to: input from the field's input descriptor, prompt and hints to standard error
/// when it is a terminal, else to /dev/tty.
final class TerminalStreams {
    let inputFD: Int32
    let outputFD: Int32
    /// A stdio stream on `outputFD` for readline (`rl_outstream`); our own drawing goes through it too, so
    /// the two never reorder. It is fully buffered (its own descriptor, never the process's unbuffered `stderr`
    /// stream): what one keystroke draws, readline's echo and the hint, reaches the terminal in one `write(2)` when
    /// the session flushes before waiting for the next key.
    let output: UnsafeMutablePointer<FILE>
    let input: UnsafeMutablePointer<FILE>
    private var ownsOutput = false
    private var ownsInput = false

    init(options: LineField.Options) throws {
        inputFD = options.input
        switch options.output {
        case .descriptor(let fd):
            outputFD = fd
        case .automatic:
            if isatty(STDERR_FILENO) == 1 {
                outputFD = STDERR_FILENO
            } else {
                var fd = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
                guard fd >= 0 else {
                    throw FieldError.terminalUnavailable("stderr is not a terminal and /dev/tty cannot be opened")
                }
                if fd <= STDERR_FILENO {
                    // Standard error (or input) was closed and /dev/tty took its number: move it out of the
                    // way, so that closing it later does not close the process's stderr stream.
                    let moved = fcntl(fd, F_DUPFD_CLOEXEC, 3)
                    posixClose(fd)
                    guard moved >= 0 else { throw FieldError.terminalUnavailable("cannot open /dev/tty") }
                    fd = moved
                }
                outputFD = fd
                ownsOutput = true
            }
        }
        // Our own descriptor for the stream (a duplicate unless we opened /dev/tty), closed with it.
        let streamFD = ownsOutput ? outputFD : fcntl(outputFD, F_DUPFD_CLOEXEC, 3)
        guard streamFD >= 0, let stream = fdopen(streamFD, "w") else {
            if streamFD >= 0 && streamFD != outputFD { posixClose(streamFD) }
            if ownsOutput { posixClose(outputFD) }
            throw FieldError.terminalUnavailable("cannot write to descriptor \(outputFD)")
        }
        setvbuf(stream, nil, _IOFBF, 8192)
        output = stream
        ownsOutput = true
        if inputFD == STDIN_FILENO {
            input = sb_stdin()
        } else if let stream = fdopen(dup(inputFD), "r") {
            input = stream
            ownsInput = true
        } else {
            throw FieldError.terminalUnavailable("cannot read descriptor \(inputFD)")
        }
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, output) }
    }

    func flush() { fflush(output) }

    func close() {
        fflush(output)
        if ownsOutput { fclose(output) }   // closes its descriptor (outputFD itself when we opened /dev/tty)
        if ownsInput { fclose(input) }
    }

    /// The terminal's width in columns (80 when unknown).
    var columns: Int {
        var size = winsize()
        if ioctl(outputFD, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if ioctl(inputFD, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}

/// Makes sure the locale's character type is UTF-8 aware, so readline measures wide characters. Swift
/// programs start in the "C" locale; the user's locale is used, or C.UTF-8 when that is plain C.
package func adoptCharacterLocale() {
    if let current = setlocale(LC_CTYPE, nil), String(cString: current) != "C" { return }
    if let chosen = setlocale(LC_CTYPE, ""), ["C", "POSIX"].contains(String(cString: chosen)) == false { return }
    _ = setlocale(LC_CTYPE, "C.UTF-8")
}
