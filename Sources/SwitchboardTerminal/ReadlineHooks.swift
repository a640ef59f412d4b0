// SPDX-License-Identifier: GPL-3.0-or-later
import SwitchboardRules
import CReadline
import CReadlineSupport

// readline's hooks are C function pointers that cannot capture: each one reaches the session that is
// reading through `ReadlineSession.active`. readline calls them on the main thread, from inside the session's
// own read loop, so they enter the main actor's code with `assumeIsolated`.
nonisolated func redisplayHook() { MainActor.assumeIsolated { ReadlineSession.active?.redisplayRequested() } }
nonisolated func startupHook() -> Int32 { MainActor.assumeIsolated { ReadlineSession.active?.started() }; return 0 }
nonisolated func preInputHook() -> Int32 {
    MainActor.assumeIsolated { ReadlineSession.active?.field.proxy.forwardPreInput() }
    return 0
}
nonisolated func acceptKey(_ count: Int32, _ key: Int32) -> Int32 {
    MainActor.assumeIsolated { ReadlineSession.active?.accept(count, key) } ?? rl_newline(count, key)
}
nonisolated func lineHandler(_ line: UnsafeMutablePointer<CChar>?) {
    let text: [UInt8]? = line.map { pointer in
        Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                  count: strlen(pointer)))
    }
    free(line)
    MainActor.assumeIsolated { ReadlineSession.active?.lineReceived(text) }
}
