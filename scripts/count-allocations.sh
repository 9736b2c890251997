#!/usr/bin/env bash
# Counts heap allocations on the hot path with valgrind's dhat, from the
# release Bench in its untimed mode (`Bench --alloc SEQUENCES MOVES`).
#
#  - per move: the same sequences with 100 and with 200 moves each;
#    the extra blocks divided by the extra moves.
#  - per sequence: K and 2K sequences of 100 moves; the extra blocks divided
#    by the extra events (102 per sequence).
#  - per tap, per scroll move and frame, per key, per caret move: likewise.
#
# Exits 1 if a move, an event, a tap, a scroll move or frame, a key, or a
# caret move by a character or a word allocates. Usage: scripts/count-allocations.sh [K]
set -euo pipefail
cd "$(dirname "$0")/.."
k=${1:-200}
swift build -c release --product Bench >/dev/null
bench=.build/release/Bench

blocks() {
    valgrind --tool=dhat --dhat-out-file=/dev/null "$bench" --alloc "$1" "$2" 2>&1 \
        | sed -n 's/.*Total: *[0-9,]* bytes in \([0-9,]*\) blocks.*/\1/p' | tr -d ,
}

short=$(blocks "$k" 100)
long=$(blocks "$k" 200)
once=$(blocks "$k" 100)
twice=$(blocks $((2 * k)) 100)
extra_moves=$((k * 100))
extra_events=$((k * 102))
echo "blocks allocated: $k sequences x 100 moves = $short; x 200 moves = $long"
echo "per move: ($long - $short) / $extra_moves moves = $(python3 -c "print(($long - $short) / $extra_moves)")"
echo "blocks allocated: $k sequences = $once; $((2 * k)) sequences = $twice"
echo "per event: ($twice - $once) / $extra_events events = $(python3 -c "print(($twice - $once) / $extra_events)")"
if [ "$long" != "$short" ]; then
    echo "error: moves allocate" >&2
    exit 1
fi
if [ "$twice" != "$once" ]; then
    echo "error: a sequence's events (down, hold, lift) allocate" >&2
    exit 1
fi

# Taps (issue 24): a tap on the first tab at depth 5 among 100 000 views
# allocates nothing either (Bench --taps N).
tap_blocks() {
    valgrind --tool=dhat --dhat-out-file=/dev/null "$bench" --taps "$1" 2>&1 \
        | sed -n 's/.*Total: *[0-9,]* bytes in \([0-9,]*\) blocks.*/\1/p' | tr -d ,
}
taps_short=$(tap_blocks 200)
taps_long=$(tap_blocks 400)
echo "taps: 200 taps = $taps_short blocks, 400 taps = $taps_long"
if [ "$taps_long" != "$taps_short" ]; then
    echo "error: taps allocate" >&2
    exit 1
fi

# The scroll view (issue 27): a drag's moves among 10 000 rows and a
# deceleration's frames allocate nothing either (Bench --scroll-drag, --scroll-frames).
scroll_blocks() {
    valgrind --tool=dhat --dhat-out-file=/dev/null "$bench" "$1" 20 "$2" 2>&1 \
        | sed -n 's/.*Total: *[0-9,]* bytes in \([0-9,]*\) blocks.*/\1/p' | tr -d ,
}
drag_short=$(scroll_blocks --scroll-drag 100)
drag_long=$(scroll_blocks --scroll-drag 200)
frames_short=$(scroll_blocks --scroll-frames 100)
frames_long=$(scroll_blocks --scroll-frames 200)
echo "scroll view: 20 drags x 100 moves = $drag_short blocks, x 200 moves = $drag_long"
echo "scroll view: 20 flicks x 100 frames = $frames_short blocks, x 200 frames = $frames_long"
if [ "$drag_long" != "$drag_short" ] || [ "$frames_long" != "$frames_short" ]; then
    echo "error: a scroll view's drag moves or frames allocate" >&2
    exit 1
fi

# Keys (issue 25, K6): a Tab and an arrow among 100 000 views with 1 000
# focusable buttons allocate nothing once warm (Bench --keys PAIRS VIEWS).
key_blocks() {
    valgrind --tool=dhat --dhat-out-file=/dev/null "$bench" --keys "$1" 100000 2>&1 \
        | sed -n 's/.*Total: *[0-9,]* bytes in \([0-9,]*\) blocks.*/\1/p' | tr -d ,
}
keys_short=$(key_blocks 200)
keys_long=$(key_blocks 400)
echo "keys: 200 Tab+arrow pairs = $keys_short blocks, 400 pairs = $keys_long"
if [ "$keys_long" != "$keys_short" ]; then
    echo "error: keys allocate" >&2
    exit 1
fi

# Text (issue 32, T9): a caret move by a character and by a word in the
# middle of 10 000 characters allocates nothing (Bench --text-caret KIND MOVES).
caret_blocks() {
    valgrind --tool=dhat --dhat-out-file=/dev/null "$bench" --text-caret "$1" "$2" 2>&1 \
        | sed -n 's/.*Total: *[0-9,]* bytes in \([0-9,]*\) blocks.*/\1/p' | tr -d ,
}
for kind in character word; do
    caret_short=$(caret_blocks "$kind" 2000)
    caret_long=$(caret_blocks "$kind" 4000)
    echo "caret moves by $kind: 2000 moves = $caret_short blocks, 4000 moves = $caret_long"
    if [ "$caret_long" != "$caret_short" ]; then
        echo "error: caret moves by $kind allocate" >&2
        exit 1
    fi
done
