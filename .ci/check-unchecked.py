#!/usr/bin/env python3
"""At most 10 `@exclusivity(unchecked)` in Sources, each with its reason
written once just above it (a `// Exclusivity unchecked:` comment)."""
import pathlib, sys

LIMIT = 10
found, missing = [], []
for path in sorted(pathlib.Path("Sources").rglob("*.swift")):
    lines = path.read_text().splitlines()
    for number, line in enumerate(lines):
        if "@exclusivity(unchecked)" not in line or line.strip().startswith("//"):
            continue
        found.append(f"{path}:{number + 1}")
        above = lines[max(0, number - 8):number]
        if not any("// Exclusivity unchecked:" in text for text in above):
            missing.append(f"{path}:{number + 1}")
for place in found:
    print(place)
print(f"{len(found)} @exclusivity(unchecked) (at most {LIMIT})")
if missing:
    print("error: no '// Exclusivity unchecked:' reason above " + ", ".join(missing), file=sys.stderr)
if len(found) > LIMIT:
    print(f"error: {len(found)} is more than {LIMIT}", file=sys.stderr)
sys.exit(1 if missing or len(found) > LIMIT else 0)
