#!/usr/bin/env python3
"""Checks that every public or open declaration in every library target and the Demo
has a `///` doc comment right above it (attributes may sit in between)."""
import pathlib
import re
import sys

DECLARATION = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|open)\s+)(?:(?:static|final|override|mutating|nonisolated|convenience|required|class|private\(set\)|internal\(set\))\s+)*(?:func|var|let|init|class|struct|enum|protocol|typealias|subscript|case|extension)\b')
ATTRIBUTE = re.compile(r'^\s*@[\w]+(\(.*\))?\s*$')

missing = []
for root in sorted(str(p) for p in pathlib.Path("Sources").iterdir() if p.is_dir() and p.name not in ("Demo", "Bench")):
    for path in sorted(pathlib.Path(root).rglob("*.swift")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            if not DECLARATION.match(line) or re.match(r'^\s*(public\s+)?extension\b', line):
                continue
            previous = number - 1
            while previous >= 0 and ATTRIBUTE.match(lines[previous]):
                previous -= 1
            if previous < 0 or not lines[previous].strip().startswith("///"):
                missing.append(f"{path}:{number + 1}: {line.strip()}")

if missing:
    print("Public declarations without a /// doc comment:")
    print("\n".join(missing))
    sys.exit(1)
print("doc comments: every public declaration has one")
