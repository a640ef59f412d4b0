// SPDX-License-Identifier: GPL-3.0-or-later
// A host program with its own readline loop and hooks (a startup hook, a completion function for its
// commands, its own history) asks one validated field through the proxy and carries on unchanged.
// Run: swift run field-host   Commands: help, ask, hooks, quit. Tab completes commands; Up recalls them.
import CReadline
import SwitchboardTerminal

nonisolated(unsafe) var startupCalls = 0
nonisolated func hostStartup() -> Int32 { startupCalls += 1; return 0 }

nonisolated let commands = ["ask", "help", "hooks", "quit"]
nonisolated func commandGenerator(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
    let prefix = text.map { String(cString: $0) } ?? ""
    let matches = commands.filter { $0.hasPrefix(prefix) }
    return Int(state) < matches.count ? strdup(matches[Int(state)]) : nil
}
nonisolated func hostCompletion(_ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32)
    -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    rl_completion_matches(text, commandGenerator)
}

sb_rl_set_startup_hook(hostStartup)
sb_rl_set_attempted_completion_function(hostCompletion)

func say(_ text: String) {
    print(text)
    fflush(nil)
}

/// What the host installed, to show that asking a field changed none of it.
func hooksReport() -> String {
    let startup = sb_rl_startup_hook().map { unsafeBitCast($0, to: UInt.self) == unsafeBitCast(hostStartup as @convention(c) () -> Int32, to: UInt.self) } ?? false
    let completion = sb_rl_attempted_completion_function() != nil
    let redisplay = sb_rl_redisplay_function().map { unsafeBitCast($0, to: UInt.self) == unsafeBitCast(rl_redisplay as @convention(c) () -> Void, to: UInt.self) } ?? false
    let newline = unsafeBitCast(rl_newline as @convention(c) (Int32, Int32) -> Int32, to: UInt.self)
    let enter = rl_get_keymap_by_name("emacs").map { map in
        map[13].type == 0 && map[13].function.map { unsafeBitCast($0, to: UInt.self) == newline } == true
    } ?? false
    let changed = [("startup", startup), ("completion", completion), ("redisplay", redisplay), ("enter", enter),
                   ("signals", sb_rl_catch_signals() == 1), ("streams", sb_rl_outstream() == sb_stdout()),
                   ("environment", sb_rl_change_environment() == 1)].filter { !$0.1 }.map(\.0)
    let hooks = changed.isEmpty ? "host hooks in place" : "changed: " + changed.joined(separator: ", ")
    return "\(hooks); history \(history_length_now())"
}
func history_length_now() -> Int32 {
    guard let state = history_get_history_state() else { return -1 }
    defer { free(state) }
    return state.pointee.length
}

let port = LineField(prompt: "Port", rules: [
    .nonEmpty,
    Condition("port", requirement: "be a number from 1 to 65535") { Int($0).map { (1...65535).contains($0) } ?? false },
])

// The proxy's signals: what the field's readline hooks did, observed by the host.
var proxyStartups = 0
var proxyRedisplays = 0
port.proxy.startup.observe { proxyStartups += 1 }
port.proxy.redisplayed.observe { proxyRedisplays += 1 }

while let line = readline("host> ") {
    let command = String(cString: line)
    free(line)
    if !command.isEmpty { add_history(command) }
    switch command {
    case "ask":
        do {
            let value = try port.read()
            say("port = \(value) (proxy: \(proxyStartups) startup, \(proxyRedisplays > 0 ? "some" : "no") redisplays)")
        } catch {
            say("ask: \(error)")
        }
        say(hooksReport())
    case "hooks": say(hooksReport() + ", startup calls \(startupCalls)")
    case "help": say("commands: " + commands.joined(separator: ", "))
    case "quit": exit(0)
    case "": continue
    default: say("unknown command \(command)")
    }
}
say("")
