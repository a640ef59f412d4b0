// Terminal benchmarks: the real LineField driven through a pseudo-terminal, a validated field against the
// same field without validation. The benchmark re-runs itself as the field's process (argument "terminal",
// so main.swift must run this section for that argument, and SWITCHBOARD_BENCH_FIELD set) and measures that
// child's CPU time with wait4. The baseline field has no rules of its own but still runs LineField's built-in
// plain-text check (no control characters, valid UTF-8), which every field runs.
import Glibc
import SwitchboardTerminal

/// Runs the terminal benchmarks (or, in the child process, one field) and prints ratios.
@MainActor func runTerminalBenchmarks() {
    if let mode = getenv("SWITCHBOARD_BENCH_FIELD") {
        runBenchField(mode: String(cString: mode))
    }
    print("\n== terminal: LineField on a pseudo-terminal, validated vs no rules (child CPU, best of 5) ==")
    let startup = (bestCPU(validated: false, input: .none), bestCPU(validated: true, input: .none))
    guard startup.0 > 0, startup.1 > 0 else {
        print("  skipped: the field did not run on a pseudo-terminal")
        return
    }
    print("  start-up and Enter only:   no rules \(millis(startup.0)) ms, validated \(millis(startup.1)) ms")

    for (name, input) in [("bracketed paste", BenchInput.paste(bracketed: true)),
                          ("unbracketed burst", BenchInput.paste(bracketed: false))] {
        let plain = bestCPU(validated: false, input: input) - startup.0
        let checked = bestCPU(validated: true, input: input) - startup.1
        let ratio = checked / max(plain, 1e-9)
        print("\n10,000-character \(name), net of start-up")
        print("  no rules                   \(millis(plain)) ms")
        print("  5-rule switch + rules      \(millis(checked)) ms   ratio \(format(ratio))x   target: at most 1.50x   \(ratio <= 1.5 ? "met" : "NOT MET")")
    }

    let keys = 2_000
    let plainKeys = (bestCPU(validated: false, input: .keystrokes(keys)) - startup.0) / Double(keys)
    let checkedKeys = (bestCPU(validated: true, input: .keystrokes(keys)) - startup.1) / Double(keys)
    let keyRatio = checkedKeys / max(plainKeys, 1e-12)
    print("\nCPU per keystroke (\(keys) keys one at a time, each drawn before the next; net of start-up)")
    print("  no rules                   \(format(plainKeys * 1e6)) us")
    print("  5-rule switch              \(format(checkedKeys * 1e6)) us   ratio \(format(keyRatio))x   target: at most 1.50x   \(keyRatio <= 1.5 ? "met" : "NOT MET")")

    // Async checks. Both fields show a note in the hint, so every key is drawn with a hint (a pending verdict
    // shows none for its first 300 ms) and the benchmark can see each redraw.
    let noted = bestCPU(mode: "noted", input: .none)
    let notedKeys = (bestCPU(mode: "noted", input: .keystrokes(keys)) - noted) / Double(keys)
    let pending = bestCPU(mode: "pending", input: .none)
    let pendingKeys = (bestCPU(mode: "pending", input: .keystrokes(keys)) - pending) / Double(keys)
    let pendingRatio = pendingKeys / max(notedKeys, 1e-12)
    print("\nCPU per keystroke while a check is pending (\(keys) keys, net of start-up): the default 250 ms")
    print("debounce, a check that sleeps an hour in flight when typing starts (the first key cancels it)")
    print("  no check                   \(format(notedKeys * 1e6)) us")
    print("  check pending              \(format(pendingKeys * 1e6)) us   ratio \(format(pendingRatio))x   target: at most 1.20x   \(pendingRatio <= 1.2 ? "met" : "NOT MET")")
    let eager = bestCPU(mode: "pending0", input: .none)
    let eagerKeys = (bestCPU(mode: "pending0", input: .keystrokes(keys)) - eager) / Double(keys)
    print("  debounce 0 (every key cancels a run and starts one: a task, a thread wake-up, a hand-back)")
    print("                             \(format(eagerKeys * 1e6)) us   ratio \(format(eagerKeys / max(notedKeys, 1e-12)))x   (no target: the worst case)")

    let samples = 15
    let quiet = medianLatency(mode: "noted", input: .inFlight(samples))
    let busy = medianLatency(mode: "slow", input: .inFlight(samples))
    if quiet > 0 && busy > 0 {
        let latencyRatio = busy / quiet
        print("\nKey-to-redraw latency, a key pressed while a 1 s check is in flight (default debounce; the check has")
        print("run 300 ms: \"checking…\" is shown). Median of \(samples) keys, wall clock, best of 5 runs' medians")
        print("  no check                   \(format(quiet * 1e6)) us")
        print("  a 1 s check in flight      \(format(busy * 1e6)) us   ratio \(format(latencyRatio))x   target: at most 1.20x   \(latencyRatio <= 1.2 ? "met" : "NOT MET")")
    } else {
        print("\nKey-to-redraw latency: not measured (the field did not run)")
    }
    let streamed = medianLatency(mode: "slow0", input: .keystrokes(300))
    let plainStream = medianLatency(mode: "noted", input: .keystrokes(300))
    if streamed > 0 && plainStream > 0 {
        print("  keys back to back, debounce 0 (each key supersedes the 1 s run of the key before)")
        print("                             \(format(streamed * 1e6)) us vs \(format(plainStream * 1e6)) us   ratio \(format(streamed / plainStream))x   (no target: the worst case)")
    }
}

/// The best (lowest) of 5 runs' median key-to-redraw latency, in seconds.
@MainActor private func medianLatency(mode: String, input: BenchInput) -> Double {
    var best = Double.infinity
    for _ in 0..<5 {
        latencies = []
        guard runChild(mode: mode, input: input) != nil, !latencies.isEmpty else { return -1 }
        latencies.sort()
        best = min(best, latencies[latencies.count / 2])
    }
    return best
}

/// Per-key latencies of the latest keystroke run (seconds).
@MainActor private var latencies: [Double] = []

private enum BenchInput {
    case none
    case paste(bracketed: Bool)
    case keystrokes(Int)
    /// Keys each pressed while a check is in flight (for a field with a check), timed to their redraw.
    case inFlight(Int)
}

/// The child: one field on the pty (stdin and stderr): `validated` has a 5-predicate switch and rules,
/// `plain` none; `noted` shows a note; `pending` adds a check that never answers (debounce 0), `slow` one that
/// answers after 1 s.
@MainActor private func runBenchField(mode: String) -> Never {
    var options = LineField.Options()
    options.remembersHistory = false
    options.mode = .interactive
    let field = LineField(prompt: "Bench", options: options)
    let checked = ["pending", "pending0", "slow", "slow0"]
    if mode == "noted" || checked.contains(mode) { field.note.value = "·" }
    if checked.contains(mode) {
        let wait: Duration = mode.hasPrefix("slow") ? .seconds(1) : .seconds(3600)
        let debounce: Duration = mode.hasSuffix("0") ? .zero : .milliseconds(250)
        // The final "z" (before Enter) answers at once, so that Enter accepts.
        field.addAsyncCheck(AsyncCheck("bench", message: "taken", debounce: debounce, timeout: .seconds(7200)) { text in
            if !text.hasSuffix("z") { try await Task.sleep(for: wait) }
            return true
        })
    }
    if mode == "validated" {
        let strict = ObservableSwitch(.anyState)
        field.addSignal(toSwitch: strict, .nonEmpty)
        field.addSignal(toSwitch: strict, Condition("length", requirement: "be at most 20000 characters") { $0.count <= 20_000 })
        field.addSignal(toSwitch: strict, Condition("no-at-at", requirement: "not contain \"@@\"") { !$0.contains("@@") })
        field.addSignal(toSwitch: strict, Condition("ascii", requirement: "be ASCII") { $0.unicodeScalars.allSatisfy(\.isASCII) })
        field.addSignal(toSwitch: strict, Condition("no-tab", requirement: "not contain a tab") { !$0.utf8.contains(9) })
    }
    do {
        _ = try field.read()
        exit(0)
    } catch {
        exit(3)
    }
}

/// The best (lowest) child CPU seconds of 5 runs.
@MainActor private func bestCPU(validated: Bool, input: BenchInput) -> Double {
    bestCPU(mode: validated ? "validated" : "plain", input: input)
}

@MainActor private func bestCPU(mode: String, input: BenchInput) -> Double {
    var best = Double.infinity
    for _ in 0..<5 {
        guard let cpu = runChild(mode: mode, input: input) else { return -1 }
        best = min(best, cpu)
    }
    return best
}

/// Spawns this benchmark as the field on a new pty, types `input`, presses Enter, and returns the child's
/// user + system CPU seconds.
@MainActor private func runChild(mode: String, input: BenchInput) -> Double? {
    var master: Int32 = -1, slave: Int32 = -1
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else { return nil }
    defer { close(master) }
    var name = [CChar](repeating: 0, count: 256)
    guard ttyname_r(slave, &name, name.count) == 0 else { close(slave); return nil }
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addclose(&actions, slave)
    posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)   // the controlling terminal
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID (glibc)
    let arguments = ["/proc/self/exe", "terminal"]
    let environment = ["TERM=xterm-256color", "LC_ALL=C.UTF-8", "INPUTRC=/dev/null", "HOME=/tmp",
                       "SWITCHBOARD_BENCH_FIELD=\(mode)"]
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    guard posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, argv, envp) == 0 else {
        close(slave)
        return nil
    }
    close(slave)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    var pty = BenchPty(master: master)
    guard pty.waitFor("Bench") else { kill(pid, SIGKILL); return reap(pid) }
    switch input {
    case .none:
        break
    case .paste(let bracketed):
        let text = String(repeating: "abcdefghi ", count: 1_000)
        pty.send(bracketed ? "\u{1B}[200~" + text + "\u{1B}[201~" : text)
    case .inFlight(let count):
        for _ in 0..<count {
            let typed = now()
            pty.send("q")
            // With a check: wait until it has run 300 ms ("checking…"); it runs 1 s, so it is in flight.
            guard pty.waitFor(mode == "slow" ? "checking" : "\u{1B}[J\u{1B}[1A\r") else { kill(pid, SIGKILL); return reap(pid) }
            // Both fields idle equally long before the key (an idle CPU is slower to wake): 600 ms after "q",
            // the check (started at 250 ms, 1 s long) is in flight.
            while now() - typed < 600_000_000 { pty.drain(milliseconds: 10) }
            pty.skipSeen()   // spinner frames drawn meanwhile are not the key's redraw
            let sent = now()
            pty.send("r")
            guard pty.waitFor("\u{1B}[J\u{1B}[1A\r") else { kill(pid, SIGKILL); return reap(pid) }
            latencies.append(Double(now() - sent) / 1e9)
            pty.send("\u{15}")
            guard pty.waitFor("\u{1B}[J\u{1B}[1A\r") else { kill(pid, SIGKILL); return reap(pid) }
        }
    case .keystrokes(let count):
        if mode == "pending" {
            // A check in flight first: one key, then "checking…" (the run has started and gone 300 ms).
            pty.send("q")
            guard pty.waitFor("checking") else { kill(pid, SIGKILL); return reap(pid) }
            pty.send("\u{15}")
            guard pty.waitFor("\u{1B}[J\u{1B}[1A\r") else { kill(pid, SIGKILL); return reap(pid) }
        }
        // Lines of 40 characters, cleared with Ctrl-U: each key is read, validated and drawn before the next.
        for index in 0..<count {
            let key = index % 41 == 40 ? "\u{15}" : String(UnicodeScalar(UInt8(97 + index % 26)))
            let sent = now()
            pty.send(key)
            guard pty.waitFor("\u{1B}[J\u{1B}[1A\r") else { kill(pid, SIGKILL); return reap(pid) }
            latencies.append(Double(now() - sent) / 1e9)
        }
    }
    pty.send("z\r")                 // a non-empty value, so the validated field accepts it too
    pty.drain(milliseconds: 20)
    return reap(pid, pty: &pty)
}

@MainActor private func reap(_ pid: pid_t) -> Double? {
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    return nil
}

@MainActor private func reap(_ pid: pid_t, pty: inout BenchPty) -> Double? {
    var status: Int32 = 0
    var usage = rusage()
    let deadline = now() + 10_000_000_000
    while true {
        let rc = wait4(pid, &status, WNOHANG, &usage)
        if rc == pid { break }
        if rc < 0 && errno != EINTR { return nil }
        if now() > deadline { kill(pid, SIGKILL) }
        pty.drain(milliseconds: 5)
    }
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else { return nil }
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
}

/// The master side of the benchmark's pty: keys in, the child's drawing read and searched.
private struct BenchPty {
    let master: Int32
    var seen: [UInt8] = []
    var searchFrom = 0

    mutating func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if n > 0 { offset += n } else { drain(milliseconds: 1) }
        }
    }

    /// Reads what has arrived and searches only what arrives after it.
    mutating func skipSeen() {
        drain(milliseconds: 0)
        searchFrom = seen.count
    }

    mutating func drain(milliseconds: Int32) {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(master, &chunk, chunk.count)
            if n <= 0 { break }
            seen += chunk[0..<n]
        }
    }

    /// Waits (up to 5 s) until `marker` appears after the previous match.
    mutating func waitFor(_ marker: String) -> Bool {
        let needle = Array(marker.utf8)
        let deadline = now() + 5_000_000_000
        while now() < deadline {
            if let end = find(needle) {
                searchFrom = end
                return true
            }
            drain(milliseconds: 50)
        }
        return false
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard seen.count >= needle.count else { return nil }
        var index = max(0, searchFrom)
        while index + needle.count <= seen.count {
            if seen[index] == needle[0] && Array(seen[index..<index + needle.count]) == needle {
                return index + needle.count
            }
            index += 1
        }
        return nil
    }
}

@MainActor private func millis(_ seconds: Double) -> String { format(seconds * 1000) }
