// SPDX-License-Identifier: GPL-3.0-or-later
// The key reader a field installs as readline's rl_getc_function. It is C, not a Swift hook, because it runs for
// every byte typed: a Swift hook has to enter the main actor's code (an executor check) each time.
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>
#include <readline/readline.h>
#include "readline_support.h"

static int known_input = 0;
static unsigned long long bytes_read = 0;
static rl_getc_func_t *fallback_getc = NULL;
// While a field reads (see sb_rl_begin_key_reading): the terminal opened again, non-blocking, for the reads; the
// descriptor that becomes readable when a signal that ends the field arrives; whether a read gave up for one.
static int key_fd = -1;
static int interrupt_fd = -1;
static int interrupted = 0;
// Whether the bytes given to readline are inside a bracketed paste (its start marker given, its end not yet), and
// how much of each marker the last bytes matched. readline 8.2 reads a paste to its end marker and, when a read
// fails first (an error, the end of input, a read given up for a signal), inserts its buffer without the NUL it
// ends it with otherwise: strlen then reads past the buffer (AddressSanitizer: heap-buffer-overflow in
// rl_insert_text). So a failing read inside a paste first gives the rest of the end marker, and fails after.
static const unsigned char paste_start[6] = {0x1b, '[', '2', '0', '0', '~'};
static const unsigned char paste_end[6] = {0x1b, '[', '2', '0', '1', '~'};
static int paste_start_matched = 0;
static int paste_end_matched = 0;
static int in_paste = 0;

void sb_rl_set_known_input(int count) { known_input = count; }
int sb_rl_known_input(void) { return known_input; }
void sb_rl_set_fallback_getc(sb_rl_getc_func *function) { fallback_getc = function; }
unsigned long long sb_rl_bytes_read(void) { return bytes_read; }

/// `key` as given to readline, the bracketed paste followed; a failure inside a paste gives the next byte of the
/// paste's end marker instead (see `in_paste`).
static int noted(int key) {
    if (key < 0) {
        if (!in_paste) return key;
        key = paste_end[paste_end_matched];
    }
    unsigned char byte = (unsigned char)key;
    if (!in_paste) {
        paste_start_matched = byte == paste_start[paste_start_matched] ? paste_start_matched + 1
            : (byte == paste_start[0] ? 1 : 0);
        if (paste_start_matched == (int)sizeof paste_start) {
            in_paste = 1;
            paste_start_matched = 0;
            paste_end_matched = 0;
        }
    } else {
        paste_end_matched = byte == paste_end[paste_end_matched] ? paste_end_matched + 1
            : (byte == paste_end[0] ? 1 : 0);
        if (paste_end_matched == (int)sizeof paste_end) {
            in_paste = 0;
            paste_end_matched = 0;
        }
    }
    return key;
}

/// Waits until `fd` has a byte (or has ended, or failed: the read that follows says which) or a signal that ends the
/// field has arrived. Returns 1 for the terminal, 0 for the signal (which wins when both are ready).
static int wait_for_key_or_interrupt(int fd) {
    struct pollfd fds[2] = {{.fd = fd, .events = POLLIN}, {.fd = interrupt_fd, .events = POLLIN}};
    while (1) {
        fds[0].revents = 0;
        fds[1].revents = 0;
#ifdef __APPLE__
        int ready = sb_select_poll(fds, 2, -1);      // poll does not report a terminal on macOS (wait.c)
#else
        int ready = poll(fds, 2, -1);
#endif
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return 1;   // the read reports it
        if (fds[1].revents != 0) return 0;
        if (fds[0].revents != 0) return 1;
    }
}

/// A read of the field's key reader gave up: a signal that ends the field came while readline waited for a byte.
/// READERR makes readline end what it was doing (a paste, the rest of a character, the line) instead of waiting
/// on; the session's loop then finds the signal on its pipe.
static int give_up_for_interrupt(void) {
    interrupted = 1;
    known_input = 0;
    return READERR;
}

/// The key reader while a field reads with its own non-blocking descriptor: no read can wait for a byte that is no
/// longer there. Ctrl-C (like Ctrl-\ and Ctrl-Z) empties the terminal's input as it sends its signal, so the bytes
/// poll or FIONREAD counted may be gone by the time readline asks for them; a blocking read, or readline's rl_getc,
/// would then wait for the next key with the signal already handled (rl_getc goes back to its pselect after EINTR),
/// and the field would never see its Ctrl-C. Here a missing byte is waited for together with `interrupt_fd`.
static int read_key_byte_nonblocking(FILE *stream) {
    if (interrupted) return READERR;
    if (known_input == 0) {
        int waiting = 0;
        if (ioctl(key_fd, FIONREAD, &waiting) == 0 && waiting > 0) known_input = waiting;
    }
    while (1) {
        unsigned char byte;
        ssize_t count = read(key_fd, &byte, 1);
        if (count == 1) {
            if (known_input > 0) known_input--;
            bytes_read++;
            return byte;
        }
        known_input = 0;
        if (count == 0) return EOF;
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) return RL_ISSTATE(RL_STATE_READCMD) ? READERR : EOF;
        if (!wait_for_key_or_interrupt(key_fd)) return give_up_for_interrupt();
        if (fallback_getc != NULL && fallback_getc != rl_getc) {
            // The host's own key reader, now that a byte is there.
            int key = fallback_getc(stream);
            if (key >= 0) bytes_read++;
            return key;
        }
    }
}

static int read_key_byte(FILE *stream);

int sb_rl_read_key_byte(FILE *stream) {
    return noted(read_key_byte(stream));
}

static int read_key_byte(FILE *stream) {
    if (stream != NULL && key_fd >= 0) return read_key_byte_nonblocking(stream);
    if (interrupted) return READERR;
    if (stream != NULL) {
        if (known_input == 0) {
            int waiting = 0;
            if (ioctl(fileno(stream), FIONREAD, &waiting) == 0 && waiting > 0) known_input = waiting;
        }
        while (known_input > 0) {
            unsigned char byte;
            ssize_t count = read(fileno(stream), &byte, 1);
            if (count == 1) {
                known_input--;
                bytes_read++;
                return byte;
            }
            // A signal: with a field's interrupt descriptor, wait below rather than read again (the byte may be
            // gone with the signal's flush).
            if (count < 0 && errno == EINTR && interrupt_fd < 0) continue;
            break;   // end of input or an error: readline's own read reports it
        }
    }
    known_input = 0;
    if (stream != NULL && interrupt_fd >= 0 && !wait_for_key_or_interrupt(fileno(stream))) {
        return give_up_for_interrupt();
    }
    int key = fallback_getc != NULL ? fallback_getc(stream) : rl_getc(stream);
    if (key >= 0) bytes_read++;
    return key;
}

/// Opens the terminal `fd` refers to once more, as a description of its own (so O_NONBLOCK does not reach the
/// descriptor the shell shares): by its /proc entry on Linux, else by its name. -1 when it cannot be the same
/// terminal: the master side of a pseudo-terminal (opening /dev/ptmx again makes a new one), or another device.
static int open_terminal_again(int fd) {
#ifdef TIOCGPTN
    unsigned int number;
    if (ioctl(fd, TIOCGPTN, &number) == 0) return -1;
#endif
    struct stat original;
    if (fstat(fd, &original) != 0 || !S_ISCHR(original.st_mode)) return -1;
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    int flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
    int opened = open(path, flags);
    if (opened < 0) {
        char name[256];
        if (ttyname_r(fd, name, sizeof name) == 0) opened = open(name, flags);
    }
    if (opened < 0) return -1;
    struct stat again;
    if (fstat(opened, &again) != 0 || again.st_rdev != original.st_rdev || !isatty(opened)) {
        close(opened);
        return -1;
    }
    return opened;
}

sb_key_reading sb_rl_begin_key_reading(int input_fd, int signals_fd) {
    sb_key_reading previous = {key_fd, interrupt_fd, interrupted};
    key_fd = open_terminal_again(input_fd);
    interrupt_fd = signals_fd;
    interrupted = 0;
    in_paste = 0;
    paste_start_matched = 0;
    paste_end_matched = 0;
    return previous;
}

void sb_rl_end_key_reading(sb_key_reading previous) {
    if (key_fd >= 0) close(key_fd);
    key_fd = previous.key_fd;
    interrupt_fd = previous.interrupt_fd;
    interrupted = previous.interrupted;
}

int sb_rl_key_reading_interrupted(void) { return interrupted; }

// Exported by readline but not declared in its headers: whether keys were pushed back (rl_stuff_char,
// _rl_unget_char) and wait to be read.
extern int _rl_pushed_input_available(void);

void sb_rl_discard_typeahead(int fd) {
    rl_clear_pending_input();
    while (_rl_pushed_input_available()) (void)rl_read_key();
    known_input = 0;
    // Read out and count (the settle mark's count of bytes read must include them, or a test kit waits for
    // bytes nobody will read), on a non-blocking description of the terminal of its own; only when the terminal
    // cannot be opened again, flush what FIONREAD counts.
    int own = open_terminal_again(fd);
    if (own >= 0) {
        unsigned char buffer[256];
        while (1) {
            ssize_t count = read(own, buffer, sizeof buffer);
            if (count > 0) { bytes_read += (unsigned long long)count; continue; }
            if (count < 0 && errno == EINTR) continue;
            break;   // nothing more waiting (EAGAIN), the end, or an error
        }
        close(own);
        return;
    }
    int waiting = 0;
    if (ioctl(fd, FIONREAD, &waiting) == 0 && waiting > 0) bytes_read += (unsigned long long)waiting;
    tcflush(fd, TCIFLUSH);
}

int sb_rl_executing_keyseq(char *buffer, int size) {
    int length = rl_key_sequence_length;
    if (rl_executing_keyseq == NULL || length <= 0) return 0;
    if (length > size) length = size;
    memcpy(buffer, rl_executing_keyseq, (size_t)length);
    return length;
}
