// What a masked field needs from readline that its public interface does not offer.
#ifndef SWITCHBOARD_READLINE_SUPPORT_H
#define SWITCHBOARD_READLINE_SUPPORT_H

typedef int sb_rl_command_func(int, int);

/// While non-zero, text killed in readline (Ctrl-U, Ctrl-W, Ctrl-K, vi `d` and `x`, ...) is deleted
/// without being saved on the kill ring, so that a secret cannot be yanked into a later field.
void sb_rl_set_discard_kills(int discard);

/// Non-zero for readline's history search commands (incremental, non-incremental, prefix, substring, vi `/`):
/// the commands that echo what is typed into the search prompt.
int sb_rl_is_search_command(sb_rl_command_func *function);

#endif
