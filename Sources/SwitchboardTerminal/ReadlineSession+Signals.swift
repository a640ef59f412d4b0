// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import CReadline
import CReadlineSupport

extension ReadlineSession {
    // MARK: signals

    func handle(_ signal: Int32) throws {
        switch signal {
        case SIGWINCH:
            resize()
        case SIGTSTP:
            suspend()
        case SIGCONT:
            // Continued after a stop the field did not see coming (SIGSTOP): the shell has put the terminal
            // back to its own modes, so take it again and draw the field on a fresh line.
            if resumedFromSuspend { resumedFromSuspend = false; return }
            rl_deprep_terminal()
            rl_prep_terminal(1)
            sb_echo_hold_fix_readline()
            streams.write("\r\n")
            drawnAt = (-1, -1, -1)
            rl_forced_update_display()
        case SIGINT:
            stopChecks()
            cleanUpAfterSignal(echo: SIGINT)
            throw FieldError.cancelled
        case SIGQUIT:
            // Ctrl-\ is a key the user pressed, like Ctrl-C: restore the terminal and tell the caller. The
            // host's disposition is not run: in a Swift program it is the runtime's crash reporter, which would
            // take the terminal over with a crash report.
            stopChecks()
            cleanUpAfterSignal(echo: SIGQUIT)
            throw FieldError.interrupted(signal: SIGQUIT)
        default:   // SIGTERM, SIGHUP, SIGUSR1...: restore the terminal, then let the host's disposition act
            stopChecks()
            cleanUpAfterSignal(echo: nil)
            field.proxy.release()
            trap?.restore(signal)
            raise(signal)
            throw FieldError.interrupted(signal: signal)
        }
    }

    /// Cancels every check in flight: check commands are killed with their process groups and reaped.
    private func stopChecks() {
        field.field.cancelSubmit()
        field.field.cancelChecks()
        CommandChecks.terminateAll()
    }

    /// Leaves the line as it is on the screen, clears the hint, restores the terminal modes.
    func cleanUpAfterSignal(echo signal: Int32?) {
        eraseDecorations()
        streams.flush()
        if let signal { rl_echo_signal_char(signal) }
        tearingDown = true
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_cleanup_after_signal()
        rl_callback_handler_remove()
        streams.write("\r\n" + escape + "J")
        streams.flush()
    }

    /// Ctrl-Z: restore the terminal, stop; after `fg`, take the terminal again and draw the field anew. When
    /// nothing could resume the process (see `SignalTrap.canSuspend`), the bell rings and editing goes on.
    private func suspend() {
        guard trap?.canSuspend() == true else {
            rl_ding()
            return
        }
        eraseDecorations()
        let (row, _, bottom) = readlineModel()
        if bottom > row { streams.write(escape + "\(bottom - row)B") }
        streams.write("\r\n")
        streams.flush()
        rl_deprep_terminal()
        sb_echo_hold_pause()   // the shell gets the modes a form holding echo off began with
        trap?.restore(SIGTSTP)
        raise(SIGTSTP)
        trap?.install(SIGTSTP)
        resumedFromSuspend = true   // the SIGCONT that woke us is already handled here
        sb_echo_hold_resume()
        rl_prep_terminal(1)
        sb_echo_hold_fix_readline()
        drawnAt = (-1, -1, -1)
        rl_forced_update_display()
    }

    /// A re-flowing terminal (tmux, VTE) re-wraps the line at the new width: go up to where the prompt starts
    /// now, clear below, and draw again. The moves, the clearing and the redrawn line reach the terminal in one
    /// write (readline flushes after drawing the line; the hint follows in a write of its own that starts and
    /// ends on the input), so a second resize never re-flows a screen whose cursor is half-way through a redraw,
    /// which left two prompts.
    private func resize() {
        let (row, column, _) = readlineModel()
        let oldWidth = columns
        let newWidth = streams.columns
        let position = Int(row) * oldWidth + Int(column)
        var up = position / max(newWidth, 1)
        if up > 0 && position % newWidth == 0 { up -= 1 }
        var out = up > 0 ? escape + "\(up)A" : ""
        out += "\r" + escape + "J"
        streams.write(out)
        columns = newWidth
        rl_reset_screen_size()
        drawnAt = (-1, -1, -1)
        hintShown = false
        placeholderShown = false
        rl_forced_update_display()
    }
}
