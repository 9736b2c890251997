#!/usr/bin/python3
"""Checks that `Demo --atspi --verbose` ends quietly when the accessibility
bus goes away: run under `dbus-run-session` (by the Swift test, which marks
the session's processes with INTERACTIONKIT_E2E_SESSION), it starts the
Demo, reads it with pyatspi (so that requests are logged), then stops the
accessibility bus's dbus-daemon and waits for the Demo to end.

Usage: dbus-run-session -- /usr/bin/python3 bus_goes_away.py DEMO OUTPUT ERRORS
Prints one "ok ..." line per check; exits 1 at the first failed check.
"""
import os
import signal
import subprocess
import sys
import time

demo, output_path, errors_path = sys.argv[1], sys.argv[2], sys.argv[3]
marker = os.environ["INTERACTIONKIT_E2E_SESSION"]
process = None


def read(path):
    with open(path, encoding="utf-8", errors="replace") as file:
        return file.read()


def fail(message):
    print("FAIL: " + message, flush=True)
    if process is not None and process.poll() is None:
        process.kill()
        process.wait()
    print("--- standard output ---\n" + read(output_path) + "--- standard error ---\n" + read(errors_path))
    sys.exit(1)


def wait_for(condition, what, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.02)
    fail("timed out after %d s waiting for %s" % (seconds, what))


def accessibility_bus_daemons():
    """This session's dbus-daemon of the accessibility bus (at-spi-bus-launcher's child)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/environ" % entry, "rb") as file:
                environment = file.read().split(b"\0")
            with open("/proc/%s/cmdline" % entry, "rb") as file:
                command = file.read().split(b"\0")
        except OSError:
            continue
        if ("INTERACTIONKIT_E2E_SESSION=" + marker).encode() not in environment:
            continue
        if command and command[0].endswith(b"dbus-daemon") and any(b"accessibility.conf" in part for part in command):
            found.append(int(entry))
    return found


with open(output_path, "w") as output, open(errors_path, "w") as errors:
    process = subprocess.Popen([demo, "--atspi", "--verbose"], stdout=output, stderr=errors)
wait_for(lambda: "serving" in read(output_path) or process.poll() is not None, "the Demo to register")
if process.poll() is not None:
    fail("the Demo exited with %s" % process.returncode)

import pyatspi  # noqa: E402

names = [app.name for app in pyatspi.Registry.getDesktop(0) if app is not None]
if "InteractionKitLinux Demo" not in names:
    fail("the Demo is not among the applications %s" % names)
wait_for(lambda: "atspi: " in read(errors_path), "a request in the Demo's log")
print("ok requests are logged on standard error", flush=True)

daemons = accessibility_bus_daemons()
if len(daemons) != 1:
    fail("expected one accessibility bus daemon in this session, found %s" % daemons)
os.kill(daemons[0], signal.SIGKILL)
try:
    status = process.wait(timeout=20)
except subprocess.TimeoutExpired:
    fail("the Demo did not end within 20 s of the accessibility bus going away")
print("ok the Demo ended with status %d when the bus went away" % status, flush=True)
print("--- standard output ---\n" + read(output_path) + "--- standard error ---\n" + read(errors_path), end="")
