#!/usr/bin/env python3
"""Converts an evemu recording (evemu-record's text) to raw evdev records.

Usage: scripts/evemu-to-records.py RECORDING.events [-o OUT.bin]

Each `E: SEC.USEC TYPE CODE VALUE` line becomes one 24-byte
`struct input_event` in the x86-64 layout the Demo's `--device` reads:
tv_sec and tv_usec as little-endian 64-bit integers, then type and code as
16-bit and value as a signed 32-bit integer. The description lines (N:, I:,
P:, B:, A:, L:, S:) and `#` comments are skipped: give the Demo the
description with `--desc` (the .events file itself when it holds one).

    scripts/evemu-to-records.py drag.events -o drag.bin
    swift run Demo --device drag.bin --desc drag.events

The lines are checked as the Demo's evemu reader checks them (six digits of
microseconds, hexadecimal type and code up to ffff, a decimal value in 32
bits, time never going backwards); the first bad line is reported as
`FILE:LINE: error: MESSAGE` with exit status 1, and nothing is written.
RECORDING `-` is standard input; without -o the records go to standard
output, which must not be a terminal. Python 3 standard library only.
"""

import os
import re
import struct
import sys
import tempfile

# The Demo reads recordings of at most 4 MiB; a little room for comments.
MAXIMUM_INPUT_BYTES = 16 * 1024 * 1024
DESCRIPTION_PREFIXES = ("N:", "I:", "P:", "B:", "A:", "L:", "S:")
TIMESTAMP = re.compile(r"^([0-9]{1,18})\.([0-9]{6})$")
HEXADECIMAL = re.compile(r"^[0-9a-fA-F]{1,8}$")
DECIMAL = re.compile(r"^-?[0-9]+$")
RECORD = struct.Struct("<qqHHi")


class ConversionError(Exception):
    def __init__(self, line, message):
        super().__init__(message)
        self.line = line
        self.message = message


def convert(text):
    """The records of every E: line of `text`, as bytes; raises ConversionError."""
    records = bytearray()
    previous = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith(DESCRIPTION_PREFIXES):
            continue
        if not line.startswith("E:"):
            prefix = line.split()[0]
            raise ConversionError(
                number, f"unknown line prefix '{prefix}'; expected N:, I:, P:, B:, A:, L:, S:, E: or a # comment")
        fields = line[2:].split()
        if len(fields) != 4:
            raise ConversionError(
                number, f"wrong number of fields: expected 4, found {len(fields)} ('E:' needs SEC.USEC TYPE CODE VALUE)")
        stamp, type_text, code_text, value_text = fields
        match = TIMESTAMP.match(stamp)
        if not match:
            raise ConversionError(
                number, f"bad timestamp '{stamp}'; expected SECONDS.MICROSECONDS with 6 digits after the dot, e.g. 12.000345")
        seconds, microseconds = int(match.group(1)), int(match.group(2))
        numbers = []
        for text_field, what in ((type_text, "event type"), (code_text, "event code")):
            if not HEXADECIMAL.match(text_field):
                raise ConversionError(number, f"bad hexadecimal {what} '{text_field}'")
            if int(text_field, 16) > 0xFFFF:
                raise ConversionError(number, f"{what} '{text_field}' is out of range (at most ffff)")
            numbers.append(int(text_field, 16))
        if not DECIMAL.match(value_text):
            raise ConversionError(number, f"bad event value '{value_text}'")
        value = int(value_text)
        if not -2**31 <= value < 2**31:
            raise ConversionError(number, f"event value '{value_text}' is out of range (must fit in 32 bits)")
        if seconds >= 2**63:
            raise ConversionError(number, f"timestamp '{stamp}' is out of range")
        if previous is not None and (seconds, microseconds) < previous[0]:
            raise ConversionError(
                number, f"timestamp {stamp} goes backwards (line {previous[1]} was at {previous[2]})")
        previous = ((seconds, microseconds), number, stamp)
        records += RECORD.pack(seconds, microseconds, numbers[0], numbers[1], value)
    return bytes(records)


def main(arguments):
    usage = "usage: scripts/evemu-to-records.py RECORDING.events [-o OUT.bin]"
    if any(argument in ("-h", "--help") for argument in arguments):
        print(__doc__.strip())
        return 0
    output_path = None
    inputs = []
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument in ("-o", "--output"):
            if index + 1 >= len(arguments):
                print(f"error: {argument} needs a file name\n{usage}", file=sys.stderr)
                return 2
            output_path = arguments[index + 1]
            index += 2
            continue
        if argument.startswith("--output="):
            output_path = argument.split("=", 1)[1]
        elif argument.startswith("-") and argument != "-":
            print(f"error: unknown option '{argument}'\n{usage}", file=sys.stderr)
            return 2
        else:
            inputs.append(argument)
        index += 1
    if len(inputs) != 1:
        print(f"error: give one recording\n{usage}", file=sys.stderr)
        return 2
    source = inputs[0]
    if output_path is None and sys.stdout.isatty():
        print("error: standard output is a terminal; give -o FILE or redirect it", file=sys.stderr)
        return 2

    name = "<stdin>" if source == "-" else source
    try:
        if source == "-":
            data = sys.stdin.buffer.read(MAXIMUM_INPUT_BYTES + 1)
        else:
            with open(source, "rb") as handle:
                data = handle.read(MAXIMUM_INPUT_BYTES + 1)
    except OSError as error:
        print(f"{name}: error: {error.strerror or error}", file=sys.stderr)
        return 1
    if len(data) > MAXIMUM_INPUT_BYTES:
        print(f"{name}: error: the recording is larger than {MAXIMUM_INPUT_BYTES} bytes", file=sys.stderr)
        return 1
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        print(f"{name}: error: not UTF-8 text (byte {error.start})", file=sys.stderr)
        return 1
    try:
        records = convert(text)
    except ConversionError as error:
        print(f"{name}:{error.line}: error: {error.message}", file=sys.stderr)
        return 1

    if output_path is None:
        sys.stdout.buffer.write(records)
        sys.stdout.buffer.flush()
        return 0
    # Written beside the target and renamed: an error leaves no half-written file.
    directory = os.path.dirname(os.path.abspath(output_path))
    try:
        descriptor, temporary = tempfile.mkstemp(dir=directory, prefix=".evemu-to-records-")
        try:
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(records)
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)
            os.replace(temporary, output_path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as error:
        print(f"{output_path}: error: {error.strerror or error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
