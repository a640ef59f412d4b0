#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# How long `switchboard form --schema` takes to ask its first question on a wide schema (issue 29: 2,000 properties
# within 0.1 s), and how long `check --schema` takes to load the same schema and check one document. The schemas are
# generated: strings with pattern, lengths, titles and descriptions, choices (some through a `$ref`), bounded
# integers and numbers, booleans with defaults, nested objects, arrays of choices; a third of them required.
# The form runs in a pseudo-terminal (Python's pty); the time is from the spawn to the first prompt on its screen,
# the best of ROUNDS. INSTRUCTIONS=1 also counts the instructions to the first prompt with valgrind's callgrind
# (exact on a busy machine; about a minute per 2,000 properties): the main thread's, + the other threads'.
# Usage: scripts/bench-schema-form.sh [COUNT...]   (default: 2000 20000; needs the release build: make release)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
BIN=${BIN:-.build-static/release/switchboard}
[ -x "$BIN" ] || { echo "build first: make release" >&2; exit 2; }
[ $# -gt 0 ] || set -- 2000 20000
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/wide.py" <<'PY'
import json, sys
n = int(sys.argv[1])
props, required = {}, []
for i in range(n):
    k = i % 10
    d = f"Property number {i}, described at some length as real schemas do."
    if k in (0, 1, 2):
        p = {"type": "string", "title": f"Name {i}", "description": d, "pattern": f"^v{i}-[a-z]+$",
             "minLength": 3, "maxLength": 40}
    elif k == 3:
        p = {"type": "string", "description": d, "enum": [f"v{i}-a", f"v{i}-b", f"v{i}-c"], "default": f"v{i}-b"}
    elif k == 4:
        p = {"type": "integer", "description": d, "minimum": 0, "maximum": 1000 + i}
    elif k == 5:
        p = {"type": "boolean", "description": d, "default": i % 20 == 5}
    elif k == 6:
        p = {"type": "object", "title": f"Section {i}", "description": d, "required": ["host"],
             "properties": {"host": {"type": "string", "format": "hostname", "description": "The host."},
                            "port": {"type": "integer", "minimum": 1, "maximum": 65535},
                            "tls": {"type": "boolean"}}}
    elif k == 7:
        p = {"$ref": "#/$defs/level"}
    elif k == 8:
        p = {"type": "number", "description": d, "exclusiveMinimum": 0, "maximum": 1e6}
    else:
        p = {"type": "array", "description": d, "items": {"enum": ["read", "write", "admin"]}, "maxItems": 3}
    props[f"p{i}"] = p
    if i % 3 == 0:
        required.append(f"p{i}")
json.dump({"$schema": "https://json-schema.org/draft/2020-12/schema", "title": f"A schema of {n} properties",
           "type": "object", "properties": props, "required": required,
           "$defs": {"level": {"type": "string", "enum": ["debug", "info", "warn", "error"]}}},
          open(sys.argv[2], "w"), indent=1)
PY

# Spawns the command in a pseudo-terminal (80x24), prints the seconds until TEXT is on its screen, then ends it
# with Ctrl-C as a user would (so that callgrind writes its counts).
cat > "$tmp/first-prompt.py" <<'PY'
import fcntl, os, pty, select, struct, sys, termios, time
needle, argv = sys.argv[1].encode(), sys.argv[2:]
start = time.monotonic()
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm"
    os.execvp(argv[0], argv)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
seen = b""
while needle not in seen:
    if not select.select([fd], [], [], 900)[0]:
        sys.exit("no prompt after 900 s")
    try:
        data = os.read(fd, 65536)
    except OSError:
        data = b""
    if not data:
        sys.exit("the form ended before asking: " + seen.decode(errors="replace")[-400:])
    seen += data
elapsed = time.monotonic() - start
if os.environ.get("DUMP_AT_PROMPT"):
    # Under callgrind: its counts up to the prompt, not the teardown after Ctrl-C.
    import subprocess
    subprocess.run(["callgrind_control", "--dump", str(pid)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.write(fd, b"\x03")
while True:
    try:
        if select.select([fd], [], [], 1)[0] and not os.read(fd, 65536):
            break
    except OSError:
        break
    if os.waitpid(pid, os.WNOHANG)[0]:
        break
print(f"{elapsed:.3f}")
PY

best() {   # best of ROUNDS outputs of "$@" (seconds)
  local best=999999 t
  for _ in $(seq "$ROUNDS"); do t=$("$@"); best=$(python3 -c "print(min($best, $t))"); done
  echo "$best"
}
checked() {   # seconds of one `check --schema` run
  /usr/bin/time -o "$tmp/time" -f "%e" "$BIN" check --schema "$1" "$tmp/one.json" > /dev/null 2>&1 || true
  tail -1 "$tmp/time"
}
echo '{"p0": "v0-abc"}' > "$tmp/one.json"
echo "load: $(uptime)"
printf '%-12s %22s %22s %24s\n' "properties" "form: first question" "check: 1 document" "form: instructions"
for n in "$@"; do
  python3 "$tmp/wide.py" "$n" "$tmp/wide-$n.json"
  form=$(best python3 "$tmp/first-prompt.py" "Name 0" "$BIN" form --schema "$tmp/wide-$n.json")
  check=$(best checked "$tmp/wide-$n.json")
  instructions="-"
  if [ "${INSTRUCTIONS:-0}" = 1 ] && command -v valgrind > /dev/null; then
    # valgrind 3.19 cannot read Swift's DWARF 5: count on copies without it. `switchboard` runs the form in
    # switchboard-full beside it, which is the one counted.
    full=$(dirname "$BIN")/switchboard-full
    [ -x "$full" ] || full=$BIN
    strip --strip-debug -o "$tmp/counted" "$full"
    rm -f "$tmp"/cg.out*
    DUMP_AT_PROMPT=1 python3 "$tmp/first-prompt.py" "Name 0" valgrind --tool=callgrind --separate-threads=yes \
      --callgrind-out-file="$tmp/cg.out" "$tmp/counted" form --schema "$tmp/wide-$n.json" > /dev/null
    # The dump at the prompt, one file per thread: the main thread's count, then the other threads' (the
    # validator compiling meanwhile).
    main=$(awk '/^summary:/ {print $2}' "$tmp"/cg.out.1-01)
    others=$(cat "$tmp"/cg.out.1-0[2-9] 2>/dev/null | awk '/^summary:/ {s += $2} END {printf "%d", s}')
    instructions="$main + $others"
  fi
  printf '%-12s %20s s %20s s %24s\n' "$n" "$form" "$check" "$instructions"
done
echo "load: $(uptime)"
