#!/usr/bin/env python3
"""Writes the word-boundary fixtures of TextWordBoundaryTests, from the
Unicode property data of the third-party `regex` module (pip's `regex`):

  Tests/Fixtures/text/word-break-classes.txt
      Each scalar's Word_Break value (UAX #29) and whether it is
      Extended_Pictographic, as runs `FIRST LAST CLASS`, for the scalars
      assigned in Python's `unicodedata` (an older Unicode than both
      `regex` and the Swift standard library, so all three agree on them).
  Tests/Fixtures/text/word-boundaries.txt
      Seeded random strings and their word boundaries, found by the plain
      reading of UAX #29's rules below over the whole string: each line is
      the scalars in hexadecimal, a `;`, and the boundary offsets.

Usage: scripts/word-break-fixtures.py

Both follow CLDR's root tailoring, which ICU (and so UIKit) uses and we
do: the colons U+003A, U+FE55 and U+FF1A are Other, not MidLetter.
"""

import random
import sys
import unicodedata

import regex

CLASSES = ["CR", "LF", "Newline", "Extend", "ZWJ", "Regional_Indicator", "Format", "Katakana",
           "Hebrew_Letter", "ALetter", "Single_Quote", "Double_Quote", "MidNumLet", "MidLetter",
           "MidNum", "Numeric", "ExtendNumLet", "WSegSpace"]
PATTERNS = {name: regex.compile(r"\p{Word_Break=" + name + "}") for name in CLASSES}
PICTOGRAPHIC = regex.compile(r"\p{Extended_Pictographic}")
COLONS = {0x3A, 0xFE55, 0xFF1A}


def word_break(character):
    if ord(character) in COLONS:
        return "Other"
    for name in CLASSES:
        if PATTERNS[name].match(character):
            return name
    return "Other"


def full_class(character):
    """The Word_Break value, with Other split by Extended_Pictographic."""
    value = word_break(character)
    if value == "Other" and PICTOGRAPHIC.match(character):
        return "Other+ExtPict"
    return value


def in_scope(code):
    return not (0xD800 <= code <= 0xDFFF) and unicodedata.category(chr(code)) not in ("Cn", "Co", "Cs")


def class_runs():
    runs = []
    previous_code = None
    for code in range(0x110000):
        if not in_scope(code):
            previous_code = None
            continue
        value = full_class(chr(code))
        if runs and previous_code == code - 1 and runs[-1][2] == value:
            runs[-1][1] = code
        else:
            runs.append([code, code, value])
        previous_code = code
    return runs


IGNORE = {"Extend", "Format", "ZWJ"}
AHLETTER = {"ALetter", "Hebrew_Letter"}
MIDNUMLETQ = {"MidNumLet", "Single_Quote"}


def boundaries(text):
    """UAX #29's word boundaries of `text`, rule by rule, over the whole string."""
    classes = [word_break(c) for c in text]
    pictographic = [bool(PICTOGRAPHIC.match(c)) for c in text]
    n = len(text)
    result = [0]
    # WB4: each position's "effective" class skips back over ignored scalars.
    def effective_before(i):
        """The class of the last non-ignored scalar before i (after WB4), its index, or None."""
        j = i - 1
        while j >= 0 and classes[j] in IGNORE:
            if j == 0 or classes[j - 1] in ("CR", "LF", "Newline"):
                return classes[j], j
            j -= 1
        return (classes[j], j) if j >= 0 else (None, -1)

    def effective_after(i):
        """The class of the first non-ignored scalar at or after i, and its index."""
        j = i
        while j < n and classes[j] in IGNORE:
            j += 1
        return (classes[j], j) if j < n else (None, n)

    for i in range(1, n):
        a, b = classes[i - 1], classes[i]
        if a == "CR" and b == "LF":
            continue  # WB3
        if a in ("CR", "LF", "Newline") or b in ("CR", "LF", "Newline"):
            result.append(i)  # WB3a, WB3b
            continue
        if a == "ZWJ" and pictographic[i]:
            continue  # WB3c
        if a == "WSegSpace" and b == "WSegSpace":
            continue  # WB3d
        if b in IGNORE:
            continue  # WB4
        p, pi = effective_before(i)
        n1, ni = b, i
        n2, _ = effective_after(ni + 1)
        p2, _ = effective_before(pi) if pi > 0 else (None, -1)
        if p in AHLETTER and n1 in AHLETTER:
            continue  # WB5
        if p in AHLETTER and n1 in {"MidLetter"} | MIDNUMLETQ and n2 in AHLETTER:
            continue  # WB6
        if p2 in AHLETTER and p in {"MidLetter"} | MIDNUMLETQ and n1 in AHLETTER:
            continue  # WB7
        if p == "Hebrew_Letter" and n1 == "Single_Quote":
            continue  # WB7a
        if p == "Hebrew_Letter" and n1 == "Double_Quote" and n2 == "Hebrew_Letter":
            continue  # WB7b
        if p2 == "Hebrew_Letter" and p == "Double_Quote" and n1 == "Hebrew_Letter":
            continue  # WB7c
        if p == "Numeric" and n1 == "Numeric":
            continue  # WB8
        if p in AHLETTER and n1 == "Numeric":
            continue  # WB9
        if p == "Numeric" and n1 in AHLETTER:
            continue  # WB10
        if p2 == "Numeric" and p in {"MidNum"} | MIDNUMLETQ and n1 == "Numeric":
            continue  # WB11
        if p == "Numeric" and n1 in {"MidNum"} | MIDNUMLETQ and n2 == "Numeric":
            continue  # WB12
        if p == "Katakana" and n1 == "Katakana":
            continue  # WB13
        if p in AHLETTER | {"Numeric", "Katakana", "ExtendNumLet"} and n1 == "ExtendNumLet":
            continue  # WB13a
        if p == "ExtendNumLet" and n1 in AHLETTER | {"Numeric", "Katakana"}:
            continue  # WB13b
        if p == "Regional_Indicator" and n1 == "Regional_Indicator":
            # WB15, WB16: count the indicators (after WB4) in a row before i.
            count = 0
            j = pi
            while j >= 0:
                c, k = classes[j], j
                if c == "Regional_Indicator":
                    count += 1
                    c2, k2 = effective_before(k)
                    if c2 != "Regional_Indicator":
                        break
                    j = k2
                else:
                    break
            if count % 2 == 1:
                continue
        result.append(i)  # WB999
    result.append(n)
    return sorted(set(result))


ALPHABET = [
    "a", "b", "Z", "\u00e9", "0", "9", " ", ".", ",", "'", '"', ":", ";", "_", "!", "-",
    "\u0301", "\u200d", "\ufe0f", "\u00ad", "\u2060", "\U0001F1EB", "\U0001F1F7",
    "\U0001F468", "\U0001F469", "\U0001F600", "\U0001F3FB", "\u6f22", "\u5b57",
    "\u3042", "\u30a2", "\u30fc", "\u05d0", "\u05d1", "\u05b8", "\u0628", "\u064e",
    "\u0627", "\u0600", "\ud55c", "\n", "\r", "\t", "\u3000", "\u00a0", "\u2019", "\u00b7",
    "\u00a9", "\u0915", "\u094d", "\u0937", "\u0e01", "\u200b", "\u202f", "\u066b", "\uff10",
]


def main(argv):
    if len(argv) != 1:
        sys.stderr.write(__doc__)
        return 2
    header = f"# Generated by scripts/word-break-fixtures.py (regex {regex.__version__}, in scope: Unicode {unicodedata.unidata_version} assigned)."
    runs = class_runs()
    with open("Tests/Fixtures/text/word-break-classes.txt", "w", encoding="utf-8") as handle:
        handle.write(header + "\n# FIRST LAST CLASS\n")
        for first, last, value in runs:
            handle.write(f"{first:X} {last:X} {value}\n")
    generator = random.Random(29)
    assigned = [code for code in range(0x110000) if in_scope(code)]
    lines = [header, "# scalars ; word boundaries"]
    for index in range(800):
        length = generator.randint(1, 12)
        if index % 4 == 3:
            # Every fourth string mixes in scalars from anywhere.
            text = "".join(chr(generator.choice(assigned)) if generator.random() < 0.5 else generator.choice(ALPHABET)
                           for _ in range(length))
        else:
            text = "".join(generator.choice(ALPHABET) for _ in range(length))
        scalars = " ".join(f"{ord(c):X}" for c in text)
        lines.append(f"{scalars} ; {' '.join(str(b) for b in boundaries(text))}")
    with open("Tests/Fixtures/text/word-boundaries.txt", "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    print(f"wrote {len(runs)} class runs and {len(lines) - 2} boundary cases")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
