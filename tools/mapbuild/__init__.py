"""Map builder: hex maps fitted to real geography (optional extra ``[mapbuild]``).

``tools/build_map.py GAME`` reads the checked-in inputs under ``inputs/GAME/`` and writes the
game's ``data/map.json``. Modules: ``gshhg`` reads the coastline polygons, ``grid`` holds the hex
geometry and the least-squares fit, ``build`` puts them together.
"""
