#!/usr/bin/env bash
# Checks schema/scenario.schema.json as editors and other tools read it: Python's jsonschema
# (python3 -m pip install jsonschema) must accept the schema as draft 2020-12, accept every
# bundled scenario and names in any language's letters, and refuse a few broken files. The
# schema is generated (`swift run lab schema`); SchemaTests keeps the file equal to its output.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c 'import jsonschema' 2>/dev/null || {
  echo "check-schema: needs Python's jsonschema: python3 -m pip install jsonschema" >&2
  exit 2
}
python3 - "$@" <<'PY'
import glob, json, sys
from jsonschema import Draft202012Validator

schema = json.load(open("schema/scenario.schema.json", encoding="utf-8"))
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema)

def problems(document):
    return [f"{'/'.join(map(str, e.absolute_path)) or '$'}: {e.message}"
            for e in validator.iter_errors(document)]

failed = 0
files = sorted(glob.glob("Scenarios/**/*.json", recursive=True))
for path in files:
    for problem in problems(json.load(open(path, encoding="utf-8"))):
        print(f"{path}: {problem}")
        failed += 1

# What the decoder accepts, the schema must accept too; what it refuses, the schema should.
accepted = [
    {"format": 1, "state": {"größe": 1, "_x2": 0}, "steps": [{"add": "größe"}]},
    {"format": 1, "steps": [{"yield": True}, {"await": ["a", "b"]}]},
    {"format": 1, "program": "bank.swift", "threads": 2, "expect": {"outcomes": [
        {"when": {"printed": ["a", "b"]}, "grade": "acceptable", "reason": "r"},
        {"when": {"printed": {"contains": "a"}, "ended": "deadlock"}, "grade": "forbidden",
         "reason": "r"}]}},
]
refused = [
    {"format": 1, "steps": [{"sleeep": 1}]},
    {"format": 1, "steps": [{"set": "x"}]},
    {"format": 1, "main": []},
    {"format": 1, "state": {"my var": 0}, "steps": []},
    {"format": 1, "steps": [{"group": "g", "count": 2, "steps": [], "cancelAfter": 1}]},
    {"format": 1, "program": "../elsewhere/bank.swift"},
    {"format": 1, "program": "bank.swift", "steps": []},
    {"format": 1, "program": "bank.swift", "expect": {"outcomes": [
        {"when": {"printed": [1]}, "grade": "acceptable", "reason": "r"}]}},
]
for document in accepted:
    for problem in problems(document):
        print(f"should be accepted: {json.dumps(document)}: {problem}")
        failed += 1
for document in refused:
    if not problems(document):
        print(f"should be refused: {json.dumps(document)}")
        failed += 1

if failed:
    sys.exit(f"check-schema: {failed} problem(s)")
print(f"{len(files)} scenarios conform to schema/scenario.schema.json (Python jsonschema)")
PY
