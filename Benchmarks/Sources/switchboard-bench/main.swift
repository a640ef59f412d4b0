// switchboard-bench: every benchmark of the project in one release-built run. `make bench`
// Pass section names to run only some: core, rules, terminal, check, startup, lists.
let sections = Set(CommandLine.arguments.dropFirst())
func wants(_ name: String) -> Bool { sections.isEmpty || sections.contains(name) }

if wants("core") { runCoreBenchmarks() }
if wants("rules") { runRulesBenchmarks() }
if wants("terminal") { runTerminalBenchmarks() }
if wants("check") { runCheckBenchmarks(); runFormatCheckBenchmarks() }
if wants("startup") { runStartupBenchmarks() }
if wants("lists") { runListBenchmarks() }
