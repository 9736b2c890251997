#!/usr/bin/python3
"""Runs the distribution's Orca (/usr/bin/orca) with two changes that a test
needs and a desktop does not:

- the debug file is line-buffered, so that what Orca said can be read while
  it runs (and is not lost when it is stopped);
- Orca's refusal to start while another `orca` process of the same user runs
  is skipped: the test runs in its own session bus and display, and must not
  fail (or stop anything) because the developer's own Orca is running.

Usage: run_orca.py DEBUG_FILE [orca options...]
"""
import importlib.machinery
import importlib.util
import sys

debug_file = sys.argv[1]
loader = importlib.machinery.SourceFileLoader("orca_launcher", "/usr/bin/orca")
spec = importlib.util.spec_from_loader("orca_launcher", loader)
launcher = importlib.util.module_from_spec(spec)
loader.exec_module(launcher)

real_open = open


def line_buffered_open(file, mode="r", *args, **kwargs):
    if file == debug_file and "w" in mode:
        return real_open(file, mode, buffering=1, encoding="utf-8", errors="replace")
    return real_open(file, mode, *args, **kwargs)


launcher.open = line_buffered_open
launcher.otherOrcas = lambda: []
sys.argv = ["orca", "--debug-file", debug_file] + sys.argv[2:]
sys.exit(launcher.main())
