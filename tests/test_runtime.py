"""A process that imports wargame collects reference cycles less often than Python's default
(issue 15, rules speed: ``wargame.runtime``)."""

import gc
import subprocess
import sys
import weakref

from wargame.runtime import YOUNG_THRESHOLD


def test_importing_the_package_sets_the_young_threshold_and_keeps_the_older_ones():
    show = (
        "import gc; before = gc.get_threshold(); import wargame; print(before, gc.get_threshold())"
    )
    done = subprocess.run([sys.executable, "-c", show], capture_output=True, text=True, check=True)
    before, after = done.stdout.strip().split(") (")
    default = tuple(int(n) for n in before.strip("()").split(","))
    tuned = tuple(int(n) for n in after.strip("()").split(","))
    assert default[0] == 700 and tuned == (YOUNG_THRESHOLD, *default[1:])


def test_cycles_are_still_collected_automatically():
    import wargame  # noqa: F401 - the tuned threshold

    class Node:
        pass

    young_runs = []
    gc.callbacks.append(lambda phase, info: young_runs.append(info["generation"]))
    try:
        watched = weakref.ref(cycle := Node())
        cycle.other = Node()
        cycle.other.back = cycle
        del cycle
        kept = [[] for _ in range(3 * YOUNG_THRESHOLD)]  # enough new containers to collect
    finally:
        gc.callbacks.pop()
    assert len(kept) == 3 * YOUNG_THRESHOLD and 0 in young_runs and watched() is None
