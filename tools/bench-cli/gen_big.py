#!/usr/bin/env python3
"""Writes big.json (867 KB): 5000 `item` blocks of five attributes, each
with a template that calls a spec-file function, for big.hcldec(.json)."""
import json, sys
items = [{"name": f"svc-{i}", "port": 8000 + i, "tags": {"team": "core", "idx": str(i)},
          "msg": "Hello, ${who} #%d: ${upper(env)}" % i, "enabled": i % 2 == 0}
         for i in range(5000)]
json.dump({"item": items, "region": "eu-west-1"}, open(sys.argv[1] if len(sys.argv) > 1 else "big.json", "w"), indent=1)
