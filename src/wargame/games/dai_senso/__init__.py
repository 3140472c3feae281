"""Dai Senso! (Decision Games, rules edition February 2014), rules-enforced: the training scenarios
August Storm and The China Incident play (issue 17, points 4 and 6 begun).

Modules follow the rulebook: ``sequence`` (spec §3.1, the phases not played yet pass through),
``movement`` (3.1, 3.1.1, 3.1.4, 8) with ``overrun`` (3.2), ``combat`` (4.2.1-4.2.7) with
``retreat`` (4.2.5) and ``losses`` (4.2.6, 4.2.6.2), ``stacking`` (9), ``supply`` (10, provisional
over the map) and ``victory`` (0.3, provisional for the training scenarios). The position is
``state``'s, the map ``board``'s. The data,
each datum with its provenance: the rule index (``data/rules.yaml``), the map (``data/map.json``,
built by tools/mapbuild), the printed tables a rules overlay may replace (:mod:`charts`,
``data/tables.yaml``), the counters and orders of battle (:mod:`forces`, ``data/forces.yaml``) and
the option cards (:mod:`cards`, ``data/cards.yaml``, not played yet).
"""

from wargame.games.dai_senso.game import DaiSenso

GAME = DaiSenso()
