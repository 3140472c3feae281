"""Dai Senso! (Decision Games, rules edition February 2014): not playable yet.

What exists is data, each datum with its provenance: the rule index (``data/rules.yaml``), the
map (``data/map.json``, built by tools/mapbuild), the printed tables a rules overlay may replace
(:mod:`charts`, ``data/tables.yaml``), the counters and orders of battle (:mod:`forces`,
``data/forces.yaml``) and the option cards (:mod:`cards`, ``data/cards.yaml``). The package has no
``GAME``: the registry lists the game, ``wargame rules``/``tables`` report on it and ``wargame new``
refuses it in one line.
"""
