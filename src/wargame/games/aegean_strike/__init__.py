"""Aegean Strike (Victory Games, 1986; the Gulf Strike system), rules-enforced: the North Africa
War plays by the command line and the API (issue 18, point 3 begun).

Modules follow the rulebook: ``sequence`` (the whole sequence of play, 7.01-7.07, the steps whose
systems are lost passing through), ``assignment`` (the Unit Assignment Stage: air modes, sortie
boxes, airbase capacity, EWDA placement; 7.02, 9.02, 9.03, 9.10), ``air`` (missions, launch and
range, interception and CAP, strikes, landing; 9.02-9.05) with ``airdrop`` (airborne transport,
9.03), ``losses`` (air combat, ship-to-air fire, hits, aborts, airbase hits, battlefield control's
hits; 5, 9.06, 9.07, 9.10) and ``victory`` (provisional). ``passes`` lists the steps of the
sequence that pass through.
The position is ``state``'s. The data, each datum with its provenance: the rule index
(``data/rules.yaml``), the two maps (``data/map.json``, built by tools/mapbuild), the charts a
rules overlay may replace (:mod:`charts`, ``data/tables.yaml``) and the counters, airbases and
orders of battle of the five scenarios (:mod:`forces`, ``data/forces.yaml``).
"""

from wargame.games.aegean_strike.game import AegeanStrike

GAME = AegeanStrike()
