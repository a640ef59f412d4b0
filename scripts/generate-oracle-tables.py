#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generates Tests/SwitchboardRulesTests/OracleTables.swift: random values for the ipv4, ipv6, ip, cidr, date,
uuid and json rules, each judged by Python's standard library (ipaddress, datetime, uuid, json), an oracle
independent of the Swift scanners. Run once; the tests read the committed table and need no Python.

Where a rule is deliberately narrower than the library, the generator says so and applies the difference:
- ipv6 / ip / cidr: ipaddress accepts an IPv6 zone id ("fe80::1%eth0"); JSON Schema's ipv6 does not.
- cidr: ipaddress accepts a prefix length with leading zeros ("/08") and a netmask ("/255.0.0.0"); the rule
  takes a plain decimal length only. A value without "/" is a network to ipaddress, not a CIDR to the rule.
- date: date.fromisoformat also takes ISO 8601 forms RFC 3339 does not (20260314, 2026-W11-6): the shape is
  required to be YYYY-MM-DD in ASCII digits first, then the calendar is Python's.
- uuid: uuid.UUID also takes braces, "urn:uuid:" and no hyphens: the 8-4-4-4-12 shape is required first.
- json: json.loads also takes NaN, Infinity and -Infinity: they are refused (RFC 8259 has no such numbers).
"""
import datetime, ipaddress, json, random, re, uuid

random.seed(20261124)
DIGITS_ELSEWHERE = ["\u0661", "\uff12", "\u09e8", "\u0969"]  # Arabic-Indic 1, fullwidth 2, Bengali 2, Devanagari 3

def mutate(s, alphabet):
    r = random.random()
    if not s:
        return random.choice(alphabet)
    k = random.randrange(len(s))
    if r < 0.2: return s[:k] + s[k + 1:]
    if r < 0.4: return s[:k] + random.choice(alphabet) + s[k:]
    if r < 0.55: return s[:k] + random.choice(alphabet) + s[k + 1:]
    if r < 0.65: return s[:k] + random.choice(DIGITS_ELSEWHERE) + s[k + 1:]
    if r < 0.75: return random.choice([" ", "\t", "\n", "\u00a0"]) + s if random.random() < 0.5 else s + " "
    if r < 0.85: return s + s[k:]
    return s[:k]

def octet():
    r = random.random()
    if r < 0.7: return str(random.randrange(256))
    if r < 0.8: return "0" + str(random.randrange(100))
    if r < 0.9: return str(random.randrange(256, 1000))
    return str(random.randrange(1000, 10000))

def ipv4_text():
    n = 4 if random.random() < 0.85 else random.choice([3, 5])
    return ".".join(octet() for _ in range(n))

def hextet():
    r = random.random()
    width = random.choice([1, 2, 3, 4, 4, 4]) if r < 0.9 else 5
    text = "".join(random.choice("0123456789abcdefABCDEF") for _ in range(width))
    return text if random.random() > 0.02 else text + "g"

def ipv6_text():
    n = random.choice([8, 8, 7, 6, 5, 3, 2, 1, 9])
    groups = [hextet() for _ in range(n)]
    if random.random() < 0.2:
        groups = groups[:max(0, n - 2)] + [ipv4_text()]
    if random.random() < 0.6:
        k = random.randrange(len(groups) + 1)
        text = ":".join(groups[:k]) + "::" + ":".join(groups[k:])
    else:
        text = ":".join(groups)
    if random.random() < 0.03: text += "%eth0"
    return text

def real_ipv4(): return str(ipaddress.IPv4Address(random.getrandbits(32)))

def real_ipv6():
    value = random.getrandbits(128) if random.random() < 0.5 else random.getrandbits(16) << random.choice([0, 64, 112])
    return str(ipaddress.IPv6Address(value))

def ipv4_ok(s):
    try: ipaddress.IPv4Address(s); return True
    except ValueError: return False

def ipv6_ok(s):
    if "%" in s: return False
    try: ipaddress.IPv6Address(s); return True
    except ValueError: return False

def cidr_ok(s):
    if "/" not in s or "%" in s: return False
    prefix = s.rsplit("/", 1)[1]
    if not re.fullmatch(r"0|[1-9][0-9]*", prefix): return False
    try: ipaddress.ip_network(s, strict=False); return True
    except ValueError: return False

def date_ok(s):
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", s): return False
    try: datetime.date.fromisoformat(s); return True
    except ValueError: return False

def date_text():
    y = random.choice([random.randrange(0, 10000), 1900, 2000, 2023, 2024, 2100, 2400, 1600])
    m = random.choice([random.randrange(1, 13), 0, 13, 2, 2])
    d = random.choice([random.randrange(1, 32), 28, 29, 30, 31, 0, 32])
    return random.choice(["%04d-%02d-%02d", "%04d-%02d-%02d", "%04d-%d-%d", "%d-%02d-%02d"]) % (y, m, d)

def uuid_ok(s):
    if not re.fullmatch(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}", s): return False
    try: uuid.UUID(s); return True
    except ValueError: return False

def json_ok(s):
    def refuse(name): raise ValueError(name)
    try: json.loads(s, parse_constant=refuse); return True
    except (ValueError, RecursionError): return False

def json_text(depth=0):
    r = random.random()
    if depth > 3 or r < 0.3:
        return random.choice(["0", "-1", "1.5", "1e10", "-0.0e-3", "01", "1.", ".5", "true", "false", "null",
                              "\"a\"", "\"\\u00e9\"", "\"\\x\"", "\"tab\\t\"", "\"é\"", "NaN", "Infinity", "tru",
                              "\"\\ud800\"", "\"unterminated", "+1", "1E+2", "2e"])
    if r < 0.65:
        items = [json_text(depth + 1) for _ in range(random.randrange(4))]
        return "[" + random.choice([",", ", ", " ,"]).join(items) + random.choice(["]", "]", ",]"])
    items = ["\"k%d\"%s:%s" % (i, random.choice(["", " "]), json_text(depth + 1)) for i in range(random.randrange(4))]
    return "{" + ",".join(items) + random.choice(["}", "}", ",}"])

def gather(make, ok, alphabet, count):
    seen, rows = set(), []
    while len(rows) < count:
        s = make()
        if random.random() < 0.35: s = mutate(s, alphabet)
        if s in seen: continue
        seen.add(s)
        rows.append((s, ok(s)))
    return rows

tables = {
    "ipv4": gather(ipv4_text, ipv4_ok, "0123456789.", 1500),
    "ipv6": gather(ipv6_text, ipv6_ok, "0123456789abcdef:.", 1500),
    "ip": gather(lambda: random.choice([ipv4_text, ipv6_text, real_ipv4, real_ipv6])(),
                 lambda s: ipv4_ok(s) or ipv6_ok(s), "0123456789abcdef:.", 1000),
    "cidr": gather(lambda: random.choice([ipv4_text, ipv6_text, real_ipv4, real_ipv6, real_ipv4, real_ipv6])() + "/" +
                   random.choice([str(random.randrange(0, 33)), str(random.randrange(0, 140)),
                                  "0" + str(random.randrange(10)), "", "x"]),
                   cidr_ok, "0123456789abcdef:./", 1500),
    "date": gather(date_text, date_ok, "0123456789-", 1500),
    "uuid": gather(lambda: str(uuid.UUID(int=random.getrandbits(128))).upper() if random.random() < 0.3
                   else str(uuid.UUID(int=random.getrandbits(128))), uuid_ok, "0123456789abcdefg-", 1000),
    "json": gather(json_text, json_ok, "[]{},:\"0123456789 tfnule", 1500),
}

def encode(s):
    """Printable ASCII as is, every other byte of the UTF-8 (and "%") as %XX."""
    return "".join(chr(b) if 0x21 <= b < 0x7F and b != 0x25 else "%%%02X" % b for b in s.encode("utf-8"))

lines = ["// Generated by scripts/generate-oracle-tables.py: values judged by Python %s's ipaddress, datetime, uuid and"
         % ".".join(map(str, __import__("sys").version_info[:3])),
         "// json modules (see the script for where the rules are deliberately narrower). Do not edit by hand.",
         "// One row a line: the rule, 1 (the oracle accepts) or 0, the value with bytes outside printable ASCII",
         "// (and % and space) as %XX. A string, not an array literal: 10,000 literal rows overwhelm the compiler.", "",
         "let oracleTable = #\"\"\""]
for rule, rows in tables.items():
    for s, ok in rows:
        lines.append("%s %d %s" % (rule, 1 if ok else 0, encode(s)))
lines.append("\"\"\"#")
open("Tests/SwitchboardRulesTests/OracleTables.swift", "w").write("\n".join(lines) + "\n")
for rule, rows in tables.items():
    print(rule, len(rows), sum(ok for _, ok in rows), "valid")
