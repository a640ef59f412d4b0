import Glibc

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
        guard verdict.value.isPending else { return }
        let loop = TerminalCheckLoop()
        let previous = checkLoop
        cancelChecks()
        checkLoop = loop
        defer {
            cancelChecks()
            checkLoop = previous
        }
        let trap = SignalTrap(SignalTrap.terminating)
        defer { trap.close() }
        revalidate()
        startPendingChecksNow()
        if loop.wait(until: { !verdict.value.isPending }, signals: trap.readEnd) { return }
        cancelChecks()
        CommandChecks.terminateAll()
        let signal = trap.take().first ?? SIGINT
        if signal == SIGINT { throw FieldError.cancelled }
        trap.restore(signal)
        raise(signal)
        throw FieldError.interrupted(signal: signal)
    }
}
