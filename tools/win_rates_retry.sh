#!/bin/sh
# Retries of the atlas's unknown deals (docs/win-rates.md, "Unknowns solved again"): each line
# of PLAN is "VARIANT DRAW SECONDS [WON-IN]", run in order, JOBS workers (default 1) at nice 19,
# each with a
# transposition table of TABLE positions (default 40,000,000: about 4 GB at most; a long
# search past the default 8,000,000 forgets and searches again). With WON-IN (a file of OUTDIR)
# the row's unknowns that that row won are solved in its game and their lines replayed here
# (--won-in). Every survey resumes, so the same command picks up where a stopped one was.
# Usage: sh tools/win_rates_retry.sh OUTDIR PLAN     (CANFIELD=path/to/canfield to choose one)
set -u
OUT=${1:?usage: sh tools/win_rates_retry.sh OUTDIR PLAN}
PLAN=${2:?usage: sh tools/win_rates_retry.sh OUTDIR PLAN}
CANFIELD=${CANFIELD:-canfield}
TABLE=${TABLE:-40000000}
JOBS=${JOBS:-1}
case $JOBS in ''|*[!0-9]*|0) echo "JOBS must be a whole number of workers, 1 or more: $JOBS" >&2; exit 2;; esac
FIRST=1000000
grep -v '^#' "$PLAN" | while read -r variant draw seconds wonin; do
  [ -n "$variant" ] || continue
  echo "== $(date -u +%FT%TZ) $variant draw $draw, unknowns at $seconds s${wonin:+, won in $wonin}, $JOBS worker(s)"
  count=1000
  [ "$variant $draw" = "solvitaire 3" ] && count=5000
  nice -n 19 "$CANFIELD" survey --variant "$variant" --draw "$draw" --first "$FIRST" \
    --count "$count" --time-limit "$seconds" --table-limit "$TABLE" --retry-unknown \
    ${wonin:+--won-in "$OUT/$wonin"} --jobs "$JOBS" --out "$OUT/$variant-d$draw.csv" </dev/null
  echo "== exit $?"
done
