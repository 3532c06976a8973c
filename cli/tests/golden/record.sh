#!/usr/bin/env bash
# Records what HashiCorp's hcldec prints for each golden case: run by hand
# (needs the Go reference build), never by the tests.
# usage: record.sh HCLDEC [CASE...]
set -euo pipefail
hcldec=$(realpath "$1"); shift
cd "$(dirname "$0")"
cases=("$@"); [ ${#cases[@]} -eq 0 ] && cases=(*/)
for c in "${cases[@]}"; do
  c=${c%/}
  (
    cd "$c"
    args=()
    [ -f args ] && mapfile -t args < args
    set +e
    "$hcldec" --spec spec.hcldec "${args[@]}" in.json > stdout 2> stderr
    echo $? > status
  )
  echo "$c: $(cat "$c/status")"
done
