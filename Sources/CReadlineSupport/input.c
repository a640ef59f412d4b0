// SPDX-License-Identifier: GPL-3.0-or-later
// The key reader a field installs as readline's rl_getc_function. It is C, not a Swift hook, because it runs for
// every byte typed: a Swift hook has to enter the main actor's code (an executor check) each time.
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <readline/readline.h>
#include "readline_support.h"

static int known_input = 0;
static unsigned long long bytes_read = 0;
static rl_getc_func_t *fallback_getc = NULL;

void sb_rl_set_known_input(int count) { known_input = count; }
int sb_rl_known_input(void) { return known_input; }
void sb_rl_set_fallback_getc(sb_rl_getc_func *function) { fallback_getc = function; }
unsigned long long sb_rl_bytes_read(void) { return bytes_read; }

int sb_rl_read_key_byte(FILE *stream) {
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
            if (count < 0 && errno == EINTR) continue;
            break;   // end of input or an error: readline's own read reports it
        }
    }
    known_input = 0;
    int key = fallback_getc != NULL ? fallback_getc(stream) : rl_getc(stream);
    if (key >= 0) bytes_read++;
    return key;
}

// Exported by readline but not declared in its headers: whether keys were pushed back (rl_stuff_char,
// _rl_unget_char) and wait to be read.
extern int _rl_pushed_input_available(void);

void sb_rl_discard_typeahead(int fd) {
    rl_clear_pending_input();
    while (_rl_pushed_input_available()) (void)rl_read_key();
    known_input = 0;
    tcflush(fd, TCIFLUSH);
}

int sb_rl_executing_keyseq(char *buffer, int size) {
    int length = rl_key_sequence_length;
    if (rl_executing_keyseq == NULL || length <= 0) return 0;
    if (length > size) length = size;
    memcpy(buffer, rl_executing_keyseq, (size_t)length);
    return length;
}
