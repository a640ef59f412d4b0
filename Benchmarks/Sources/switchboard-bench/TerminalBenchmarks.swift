// SPDX-License-Identifier: GPL-3.0-or-later
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

    // Async checks. Both fields show a note in the hint (a pending verdict shows none for its first 300 ms); each
    // key is sent once the field is idle again (see BenchPty.waitUntilIdle).
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
    runAskAgainstBareReadline()
}

/// `switchboard ask Email --rule email` (the release build `make bench` makes) against bare GNU readline: a C
/// program, compiled here, that calls readline() with the same prompt. 1,200 keystrokes, one at a time, each read
/// and drawn before the next: an address typed and erased with Backspace again and again. Child CPU, net of a run
/// that only types the address and Enter; best of 7 interleaved rounds.
@MainActor private func runAskAgainstBareReadline() {
    let keys = 1_200
    print("\nCPU per keystroke: switchboard ask Email --rule email vs bare GNU readline (\(keys) keys, best of 7)")
    guard let switchboard = findSwitchboards().first else {
        print("  skipped: no release-built switchboard (make bench builds it)")
        return
    }
    var template = Array("/tmp/switchboard-bench-rl-XXXXXX".utf8CString)
    let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    defer { _ = spawnAndWait(["/bin/rm", "-rf", directory], environment: []) }
    guard let bare = buildBareReadline(in: directory) else {
        print("  skipped: could not compile the bare readline program (cc and libreadline-dev are needed)")
        return
    }
    let address = Array("ada.lovelace@example.com".utf8)
    var typing: [UInt8] = []
    while typing.count < keys {
        typing += address
        typing += [UInt8](repeating: 0x7F, count: address.count)   // Backspace
    }
    typing = Array(typing.prefix(keys))
    let finish = address + [0x0D]   // an address the email rule accepts, then Enter
    let programs: [(String, [String], ProgramSetup)] = [
        ("bare readline (C)", [bare], .bare),
        ("switchboard ask --rule email", [switchboard, "ask", "Email", "--rule", "email"], .ask),
    ]
    // Rounds interleave the programs (and the short and long runs), so that a change in the machine's load
    // (the cores are shared) falls on both alike; each keeps its best run.
    var base = [Double](repeating: .infinity, count: programs.count)
    var full = [Double](repeating: .infinity, count: programs.count)
    for _ in 0..<7 {
        for (index, (name, arguments, setup)) in programs.enumerated() {
            guard let short = runProgram(arguments, setup: setup, keys: [], finish: finish),
                  let long = runProgram(arguments, setup: setup, keys: typing, finish: finish) else {
                print("  \(name): did not run on a pseudo-terminal")
                return
            }
            base[index] = min(base[index], short)
            full[index] = min(full[index], long)
        }
    }
    let perKey = programs.indices.map { max(0, full[$0] - base[$0]) / Double(keys) }
    for (index, program) in programs.enumerated() {
        print("  \(pad(program.0, 30)) \(pad(format(perKey[index] * 1e6), 8, left: true)) us per key   (start-up and Enter \(format(base[index] * 1e3)) ms)")
    }
    let ratio = perKey[1] / max(perKey[0], 1e-12)
    print("  ratio \(format(ratio))x   target: at most 1.50x   \(ratio <= 1.5 ? "met" : "NOT MET")")
}

private enum ProgramSetup {
    /// Standard input and output on the terminal (readline draws on standard output).
    case bare
    /// Standard input and error on the terminal, standard output to /dev/null, as in `V=$(switchboard ask ...)`.
    case ask
}

/// Compiles a C program that calls readline("Email: ") and prints the line; returns its path.
func buildBareReadline(in directory: String) -> String? {
    let source = directory + "/bare-readline.c"
    let binary = directory + "/bare-readline"
    let program = """
        #include <stdio.h>
        #include <stdlib.h>
        #include <locale.h>
        #include <readline/readline.h>
        int main(void) {
            setlocale(LC_ALL, "");
            char *line = readline("Email: ");
            if (!line) return 1;
            puts(line);
            free(line);
            return 0;
        }

        """
    let fd = open(source, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { return nil }
    _ = program.withCString { write(fd, $0, strlen($0)) }
    close(fd)
    for compiler in ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"] where access(compiler, X_OK) == 0 {
        let run = spawnAndWait([compiler, "-O2", source, "-o", binary, "-lreadline"], environment: [])
        if run.status == 0 && access(binary, X_OK) == 0 { return binary }
    }
    return nil
}

/// Runs `arguments` on a new pty, waits for its prompt, types `keys` one at a time (each read and drawn before the
/// next), then `finish`; returns the child's user + system CPU seconds, or nil if it did not run or exit 0.
@MainActor private func runProgram(_ arguments: [String], setup: ProgramSetup, keys: [UInt8], finish: [UInt8]) -> Double? {
    var master: Int32 = -1, slave: Int32 = -1
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else { return nil }
    defer { close(master); close(slave) }
    var name = [CChar](repeating: 0, count: 256)
    guard ttyname_r(slave, &name, name.count) == 0 else { return nil }
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)   // the controlling terminal
    switch setup {
    case .bare:
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
    case .ask:
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID (glibc)
    let environment = ["TERM=xterm-256color", "LC_ALL=C.UTF-8", "INPUTRC=/dev/null", "HOME=/tmp", "NO_COLOR=1"]
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp) == 0 else { return nil }
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    var pty = BenchPty(master: master)
    guard pty.waitFor("Email") else { kill(pid, SIGKILL); return reap(pid) }
    for key in keys {
        pty.send(String(decoding: [key], as: UTF8.self))
        guard pty.waitUntilIdle(pid: pid, slave: slave) else { kill(pid, SIGKILL); return reap(pid) }
    }
    pty.send(String(decoding: finish, as: UTF8.self))
    return reap(pid, pty: &pty)
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
    defer { close(master); close(slave) }   // the slave stays open here: its input queue tells a key was read
    var name = [CChar](repeating: 0, count: 256)
    guard ttyname_r(slave, &name, name.count) == 0 else { return nil }
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
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
    guard posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, argv, envp) == 0 else { return nil }
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
            if mode == "slow" {
                guard pty.waitFor("checking") else { kill(pid, SIGKILL); return reap(pid) }
            } else {
                guard pty.waitUntilIdle(pid: pid, slave: slave) else { kill(pid, SIGKILL); return reap(pid) }
            }
            // Both fields idle equally long before the key (an idle CPU is slower to wake): 600 ms after "q",
            // the check (started at 250 ms, 1 s long) is in flight.
            while now() - typed < 600_000_000 { pty.drain(milliseconds: 10) }
            pty.skipSeen()   // spinner frames drawn meanwhile are not the key's redraw
            let sent = now()
            pty.send("r")
            guard pty.waitUntilIdle(pid: pid, slave: slave) else { kill(pid, SIGKILL); return reap(pid) }
            latencies.append(Double(now() - sent) / 1e9)
            pty.send("\u{15}")
            guard pty.waitUntilIdle(pid: pid, slave: slave) else { kill(pid, SIGKILL); return reap(pid) }
        }
    case .keystrokes(let count):
        if mode == "pending" {
            // A check in flight first: one key, then "checking…" (the run has started and gone 300 ms).
            pty.send("q")
            guard pty.waitFor("checking") else { kill(pid, SIGKILL); return reap(pid) }
            pty.send("\u{15}")
            guard pty.waitUntilIdle(pid: pid, slave: slave) else { kill(pid, SIGKILL); return reap(pid) }
        }
        // Lines of 40 characters, cleared with Ctrl-U: each key is read, validated and drawn before the next.
        for index in 0..<count {
            let key = index % 41 == 40 ? "\u{15}" : String(UnicodeScalar(UInt8(97 + index % 26)))
            let sent = now()
            pty.send(key)
            guard pty.waitUntilIdle(pid: pid, slave: slave) else { kill(pid, SIGKILL); return reap(pid) }
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
        guard poll(&poller, 1, milliseconds) > 0, poller.revents & Int16(POLLIN) != 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(master, &chunk, chunk.count)
            if n <= 0 { break }
            seen += chunk[0..<n]
        }
    }

    /// Waits (up to 5 s) until the child has read every byte sent and drawn what they caused: nothing is left
    /// in the terminal's input queue, the child has written something since the last key, and it is blocked
    /// waiting for input again (poll, select or read, per /proc). Programs that draw differently (bare readline,
    /// a field whose hint did not change) are waited for the same way, and no key arrives while the previous one
    /// is being drawn (readline would then batch them).
    mutating func waitUntilIdle(pid: pid_t, slave: Int32) -> Bool {
        let before = seen.count
        let deadline = now() + 5_000_000_000
        while now() < deadline {
            drain(milliseconds: 0)
            var pending: Int32 = 0
            if seen.count > before, ioctl(slave, UInt(FIONREAD), &pending) == 0, pending == 0,
               isWaitingForInput(pid), drainNothing() {
                return true
            }
            drain(milliseconds: 1)
        }
        return false
    }

    /// True when no more output is waiting on the master side right now.
    private mutating func drainNothing() -> Bool {
        let count = seen.count
        drain(milliseconds: 0)
        return seen.count == count
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

/// Whether process `pid` is asleep in a system call that waits for input (poll, select, pselect6, ppoll, read),
/// from /proc/PID/syscall; where that file cannot be read, whether it is asleep at all (/proc/PID/stat).
private func isWaitingForInput(_ pid: pid_t) -> Bool {
    guard let stat = readProcFile("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")"),
          stat[stat.index(after: close)...].dropFirst().first == "S" else { return false }
    guard let call = readProcFile("/proc/\(pid)/syscall") else { return true }
    guard let number = Int(call.prefix(while: { $0 != " " && $0 != "\n" })) else { return false }
    return [0, 7, 23, 270, 271].contains(number)   // read, poll, select, pselect6, ppoll (x86-64)
}

private func readProcFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = read(fd, &buffer, buffer.count)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count], as: UTF8.self)
}
