"""Build a game's hex map from real geography: ``tools/build_map.py GAME [--out FILE]``.

Needs the optional extra: ``pip install -e '.[mapbuild]'``. Inputs are under
``tools/mapbuild/inputs/GAME/``; the default output is the game package's ``data/map.json``.
The leave-one-out errors of the grid fit and every class the rules forced are printed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mapbuild import aegean_strike, asia_engulfed, backdrop
from mapbuild.build import ROOT, build, dump

OUTPUTS = {"dai-senso": ROOT / "src/wargame/games/dai_senso/data/map.json"}
OUTPUTS["asia-engulfed"] = ROOT / "src/wargame/games/asia_engulfed/data/areas.json"
AREA_MAPS = {"asia-engulfed": asia_engulfed}  # area maps (not hex maps) have their own builder
OUTPUTS["aegean-strike"] = ROOT / "src/wargame/games/aegean_strike/data/map.json"
AREA_MAPS["aegean-strike"] = aegean_strike  # two hex grids: its own builder too


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(set(OUTPUTS) | set(backdrop.BUILDERS)))
    parser.add_argument("--out", type=Path, help="output file (default: the game's map.json)")
    parser.add_argument(
        "--backdrop", action="store_true", help="build data/backdrop.json (coastlines) instead"
    )
    args = parser.parse_args(argv)
    if args.backdrop:
        return build_backdrop(args.game, args.out)
    if args.game not in OUTPUTS:
        parser.error(f"{args.game} has only a backdrop builder: add --backdrop")
    area_map = AREA_MAPS.get(args.game)
    content, report = area_map.build() if area_map else build(args.game)
    print("\n".join(report))
    out = args.out or OUTPUTS[args.game]
    out.write_text((area_map.dump if area_map else dump)(content), encoding="utf-8")
    print(f"wrote {out} ({len(content.get('hexes') or content['areas'])} records)")
    return 0


def build_backdrop(game: str, out: Path | None) -> int:
    """Coastlines in the map's frame (``mapbuild.backdrop``), from the map's own fit."""
    if game not in backdrop.BUILDERS:
        raise SystemExit(f"{game} has no backdrop builder; games: {', '.join(backdrop.BUILDERS)}")
    content, report = backdrop.BUILDERS[game]()
    print("\n".join(report))
    out = out or backdrop.OUTPUTS[game]
    out.write_text(backdrop.dump(content), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
