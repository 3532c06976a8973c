#!/bin/sh
# Differential test against HashiCorp's Go HCL (dev tool; needs Go and
# ../shared/tools/go-reference built). Usage: tools/difftest/difftest.sh FILE.json... (e.g. tools/difftest/inputs/*.json)
set -e
here=$(cd "$(dirname "$0")/../.." && pwd)
: "${CARGO_TARGET_DIR:=$here/target}"
export CARGO_TARGET_DIR
go_bench=${HCLBENCH:-$here/../shared/tools/go-reference/bin/hclbench}
(cd "$here" && cargo build -q --example difftest)
exec python3 "$here/tools/difftest/difftest.py" "$go_bench" "$CARGO_TARGET_DIR/debug/examples/difftest" "$@"
