#!/usr/bin/env python3
"""Each target imports only what Package.swift declares for it.

SwiftPM lets a target import a module it reaches only through another
dependency (here even with --explicit-target-dependency-import-check), so
the layers in Package.swift would hold only by convention. This reads the
manifest (`swift package dump-package`) and every source file of every
target, and fails on an import of a package module the target does not
declare as a direct dependency, on Foundation in a library target, and on
a test framework outside the tests.
"""
import json
import os
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
manifest = json.loads(subprocess.run(
    ["swift", "package", "dump-package"], cwd=root, check=True, capture_output=True, text=True).stdout)

targets = {t["name"]: t for t in manifest["targets"]}
import_line = re.compile(r"^\s*(?:@_exported\s+|@testable\s+|@preconcurrency\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)
foundation = {"Foundation", "FoundationEssentials", "FoundationXML", "FoundationNetworking"}
test_frameworks = {"Testing", "XCTest"}
system = {"Glibc", "Dispatch", "Synchronization", "_Concurrency"}
# Targets allowed Foundation: the Demo's command line and everything that only tests.
foundation_allowed = {"DemoCLI", "Demo", "InteractionKitTestSupport"}


def directory(target):
    if target.get("path"):
        return os.path.join(root, target["path"])
    base = "Tests" if target["type"] == "test" else "Sources"
    return os.path.join(root, base, target["name"])


def declared(target):
    names = set()
    for dependency in target["dependencies"]:
        for kind, value in dependency.items():
            if kind in ("byName", "target", "product") and value:
                names.add(value[0])
    return names


problems = []
for name, target in sorted(targets.items()):
    is_test = target["type"] == "test" or name == "InteractionKitTestSupport"
    allowed = declared(target)
    for folder, _, files in os.walk(directory(target)):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(folder, file)
            text = open(path, encoding="utf-8").read()
            for match in import_line.finditer(text):
                module = match.group(1)
                line = text.count("\n", 0, match.start()) + 1
                where = f"{os.path.relpath(path, root)}:{line}"
                if module in targets:
                    if module not in allowed:
                        problems.append(f"{where}: {name} imports {module}, which Package.swift does not declare for it")
                elif module in foundation:
                    if not (is_test or name in foundation_allowed):
                        problems.append(f"{where}: {name} is a library target and may not import {module}")
                elif module in test_frameworks:
                    if not is_test:
                        problems.append(f"{where}: {name} is not a test target and may not import {module}")
                elif module not in system:
                    problems.append(f"{where}: {name} imports {module}, which is neither a target nor a system module this check knows")

if problems:
    print("\n".join(problems), file=sys.stderr)
    print(f"error: {len(problems)} undeclared or forbidden imports", file=sys.stderr)
    sys.exit(1)
print(f"imports: every import of the {len(targets)} targets is declared in Package.swift")
