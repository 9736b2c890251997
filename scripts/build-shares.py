#!/usr/bin/env python3
"""Where a build's compile time goes, per target, as shares of the whole.

Build with the compiler's statistics on, from a clean build folder:

    rm -rf .build
    swift build --build-tests -Xswiftc -stats-output-dir -Xswiftc /tmp/stats
    scripts/build-shares.py /tmp/stats

Each compiler job writes a file named after its start time (microseconds)
and its module; the file's modification time is the job's end. A job's
wall time is the difference; a target's is the sum over its jobs. The
machine may be shared, so the seconds mean little: the shares compare
targets within one build. Linking is not counted. Python 3, standard
library only.
"""

import collections
import os
import re
import sys

PATTERN = re.compile(r"stats-(\d+)-swift-frontend-(.+?)-(?:all|.+?\.swift)-")


def main() -> int:
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    folder = sys.argv[1]
    seconds: collections.Counter[str] = collections.Counter()
    jobs: collections.Counter[str] = collections.Counter()
    first, last = None, None
    for name in os.listdir(folder):
        match = PATTERN.match(name)
        if not match:
            continue
        start = int(match.group(1)) / 1e6
        end = os.path.getmtime(os.path.join(folder, name))
        module = match.group(2)
        seconds[module] += max(0.0, end - start)
        jobs[module] += 1
        first = start if first is None else min(first, start)
        last = end if last is None else max(last, end)
    total = sum(seconds.values())
    if not total:
        print(f"{folder}: no compiler statistics found", file=sys.stderr)
        return 1
    print(f"{len(jobs)} targets, {sum(jobs.values())} compiler jobs over {last - first:.0f} s of wall time")
    tests = sum(value for module, value in seconds.items() if module.endswith("Tests"))
    print(f"test targets: {100 * tests / total:.1f}% of the compile time")
    for module, value in seconds.most_common():
        print(f"{100 * value / total:5.1f}%  {module} ({jobs[module]} jobs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
