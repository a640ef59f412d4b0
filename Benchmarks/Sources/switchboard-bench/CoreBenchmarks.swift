// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import OpenCombine
import Switchboard

/// A mutable box for closures to write into (what an observer typically does).
final class Sink {
    var total = 0
    var flag = false
}

/// Per set at the source: one observer, 100 observers, a 100-link `<~` chain, and a 5-predicate validation
/// delivered to a Bool observer; each next to a plain array of closures (the limit) and OpenCombine 0.14.0.
///
/// Every table's first row is the limit its ratios are taken against, measured in the same process the same
/// way: the contenders take turns, round after round, and each keeps its best of 15 rounds. What each case measures, and what Switchboard does there that the limit does not:
///
/// - **one observer**: `dynamic.value = i` with one observer adding the value into a sink, against a plain
///   array holding one closure that does the same addition. Switchboard also stores the value, compares it
///   with the previous one (an `Equatable` value that did not change is not delivered) and runs the
///   per-thread trampoline (a flag set and cleared, a check for queued deliveries).
/// - **100 observers**: the same with 100 observers and 100 closures. A plain `for observer in closures`
///   retains and releases each closure's context around its call; Switchboard calls its observers through
///   borrowed references, which is why it can come out below 1x.
/// - **100-link `<~` chain**: `links[i] <~ links[i - 1]`, then `links[0].value = i`. Every hop compares,
///   stores, and (being inside a delivery) queues the value on the trampoline, which delivers it to the next
///   link after the current delivery: no recursion, no stack growth. The limit: 100 closures that each store
///   the value into their own box (the same end state, without hand-over or change checks).
/// - **5-predicate validation**: a headless `ObservableTextField` with an `ObservableSwitch(.anyState)`
///   holding five predicates with the same bodies as the limit's closures, written as closure literals
///   (as a user writes them), whose action is the Bool observer; the text cycles through four inputs, two
///   valid and two failing at the 3rd and 4th predicate. The limit runs the same five closures in order, stops at the first false and calls the Bool
///   observer. Switchboard also compares the text with the previous one (the contract's no-change rule,
///   String `==`), stores it, records the verdict in the switch and the field (as the failing predicate's
///   number: the verdict, with its name and message, is built when read, or at once for an observed verdict), and
///   checks `validated`, the field's own rules switch and `textDidChange` for observers. Two
///   reference rows show the parts: the limit plus only the unchanged-text check, and a `Dynamic<String>`
///   whose one observer runs the limit's loop (the floor of any observable field: no-change check, store,
///   trampoline). Ratios still use the plain limit.
@MainActor func runCoreBenchmarks() {
    print("== Core: per set at the source (best of \(benchRounds) interleaved rounds) ==")
    if wantsCase("one") { oneObserver() }
    if wantsCase("fanout") && !isQuickRun { fanOut(observers: 100) }
    if wantsCase("chain") { chain(links: 100) }
    if wantsCase("validation") { validation() }
    if wantsCase("soak") && !isQuickRun { soak() }
}

/// Resident memory of this process, in MiB (from /proc/self/statm).
@MainActor private func residentMiB() -> Double {
    guard let file = fopen("/proc/self/statm", "r") else { return -1 }
    defer { fclose(file) }
    var size = 0, resident = 0
    guard withUnsafeMutablePointer(to: &size, { s in
        withUnsafeMutablePointer(to: &resident) { r in readStatm(file, s, r) }
    }) else { return -1 }
    return Double(resident * Int(sysconf(Int32(_SC_PAGESIZE)))) / 1_048_576
}

@MainActor private func readStatm(_ file: UnsafeMutablePointer<FILE>, _ size: UnsafeMutablePointer<Int>,
                       _ resident: UnsafeMutablePointer<Int>) -> Bool {
    var line = [CChar](repeating: 0, count: 128)
    guard fgets(&line, 128, file) != nil else { return false }
    let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let fields = text.split(separator: " ")
    guard fields.count > 1, let s = Int(fields[0]), let r = Int(fields[1]) else { return false }
    size.pointee = s
    resident.pointee = r
    return true
}

/// A 7-field form (rules on each field, a cross-field switch, a derived default, a combined switch, a binding
/// from a long-lived value) built, edited and dropped over and over: resident memory must stay flat.
@MainActor private func soak() {
    let rounds = Int(getenv("SWITCHBOARD_SOAK_ROUNDS").map { String(cString: $0) } ?? "") ?? 1_000_000
    let shared = Dynamic("")
    var rssAt10k = 0.0
    let clock = ContinuousClock()
    let start = clock.now
    var valid = 0
    for round in 0..<rounds {
        let form = SoakForm()
        form.bio.text <~ shared.map { "bio: " + $0 }
        form.fill(round)
        if form.allValid.isOn { valid += 1 }
        if round + 1 == 10_000 { rssAt10k = residentMiB() }
    }
    let elapsed = clock.now - start
    let rssAtEnd = residentMiB()
    precondition(shared.observerCount == 0, "a dropped form left an observer behind")
    print("\n7-field form built, edited (7 answers) and dropped \(rounds) times")
    print("  resident memory at 10,000: \(format(rssAt10k)) MiB; at \(rounds): \(format(rssAtEnd)) MiB"
          + "   (\(format(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)) s,"
          + " \(valid) valid)   target: flat   \(rssAtEnd <= rssAt10k + 1 ? "met" : "NOT MET")")
}

/// The soak case's form: every field has rules, confirm must match password, username follows email.
@MainActor
final class SoakForm {
    let email = ObservableTextField(), username = ObservableTextField(), password = ObservableTextField()
    let confirm = ObservableTextField(), age = ObservableTextField(), country = ObservableTextField()
    let bio = ObservableTextField()
    let matches = ObservableSwitch(.anyState)
    let allValid: ObservableSwitch

    init() {
        email.addRule(Condition("email", requirement: "contain @") { $0.contains("@") })
        for field in [username, password, country] { field.addRule(.nonEmpty) }
        age.addRule(Condition("age", requirement: "be a number") { Int($0) != nil })
        bio.addRule(Condition("short", requirement: "be short") { $0.count < 280 })
        confirm.addSignal(toSwitch: matches) { [weak password] text in text == password?.text.value }
        username.text <~ email.text.map { String($0.prefix { $0 != "@" }) }
        allValid = ObservableSwitch.all([email, username, password, confirm, age, country, bio].map(\.rules)
                                        + [matches])
    }

    func fill(_ round: Int) {
        email.text.value = "user\(round)@example.com"
        password.text.value = "secret\(round)"
        confirm.text.value = round % 3 == 0 ? "wrong" : "secret\(round)"
        age.text.value = "\(round % 100)"
        country.text.value = "Vietnam"
        bio.text.value = "Round \(round)"
        username.text.value = "user"
    }
}

@MainActor private func oneObserver() {
    let n = 1_000_000
    let closures = makeClosures(count: 1)
    let plain = Contender(iterations: n) { n in
        let (sink, observers) = closures
        for i in 0..<n { for observer in observers { observer(i) } }
        blackHole(sink.total)
    }
    let dynamic = Dynamic(0)
    let dynSink = Sink()
    dynamic.bind { [dynSink] in dynSink.total &+= $0 }
    let switchboard = Contender(iterations: n) { n in
        for i in 0..<n { dynamic.value = i &+ 1 }
    }
    let subject = CurrentValueSubject<Int, Never>(0)
    let combineSink = Sink()
    let c = subject.sink { [combineSink] in combineSink.total &+= $0 }
    let combine = Contender(iterations: n / 10) { n in
        for i in 0..<n { subject.send(i) }
    }
    let nanos = nanosPerIteration(interleaving: [plain, switchboard, combine])
    blackHole((dynSink.total, combineSink.total, c))
    recordTarget("core: one observer, per set (x closures)", ratio: nanos[1] / nanos[0], limit: 2)
    report("one observer", target: "Switchboard <= 2x closures", [
        Row(name: "closures", nanos: nanos[0]), Row(name: "Switchboard Dynamic", nanos: nanos[1]),
        Row(name: "OpenCombine CurrentValueSubject", nanos: nanos[2]),
    ])
}

@MainActor private func fanOut(observers count: Int) {
    let n = 25_000
    let (plainSink, closures) = makeClosures(count: count)
    let plain = Contender(iterations: n) { n in
        for i in 0..<n { for observer in closures { observer(i) } }
    }
    let dynamic = Dynamic(0)
    let sink = Sink()
    for _ in 0..<count { dynamic.bind { [sink] in sink.total &+= $0 } }
    let switchboard = Contender(iterations: n) { n in
        for i in 0..<n { dynamic.value = i &+ 1 }
    }
    let subject = CurrentValueSubject<Int, Never>(0)
    let combineSink = Sink()
    let tokens = (0..<count).map { _ in subject.sink { [combineSink] in combineSink.total &+= $0 } }
    let combine = Contender(iterations: n / 10) { n in
        for i in 0..<n { subject.send(i) }
    }
    let nanos = nanosPerIteration(interleaving: [plain, switchboard, combine])
    blackHole((plainSink.total, sink.total, combineSink.total, tokens))
    report("\(count) observers", target: "Switchboard <= 2x closures", [
        Row(name: "closures", nanos: nanos[0]), Row(name: "Switchboard Dynamic", nanos: nanos[1]),
        Row(name: "OpenCombine CurrentValueSubject", nanos: nanos[2]),
    ])
}

@MainActor private func chain(links count: Int) {
    let n = 10_000
    // The limit: each link stores the value it is handed and hands it to the next one.
    let (boxes, closures) = makeLinks(count: count)
    let plain = Contender(iterations: n) { n in
        for i in 0..<n { for link in closures { link(i) } }
    }
    let links = (0..<count).map { _ in Dynamic(0) }
    for index in 1..<count { links[index] <~ links[index - 1] }
    let switchboard = Contender(iterations: n) { n in
        for i in 0..<n { links[0].value = i &+ 1 }
    }
    let subjects = (0..<count).map { _ in CurrentValueSubject<Int, Never>(0) }
    var tokens: [AnyCancellable] = []
    for index in 1..<count {
        let next = subjects[index]
        tokens.append(subjects[index - 1].sink { next.value = $0 })
    }
    let combine = Contender(iterations: n / 10) { n in
        for i in 0..<n { subjects[0].send(i) }
    }
    let nanos = nanosPerIteration(interleaving: [plain, switchboard, combine])
    precondition(links[count - 1].value == links[0].value, "the chain did not propagate")
    blackHole((boxes, tokens))
    recordTarget("core: 100-link <~ chain, per set (x closures)", ratio: nanos[1] / nanos[0], limit: 5)
    report("\(count)-link <~ chain", target: "Switchboard <= 5x closures", [
        Row(name: "closures", nanos: nanos[0]), Row(name: "Switchboard <~ chain", nanos: nanos[1]),
        Row(name: "OpenCombine sink chain", nanos: nanos[2]),
    ])
}

@MainActor private func validation() {
    let n = 150_000
    let inputs = validationInputs
    let checks = validationChecks()
    let plainSink = Sink()
    let deliver: (Bool) -> Void = { [plainSink] in plainSink.flag = $0; plainSink.total &+= 1 }
    let plain = Contender(iterations: n) { n in
        for i in 0..<n {
            let text = inputs[i & 3]
            var ok = true
            for check in checks where !check(text) { ok = false; break }
            deliver(ok)
        }
    }
    // For reference only: the limit plus the unchanged-text check a field must make.
    let plainWithChangeCheck = Contender(iterations: n) { n in
        var last = ""
        for i in 0..<n {
            let text = inputs[i & 3]
            if text == last { continue }
            last = text
            var ok = true
            for check in checks where !check(text) { ok = false; break }
            deliver(ok)
        }
    }

    // For reference only: the floor any field pays, a `Dynamic<String>` (no-change check, store, trampoline)
    // whose one observer runs the limit's loop.
    let text = Dynamic("")
    let dynamicSink = Sink()
    text.bind { [dynamicSink] text in
        var ok = true
        for check in checks where !check(text) { ok = false; break }
        dynamicSink.flag = ok
        dynamicSink.total &+= 1
    }
    let dynamicWithClosures = Contender(iterations: n) { n in
        for i in 0..<n { text.value = inputs[i & 3] }
    }

    let field = ObservableTextField()
    let valid = ObservableSwitch(.anyState)
    let sink = Sink()
    valid.action = { [sink] in sink.flag = $0; sink.total &+= 1 }
    for predicate in validationPredicates() { field.addSignal(toSwitch: valid, predicate) }
    let switchboard = Contender(iterations: n) { n in
        for i in 0..<n { field.text.value = inputs[i & 3] }
    }

    let subject = CurrentValueSubject<String, Never>("")
    let combineSink = Sink()
    let token = subject.map { text in checks.allSatisfy { $0(text) } }
        .sink { [combineSink] in combineSink.flag = $0; combineSink.total &+= 1 }
    let combine = Contender(iterations: n / 5) { n in
        for i in 0..<n { subject.send(inputs[i & 3]) }
    }
    let nanos = nanosPerIteration(interleaving: [plain, plainWithChangeCheck, dynamicWithClosures, switchboard,
                                                 combine])
    precondition(sink.total > 0 && dynamicSink.total > 0, "the switch never fired")
    blackHole((plainSink.total, token))
    recordTarget("core: 5-predicate validation, per edit (x closures)", ratio: nanos[3] / nanos[0], limit: 2)
    // "Clearly ahead of OpenCombine": at most 0.75 of its time.
    recordTarget("core: 5-predicate validation (x OpenCombine)", ratio: nanos[3] / nanos[4], limit: 0.75)
    report("5-predicate validation -> Bool observer", target: "Switchboard <= 2x closures", [
        Row(name: "closures", nanos: nanos[0]),
        Row(name: "(closures + unchanged-text check)", nanos: nanos[1]),
        Row(name: "(Dynamic<String> + closures)", nanos: nanos[2]),
        Row(name: "Switchboard field + switch", nanos: nanos[3]),
        Row(name: "OpenCombine map + sink", nanos: nanos[4]),
    ])
}

/// The validation case's inputs: two valid, two failing at the 3rd and 4th predicate.
let validationInputs = ["ada@example.com", "ada example.com", "grace@hopper.com", "x@y"]

/// The validation case's five tests as plain closures (the limit).
func validationChecks() -> [(String) -> Bool] {
    [
        { !$0.isEmpty },
        { let c = $0.utf8.count; return c >= 3 && c <= 64 },
        { $0.utf8.contains(UInt8(ascii: "@")) },
        { $0.utf8.reversed().starts(with: ".com".utf8.reversed()) },
        { !$0.utf8.contains(UInt8(ascii: " ")) },
    ]
}

/// The same five tests, written as a user writes predicates: closure literals handed to `Condition`. (Wrapping
/// `validationChecks()`' elements instead would add a reabstraction thunk per call that no user code pays: an
/// array stores its closures in their most general calling convention.)
func validationPredicates() -> [Condition<String>] {
    [
        Condition("required") { !$0.isEmpty },
        Condition("length") { let c = $0.utf8.count; return c >= 3 && c <= 64 },
        Condition("at") { $0.utf8.contains(UInt8(ascii: "@")) },
        Condition("dot-com") { $0.utf8.reversed().starts(with: ".com".utf8.reversed()) },
        Condition("no-spaces") { !$0.utf8.contains(UInt8(ascii: " ")) },
    ]
}

/// The chain's limit: boxes and closures that store into them, made outside the main actor as the other
/// limits are (closures formed in main-actor code measured 6x slower here).
private final class Link { var value = 0 }
private func makeLinks(count: Int) -> ([Link], [(Int) -> Void]) {
    let boxes = (0..<count).map { _ in Link() }
    return (boxes, boxes.map { box in { box.value = $0 } })
}

@MainActor private func makeClosures(count: Int) -> (Sink, [(Int) -> Void]) {
    let sink = Sink()
    return (sink, (0..<count).map { _ in { [sink] in sink.total &+= $0 } })
}
