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

from mapbuild import asia_engulfed
from mapbuild.build import ROOT, build, dump

OUTPUTS = {"dai-senso": ROOT / "src/wargame/games/dai_senso/data/map.json"}
OUTPUTS["asia-engulfed"] = ROOT / "src/wargame/games/asia_engulfed/data/areas.json"
AREA_MAPS = {"asia-engulfed": asia_engulfed}  # area maps (not hex maps) have their own builder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(OUTPUTS))
    parser.add_argument("--out", type=Path, help="output file (default: the game's map.json)")
    args = parser.parse_args(argv)
    area_map = AREA_MAPS.get(args.game)
    content, report = area_map.build() if area_map else build(args.game)
    print("\n".join(report))
    out = args.out or OUTPUTS[args.game]
    out.write_text((area_map.dump if area_map else dump)(content), encoding="utf-8")
    print(f"wrote {out} ({len(content.get('hexes') or content['areas'])} records)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
