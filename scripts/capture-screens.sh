#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Captures what a user sees when running `switchboard ask` and `switchboard form` in an 80x24 terminal (tmux) and
# writes the screens to Documentation/screens/*.txt, for the README. Re-run after changing prompts or feedback:
#   scripts/capture-screens.sh            (builds switchboard first if needed)
#   SWITCHBOARD=/path/to/switchboard scripts/capture-screens.sh
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)
if [ -z "${SWITCHBOARD:-}" ]; then
    # switchboard-full runs what switchboard hands to ArgumentParser (form, here); it must sit beside switchboard.
    swift build --product switchboard >/dev/null
    swift build --product switchboard-full >/dev/null
    SWITCHBOARD="$(swift build --show-bin-path)/switchboard"
fi
OUT="$ROOT/Documentation/screens"
SPEC="$ROOT/Examples/signup/signup.yaml"
mkdir -p "$OUT"
WORK=$(mktemp -d)
SOCKET="sb-capture-$$"
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null || true; rm -rf "$WORK"
      rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/sb-capture-$$"*' EXIT INT TERM

# A shell in a fresh 80x24 tmux session: `$ ` prompt, no colour (the screens are text), switchboard on PATH.
mkdir -p "$WORK/bin"
ln -s "$SWITCHBOARD" "$WORK/bin/switchboard"
SCENE=0
start() {
    tmux -L "$SOCKET" kill-server 2>/dev/null || true
    SCENE=$((SCENE + 1))
    SOCKET="sb-capture-$$-$SCENE"
    tmux -L "$SOCKET" -f /dev/null new-session -d -x 80 -y 24 -c "$WORK" \
        "env -i HOME=$WORK TERM=xterm-256color NO_COLOR=1 PATH=$WORK/bin:/usr/bin:/bin PS1='$ ' INPUTRC=/dev/null sh"
    wait_for '$'
}
keys() { tmux -L "$SOCKET" send-keys -t 0 "$@"; }
typed() { tmux -L "$SOCKET" send-keys -t 0 -l "$1"; }
screen() { tmux -L "$SOCKET" capture-pane -p -t 0; }

# Polls the screen until it shows TEXT (a fixed string), for at most 10 seconds.
wait_for() {
    tries=0
    until screen | grep -qF -- "$1"; do
        tries=$((tries + 1))
        if [ "$tries" -gt 200 ]; then
            echo "capture-screens: timed out waiting for \"$1\"; the screen was:" >&2
            screen >&2
            exit 1
        fi
        sleep 0.05
    done
}

# Polls until the last non-empty row of the screen is exactly TEXT (a prompt such as ">").
wait_last() {
    tries=0
    until [ "$(screen | awk 'NF { last = $0 } END { print last }')" = "$1" ]; do
        tries=$((tries + 1))
        if [ "$tries" -gt 200 ]; then
            echo "capture-screens: timed out waiting for a last row \"$1\"" >&2
            screen >&2
            exit 1
        fi
        sleep 0.05
    done
}

# Writes the screen to $OUT/NAME.txt without the trailing empty rows.
save() {
    screen | awk '{ lines[NR] = $0 } END { n = NR; while (n > 0 && lines[n] == "") n--; for (i = 1; i <= n; i++) print lines[i] }' \
        > "$OUT/$1.txt"
    echo "wrote Documentation/screens/$1.txt"
}

# 1. ask: an invalid value refused live, then accepted; only the value lands in the variable.
start
typed 'EMAIL=$(switchboard ask "Email" --rule email)'
keys Enter
wait_for 'Email:'
typed 'ada@'
wait_for '✗'
save ask-invalid
typed 'example.com'
wait_for '✓'
save ask-valid
keys Enter
wait_last '$'
typed 'echo "EMAIL=$EMAIL"'
keys Enter
wait_for 'EMAIL=ada@example.com'
save ask-captured

# 2. ask with choices and a default, and a masked password.
start
typed 'COLOUR=$(switchboard ask "Colour" --choices red,green,blue --default green)'
keys Enter
wait_for 'Colour [green]:'
typed 'pur'
wait_for '✗'
save ask-choices
keys C-c
start
typed 'PASSWORD=$(switchboard ask "Password" --mask --rule "length:8..64")'
keys Enter
wait_for 'Password:'
typed 'secret'
wait_for '✗'
save ask-masked
keys C-c

# 3. form: the signup spec (Examples/signup), typed through to the review.
if [ ! -f "$SPEC" ]; then
    SPEC="$WORK/signup.yaml"
    cat > "$SPEC" <<'YAML'
title: Sign up
fields:
  - name: email
    prompt: Email
    rules: [email]
  - name: username
    prompt: Username
    default: {from: email, map: local-part}
  - name: password
    prompt: Password
    masked: true
  - name: confirm
    prompt: Confirm password
    masked: true
    same-as: {field: password, message: must match the password}
  - name: age
    prompt: Age
    type: number
  - name: country
    prompt: Country
    choices: [France, Germany, Japan, Vietnam, United States]
  - name: bio
    prompt: Short bio
    multiline: true
    required: false
YAML
fi
start
cp "$SPEC" "$WORK/signup.yaml" 2>/dev/null || true
typed "switchboard form signup.yaml --output env"
keys Enter
wait_for 'Email:'
typed 'ada'
wait_for '✗'
save form-field
typed '@example.com'
wait_for '✓'
keys Enter
wait_for 'Username: ada'
keys Enter
wait_for 'Password:'
typed 'correct horse'
keys Enter
wait_for 'Confirm password:'
typed 'correct horse'
keys Enter
wait_for 'Age:'
typed '36'
keys Enter
wait_for 'Country:'
typed 'Vietnam'
wait_for '› Vietnam'
save form-list
keys Enter
wait_for 'Short bio'
wait_last '>'
typed 'Mathematician; wrote the first program.'
keys Enter
wait_last '>'
keys Enter
wait_for 'Review'
save form-review
keys Enter
wait_for "EMAIL='ada@example.com'"
save form-submitted

# 4. form with conditions (Examples/questionnaire): the status changed in the review asks the school at once,
#    and the company leaves the review.
start
cp "$ROOT/Examples/questionnaire/questionnaire.yaml" "$WORK/questionnaire.yaml"
typed "switchboard form questionnaire.yaml --output env"
keys Enter
wait_for 'Your name:'
typed 'Ada'
keys Enter
wait_for '› employed'
typed 'employed'
keys Enter
wait_for 'Company:'
typed 'ACME'
keys Enter
wait_for 'Age:'
typed '36'
keys Enter
wait_for 'Newsletter (yes/no):'
typed 'no'
keys Enter
wait_for 'Enter to submit'
typed 'status'
keys Enter
wait_for '↑↓ move · Enter picks'
typed 'student'
keys Enter
wait_for 'School:'
typed 'HUST'
keys Enter
wait_for 'Student discount card number:'
keys Enter
wait_for '6. newsletter'
save form-when
keys C-c

# 5. choose: options on standard input filtered as typed, the keys from the terminal; several choices with --max.
printf 'main\ndev\nfeature/lists\nfeature/login\nfix/resize\n' > "$WORK/branches.txt"
start
typed 'BRANCH=$(switchboard choose Branch < branches.txt)'
keys Enter
wait_for '› main'
typed 'fe'
wait_for '› feature/lists'
keys Down
wait_for '› feature/login'
save choose-filter
keys Enter
wait_last '$'
typed 'echo "BRANCH=$BRANCH"'
keys Enter
wait_for 'BRANCH=feature/login'
save choose-captured
start
typed 'TAGS=$(switchboard choose Tags api cli docs web --multi --max 2)'
keys Enter
wait_for '○ api'
keys Tab Tab Tab
wait_for '✗'
save choose-multi
keys C-c

# 6. confirm: one key answers; the exit status says which.
start
typed 'switchboard confirm "Deploy?" --default no && echo deploying'
keys Enter
wait_for 'Deploy? [y/N]'
typed 'y'
wait_for 'deploying'
save confirm

# 7. form --schema (Examples/schema/service.schema.json): the review of a schema's form; on submit the schema's
#    if/then (environment prod needs a contact) refuses the document, and the contact is asked again.
start
cp "$ROOT/Examples/schema/service.schema.json" "$WORK/service.schema.json"
typed "switchboard form --schema service.schema.json > service.json"
keys Enter
wait_for 'Service name:'
typed 'shop'
keys Enter
wait_for 'Port: 8080'
keys Enter
wait_for '› dev'
typed 'prod'
keys Enter
wait_for 'Public (yes/no):'
typed 'y'
keys Enter
wait_for 'Contact email:'
keys Enter
wait_for 'Regions:'
keys Tab
keys Enter
wait_for 'Host:'
typed 'db1'
keys Enter
wait_for 'Replicas:'
keys Enter
wait_for 'Routes 1: Path:'
typed '/api'
keys Enter
wait_for 'Routes 1: Weight:'
typed '5'
keys Enter
wait_for 'Routes 2: Path:'
keys Enter
wait_for 'Enter to submit'
keys Enter
wait_for 'contact: is required'
typed 'ops@example.com'
wait_for 'Contact email: ops@example.com'
save form-schema
keys C-c

# form --edit: a config's own values through its schema; the refused value first, the review, the diff.
start
cp "$ROOT/Examples/schema/service.schema.json" "$ROOT/Examples/config-form/service.yaml" "$WORK/"
git -C "$WORK" init -q
git -C "$WORK" add service.yaml
git -C "$WORK" -c user.email=capture@example.com -c user.name=capture commit -qm service.yaml
typed "switchboard form --edit service.yaml --schema service.schema.json"
keys Enter
wait_for 'Replicas: 9'
save form-edit-first
keys BSpace
typed '3'
keys Enter
wait_last 'Number or name to edit, Enter to submit:'
typed 'port'
keys Enter
wait_for 'Port: 80'
keys BSpace BSpace
typed '8080'
keys Enter
wait_for 'port               8080'
wait_last 'Number or name to edit, Enter to submit:'
save form-edit-review
keys Enter
wait_for 'edits written'
typed 'git diff -U0 | cat'
keys Enter
wait_for '+  replicas: 3'
wait_last '$'
save form-edit-diff
