// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Switchboard

// Instruction counts per operation, for valgrind's callgrind: it counts instructions, which the load of a shared
// machine does not disturb, so these figures compare a change with the one before it exactly. Each probe sets its
// case up outside a function whose name holds `instructionProbe`, and does `probeIterations` operations inside it;
// `make bench-instructions` runs this section under `valgrind --tool=callgrind --toggle-collect='*instructionProbe*'`
// once per probe and divides. The closures beside each case are its limit, as in the timed rows.

/// Operations per probe: enough that set-up inside the probe (none, by design) would not matter.
let probeIterations = 10_000

/// The probes, by name: `switchboard-bench probe NAME` runs one.
@MainActor let instructionProbes: [String: @MainActor () -> Void] = [
    "closures-one": probeClosuresOne,
    "switchboard-one": probeSwitchboardOne,
    "closures-chain": probeClosuresChain,
    "switchboard-chain": probeSwitchboardChain,
    "closures-validation": probeClosuresValidation,
    "switchboard-validation": probeSwitchboardValidation,
]

@MainActor private func probeClosuresOne() {
    let sink = Sink()
    let observers: [(Int) -> Void] = [{ [sink] in sink.total &+= $0 }]
    instructionProbeClosuresOne(observers)
    blackHole(sink.total)
}

@inline(never) private func instructionProbeClosuresOne(_ observers: [(Int) -> Void]) {
    for i in 0..<probeIterations { for observer in observers { observer(i) } }
}

@MainActor private func probeSwitchboardOne() {
    let dynamic = Dynamic(0)
    let sink = Sink()
    dynamic.bind { [sink] in sink.total &+= $0 }
    instructionProbeSwitchboardOne(dynamic)
    blackHole(sink.total)
}

@MainActor @inline(never) private func instructionProbeSwitchboardOne(_ dynamic: Dynamic<Int>) {
    for i in 0..<probeIterations { dynamic.value = i &+ 1 }
}

private final class ProbeLink { var value = 0 }

@MainActor private func probeClosuresChain() {
    let boxes = (0..<100).map { _ in ProbeLink() }
    let links: [(Int) -> Void] = boxes.map { box in { box.value = $0 } }
    instructionProbeClosuresChain(links)
    blackHole(boxes)
}

@inline(never) private func instructionProbeClosuresChain(_ links: [(Int) -> Void]) {
    for i in 0..<probeIterations / 100 { for link in links { link(i) } }
}

@MainActor private func probeSwitchboardChain() {
    let links = (0..<100).map { _ in Dynamic(0) }
    for index in 1..<100 { links[index] <~ links[index - 1] }
    instructionProbeSwitchboardChain(links[0])
    precondition(links[99].value == links[0].value)
}

@MainActor @inline(never) private func instructionProbeSwitchboardChain(_ first: Dynamic<Int>) {
    for i in 0..<probeIterations / 100 { first.value = i &+ 1 }
}

@MainActor private func probeClosuresValidation() {
    let checks = validationChecks()
    let sink = Sink()
    let deliver: (Bool) -> Void = { [sink] in sink.flag = $0; sink.total &+= 1 }
    instructionProbeClosuresValidation(checks, deliver)
    blackHole(sink.total)
}

@inline(never) private func instructionProbeClosuresValidation(_ checks: [(String) -> Bool],
                                                             _ deliver: (Bool) -> Void) {
    for i in 0..<probeIterations {
        let text = validationInputs[i & 3]
        var ok = true
        for check in checks where !check(text) { ok = false; break }
        deliver(ok)
    }
}

@MainActor private func probeSwitchboardValidation() {
    let field = ObservableTextField()
    let valid = ObservableSwitch(.anyState)
    let sink = Sink()
    valid.action = { [sink] in sink.flag = $0; sink.total &+= 1 }
    for predicate in validationPredicates() { field.addSignal(toSwitch: valid, predicate) }
    instructionProbeSwitchboardValidation(field)
    precondition(sink.total == probeIterations, "the switch did not fire once per edit")
}

@MainActor @inline(never) private func instructionProbeSwitchboardValidation(_ field: ObservableTextField) {
    for i in 0..<probeIterations { field.text.value = validationInputs[i & 3] }
}

/// `switchboard-bench probe NAME`: runs one probe (meant to run under callgrind).
@MainActor func runInstructionProbe(_ name: String) {
    guard let probe = instructionProbes[name] else {
        print("unknown probe \(name); probes: \(instructionProbes.keys.sorted().joined(separator: ", "))")
        exit(2)
    }
    probe()
}
