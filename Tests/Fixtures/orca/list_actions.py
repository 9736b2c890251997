#!/usr/bin/python3
"""What the Orca list test does over AT-SPI while Orca listens (contract
L6): finds the Demo's list with pyatspi, reads its rows, then runs two of a
row's custom actions through the Action interface (`doAction`), as an
assistive technology does, and checks that the list's children change.

Run by orca_session.py (--client-after) inside the test's session, after
Orca has said "3 of 5". Prints one "ok ..." line per check; exits 1 at the
first failed check. Waits only for conditions, with generous deadlines.
"""
import sys
import time

import gi
gi.require_version("Atspi", "2.0")
from gi.repository import GLib  # noqa: E402
import pyatspi  # noqa: E402


def fail(message):
    print("FAIL: " + message, flush=True)
    sys.exit(1)


def ok(message):
    print("ok " + message, flush=True)


def wait_for(condition, what, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        context = GLib.MainContext.default()
        while context.iteration(False):
            pass
        if condition():
            return
        time.sleep(0.05)
    fail("timed out after %d s waiting for %s" % (seconds, what))


def find(node, role):
    if node.getRole() == role:
        return node
    for child in node:
        found = find(child, role) if child is not None else None
        if found is not None:
            return found
    return None


apps = [app for app in pyatspi.Registry.getDesktop(0) if app is not None and app.get_toolkit_name() == "InteractionKitLinux"]
if not apps:
    fail("no application with toolkit name InteractionKitLinux")
listing = find(apps[0], pyatspi.ROLE_LIST)
if listing is None:
    fail("no list in the Demo")


def rows():
    return [row.name for row in listing if row is not None]


if rows() != ["Row 1", "Row 2", "Row 3", "Row 4", "Row 5"]:
    fail("the list's rows are %s" % rows())
ok("a list of %s" % rows())


def run(row_name, action_name):
    row = next(row for row in listing if row is not None and row.name == row_name)
    action = row.queryAction()
    names = [action.getName(index) for index in range(action.nActions)]
    if action_name not in names:
        fail("%s has actions %s, no %s" % (row_name, names, action_name))
    if not action.doAction(names.index(action_name)):
        fail("doAction(%r) on %s returned false" % (action_name, row_name))
    ok("%s's actions %s; doAction(%r)" % (row_name, names, action_name))


run("Row 3", "Delete")
wait_for(lambda: rows() == ["Row 1", "Row 2", "Row 4", "Row 5"], "Row 3 to leave the list's children")
ok("after Delete the list's children are %s" % rows())
# Orca speaks the row the focus moved to (Row 4, now third) from the focus
# event; a move right after would take that row out and in again first.
time.sleep(2)
run("Row 5", "Move Up")
wait_for(lambda: rows() == ["Row 1", "Row 2", "Row 5", "Row 4"], "Row 5 to move above Row 4")
ok("after Move Up the list's children are %s" % rows())
