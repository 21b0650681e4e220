#!/usr/bin/env bash
# Stops what start.sh started, by the PIDs it recorded (never by name), then whatever is still inside
# the stack's own network namespace (only this job starts processes there), then removes the namespace.
set -uo pipefail
: "${OPENIM_RUN:?set OPENIM_RUN}" "${OPENIM_NS:?set OPENIM_NS}"
term_then_kill() { # pids...
  [ "$#" -eq 0 ] && return 0
  kill "$@" 2>/dev/null
  for _ in $(seq 1 20); do
    local alive=()
    for pid in "$@"; do kill -0 "$pid" 2>/dev/null && alive+=("$pid"); done
    [ "${#alive[@]}" -eq 0 ] && return 0
    sleep 0.5
  done
  kill -9 "${alive[@]}" 2>/dev/null
}
pids=()
for f in "$OPENIM_RUN"/pids/*; do
  [ -f "$f" ] || continue
  pids+=("$(cat "$f")")
  rm -f "$f"
done
term_then_kill "${pids[@]}"
if ip netns list | grep -qw "$OPENIM_NS"; then
  mapfile -t left < <(ip netns pids "$OPENIM_NS" 2>/dev/null)
  term_then_kill "${left[@]}"
  ip netns del "$OPENIM_NS" 2>/dev/null
fi
echo "stack stopped"
