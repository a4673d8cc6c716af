#!/bin/sh
# The win-rate atlas (docs/win-rates.md): every variant and draw mode surveyed, one row
# after another, each on a local Dask cluster of JOBS worker processes (default 1).
# Run it again to resume: a survey file keeps every finished deal and the same command
# solves only the rest.
# Usage: sh tools/win_rates.sh OUTDIR [JOBS]     (CANFIELD=path/to/canfield to choose one)
set -u
OUT=${1:?usage: sh tools/win_rates.sh OUTDIR [JOBS]}
JOBS=${2:-1}
CANFIELD=${CANFIELD:-canfield}
FIRST=1000000   # deals 1,000,000 onward: no test or benchmark uses them
LIMIT=10        # seconds per deal before it counts as unknown
# variant, draw, deals: the published comparison first, then the rest of the table
for row in "solvitaire 3 5000" "canfield 3 1000" "canfield 1 1000" "solvitaire 1 1000" \
    "classic 3 1000" "classic 1 1000" "superior 3 1000" "superior 1 1000" \
    "rainbow 1 1000" "rainbow 3 1000" "storehouse 1 1000" "storehouse 3 1000" \
    "strict 3 1000" "strict 1 1000" "solvitaire_strict 3 1000" "solvitaire_strict 1 1000"; do
  set -- $row
  echo "== $(date -u +%FT%TZ) $1 draw $2, $3 deals"
  "$CANFIELD" survey --variant "$1" --draw "$2" --first "$FIRST" --count "$3" \
    --time-limit "$LIMIT" --jobs "$JOBS" --out "$OUT/$1-d$2.csv" </dev/null
  echo "== exit $?"
done
