#!/usr/bin/env python3
"""Validates JUnit XML files against jenkins-junit.xsd beside this script with Python's
`xmlschema` (pip install xmlschema). Prints each violation and exits 1; exits 3 when xmlschema is
missing, so a caller can skip rather than fail."""
import pathlib
import sys

try:
    import xmlschema
except ImportError:
    print("python3 module xmlschema is missing: pip install xmlschema", file=sys.stderr)
    sys.exit(3)

schema = xmlschema.XMLSchema(str(pathlib.Path(__file__).with_name("jenkins-junit.xsd")))
bad = 0
for path in sys.argv[1:]:
    for error in schema.iter_errors(path):
        print(f"{path}: error: {error.reason} at {error.path}", file=sys.stderr)
        bad += 1
sys.exit(1 if bad else 0)
