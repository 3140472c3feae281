"""What the paired-tree benches (rules_speed, bots_head_to_head) share: the two source trees
they compare, ``BEFORE_SRC`` and ``AFTER_SRC`` (this checkout's ``src`` by default)."""

from __future__ import annotations

import argparse
from pathlib import Path

HERE = Path(__file__).resolve()


def parser_for(doc: str) -> argparse.ArgumentParser:
    """A parser with the two trees and the hidden ``--worker TREE`` of a worker process."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("before", type=Path, nargs="?")
    parser.add_argument("after", type=Path, nargs="?", default=HERE.parent.parent / "src")
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    return parser


def check_trees(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Stop with the parser's error unless both trees hold a wargame package."""
    if args.before is None:
        parser.error("the tree before the change (BEFORE_SRC) is required")
    for tree in (args.before, args.after):
        if not (tree / "wargame").is_dir():
            parser.error(f"no wargame package in {tree}")
