"""What a per-client rate limiter costs a server: CPU per request, with requests spread over time
as a server gets them (2,000 a second, in bursts of 20 every 10 ms, for 4 s) from N clients.

Usage: python bench/limiter.py [--clients 100]

Compares the server's token buckets (``wargame.server.limits.Buckets``) with the ``limits``
library's in-memory strategies, if it is installed (``pip install limits``): its storage keeps a
timer thread that sweeps every client's entries every 10 ms while any exist, and that thread's CPU
counts too. Prints microseconds of CPU per request beyond the loop's own.
"""

from __future__ import annotations

import argparse
import resource
import time
from collections.abc import Callable

from wargame.server.limits import Buckets, rate

try:
    import limits
    from limits import strategies
    from limits.storage import MemoryStorage
except ImportError:
    strategies = None


def cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def per_request(hit: Callable[[str], object], clients: int, seconds: float = 4.0) -> float:
    """Microseconds of CPU per call of ``hit(client)``, the loop included."""
    start, began, n = cpu(), time.monotonic(), 0
    while time.monotonic() - began < seconds:
        for _ in range(20):
            hit(f"10.0.{n % clients // 256}.{n % 256}")
            n += 1
        time.sleep(0.01)
    return (cpu() - start) / n * 1e6


def library_limiters() -> dict[str, Callable[[str], object]]:
    if strategies is None:
        return {}
    item = limits.parse("20/second")
    kinds = {
        "limits, fixed window": strategies.FixedWindowRateLimiter,
        "limits, sliding window": strategies.SlidingWindowCounterRateLimiter,
        "limits, moving window": strategies.MovingWindowRateLimiter,
    }
    return {name: hitting(kind(MemoryStorage()), item) for name, kind in kinds.items()}


def hitting(limiter: object, item: object) -> Callable[[str], object]:
    return lambda key: limiter.hit(item, key)  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=100)
    args = parser.parse_args()
    buckets = Buckets(rate("20/second"), "actions")
    loop = per_request(lambda _key: None, args.clients)
    limiters = {"token buckets (wargame)": lambda key: buckets.take(key, time.monotonic())}
    for name, hit in {**limiters, **library_limiters()}.items():
        cost = per_request(hit, args.clients) - loop
        print(f"{name:26} {cost:6.1f} µs of CPU per request ({args.clients} clients)")


if __name__ == "__main__":
    main()
