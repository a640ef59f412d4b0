// SPDX-License-Identifier: GPL-3.0-or-later
// switchboard-bench: every benchmark of the project in one release-built run. `make bench`
import Glibc
// Pass section names to run only some: core, rules, terminal, check, startup, lists.
let arguments = Array(CommandLine.arguments.dropFirst())
// `switchboard-bench probe NAME`: one instruction probe, run under callgrind by scripts/bench-instructions.sh.
if arguments.first == "probe", arguments.count == 2 {
    runInstructionProbe(arguments[1])
    exit(0)
}
// `switchboard-bench quick`: the regression guard (make bench-quick): the rows with targets, fewer rounds, and a
// summary of the ratios over their targets (exit status 1 if any).
if isQuickRun {
    runCoreBenchmarks()
    runCheckBenchmarks()
    exit(printTargetSummary() ? 0 : 1)
}
let sections = Set(arguments)
func wants(_ name: String) -> Bool { sections.isEmpty || sections.contains(name) }

if wants("core") { runCoreBenchmarks() }
if wants("rules") { runRulesBenchmarks() }
if wants("terminal") { runTerminalBenchmarks() }
if wants("check") { runCheckBenchmarks(); runFormatCheckBenchmarks() }
if wants("startup") { runStartupBenchmarks() }
if wants("lists") { runListBenchmarks() }
