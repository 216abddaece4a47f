"""Runs Python samples in forks of one interpreter that has already imported `requests`.

Starting python3 and importing requests costs about 0.3 s of CPU; the samples pay it 160 times.
Here it is paid once: each sample still runs in a process of its own (a fork of this one),
with its own working directory, environment, argv, stdin (/dev/null), stdout and stderr
(files), and exits as `python3 sample.py` would, uncaught exceptions and sys.exit included.

Protocol, one JSON object a line. In (stdin): {"id", "file", "cwd", "env", "stdout", "stderr"}.
Out (stdout): {"ready": true} once, then {"id", "pid"} when a sample starts and
{"id", "code"} when it ends (code null when a signal ended it).
"""

import json
import os
import select
import signal
import sys

# What the samples import; each is imported again (from this cache) by the sample itself.
import requests  # noqa: F401
import uuid  # noqa: F401
import time  # noqa: F401
import urllib.parse  # noqa: F401
import runpy

wake_read, wake_write = os.pipe()
os.set_blocking(wake_write, False)
signal.set_wakeup_fd(wake_write)
signal.signal(signal.SIGCHLD, lambda *_: None)

children = {}


def send(message):
    os.write(1, (json.dumps(message) + "\n").encode())


def start(task):
    pid = os.fork()
    if pid:
        children[pid] = task["id"]
        send({"id": task["id"], "pid": pid})
        return
    # The sample's process: a process group of its own, so a timeout kills all it started.
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    os.close(wake_read)
    os.close(wake_write)
    os.setsid()
    os.chdir(task["cwd"])
    os.environ.clear()
    os.environ.update(task["env"])
    for fd, name, flags in ((0, os.devnull, os.O_RDONLY), (1, task["stdout"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC), (2, task["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
        opened = os.open(name, flags, 0o644)
        os.dup2(opened, fd)
        os.close(opened)
    # Fresh text streams over the new descriptors, buffered as python3 buffers a file or pipe.
    sys.stdin = open(0, "r", closefd=False)
    sys.stdout = open(1, "w", closefd=False)
    sys.stderr = open(2, "w", closefd=False, buffering=1)
    sys.argv = [task["file"]]
    sys.path[0] = os.path.dirname(task["file"])
    sys.excepthook = sample_traceback(task["file"])
    # Nothing here catches what the sample raises: the interpreter ends as it would after
    # `python3 sample.py` (a traceback and status 1, or the status sys.exit gave).
    runpy.run_path(task["file"], run_name="__main__")
    sys.exit(0)


def sample_traceback(file):
    """A traceback that starts at the sample, as `python3 sample.py` prints it (not in this file or runpy)."""

    def hook(kind, error, tb):
        start = tb
        while start is not None and start.tb_frame.f_code.co_filename != file:
            start = start.tb_next
        # The default hook prints the traceback the exception holds, not the one it is given.
        if start is not None and error is not None:
            error.__traceback__ = start
        sys.__excepthook__(kind, error, start or tb)

    return hook


def ended(pid, status):
    """Reports a sample's end: its exit status, or null when a signal ended it."""
    task_id = children.pop(pid, None)
    if task_id is not None:
        send({"id": task_id, "code": os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else None})


def reap():
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        ended(pid, status)


def main():
    send({"ready": True})
    pending = b""
    while True:
        readable, _, _ = select.select([0, wake_read], [], [])
        if wake_read in readable:
            os.read(wake_read, 4096)
            reap()
        if 0 in readable:
            chunk = os.read(0, 65536)
            if not chunk:
                break
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                if line.strip():
                    start(json.loads(line))
        reap()
    # stdin closed: wait for the samples still running, then end.
    while children:
        ended(*os.waitpid(-1, 0))


if __name__ == "__main__":
    main()
