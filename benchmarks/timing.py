"""Timing whole commands the way a user runs them: fresh processes, alternated, median.

Commands run in turn (A, B, C, A, B, C, ...) so that a slow spell of the machine hits
every command alike; the median of each is compared against a baseline from the same run.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field


@dataclass
class Command:
    name: str
    argv: Sequence[str]
    before_each: Callable[[], None] = lambda: None  # untimed set-up, e.g. removing the last output
    ok_codes: tuple[int, ...] = (0,)
    seconds: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)


def run_once(command: Command) -> float:
    command.before_each()
    start = time.perf_counter()
    done = subprocess.run(command.argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode not in command.ok_codes:
        raise SystemExit(f"{command.name}: exit {done.returncode}\n{done.stderr.decode(errors='replace')[-2000:]}")
    return elapsed


def measure(commands: list[Command], repeat: int, warmup: int = 1) -> None:
    """Each command `repeat` times, in turn, after `warmup` untimed rounds (one at least: it
    writes the bytecode cache). Changes this process's environment, which each command inherits.

    As installed: pip compiles a wheel's modules when it installs them, and Python caches a
    checkout's. With PYTHONDONTWRITEBYTECODE (set on the machines these figures come from)
    every run would compile this package's modules from source again (about 0.1 s of
    `rfc check`), which no user's run does; without it, the warm-up round caches them."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    for _ in range(max(warmup, 1)):
        for command in commands:
            run_once(command)
    for _ in range(repeat):
        for command in commands:
            command.seconds.append(run_once(command))


def report(commands: list[Command], targets: Sequence[tuple[str, str, str, float | None]]) -> bool:
    """Print each median and each ratio (label, command, baseline, at most / None); True if all met."""
    by_name = {c.name: c for c in commands}
    width = max(len(c.name) for c in commands)
    for command in commands:
        spread = f"{min(command.seconds):.3f}-{max(command.seconds):.3f}"
        print(
            f"  {command.name:<{width}}  median {command.median:8.3f} s  (range {spread} s, {len(command.seconds)} runs)"
        )
    met = True
    for label, over, baseline, limit in targets:
        ratio = by_name[over].median / by_name[baseline].median
        if limit is None:
            print(f"  {label}: {ratio:.2f}x  (for reference, no target)")
            continue
        met &= ratio <= limit
        print(f"  {label}: {ratio:.2f}x  (target <= {limit}x: {'met' if ratio <= limit else 'MISSED'})")
    return met
