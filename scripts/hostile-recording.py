#!/usr/bin/env python3
"""Writes a hostile evemu recording of at most 4 MiB (EvemuLimits.maximumBytes),
seeded, for the replay-time figures in Benchmarks.md's "Hostile input".

Usage: scripts/hostile-recording.py KIND SEED > FILE.events

KIND:
  far-slots   every contact in a new slot far outside the description's
              ABS_MT_SLOT range 0...9 (issue 29's case: 31,844 fingers down at
              once); the reader refuses it at the first such slot.
  many-slots  the same fingers in slots within a range of 0...65535, all
              held down: within every limit; 32 go down, the rest are
              refused once each.
  ten-moving  ten fingers moving in every frame until the file is full: the
              most samples a recording of that size holds.

Replay one with a script of one line, `evemu "FILE.events"`, e.g.:
  printf 'surface tap long-press pan\\nevemu "x.events"\\n' > x.gesture
  time .build/release/Demo x.gesture --format jsonl > /dev/null
"""
import random
import sys

LIMIT = 4 * 1024 * 1024


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("far-slots", "many-slots", "ten-moving"):
        sys.exit(__doc__)
    kind, rng = sys.argv[1], random.Random(int(sys.argv[2]))
    slot_max = 9 if kind == "far-slots" else 65535
    head = ("# EVEMU 1.3\nN: hostile %s\n" % kind
            + "A: 2f 0 %d 0 0 0\nA: 35 0 4095 0 0 0\nA: 36 0 4095 0 0 0\nA: 39 0 65535 0 0 0\n" % slot_max)
    out = [head]
    size = len(head)
    microseconds = 0

    def stamp():
        return "%d.%06d" % (microseconds // 1_000_000, microseconds % 1_000_000)

    def add(lines):
        nonlocal size
        text = "".join(lines)
        if size + len(text) > LIMIT:
            return False
        out.append(text)
        size += len(text)
        return True

    if kind in ("far-slots", "many-slots"):
        used = set()
        contact = 0
        while True:
            if kind == "far-slots":
                slot = 1000 + contact * 7 + rng.randrange(7)
            else:
                slot = rng.randrange(slot_max + 1)
                while slot in used:
                    slot = rng.randrange(slot_max + 1)
            used.add(slot)
            t = stamp()
            frame = ["E: %s 0003 002f %d\n" % (t, slot), "E: %s 0003 0039 %d\n" % (t, contact % 65536),
                     "E: %s 0003 0035 %d\n" % (t, rng.randrange(4096)), "E: %s 0003 0036 %d\n" % (t, rng.randrange(4096)),
                     "E: %s 0000 0000 0\n" % t]
            if not add(frame):
                break
            contact += 1
            microseconds += 10
            if kind == "many-slots" and len(used) > slot_max:
                break
    else:
        positions = [[rng.randrange(4096), rng.randrange(4096)] for _ in range(10)]
        t = stamp()
        frame = []
        for slot in range(10):
            frame += ["E: %s 0003 002f %d\n" % (t, slot), "E: %s 0003 0039 %d\n" % (t, slot + 1),
                      "E: %s 0003 0035 %d\n" % (t, positions[slot][0]), "E: %s 0003 0036 %d\n" % (t, positions[slot][1])]
        add(frame + ["E: %s 0000 0000 0\n" % t])
        while True:
            microseconds += 8000
            t = stamp()
            frame = []
            for slot in range(10):
                for axis, code in ((0, "0035"), (1, "0036")):
                    positions[slot][axis] = min(4095, max(0, positions[slot][axis] + rng.randrange(-20, 21)))
                frame += ["E: %s 0003 002f %d\n" % (t, slot), "E: %s 0003 0035 %d\n" % (t, positions[slot][0]),
                          "E: %s 0003 0036 %d\n" % (t, positions[slot][1])]
            if not add(frame + ["E: %s 0000 0000 0\n" % t]):
                break
    sys.stdout.write("".join(out))


main()
