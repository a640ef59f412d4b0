// SPDX-License-Identifier: GPL-3.0-or-later

extension ObservableTextField {
    /// Blocks until no asynchronous check of the current text is pending: runs them now (no debounce) on a
    /// terminal check loop and waits within their timeouts. For a value read without a terminal, a form's
    /// review, a batch. Ctrl-C (`FieldError.cancelled`) or a terminating signal kills the checks in flight.
    ///
    /// ```swift
    /// field.text.value = "ada"
    /// try field.waitForChecks()
    /// field.verdict.value.isPending   // false
    /// ```
    @MainActor
    public func waitForChecks() throws(FieldError) {
        try ObservableTextField.waitForChecks(of: [self], atOnce: 1)
    }

    /// Blocks until no asynchronous check of any of `fields` is pending: their checks start at once (no
    /// debounce), at most `atOnce` fields' at a time, on one terminal check loop, and each field's verdict is
    /// decided as its checks end (in any order). For a form answered without a terminal: six fields with a
    /// one-second check take one second, not six. Ctrl-C (`FieldError.cancelled`) or a terminating signal kills
    /// the checks in flight.
    ///
    /// ```swift
    /// try ObservableTextField.waitForChecks(of: [username, host], atOnce: 8)
    /// ```
    @MainActor
    public static func waitForChecks(of fields: [ObservableTextField], atOnce: Int = 8) throws(FieldError) {
        var waiting = fields.filter { $0.verdict.value.isPending }[...]
        guard !waiting.isEmpty else { return }
        let loop = TerminalCheckLoop()
        var running: [(field: ObservableTextField, previous: any CheckLoop)] = []
        func finish(_ entry: (field: ObservableTextField, previous: any CheckLoop)) {
            entry.field.cancelChecks()
            entry.field.checkLoop = entry.previous
        }
        let trap = SignalTrap(SignalTrap.terminating)
        defer { trap.close() }
        while !waiting.isEmpty || !running.isEmpty {
            while running.count < max(1, atOnce), let field = waiting.popFirst() {
                let previous = field.checkLoop
                field.cancelChecks()
                field.checkLoop = loop
                field.revalidate()
                field.startPendingChecksNow()
                running.append((field, previous))
            }
            let settled = loop.wait(until: { running.contains { !$0.field.verdict.value.isPending } },
                                    signals: trap.readEnd)
            if settled {
                for entry in running where !entry.field.verdict.value.isPending { finish(entry) }
                running.removeAll { !$0.field.verdict.value.isPending }
                continue
            }
            for entry in running { finish(entry) }
            try endWait(interruptedBy: trap)
        }
    }

    /// Ends a wait that a signal interrupted (the checks already stopped): every check command is killed with its
    /// group; Ctrl-C is `FieldError.cancelled`, any other terminating signal ends the program as it would have.
    @MainActor
    private static func endWait(interruptedBy trap: SignalTrap) throws(FieldError) -> Never {
        CommandChecks.terminateAll()
        let signal = trap.take().first ?? SIGINT
        if signal == SIGINT { throw FieldError.cancelled }
        trap.restore(signal)
        raise(signal)
        throw FieldError.interrupted(signal: signal)
    }
}
