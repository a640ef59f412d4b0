#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`switchboard form --edit FILE` on a big config, as a person meets it, in a pseudo-terminal: the time from the
start of the process to its first question (the review, the file being valid), the time from Enter in the review
to the process's exit once one answer was changed (the edit checked, written and flushed), and the peak memory
(max RSS) next to that of `switchboard check` reading the same file and of the form over a ten-line file.

Usage: scripts/bench-edit.py [BIN] [ROUNDS]   (BIN: a release build of switchboard-full; make release)
The file is generated: a docker-compose file of 5,000 lines (333 services), checked by SchemaStore's compose-spec
schema (scripts/fetch-schema-suite.sh; about 120 questions a service, most of them left empty), then by a schema of
only the keys the file uses (8 questions a service): the time is the questions', not the lines'. Best of ROUNDS (5) per figure; the machine's load is printed first.
"""
import json, os, pty, resource, select, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BIN = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, ".build-static/release/switchboard-full")
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
SCHEMA = os.path.join(ROOT, ".schema-suite/schemastore/compose-spec.json")


def compose(services):
    lines = ["# Generated compose file for the edit benchmark", "# yaml-language-server: $schema=compose-spec.json",
             "name: shop", "services:"]
    for i in range(services):
        lines += [f"  # service {i}", f"  svc{i}:", f"    image: registry.example.com/team/svc{i}:1.{i % 10}.{i % 7}",
                  f"    container_name: svc{i}", "    restart: unless-stopped", "    ports:", f"      - \"{8000 + i}:80\"",
                  "    environment:", "      LOG_LEVEL: info", f"      SERVICE_ID: \"{i}\"", "    depends_on:",
                  "      - db" if i else "      - cache", "    labels:", f"      team: t{i % 5}", ""]
    lines += ["volumes:", "  data: {}"]
    return "\n".join(lines) + "\n"


def run_form(folder, name, edit):
    """Seconds to the review, seconds from Enter to exit, max RSS in KB, exit status."""
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(folder)
        os.environ.update({"LC_ALL": "C.UTF-8", "INPUTRC": "/dev/null", "TERM": "xterm"})
        try:
            os.execv(BIN, [BIN, "form", "--edit", name])
        finally:
            os._exit(127)
    seen = b""
    prompt = b"Enter to submit:"

    def read_until(count, deadline=120):
        nonlocal seen
        end = time.monotonic() + deadline
        while seen.count(prompt) < count:
            ready, _, _ = select.select([fd], [], [], max(0, end - time.monotonic()))
            if not ready:
                raise RuntimeError("no review within %ds; the screen ends: %r" % (deadline, seen[-400:]))
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                raise RuntimeError("the form ended early: %r" % seen[-400:])
            seen += chunk
    read_until(1)
    first = time.monotonic() - start
    written = None
    if edit:
        os.write(fd, b"services.0.image\r")
        while b"image:" not in seen.split(prompt)[-1]:
            ready, _, _ = select.select([fd], [], [], 30)
            if not ready:
                raise RuntimeError("the question did not come: %r" % seen[-400:])
            seen += os.read(fd, 1 << 16)
        os.write(fd, b"\x15registry.example.com/team/svc0:2.0.0\r")
        read_until(2)
        enter = time.monotonic()
        os.write(fd, b"\r")
    else:
        os.write(fd, b"\x03")   # Ctrl-C: nothing written
    # Drain until the process ends.
    while True:
        try:
            if not os.read(fd, 1 << 16):
                break
        except OSError:
            break
    _, status, usage = os.wait4(pid, 0)
    if edit:
        written = time.monotonic() - enter
    os.close(fd)
    return first, written, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


LEAN = {
    "$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
    "properties": {
        "name": {"type": "string"},
        "services": {"type": "object", "additionalProperties": {
            "type": "object", "required": ["image"],
            "properties": {
                "image": {"type": "string"}, "container_name": {"type": "string"},
                "restart": {"enum": ["no", "always", "on-failure", "unless-stopped"]},
                "ports": {"type": "array", "items": {"type": "string"}},
                "environment": {"type": "object", "additionalProperties": {"type": "string"}},
                "depends_on": {"type": "array", "items": {"type": "string"}},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}}}}},
        "volumes": {"type": "object", "additionalProperties": {"type": "object"}}}}


def measure(folder, schema_name, label):
    text = compose(333).replace("compose-spec.json", schema_name)
    big = os.path.join(folder, "compose.yaml")
    small = os.path.join(folder, "small.yaml")
    with open(small, "w") as f:
        f.write(compose(0).replace("compose-spec.json", schema_name)
                .replace("services:\n", "services:\n  web:\n    image: nginx\n"))
    firsts, writes, rss = [], [], []
    for _ in range(ROUNDS):
        with open(big, "w") as f:
            f.write(text)
        first, written, peak, status = run_form(folder, "compose.yaml", edit=True)
        assert status == 0, f"exit {status}"
        after = open(big).read()
        changed = [(a, b) for a, b in zip(text.splitlines(), after.splitlines()) if a != b]
        assert len(changed) == 1 and len(after.splitlines()) == len(text.splitlines()), changed[:3]
        firsts.append(first); writes.append(written); rss.append(peak)
    small_rss = min(run_form(folder, "small.yaml", edit=False)[2] for _ in range(3))

    def check_rss(path):
        run = subprocess.run(["/usr/bin/time", "-f", "%M", BIN, "check", path], capture_output=True, text=True)
        return int(run.stderr.strip().splitlines()[-1])
    parsed = max(1, min(check_rss(big) for _ in range(3)) - min(check_rss(small) for _ in range(3)))
    lines = text.count("\n")
    print(f"{lines}-line compose file ({len(text) // 1024} KB), {label}, best of {ROUNDS}:")
    print(f"  to the first question (the review):  {min(firsts) * 1000:8.1f} ms   (goal: 100 ms)")
    print(f"  Enter to written and exited:          {min(writes) * 1000:8.1f} ms   (goal: 20 ms)")
    form = min(rss) - small_rss
    print(f"  peak memory: the form over the file {min(rss) / 1024:.1f} MB, over a 10-line file "
          f"{small_rss / 1024:.1f} MB: {form / 1024:.1f} MB for the file; the file parsed and checked (check's "
          f"peak over the 10-line file's) {parsed / 1024:.1f} MB: {form / parsed:.1f}x (goal: 3x)")


def main():
    if not os.path.exists(BIN):
        sys.exit(f"build first: make release ({BIN} is missing)")
    if not os.path.exists(SCHEMA):
        subprocess.run([os.path.join(HERE, "fetch-schema-suite.sh")], check=True)
    print("load:", open("/proc/loadavg").read().strip())
    folder = tempfile.mkdtemp()
    try:
        shutil.copy(SCHEMA, folder)
        with open(os.path.join(folder, "compose-lean.json"), "w") as f:
            json.dump(LEAN, f)
        measure(folder, "compose-spec.json", "SchemaStore's compose-spec (about 120 questions a service)")
        measure(folder, "compose-lean.json", "a schema of the 7 keys the file uses (8 questions a service)")
    finally:
        shutil.rmtree(folder)


main()
