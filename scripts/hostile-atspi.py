#!/usr/bin/python3
"""Measures what hostile calls from an ordinary peer on the accessibility bus
cost `Demo --atspi`: for each kind of call, the Demo's answer, the round trip
seen by the caller, the CPU time the Demo's process spent (its one UI thread
does the work), and the Demo's peak resident memory. The figures in
Benchmarks.md's "Hostile input" come from it.

Usage (the distribution's python3, which has Gio):
  dbus-run-session -- /usr/bin/python3 scripts/hostile-atspi.py .build/release/Demo [REPEATS]

The Demo must be built (swift build -c release --product Demo). CPU time is
read from /proc/PID/stat in clock ticks (10 ms), so each call is repeated
(5 times by default) and the mean is printed.
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from gi.repository import Gio, GLib

demo = sys.argv[1]
repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 5
MiB = 1024 * 1024
log = tempfile.NamedTemporaryFile("w+", suffix=".log")
process = subprocess.Popen([demo, "--atspi"], stdout=log, stderr=subprocess.STDOUT)


def log_text():
    with open(log.name, encoding="utf-8", errors="replace") as handle:
        return handle.read()


deadline = time.monotonic() + 60
while "serving" not in log_text():
    if process.poll() is not None or time.monotonic() > deadline:
        sys.exit("the Demo did not start:\n" + log_text())
    time.sleep(0.05)
name = re.search(r"as (:[0-9.]+)", log_text()).group(1)
session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                            GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 20000, None).unpack()[0]
peer = Gio.DBusConnection.new_for_address_sync(
    address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
    None, None)
root = "/org/a11y/atspi/accessible/root"
ticks = os.sysconf("SC_CLK_TCK")


def cpu_seconds():
    fields = open("/proc/%d/stat" % process.pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks


def memory(field):
    for line in open("/proc/%d/status" % process.pid):
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0


def byte_array(size, fill=1):
    return GLib.Variant.new_from_bytes(GLib.VariantType("ay"), GLib.Bytes.new(bytes([fill]) * size), True)


def call(interface, member, body, path=None):
    try:
        peer.call_sync(name, path or root, interface, member, body, None, Gio.DBusCallFlags.NONE, 120000, None)
        return "reply"
    except GLib.Error as error:
        return (Gio.DBusError.get_remote_error(error) or error.message).rsplit(".", 1)[-1]


def children(path):
    reply = peer.call_sync(name, path, "org.a11y.atspi.Accessible", "GetChildren", None, GLib.VariantType("(a(so))"),
                           Gio.DBusCallFlags.NONE, 20000, None)
    return [child_path for _, child_path in reply.unpack()[0]]


def role(path):
    return peer.call_sync(name, path, "org.a11y.atspi.Accessible", "GetRole", None, GLib.VariantType("(u)"),
                          Gio.DBusCallFlags.NONE, 20000, None).unpack()[0]


def find_entry():
    """The built-in window's Search field: the first object with role entry (79)."""
    waiting = [root]
    while waiting:
        path = waiting.pop(0)
        if role(path) == 79:
            return path
        waiting += children(path)
    sys.exit("the Demo exports no entry")


entry = find_entry()
text = "org.a11y.atspi.Text"
editable = "org.a11y.atspi.EditableText"

cases = [
    ("GetRole(), a small call", "org.a11y.atspi.Accessible", "GetRole", lambda: None, 0),
    ("GetChildren(ay) of 8 MiB - 4 KiB: refused unread", "org.a11y.atspi.Accessible", "GetChildren",
     lambda: GLib.Variant.new_tuple(byte_array(8 * MiB - 4096)), 8 * MiB),
    ("GetChildren(ay) of 9 MiB: skipped as it arrives", "org.a11y.atspi.Accessible", "GetChildren",
     lambda: GLib.Variant.new_tuple(byte_array(9 * MiB)), 9 * MiB),
    ("Properties.Get(ss) with a string of 8 MiB - 4 KiB: the right signature, refused unread by its size",
     "org.freedesktop.DBus.Properties", "Get",
     lambda: GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", "a" * (8 * MiB - 4096))), 8 * MiB),
    ("Properties.Get(ss) with a string of 60 KiB: read and answered", "org.freedesktop.DBus.Properties", "Get",
     lambda: GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", "a" * (60 * 1024))), 60 * 1024),
    ("Properties.Set(ssv) of an 8 MiB - 4 KiB byte array by a peer: refused unread", "org.freedesktop.DBus.Properties",
     "Set", lambda: GLib.Variant.new_tuple(GLib.Variant("s", "org.a11y.atspi.Application"), GLib.Variant("s", "Id"),
                                           GLib.Variant.new_variant(byte_array(8 * MiB - 4096))), 8 * MiB),
    # The text field (contract §16, bad input): offsets clamp, nothing traps, a megabyte is refused.
    ("Text.GetText(-5, 2^31-1) on the Search field: clamped", text, "GetText",
     lambda: GLib.Variant("(ii)", (-5, 2 ** 31 - 1)), 0, entry),
    ("Text.GetTextAtOffset(3, 99), a boundary that does not exist", text, "GetTextAtOffset",
     lambda: GLib.Variant("(iu)", (3, 99)), 0, entry),
    ("Text.SetSelection(0, 10, 2), inverted", text, "SetSelection", lambda: GLib.Variant("(iii)", (0, 10, 2)), 0, entry),
    ("EditableText.InsertText(2^31-1, \"x\", 1), a wild offset: inserted at the end", editable, "InsertText",
     lambda: GLib.Variant("(isi)", (2 ** 31 - 1, "x", 1)), 0, entry),
    ("EditableText.InsertText of 1 MiB: refused unread", editable, "InsertText",
     lambda: GLib.Variant("(isi)", (0, "a" * MiB, MiB)), MiB, entry),
]

print("Demo: %s (pid %d, %s); %d calls of each kind" % (demo, process.pid, name, repeats))
print("resident at start: %.1f MiB (peak so far %.1f MiB)" % (memory("VmRSS"), memory("VmHWM")))
for title, interface, member, make_body, size, *where in cases:
    path = where[0] if where else None
    body = make_body()
    peak_before = memory("VmHWM")
    rss_before = memory("VmRSS")
    cpu_before = cpu_seconds()
    trips = []
    answers = set()
    for _ in range(repeats):
        start = time.monotonic()
        answers.add(call(interface, member, body, path))
        trips.append(time.monotonic() - start)
    cpu = (cpu_seconds() - cpu_before) / repeats
    print("%s\n    answer %s; round trip median %.1f ms; Demo CPU %.1f ms a call; resident %.1f -> %.1f MiB, "
          "peak %.1f -> %.1f MiB" % (title, "/".join(sorted(answers)), statistics.median(trips) * 1000, cpu * 1000,
                                     rss_before, memory("VmRSS"), peak_before, memory("VmHWM")))
# A flood: 20,000 SetCaretOffset calls, each answered before the next goes.
flood = 20000
peak_before, rss_before, cpu_before = memory("VmHWM"), memory("VmRSS"), cpu_seconds()
start = time.monotonic()
answers = set()
for index in range(flood):
    answers.add(call(text, "SetCaretOffset", GLib.Variant("(i)", (index % 7,)), entry))
elapsed = time.monotonic() - start
print("%d Text.SetCaretOffset calls in a row\n    answer %s; %.2f ms a call round trip; Demo CPU %.3f ms a call; "
      "resident %.1f -> %.1f MiB, peak %.1f -> %.1f MiB" % (
          flood, "/".join(sorted(answers)), elapsed * 1000 / flood, (cpu_seconds() - cpu_before) * 1000 / flood,
          rss_before, memory("VmRSS"), peak_before, memory("VmHWM")))
alive = process.poll() is None and call("org.a11y.atspi.Accessible", "GetRole", None) == "reply"
print("the Demo still serves: %s" % ("yes" if alive else "NO"))
process.terminate()
process.wait(timeout=20)
sys.exit(0 if alive else 1)
