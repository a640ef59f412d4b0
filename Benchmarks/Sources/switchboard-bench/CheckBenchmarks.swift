// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

// `switchboard check` versus `LC_ALL=C grep -cE` on the same generated 1M-line file, side by side in one run.
// Needs the release-built CLI: `make bench` builds it first, statically linked as recommended for installing
// (`swift build -c release --product switchboard --static-swift-stdlib --scratch-path .build-static` in the
// repository root); a plain `swift build -c release --product switchboard` is used too when present (start-up is
// measured for both). Set SWITCHBOARD to use another binary.

/// Runs the check-versus-grep comparison; prints wall-time ratios.
func runCheckBenchmarks() {
    print("\n== check: switchboard check --count vs LC_ALL=C grep -cE, 1,000,000 lines (best of 5 runs) ==")
    let binaries = findSwitchboards()
    guard let switchboard = binaries.first else {
        print("  skipped: no release-built switchboard; run `swift build -c release --product switchboard` "
            + "in the repository root (make bench does), or set SWITCHBOARD=/path/to/switchboard")
        return
    }
    guard let grep = findProgram("grep") else { print("  skipped: grep not found"); return }
    print("  binary: \(switchboard)")
    let directory = makeTemporaryDirectory()
    defer { removeTree(directory) }
    let file = directory + "/values.txt"
    let lines = 1_000_000
    writeGeneratedValues(to: file, lines: lines)
    let realFile = directory + "/real-looking.txt"
    writeRealLookingAddresses(to: realFile, lines: lines)

    // The same language on both sides: the rule's pattern (PCRE2) and grep's ERE accept the same lines here.
    let regexPattern = "^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$"
    // The WHATWG "valid e-mail address" (what the built-in email rule implements) as an ERE.
    let label = "[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
    let whatwgEmail = "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@\(label)(\\.\(label))*$"

    // Targets: at or below grep (issue 24), on the generated corpus and on real-looking addresses.
    let cases: [(name: String, rule: String, pattern: String, limit: Double, file: String)] = [
        ("regex rule", "regex:\(regexPattern)", regexPattern, 1.0, file),
        ("built-in email rule", "email", whatwgEmail, 1.0, file),
        ("regex rule, real-looking addresses", "regex:\(regexPattern)", regexPattern, 1.0, realFile),
        ("built-in email rule, real-looking addresses", "email", whatwgEmail, 1.0, realFile),
    ]
    for item in cases {
        let grepArguments = [grep, "-cE", item.pattern, item.file]
        let ours = [switchboard, "check", "--count", "--rule", item.rule, item.file]
        // Warm-up (page cache, dynamic loader) and a correctness check of the counts.
        let grepRun = spawnAndWait(grepArguments, environment: ["LC_ALL=C"])
        let ourRun = spawnAndWait(ours, environment: [])
        guard ourRun.status == 0 || ourRun.status == 1 else {
            print("\n\(item.name): switchboard check exited with \(ourRun.status); run it by hand: \(ours.joined(separator: " "))")
            continue
        }
        let matching = Int(grepRun.output.filter { $0.isNumber }) ?? -1
        let failing = Int(ourRun.output.filter { $0.isNumber }) ?? -1
        var grepBest = Double.infinity, ourBest = Double.infinity
        for _ in 0..<5 {
            grepBest = min(grepBest, spawnAndWait(grepArguments, environment: ["LC_ALL=C"]).seconds)
            ourBest = min(ourBest, spawnAndWait(ours, environment: []).seconds)
        }
        print("\n\(item.name): --rule '\(item.rule)'")
        print("  grep -cE           \(formatMillis(grepBest)) ms   (\(matching) matching lines)")
        print("  switchboard check  \(formatMillis(ourBest)) ms   (\(failing) failing lines, exit \(ourRun.status))")
        let ratio = ourBest / grepBest
        recordTarget("check: \(item.name) (x grep -cE)", ratio: ratio, limit: item.limit)
        print("  ratio \(format(ratio))x   target: at most \(format(item.limit))x   \(ratio <= item.limit ? "met" : "NOT MET")")
        print("  per line: grep \(format(grepBest * 1e9 / Double(lines))) ns, switchboard \(format(ourBest * 1e9 / Double(lines))) ns")
        if matching >= 0 && failing >= 0 && matching + failing != lines {
            print("  note: the counts disagree (\(matching) + \(failing) != \(lines)): the pattern is not equivalent")
        }
    }
    if !isQuickRun { checkCommandJobs(switchboard: switchboard, directory: directory) }
}

/// Runs the start-up comparison for every release build of `switchboard` found.
func runStartupBenchmarks() {
    print("\n== startup: switchboard against a statically linked Swift hello world (median of 40) ==")
    let binaries = findSwitchboards()
    guard !binaries.isEmpty else {
        print("  skipped: no release-built switchboard; run make bench, or set SWITCHBOARD=/path/to/switchboard")
        return
    }
    guard let grep = findProgram("grep") else { print("  skipped: grep not found"); return }
    let directory = makeTemporaryDirectory()
    defer { removeTree(directory) }
    for binary in binaries { startUp(switchboard: binary, grep: grep, directory: directory) }
}

/// `check --check-command true` on 10,000 lines: 8 commands at a time against one at a time (best of 3).
private func checkCommandJobs(switchboard: String, directory: String) {
    let file = directory + "/ten-thousand.txt"
    let lines = 10_000
    writeFile(file, (1...lines).map { "user\($0)" }.joined(separator: "\n") + "\n")
    print("\ncheck --check-command true on \(lines) lines (one sh -c per line; best of 3; \(cores()) cores)")
    var best: [Int: Double] = [:]
    for jobs in [1, 8] {
        let arguments = [switchboard, "check", "--count", "--check-command", "true", "--jobs", "\(jobs)", file]
        var fastest = Double.infinity
        for _ in 0..<3 {
            let run = spawnAndWait(arguments, environment: [])
            guard run.status == 0, run.output == "0\n" else {
                print("  --jobs \(jobs): exited with \(run.status), output \(run.output.debugDescription)")
                return
            }
            fastest = min(fastest, run.seconds)
        }
        best[jobs] = fastest
        print("  --jobs \(jobs)   \(formatMillis(fastest)) ms   (\(format(fastest * 1e6 / Double(lines))) us per line)")
    }
    if let one = best[1], let eight = best[8] { print("  speed-up --jobs 8 vs --jobs 1: \(format(one / eight))x") }
}

private func cores() -> Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

/// Start-up, what a script pays on every call: `switchboard --version`, `check` of one value (the whole process)
/// and `ask` (spawn to its first prompt on a pseudo-terminal), against a statically linked Swift hello world built
/// in this run (the limit: 1.5x) and grep on the same one-line file. Medians of 40, the cases interleaved round by
/// round so that the machine's load falls on all of them alike.
private func startUp(switchboard: String, grep: String, directory: String) {
    let file = directory + "/one.txt"
    writeFile(file, "ada@example.com\n")
    print("\nstart-up of \(switchboard) (median of 40 runs; ask: spawn to its prompt on a pseudo-terminal)")
    guard let hello = buildHelloWorld(in: directory) else {
        print("  skipped: could not build a statically linked hello world with swiftc -static-stdlib")
        return
    }
    let runs = 40
    let processes: [(String, [String], [String])] = [
        ("Swift hello world (static)", [hello], []),
        ("grep -c on one line", [grep, "-c", "@", file], ["LC_ALL=C"]),
        ("switchboard --version", [switchboard, "--version"], []),
        ("switchboard check one value", [switchboard, "check", "--rule", "email", file], []),
    ]
    // Prompts: switchboard ask, and bare GNU readline (a C program calling readline("Email: ")) for reference.
    var prompters = [("switchboard ask: first prompt", [switchboard, "ask", "Email", "--rule", "email"])]
    if let bare = buildBareReadline(in: directory) { prompters.append(("bare readline: first prompt", [bare])) }
    for _ in 0..<3 {   // warm-up: the page cache holds every page a start touches
        for (_, arguments, environment) in processes { _ = spawnAndWait(arguments, environment: environment) }
        for (_, arguments) in prompters { _ = timeToFirstPrompt(arguments) }
    }
    var times = [[Double]](repeating: [], count: processes.count + prompters.count)
    var cpus = [[Double]](repeating: [], count: processes.count + prompters.count)
    for _ in 0..<runs {
        for (index, process) in processes.enumerated() {
            let run = spawnAndWait(process.1, environment: process.2)
            times[index].append(run.seconds)
            cpus[index].append(run.cpu)
        }
        for (offset, prompter) in prompters.enumerated() {
            if let prompt = timeToFirstPrompt(prompter.1) {
                times[processes.count + offset].append(prompt.wall)
                cpus[processes.count + offset].append(prompt.cpu)
            }
        }
    }
    func median(_ values: [Double]) -> Double {
        let known = values.filter { !$0.isNaN }
        guard !known.isEmpty else { return .nan }
        return known.sorted()[known.count / 2]
    }
    let medians = times.map(median)
    let cpuMedians = cpus.map(median)
    let names = processes.map(\.0) + prompters.map(\.0)
    print("  \(pad("", 30))    wall (x hello)        CPU (x hello)")
    for (index, name) in names.enumerated() {
        let ratio = medians[index] / medians[0]
        let cpuRatio = cpuMedians[index] / cpuMedians[0]
        var line = "  \(pad(name, 30)) \(formatMillis(medians[index])) ms \(pad(format(ratio), 5, left: true))x"
        line += "   \(formatMillis(cpuMedians[index])) ms \(pad(format(cpuRatio), 5, left: true))x"
        // check and ask: within 1.5x of hello world, judged on CPU time, which the other builds and tests on the
        // shared cores do not inflate as they do wall time (both are shown).
        if index == 3 || index == 4 {
            line += "   target: at most 1.50x   \(cpuRatio <= 1.5 ? "met" : "NOT MET")"
        }
        if index >= processes.count && times[index].count < runs / 2 { line += "   (no prompt in most runs)" }
        print(line)
    }
}

/// Builds `print("Hello, world!")` with `swiftc -O -static-stdlib` into `directory`; returns its path.
private func buildHelloWorld(in directory: String) -> String? {
    let source = directory + "/hello.swift"
    let binary = directory + "/hello"
    writeFile(source, "print(\"Hello, world!\")\n")
    guard let swiftc = ["/usr/bin/swiftc", "/opt/swift/usr/bin/swiftc", "/usr/local/bin/swiftc"]
        .first(where: { access($0, X_OK) == 0 }) ?? pathLookup("swiftc") else { return nil }
    let run = spawnAndWait([swiftc, "-O", "-static-stdlib", source, "-o", binary,
                            "-module-cache-path", directory + "/module-cache"], environment: [])
    return run.status == 0 && access(binary, X_OK) == 0 ? binary : nil
}

/// The first `name` on $PATH that is executable.
private func pathLookup(_ name: String) -> String? {
    guard let path = getenv("PATH") else { return nil }
    return String(cString: path).split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
}

/// Spawns `arguments` (`switchboard ask Email ...`, or a program asking "Email") with standard input and standard
/// error on a pseudo-terminal (as in `V=$(switchboard ask ...)`; standard output too, where readline draws by
/// default) and returns the seconds until "Email" is drawn; then kills it.
private func timeToFirstPrompt(_ arguments: [String]) -> (wall: Double, cpu: Double)? {
    var master: Int32 = -1, slave: Int32 = -1
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else { return nil }
    defer { close(master) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, slave, 0)
    if arguments.count > 1 {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    } else {
        posix_spawn_file_actions_adddup2(&actions, slave, 1)
    }
    posix_spawn_file_actions_adddup2(&actions, slave, 2)
    posix_spawn_file_actions_addclose(&actions, master)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID (glibc): its own session, the pty as controlling terminal
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = (["TERM=xterm", "NO_COLOR=1", "HOME=/tmp"] as [String]).map { strdup($0) } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp) == 0 else {
        close(slave)
        return nil
    }
    close(slave)
    var seen: [UInt8] = []
    var result: (wall: Double, cpu: Double)?
    var chunk = [UInt8](repeating: 0, count: 4096)
    let deadline = start + 5_000_000_000
    while now() < deadline {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 100) > 0 else { continue }
        let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        seen += chunk[0..<count]
        if String(decoding: seen, as: UTF8.self).contains("Email") {
            let wall = Double(now() - start) / 1e9
            // The CPU time it took to get there (it now waits for a key): /proc/PID/schedstat's first field, in ns.
            let cpu = readSchedstat(pid)
            result = (wall, cpu)
            break
        }
    }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return result
}

// MARK: Generated input

/// Writes `lines` values: mostly valid addresses, some invalid ones of the kinds people type.
private func writeGeneratedValues(to path: String, lines: Int) {
    var random = BenchRandom(seed: 42)
    let words = ["ada", "grace", "alan", "linus", "huy", "mai", "john.smith", "first.last", "x", "dev-ops",
                 "sales_team", "info", "noreply", "a1b2c3", "tran.van.an", "support"]
    let domains = ["example.com", "mail.example.org", "b.co", "very-long-subdomain.example.net", "uni.edu.vn",
                   "gmail.com", "x.io"]
    let invalid = ["no-at-sign.example.com", "@example.com", "ada@", "ada@@example.com", "ada example@x.com",
                   "ada@-bad.com", "ada@example..com", "ada@exa mple.com", ""]
    var text: [UInt8] = []
    text.reserveCapacity(lines * 24)
    for _ in 0..<lines {
        let roll = random.next() % 100
        let line: String
        if roll < 80 {
            let word = words[Int(random.next() % UInt64(words.count))]
            let domain = domains[Int(random.next() % UInt64(domains.count))]
            line = "\(word)\(random.next() % 1000)@\(domain)"
        } else {
            line = invalid[Int(random.next() % UInt64(invalid.count))]
        }
        text.append(contentsOf: line.utf8)
        text.append(0x0A)
    }
    writeFile(path, text)
}


// MARK: Processes and files (Glibc only)

struct ProcessRun {
    var seconds: Double
    var status: Int32
    var output: String
    /// The child's CPU time (user + system), from wait4.
    var cpu: Double = .nan
}

/// Spawns `arguments` (the first is the program's path) with `environment` added to ours, stdout to a pipe,
/// stderr to /dev/null; waits; returns the wall time from spawn to exit.
func spawnAndWait(_ arguments: [String], environment: [String]) -> ProcessRun {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return ProcessRun(seconds: .nan, status: -1, output: "") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var env = environment
    var index = 0
    while let entry = environ[index] {
        let text = String(cString: entry)
        if !environment.contains(where: { text.hasPrefix($0.prefix(while: { $0 != "=" }) + "=") }) { env.append(text) }
        index += 1
    }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = env.map { strdup($0) } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
        posix_spawn_file_actions_destroy(&actions)
    }
    var pid: pid_t = 0
    let start = now()
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
    close(pipeEnds[1])
    guard spawned == 0 else {
        close(pipeEnds[0])
        return ProcessRun(seconds: .nan, status: -1, output: "")
    }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        output += chunk[0..<count]
    }
    close(pipeEnds[0])
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Double(now() - start) / 1e9
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    return ProcessRun(seconds: seconds, status: exitStatus, output: String(decoding: output, as: UTF8.self), cpu: cpu)
}

/// The release-built `switchboard` binaries: $SWITCHBOARD alone if set; else the static build
/// (`.build-static/release/switchboard`) and the plain one (`.build/release/switchboard`) of the repository that
/// holds this benchmark package (found from this executable's path), or of the current directory.
func findSwitchboards() -> [String] {
    if let path = getenv("SWITCHBOARD").map({ String(cString: $0) }), access(path, X_OK) == 0 { return [path] }
    var roots: [String] = []
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if length > 0 {
        // <repo>/Benchmarks/.build/<triple>/release/switchboard-bench
        var parts = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .split(separator: "/", omittingEmptySubsequences: false)
        if let benchmarks = parts.lastIndex(of: "Benchmarks") {
            parts.removeSubrange(benchmarks...)
            roots.append(parts.joined(separator: "/"))
        }
    }
    roots.append(".")
    for root in roots {
        let candidates: [String] = [".build-static", ".build"].map { folder in "\(root)/\(folder)/release/switchboard" }
        let found = candidates.filter { access($0, X_OK) == 0 }
        if !found.isEmpty { return found }
    }
    return []
}

private func findProgram(_ name: String) -> String? {
    ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first { access($0, X_OK) == 0 }
}

private func makeTemporaryDirectory() -> String {
    var template = Array("/tmp/switchboard-bench-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
}

private func removeTree(_ directory: String) {
    _ = spawnAndWait(["/bin/rm", "-rf", directory], environment: [])
}

private func writeFile(_ path: String, _ text: String) { writeFile(path, Array(text.utf8)) }

func writeFile(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { return }
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if written <= 0 { break }
            offset += written
        }
    }
    close(fd)
}

private func formatMillis(_ seconds: Double) -> String {
    let text = format(seconds * 1000)
    return String(repeating: " ", count: max(0, 8 - text.count)) + text
}

/// The CPU time process `pid` has run so far, in seconds (the first field of /proc/PID/schedstat); NaN if unreadable.
private func readSchedstat(_ pid: pid_t) -> Double {
    let fd = open("/proc/\(pid)/schedstat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return .nan }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = read(fd, &buffer, buffer.count)
    guard count > 0, let nanos = Double(String(decoding: buffer[0..<count].prefix { $0 != 0x20 }, as: UTF8.self))
    else { return .nan }
    return nanos / 1e9
}
