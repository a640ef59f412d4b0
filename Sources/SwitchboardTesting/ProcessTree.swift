// SPDX-License-Identifier: Apache-2.0

/// A process started under the program a session runs (a check command, a pipeline's stage): found by walking
/// parent ids in `/proc`, so that a wait's failure can say what was still running, and the session's end can end
/// them too (a process in a process group of its own is not reached by killing the program's group).
struct ChildProcess: Equatable {
    var pid: pid_t
    var group: pid_t
    /// Its command line, arguments joined by spaces (at most 200 characters).
    var command: String
}

/// Every process started under `root`, children before their own children. Empty where there is no `/proc`.
func processesUnder(_ root: pid_t) -> [ChildProcess] {
    #if canImport(Glibc)
    guard root > 0, let folder = opendir("/proc") else { return [] }
    defer { closedir(folder) }
    var parents: [(pid: pid_t, parent: pid_t, group: pid_t)] = []
    while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard let pid = pid_t(name), let stat = readProcFile(procFilePath(name, "stat")),
              let close = stat.lastIndex(of: UInt8(ascii: ")")) else { continue }
        // After "pid (comm) ": state, ppid, pgrp.
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 3, let parent = pid_t(String(decoding: fields[1], as: UTF8.self)),
              let group = pid_t(String(decoding: fields[2], as: UTF8.self)) else { continue }
        parents.append((pid, parent, group))
    }
    var found: [ChildProcess] = []
    var frontier: Set<pid_t> = [root]
    while !frontier.isEmpty {
        var next: Set<pid_t> = []
        for process in parents where frontier.contains(process.parent) && process.pid != root {
            let line = readProcFile(procFilePath(String(process.pid), "cmdline")) ?? []
            let command = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                .joined(separator: " ")
            found.append(ChildProcess(pid: process.pid, group: process.group, command: String(command.prefix(200))))
            next.insert(process.pid)
        }
        frontier = next
    }
    return found
    #else
    return []
    #endif
}

/// A `/proc` file's bytes (up to 4 KiB), or nil.
private func readProcFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = read(fd, &buffer, buffer.count)
    return n > 0 ? Array(buffer[0..<n]) : nil
}
