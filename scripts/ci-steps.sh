# Step runner for .ci/run (sourced): each step's wall seconds, the CPU seconds of its own processes
# and the tests it executed, printed as one table when the run ends, passed or failed, so a slow or
# failing step is seen at once.
#   step NAME CMD...                 one step in the foreground
#   together NAME CMD NAME CMD ...   steps side by side (CMD is a bash string); their outputs are
#                                    printed whole, one after the other, when all have ended
#   background NAME CMD              a step started now, beside whatever follows, until
#   await_background                 waits for it and prints its output
# CPU is user + system time of the step's processes that were waited for: a PostgreSQL server started
# by pg_ctl, or a browser a test launched and did not wait for, is not counted. "machine" is how busy
# the whole machine's cores were over the step (/proc/stat), whoever used them: a step well under 100 %
# leaves cores idle, so something could run beside it. Tests are read from Vitest's "Tests  N passed"
# closing line.

CI_LOG_DIR=$(mktemp -d /tmp/bm-ci-steps.XXXXXX)
CI_ROWS=()
CI_STARTED=$(date +%s)

# Children's CPU seconds so far, from `times` (its second line: children's user and system time), into
# the file FILE. Through files, not a command substitution, whose subshell would see no children; and
# one file per step, as steps side by side run at once.
_ci_child_cpu() {
  times >"$1.times"
  sed -n 2p "$1.times" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%.0f", t }' >"$1"
}

# The machine's busy and total jiffies so far, across every core ("busy total").
_ci_machine() {
  awk '/^cpu / { t = 0; for (i = 2; i <= NF; i++) t += $i; print t - $5 - $6, t }' /proc/stat 2>/dev/null || echo "0 0"
}

_ci_busy_percent() { # "busy0 total0" "busy1 total1"
  awk -v a="$1" -v b="$2" 'BEGIN { split(a, x, " "); split(b, y, " "); d = y[2] - x[2]; if (d > 0) printf "%.0f%%", 100 * (y[1] - x[1]) / d }'
}
CI_MACHINE_STARTED=$(_ci_machine)

_ci_tests() {
  sed 's/\x1b\[[0-9;]*m//g' "$1" | awk '/^ *Tests +[0-9]+/ { for (i = 1; i <= NF; i++) if ($(i+1) ~ /^passed/) n += $i } END { print n + 0 }'
}

# NAME LOG OUTPUT CMD...: runs CMD, its output into LOG (OUTPUT=live: on the console too), and the
# step's row into LOG.row. The one place a step is timed and counted, alone or side by side.
_ci_run_logged() {
  local name=$1 log=$2 output=$3 t0 rc m0
  shift 3
  t0=$(date +%s)
  m0=$(_ci_machine)
  _ci_child_cpu "$log.cpu0"
  set +e
  if [ "$output" = live ]; then
    "$@" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
  else
    "$@" >"$log" 2>&1
    rc=$?
  fi
  set -e
  _ci_child_cpu "$log.cpu1"
  printf '%s|%s|%s|%s|%s|%s\n' "$name" $(($(date +%s) - t0)) $(($(cat "$log.cpu1") - $(cat "$log.cpu0"))) \
    "$(_ci_busy_percent "$m0" "$(_ci_machine)")" "$(_ci_tests "$log")" "$rc" >"$log.row"
  return "$rc"
}

_ci_record() { # LOG: prints the step's output under its header and keeps its row
  local row name
  row=$(cat "$1.row")
  name=${row%%|*}
  printf '\n=== %s (at %ss)\n' "$name" $(($(date +%s) - CI_STARTED))
  cat "$1"
  CI_ROWS+=("$row")
}

step() {
  local name=$1 log rc=0
  shift
  log="$CI_LOG_DIR/${#CI_ROWS[@]}.log"
  printf '\n=== %s (starts at %ss)\n' "$name" $(($(date +%s) - CI_STARTED))
  _ci_run_logged "$name" "$log" live "$@" || rc=$?
  CI_ROWS+=("$(cat "$log.row")")
  return "$rc"
}

together() {
  local pids=() logs=() i=0 failed=0 t0 m0
  t0=$(date +%s)
  m0=$(_ci_machine)
  while [ $# -gt 0 ]; do
    local log="$CI_LOG_DIR/p$((${#CI_ROWS[@]} + i)).log"
    printf '\n=== %s (starts at %ss, beside the others of its group)\n' "$1" $(($(date +%s) - CI_STARTED))
    (_ci_run_logged "$1" "$log" quiet bash -c "$2") &
    pids+=($!)
    logs+=("$log")
    i=$((i + 1))
    shift 2
  done
  for i in "${!pids[@]}"; do wait "${pids[$i]}" || failed=1; done
  for log in "${logs[@]}"; do _ci_record "$log"; done
  CI_ROWS+=("  (the group above, side by side)|$(($(date +%s) - t0))||$(_ci_busy_percent "$m0" "$(_ci_machine)")||$failed")
  return "$failed"
}

# background NAME CMD: starts CMD (a bash string) and returns at once; await_background waits for every
# step started so and records it. For a step that mostly waits on the network or the disk (a package
# download), so the CPU-bound steps run meanwhile; what needs its result calls await_background first.
CI_BACKGROUND=()
background() {
  local log="$CI_LOG_DIR/b${#CI_BACKGROUND[@]}.log"
  printf '\n=== %s (starts at %ss, in the background)\n' "$1" $(($(date +%s) - CI_STARTED))
  (_ci_run_logged "$1" "$log" quiet bash -c "$2") &
  CI_BACKGROUND+=("$!|$log")
}

await_background() {
  local entry failed=0
  for entry in "${CI_BACKGROUND[@]}"; do
    wait "${entry%%|*}" || failed=1
    _ci_record "${entry#*|}"
  done
  CI_BACKGROUND=()
  return "$failed"
}

ci_table() {
  local total=$(($(date +%s) - CI_STARTED)) tests=0 row name secs cpu busy count rc
  printf '\n=== timing (wall seconds; CPU seconds of the step'"'"'s own processes; how busy the machine was; tests executed)\n'
  printf '%-72s %6s %6s %7s %7s  %s\n' step wall cpu machine tests result
  for row in "${CI_ROWS[@]}"; do
    IFS='|' read -r name secs cpu busy count rc <<<"$row"
    [ -n "$count" ] && tests=$((tests + count))
    printf '%-72s %6s %6s %7s %7s  %s\n' "$name" "$secs" "$cpu" "$busy" "${count:-}" "$([ "$rc" = 0 ] && echo ok || echo "FAILED ($rc)")"
  done
  printf '%-72s %6s %6s %7s %7s\n' 'total' "$total" '' "$(_ci_busy_percent "$CI_MACHINE_STARTED" "$(_ci_machine)")" "$tests"
  rm -rf "$CI_LOG_DIR"
}
