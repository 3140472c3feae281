"""Aegean Strike (Victory Games, 1986; the Gulf Strike system): not playable yet.

What exists is data, each datum with its provenance: the rule index (``data/rules.yaml``), the
two maps (``data/map.json``, built by tools/mapbuild), the charts a rules overlay may replace
(:mod:`charts`, ``data/tables.yaml``) and the counters, airbases and orders of battle of the five
scenarios (:mod:`forces`, ``data/forces.yaml``). The package has no ``GAME``: the registry lists
the game, ``wargame rules``/``tables`` report on it and ``wargame new`` refuses it in one line.
"""
