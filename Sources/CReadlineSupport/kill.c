// SPDX-License-Identifier: GPL-3.0-or-later
// Kills in a masked field must not reach readline's kill ring: the ring is private to readline (a static
// array with no accessor), so the one door to it that readline calls through its PLT, `rl_kill_text`, is
// overridden here. A definition in the program comes before libreadline's in symbol lookup; readline's own
// commands then call this one, which forwards to readline's (found with RTLD_NEXT) unless kills are being
// discarded.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <readline/readline.h>
#include "readline_support.h"

extern int _rl_last_command_was_kill;

static int discard_kills = 0;

void sb_rl_set_discard_kills(int discard) { discard_kills = discard; }

int rl_kill_text(int from, int to) {
    if (discard_kills) {
        // readline's rl_kill_text without the copy to the ring.
        if (from != to) rl_delete_text(from, to);
        _rl_last_command_was_kill++;
        return 0;
    }
    static int (*readline_kill_text)(int, int) = NULL;
    if (readline_kill_text == NULL) readline_kill_text = (int (*)(int, int))dlsym(RTLD_NEXT, "rl_kill_text");
    if (readline_kill_text == NULL || readline_kill_text == rl_kill_text) {
        if (from != to) rl_delete_text(from, to);
        return 0;
    }
    return readline_kill_text(from, to);
}

int sb_rl_reveals_masked_text(sb_rl_command_func *function) {
    return function == rl_reverse_search_history || function == rl_forward_search_history
        || function == rl_noninc_reverse_search || function == rl_noninc_forward_search
        || function == rl_noninc_reverse_search_again || function == rl_noninc_forward_search_again
        || function == rl_history_search_forward || function == rl_history_search_backward
        || function == rl_history_substr_search_forward || function == rl_history_substr_search_backward
        || function == rl_vi_search || function == rl_vi_search_again
        // Copies go to the kill ring without passing through rl_kill_text (unbound by default, an inputrc
        // can bind them, e.g. "\ew": copy-region-as-kill).
        || function == rl_copy_region_to_kill || function == rl_copy_backward_word
        || function == rl_copy_forward_word;
}
