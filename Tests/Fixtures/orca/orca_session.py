#!/usr/bin/python3
"""Runs the real Orca screen reader headless against the Demo and checks what
it says.

Run inside a private session bus, with a private XDG_RUNTIME_DIR:

    dbus-run-session -- /usr/bin/python3 orca_session.py WORKDIR \
        --expect REGEX [--expect REGEX ...] -- DEMO [DEMO ARGUMENTS...]

In WORKDIR (made here; it must not exist yet) it starts, in this order and
each as a child it stops itself:

1. Xvfb on a free display (-displayfd): Orca will not start without an X
   display;
2. speech-dispatcher with espeak-ng, its sound going to libao's null driver
   (with a real sound output and no sound server Orca hangs inside speech);
3. Orca, through run_orca.py (a line-buffered debug log), with a private
   HOME and GSETTINGS_BACKEND=memory; it is ready when its log says
   "ORCA: Starting registry";
4. the Demo, given the command after "--".

With --application-first, the Demo starts before Orca (3 and 4 swap): Orca
starts once the Demo says it is serving ("Demo: serving"), as when a person
starts the screen reader with the application already open.

Then it reads every `SPEECH OUTPUT: '...'` line of Orca's log and waits for
utterances matching each --expect pattern, in order (other utterances may
come between them). It prints one line per utterance ("spoken: ..."), one
"ok ..." line per expectation met, the Demo's output, and "FAIL: ..." with
exit status 1 when an expectation is not met within --timeout seconds or a
child dies early (then with the end of each child's own output). Everything
it started is stopped at the end, whatever happened: the Demo and Orca with
SIGTERM (SIGKILL after 5 s), then speech-dispatcher and Xvfb.

To check more, give the Demo a script with more steps and add the
utterances they cause, in order, as more --expect patterns.

With --until-replayed SECONDS (for a person, scripts/hear-with-orca.sh) it
goes on printing what Orca says until the Demo reports that its --play
script has been replayed, and SECONDS more, then stops everything.
"""
import argparse
import os
import re
import select
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
started = time.monotonic()
children = []
work = None  # the working folder, once made


def say(line):
    print("%6.2fs %s" % (time.monotonic() - started, line), flush=True)


class Failure(Exception):
    pass


def start(name, command, log_path, env, pass_fds=()):
    log = open(log_path, "w")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                               env=env, pass_fds=pass_fds)
    log.close()
    children.append((name, process))
    return process


def stop_all():
    """Stops every child: the Demo and Orca first, then the services they use.

    Orca handles TERM only when its main loop wakes, which the Demo's
    departure (a children-changed event) does, so both get TERM at once;
    Orca's shutdown still speaks ("Screen reader off"), so speech-dispatcher
    stops only after it. Whatever is not gone 5 s after TERM gets KILL.
    """
    services = ("speech-dispatcher", "Xvfb")
    stop([child for child in children if child[0] not in services])
    stop([child for child in children if child[0] in services])


def stop(group):
    for name, process in reversed(group):
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + 5
    for name, process in reversed(group):
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            say("%s did not stop within 5 s of SIGTERM: killed" % name)
            process.kill()
            process.wait()


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return file.read()
    except FileNotFoundError:
        return ""


def wait_for(condition, what, seconds, watched=()):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        for name, process in watched:
            if process.poll() is not None:
                raise Failure("%s exited with status %s while waiting for %s" % (name, process.returncode, what))
        time.sleep(0.05)
    raise Failure("timed out after %g s waiting for %s" % (seconds, what))


# "SPEECH OUTPUT: 'text'", sometimes followed by the voice's settings in braces.
SPEECH = re.compile(r"SPEECH OUTPUT: '(.*)'(?:\s*\{.*\})?\s*$", re.MULTILINE)


def utterances(debug_log):
    return [match.group(1) for match in SPEECH.finditer(read(debug_log))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("workdir")
    parser.add_argument("--expect", action="append", default=[])
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--until-replayed", type=float, default=None, metavar="SECONDS")
    parser.add_argument("--application-first", action="store_true")
    parser.add_argument("--client-after", nargs=2, default=None, metavar=("COUNT", "SCRIPT"),
                        help="run the Python SCRIPT (an AT-SPI client) once COUNT expectations were heard")
    arguments = sys.argv[1:]
    split = arguments.index("--") if "--" in arguments else len(arguments)
    options = parser.parse_args(arguments[:split])
    demo = arguments[split + 1:]
    if not demo:
        raise Failure("no Demo command after --")
    global work
    work = os.path.abspath(options.workdir)
    home = os.path.join(work, "home")
    os.makedirs(os.path.join(home, ".config"), mode=0o700)
    env = dict(os.environ)
    env.update(HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
               XDG_DATA_HOME=os.path.join(home, ".local", "share"),
               XDG_CACHE_HOME=os.path.join(home, ".cache"), GSETTINGS_BACKEND="memory",
               LANG="C.UTF-8", LC_ALL="C.UTF-8")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SPEECHD_ADDRESS", "AT_SPI_BUS_ADDRESS"):
        env.pop(name, None)

    # 1. The X display: Xvfb writes the display number it chose to the pipe.
    read_end, write_end = os.pipe()
    start("Xvfb", ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                 os.path.join(work, "xvfb.log"), env, pass_fds=(write_end,))
    os.close(write_end)
    display = b""
    deadline = time.monotonic() + 15
    while not display.endswith(b"\n") and time.monotonic() < deadline:
        readable, _, _ = select.select([read_end], [], [], max(0, deadline - time.monotonic()))
        chunk = os.read(read_end, 16) if readable else b""
        if not chunk:
            break
        display += chunk
    os.close(read_end)
    if not display.strip().isdigit():
        raise Failure("Xvfb gave no display number:\n" + read(os.path.join(work, "xvfb.log")))
    env["DISPLAY"] = ":" + display.decode().strip()
    say("Xvfb on display %s" % env["DISPLAY"])

    # 2. Speech: espeak-ng into libao's null driver, on a private socket.
    with open(os.path.join(home, ".libao"), "w") as libao:
        libao.write("default_driver=null\n")
    speechd_config = os.path.join(work, "speechd")
    os.makedirs(os.path.join(speechd_config, "modules"))
    with open(os.path.join(speechd_config, "speechd.conf"), "w") as conf:
        conf.write('AudioOutputMethod "libao"\nDefaultModule espeak-ng\n'
                   'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
                   'LogDir "%s"\n' % work)
    open(os.path.join(speechd_config, "modules", "espeak-ng.conf"), "w").close()
    socket_path = os.path.join(work, "speechd.sock")
    speechd = start("speech-dispatcher",
                    ["speech-dispatcher", "-s", "-t", "0", "-c", "unix_socket", "-S", socket_path,
                     "-C", speechd_config, "-L", work],
                    os.path.join(work, "speechd.log"), env)
    wait_for(lambda: os.path.exists(socket_path), "speech-dispatcher's socket", 15,
             [("speech-dispatcher", speechd)])
    env["SPEECHD_ADDRESS"] = "unix_socket:" + socket_path
    say("speech-dispatcher listening")

    # 3. Orca and 4. the application, in the order asked for.
    debug_log = os.path.join(work, "orca-debug.log")
    demo_log = os.path.join(work, "demo.log")

    def start_orca():
        orca = start("Orca", ["/usr/bin/python3", os.path.join(HERE, "run_orca.py"), debug_log, "--disable", "braille"],
                     os.path.join(work, "orca.log"), env)
        wait_for(lambda: "ORCA: Starting registry" in read(debug_log), "Orca to start", 30, [("Orca", orca)])
        say("Orca started")
        return orca

    if options.application_first:
        application = start("the Demo", demo, demo_log, env)
        wait_for(lambda: "Demo: serving" in read(demo_log), "the Demo to serve", 30, [("the Demo", application)])
        say("the Demo is serving")
        orca = start_orca()
    else:
        orca = start_orca()
        application = start("the Demo", demo, demo_log, env)
    seen = 0
    watched = [("Orca", orca), ("the Demo", application)]

    def heard(expression=None, found=None):
        """Prints what Orca said since last time; whether it said something matching `expression`."""
        nonlocal seen
        spoken = utterances(debug_log)
        while seen < len(spoken):
            say("spoken: %s" % spoken[seen])
            seen += 1
            if expression is not None and expression.search(spoken[seen - 1]):
                found.append(spoken[seen - 1])
                return True
        return False

    def run_client(script):
        """Runs an AT-SPI client in the session; its output is printed, a failure ends the run."""
        say("running %s" % os.path.basename(script))
        try:
            client = subprocess.run(["/usr/bin/python3", script], env=env, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, timeout=60)
        except subprocess.TimeoutExpired:
            raise Failure("%s did not finish within 60 s" % script)
        for line in client.stdout.decode(errors="replace").splitlines():
            say("client: %s" % line)
        if client.returncode != 0:
            raise Failure("%s exited with %d" % (script, client.returncode))

    try:
        for index, pattern in enumerate(options.expect):
            if options.client_after is not None and index == int(options.client_after[0]):
                run_client(options.client_after[1])
            found = []
            wait_for(lambda: heard(re.compile(pattern), found), "Orca to say /%s/" % pattern, options.timeout, watched)
            say("ok heard /%s/: %s" % (pattern, found[0]))
        if options.client_after is not None and int(options.client_after[0]) >= len(options.expect):
            run_client(options.client_after[1])
        if options.until_replayed is not None:
            wait_for(lambda: heard() or "Demo: replayed" in read(demo_log), "the Demo to replay its script", 3600, watched)
            end = time.monotonic() + options.until_replayed
            wait_for(lambda: heard() or time.monotonic() >= end, "Orca to finish speaking", options.until_replayed + 1,
                     watched)
    finally:
        stop_all()
        for line in utterances(debug_log)[seen:]:
            say("spoken: %s" % line)
        print("--- the Demo's output ---")
        print(read(demo_log), end="", flush=True)
        print("--- end ---")
        say("the Demo exited with status %s" % application.returncode)


def show_logs():
    """The end of each child's own output, to see why something failed."""
    if work is None:
        return
    for name in ("xvfb.log", "speechd.log", "orca.log", "orca-debug.log"):
        text = read(os.path.join(work, name))
        if text:
            print("--- the end of %s ---\n%s" % (name, text[-3000:]), flush=True)


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        stop_all()
        show_logs()
        print("FAIL: %s" % failure, flush=True)
        sys.exit(1)
    except BaseException:
        stop_all()
        raise
