#!/usr/bin/python3
"""The end-to-end AT-SPI client: run under `dbus-run-session`, it starts the
Demo with --atspi, reads the scene with pyatspi (the distribution's
python3-pyatspi, as Orca does through libatspi), clicks a tab and waits for
the selection event, then stops the Demo and prints its log.

Usage: dbus-run-session -- /usr/bin/python3 client.py DEMO LOGFILE
Prints one "ok ..." line per check; exits 1 at the first failed check.
Waits only for conditions, polling, with generous deadlines.
"""
import os
import signal
import subprocess
import sys
import time

demo, log_path = sys.argv[1], sys.argv[2]
started = time.monotonic()


def fail(message):
    print("FAIL: " + message, flush=True)
    stop()
    sys.exit(1)


def ok(message):
    print("ok %.2fs %s" % (time.monotonic() - started, message), flush=True)


def log_text():
    with open(log_path, encoding="utf-8", errors="replace") as log:
        return log.read()


def wait_for(condition, what, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        pump()
        time.sleep(0.02)
    fail("timed out after %d s waiting for %s" % (seconds, what))


def pump():
    if "GLib" in globals():
        context = GLib.MainContext.default()
        while context.iteration(False):
            pass


process = None


def stop():
    if process is not None and process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


log = open(log_path, "w")
process = subprocess.Popen([demo, "--atspi"], stdout=log, stderr=subprocess.STDOUT)
wait_for(lambda: "serving" in log_text() or process.poll() is not None, "the Demo to register")
if process.poll() is not None:
    fail("the Demo exited with %s:\n%s" % (process.returncode, log_text()))
ok("the Demo registered on the accessibility bus")

import gi  # noqa: E402
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402,F401
import pyatspi  # noqa: E402

desktop = pyatspi.Registry.getDesktop(0)
app = None
for candidate in desktop:
    if candidate is not None and candidate.get_toolkit_name() == "InteractionKitLinux":
        app = candidate
if app is None:
    fail("no application with toolkit name InteractionKitLinux among %d" % desktop.childCount)
ok("application %r, toolkit %s" % (app.name, app.get_toolkit_name()))

frame = app[0]
if frame.getRole() != pyatspi.ROLE_FRAME:
    fail("the application's child is a %s, not a frame" % frame.getRoleName())
ok("frame %r" % frame.name)


def find(node, role):
    if node.getRole() == role:
        return node
    for child in node:
        found = find(child, role)
        if found is not None:
            return found
    return None


tab_list = find(frame, pyatspi.ROLE_PAGE_TAB_LIST)
if tab_list is None:
    fail("no page tab list under the frame")
tabs = list(tab_list)
names = [tab.name for tab in tabs]
if names != ["Home", "Search", "Now Playing", "Profile", "Settings"]:
    fail("page tabs named %s" % names)
if any(tab.getRole() != pyatspi.ROLE_PAGE_TAB for tab in tabs):
    fail("roles %s" % [tab.getRoleName() for tab in tabs])
ok("page tab list with page tabs %s" % names)


def states(node):
    return node.getState()


home, search = tabs[0], tabs[1]
for tab in tabs:
    state = states(tab)
    for needed in (pyatspi.STATE_ENABLED, pyatspi.STATE_SENSITIVE, pyatspi.STATE_VISIBLE,
                   pyatspi.STATE_SHOWING, pyatspi.STATE_SELECTABLE):
        if not state.contains(needed):
            fail("%s lacks %s" % (tab.name, pyatspi.stateToString(needed)))
if not states(home).contains(pyatspi.STATE_SELECTED) or states(search).contains(pyatspi.STATE_SELECTED):
    fail("Home should be the selected tab, Search not")
ok("states: enabled, sensitive, visible, showing, selectable; Home selected")

extents = search.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
if (extents.x, extents.y, extents.width, extents.height) != (78, 795, 78, 49):
    fail("Search's extents are %s" % ((extents.x, extents.y, extents.width, extents.height),))
frame_extents = frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
if (frame_extents.width, frame_extents.height) != (390, 844):
    fail("the frame's extents are %s" % ((frame_extents.width, frame_extents.height),))
ok("extents of Search (78, 795, 78, 49) in window coordinates")

under = frame.queryComponent().getAccessibleAtPoint(350, 820, pyatspi.WINDOW_COORDS)
if under is None or under.name != "Settings" or under.getRole() != pyatspi.ROLE_PAGE_TAB:
    fail("getAccessibleAtPoint(350, 820) gave %r" % (under and under.name))
ok("getAccessibleAtPoint(350, 820) is the page tab Settings")

# Hostile calls from an ordinary peer on the accessibility bus: each is
# refused with an error, and the export goes on serving (the click below).
import re  # noqa: E402
from gi.repository import Gio  # noqa: E402

session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
a11y_address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                 GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 20000, None).unpack()[0]
peer = Gio.DBusConnection.new_for_address_sync(
    a11y_address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
    None, None)
match = re.search(r"as (:[0-9.]+)", log_text())
if match is None:
    fail("no bus name in the Demo's log:\n" + log_text())
demo_name = match.group(1)
root = "/org/a11y/atspi/accessible/root"


def byte_array(data):
    """(ay) made from the bytes at once (GLib.Variant("(ay)", ...) takes a byte at a time)."""
    return GLib.Variant.new_tuple(GLib.Variant.new_from_bytes(GLib.VariantType("ay"), GLib.Bytes.new(data), True))


def hostile_call(interface, member, body):
    try:
        peer.call_sync(demo_name, root, interface, member, body, None, Gio.DBusCallFlags.NONE, 60000, None)
    except GLib.Error as error:
        return Gio.DBusError.get_remote_error(error) or error.message
    return "no error"


eight = b"\x01" * (8 * 1024 * 1024 - 4096)
answer = hostile_call("org.a11y.atspi.Accessible", "GetChildren", byte_array(eight))
if answer != "org.freedesktop.DBus.Error.InvalidArgs":
    fail("GetChildren with an 8 MiB byte array gave %s" % answer)
ok("GetChildren with an 8 MiB byte array: InvalidArgs")
answer = hostile_call("org.a11y.atspi.Accessible", "GetChildren", byte_array(b"\x02" * (9 * 1024 * 1024)))
if answer != "org.freedesktop.DBus.Error.LimitsExceeded":
    fail("a 9 MiB call gave %s" % answer)
ok("a 9 MiB call: LimitsExceeded")
answer = hostile_call("org.freedesktop.DBus.Properties", "Set",
                      GLib.Variant("(ssv)", ("org.a11y.atspi.Application", "Id", GLib.Variant("i", 7))))
if answer != "org.freedesktop.DBus.Error.AccessDenied":
    fail("Set of Application.Id by a peer that is not the registry gave %s" % answer)
if app.get_id() == 7:
    fail("a peer that is not the registry set Application.Id")
ok("Set of Application.Id by another peer: AccessDenied, the id is still %d" % app.get_id())
if process.poll() is not None:
    fail("the Demo exited after the hostile calls:\n" + log_text())

selected_events = []
selection_events = []


def on_event(event):
    if event.type.startswith("object:selection-changed"):
        selection_events.append(event.source.getRoleName())
    elif event.detail1 == 1:
        selected_events.append(event.source.name)


listener = Atspi.EventListener.new(on_event)
listener.register("object:state-changed:selected")
listener.register("object:selection-changed")
action = search.queryAction()
if action.nActions != 1 or action.getName(0) != "click":
    fail("Search's actions: %d, %r" % (action.nActions, action.getName(0)))
if not action.doAction(0):
    fail("doAction(0) on Search returned false")
ok("doAction(0) 'click' on Search")
wait_for(lambda: "Search" in selected_events, "object:state-changed:selected from Search")
ok("object:state-changed:selected arrived from %s" % selected_events)
wait_for(lambda: states(search).contains(pyatspi.STATE_SELECTED), "Search to be selected")
if states(home).contains(pyatspi.STATE_SELECTED):
    fail("Home is still selected")
ok("Search is selected and Home is not")
wait_for(lambda: "selected Search" in log_text(), "the Demo to log the selection")
wait_for(lambda: selection_events == ["page tab list"], "object:selection-changed from the page tab list")
ok("object:selection-changed arrived from the %s" % selection_events[0])

selection = tab_list.querySelection()
if selection.nSelectedChildren != 1 or selection.getSelectedChild(0).name != "Search":
    fail("the tab list's selection: %d, %r" % (selection.nSelectedChildren, selection.getSelectedChild(0)))
if not selection.selectChild(2):
    fail("selectChild(2) returned false")
wait_for(lambda: "selected Now Playing" in log_text(), "the Demo to log the selection of Now Playing")
if selection.getSelectedChild(0).name != "Now Playing" or selection.clearSelection():
    fail("after selectChild(2): %r, and clearSelection should answer false" % selection.getSelectedChild(0).name)
ok("Selection: Search selected; selectChild(2) selects Now Playing; clearSelection is refused")

# The built-in window's Search field (contract T7), read and edited as a
# second client would: an entry with Text and EditableText.
entry = find(frame, pyatspi.ROLE_ENTRY)
if entry is None or entry.name != "Search":
    fail("no entry named Search under the frame: %r" % (entry and entry.name))
state = states(entry)
for needed in (pyatspi.STATE_EDITABLE, pyatspi.STATE_SINGLE_LINE, pyatspi.STATE_FOCUSABLE, pyatspi.STATE_SELECTABLE_TEXT):
    if not state.contains(needed):
        fail("the Search entry lacks %s" % pyatspi.stateToString(needed))
attributes = dict(attribute.split(":", 1) for attribute in entry.getAttributes())
if attributes.get("placeholder-text") != "Search":
    fail("the entry's attributes are %s" % attributes)
ok("entry Search: editable, single line, focusable, selectable text; placeholder-text Search")

text_events = []


def on_text_event(event):
    text_events.append((event.type, event.detail1, event.detail2,
                        event.any_data if isinstance(event.any_data, str) else None))


text_listener = Atspi.EventListener.new(on_text_event)
text_listener.register("object:text-changed:insert")
text_listener.register("object:text-caret-moved")
text = entry.queryText()
editable = entry.queryEditableText()
if text.characterCount != 0:
    fail("the empty field has %d characters" % text.characterCount)
if not editable.insertText(0, "hello wörld", len("hello wörld".encode())):
    fail("insertText returned false")
wait_for(lambda: text.getText(0, -1) == "hello wörld", "the inserted text")
wait_for(lambda: ("object:text-changed:insert", 0, 11, "hello wörld") in text_events, "text-changed:insert (0, 11)")
ok("insertText: getText(0, -1) is 'hello wörld'; text-changed:insert 0, 11 arrived")
if text.characterCount != 11:
    fail("characterCount is %d, not 11 (characters, not bytes)" % text.characterCount)
checks = [
    (pyatspi.TEXT_BOUNDARY_CHAR, 7, ("ö", 7, 8)),
    (pyatspi.TEXT_BOUNDARY_WORD_START, 7, ("wörld", 6, 11)),
    (pyatspi.TEXT_BOUNDARY_WORD_END, 2, ("hello", 0, 5)),
    (pyatspi.TEXT_BOUNDARY_LINE_START, 3, ("hello wörld", 0, 11)),
]
for boundary, offset, expected in checks:
    got = text.getTextAtOffset(offset, boundary)
    if (got[0], got[1], got[2]) != expected:
        fail("getTextAtOffset(%d, %s) gave %r, not %r" % (offset, boundary, got, expected))
ok("getTextAtOffset with CHAR, WORD_START, WORD_END and LINE_START")
if hasattr(text, "getStringAtOffset"):
    got = text.getStringAtOffset(7, Atspi.TextGranularity.WORD)
    if (got[0], got[1], got[2]) != ("wörld", 6, 11):
        fail("getStringAtOffset(7, WORD) gave %r" % (got,))
    ok("getStringAtOffset(7, WORD) is 'wörld' at 6..11")
else:
    ok("this pyatspi has no getStringAtOffset (Orca 43's does not call it)")
extents = text.getCharacterExtents(0, pyatspi.WINDOW_COORDS)
if extents[0] != 24 or extents[2] != 10 or not (735 <= extents[1] < 779):
    fail("getCharacterExtents(0, WINDOW) gave %r" % (extents,))
ok("getCharacterExtents(0) in window coordinates: x 24, a cell 10 wide, on the field's line")
if not text.setCaretOffset(5):
    fail("setCaretOffset(5) returned false")
wait_for(lambda: text.caretOffset == 5, "the caret at 5")
wait_for(lambda: any(event[0] == "object:text-caret-moved" and event[1] == 5 for event in text_events),
         "text-caret-moved to 5")
ok("setCaretOffset(5): caretOffset 5, text-caret-moved arrived")
if process.poll() is not None:
    fail("the Demo exited after the text calls:\n" + log_text())

stop()
text = log_text()
print("--- Demo log ---")
print(text, end="")
if process.returncode != 0:
    fail("the Demo exited with %s after SIGTERM" % process.returncode)
ok("the Demo stopped cleanly on SIGTERM")
