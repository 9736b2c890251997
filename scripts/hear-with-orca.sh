#!/usr/bin/env bash
# Hear it with Orca: the real Orca screen reader, headless, listening to the
# Demo while it replays SCRIPT on the real clock; prints what Orca says.
#
# Usage: scripts/hear-with-orca.sh [SCRIPT]
#   SCRIPT defaults to Tests/Fixtures/orca/keyboard.gesture: Tab, the arrows
#   and Space through the tab bar (each key offered to Orca first, as a
#   screen reader user's keys are), then a tap.
#
# Everything runs in a private session bus (dbus-run-session) with its own
# X display (Xvfb) and speech (speech-dispatcher and espeak-ng, into libao's
# null output), so it needs no desktop and leaves nothing running; see
# Tests/Fixtures/orca/orca_session.py. Needs the Debian or Ubuntu packages
# named below. On a desktop with Orca already running, you can instead run
# 'swift run Demo --atspi SCRIPT --play' and listen.
set -euo pipefail
cd "$(dirname "$0")/.."
script=${1:-Tests/Fixtures/orca/keyboard.gesture}
packages="dbus at-spi2-core python3-pyatspi orca speech-dispatcher speech-dispatcher-espeak-ng espeak-ng xvfb"
for tool in /usr/bin/dbus-run-session /usr/libexec/at-spi-bus-launcher /usr/bin/orca /usr/bin/Xvfb \
        /usr/bin/speech-dispatcher /usr/lib/speech-dispatcher-modules/sd_espeak-ng; do
    if [ ! -x "$tool" ]; then
        echo "error: $tool is missing; install: sudo apt-get install $packages" >&2
        exit 1
    fi
done
swift build --product Demo >&2
demo="$(swift build --show-bin-path)/Demo"
runtime=$(mktemp -d)
trap 'rm -rf "$runtime"' EXIT
chmod 700 "$runtime"
# dbus-daemon complains when it may not raise its file limit: not our business.
env -u DBUS_SESSION_BUS_ADDRESS -u AT_SPI_BUS_ADDRESS -u DISPLAY -u WAYLAND_DISPLAY XDG_RUNTIME_DIR="$runtime" \
    dbus-run-session -- /usr/bin/python3 Tests/Fixtures/orca/orca_session.py "$runtime/work" --until-replayed 2 \
    -- "$demo" --atspi "$script" --play 2>&1 | grep -v '^dbus-daemon\['
