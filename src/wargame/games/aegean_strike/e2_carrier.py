"""The E-2 over its carrier (9.03, the EWDA mission's movement; placed in the Unit Assignment
Stage, 7.02): EWDA never move in the action stages, but an E-2 over a US CVN or CV moves with
it; a carrier sunk takes the E-2 over it out of play for good.

``data["ewda_over"]`` maps each carrier to the E-2 units flying over it (none: no key).

Decisions
- Seed: an E-2 in a US CVN's or CV's hex may move with it, staying in its hex (never landing
  on it); once it has left that hex it may not move with the carrier again until placed over
  it anew in a Unit Assignment Stage; if the carrier is sunk the E-2 is removed for good.
- Provisional (the seed is silent):
  - Flying over a carrier is a placement of its own (``over <carrier>``), offered only for an
    E-2 and only over a US CVN or CV of its side; an E-2 placed by hex in the carrier's hex
    is not over it: the seed makes the moving hang on being placed over the carrier.
  - The E-2 over a carrier always moves with it, to the hex where each of the carrier's moves
    ends: the seed's "may" would ask a question at every move of the carrier for one use only,
    leaving the carrier, which the E-2 may still do by being placed elsewhere in the next Unit
    Assignment Stage.
  - It stays over the carrier from turn to turn until placed elsewhere (a hex, or over another
    carrier) or shot down (9.03: it leaves the map and is placed anew when it comes back).
  - Only the carrier it is over takes it down: a carrier sunk in a hex where an E-2 patrols
    unattached takes nothing. The E-2 lost is listed with the units out of play.
- The fog (14): the attachment is kept by carrier, so a view of a side that does not see the
  carrier leaves it out (:func:`detection.scrub` drops a record keyed by a hidden unit). A
  carrier is always detected (14.04 stand-in), so the E-2 moving with it, whose hex is public
  as every EWDA's, tells the enemy nothing it does not see; were a carrier ever hidden, the
  E-2's hex would betray it, and :func:`problems` reports such a position (the fuzzer checks
  every position).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context
from wargame.games.aegean_strike import detection, state
from wargame.games.aegean_strike.offers import offer
from wargame.games.aegean_strike.registry import RULES

E2_TYPES: Final = frozenset({"e-2"})
CARRIER_TYPES: Final = frozenset({"cvn", "cv"})
CARRIER_NATION: Final = "us"
KEY: Final = "ewda_over"

RULES.stand_in(
    "9.03",
    "an E-2 placed over a US CVN/CV always moves with it; only that carrier sunk removes it",
    key="e2_carrier",
)


def is_e2(uid: str) -> bool:
    return state.unit(uid).type in E2_TYPES


def over(data: Mapping[str, Any]) -> Mapping[str, list[str]]:
    """Each carrier with the E-2 units flying over it."""
    found: Mapping[str, list[str]] = data.get(KEY, {})
    return found


def carrier_of(data: Mapping[str, Any], e2: str) -> str | None:
    """The carrier ``e2`` flies over, if any."""
    return next((c for c, e2s in over(data).items() if e2 in e2s), None)


@RULES.implements("9.03", "7.02")
def over_refusal(e2: str, carrier: str) -> str:
    """Why ``e2`` may not be placed over ``carrier`` of its side ('' if it may)."""
    if not is_e2(e2):
        return f"9.03: only an E-2 moves with a carrier; place {e2} in a hex"
    found = state.unit(carrier)
    if found.type not in CARRIER_TYPES or found.nation != CARRIER_NATION:
        return f"9.03: {carrier} is no US CVN or CV, the only carriers an E-2 moves with"
    return ""


def offer_carriers(
    data: Mapping[str, Any], choices: Choices, side: str, uid: str, effect: Callable[..., None]
) -> None:
    """``over <carrier>`` for each carrier of ``side`` that EWDA ``uid`` may fly over; the
    others refused with their reason."""
    for carrier in state.own_ships(data, side):
        if state.carries_air(carrier):
            offer(choices, f"over {carrier}", over_refusal(uid, carrier), effect, carrier)


@RULES.implements("9.03", "7.02")
def attach(g: Context, side: str, e2: str, carrier: str) -> None:
    """``e2`` patrols ``carrier``'s hex, flying over it from now on."""
    detach(g.data, e2)
    hex_id = g.data["naval"][carrier]["hex"]
    g.data["ewda"][e2] = hex_id
    g.data.setdefault(KEY, {}).setdefault(carrier, []).append(e2)
    g.log("log.ewda_over", side=side, unit=e2, carrier=carrier, hex=hex_id)


def detach(data: dict[str, Any], e2: str) -> None:
    """``e2`` no longer flies over a carrier (placed elsewhere, shot down)."""
    carrier = carrier_of(data, e2)
    if carrier is None:
        return
    data[KEY][carrier].remove(e2)
    if not data[KEY][carrier]:
        del data[KEY][carrier]


@RULES.implements("9.03")
def follow(g: Context, carrier: str) -> None:
    """The E-2 units over ``carrier`` move with it to the hex it has just reached."""
    hex_id = g.data["naval"][carrier]["hex"]
    for e2 in sorted(over(g.data).get(carrier, [])):
        g.data["ewda"][e2] = hex_id
        g.log("log.ewda_follows", unit=e2, carrier=carrier, hex=hex_id)


@RULES.implements("9.03")
def carrier_sunk(g: Context, carrier: str) -> None:
    """The E-2 units over ``carrier``, just sunk, leave play for good."""
    for e2 in sorted(g.data.get(KEY, {}).pop(carrier, [])):
        g.data["ewda"].pop(e2, None)
        g.data["ewda_back"].pop(e2, None)
        g.data["eliminated"].append(e2)
        g.log("log.ewda_lost", unit=e2, carrier=carrier)


def problems(g_tables: Mapping[str, Any], data: Mapping[str, Any]) -> list[str]:
    """An E-2 over a carrier out of play, not in its hex, or over a carrier its enemy does not
    see (its public hex would betray the carrier)."""
    found = []
    hidden = detection.hidden_units(g_tables, data) if over(data) else {}
    for carrier, e2s in over(data).items():
        if carrier not in data["naval"]:
            found.append(f"{e2s} fly over {carrier}, which is not in play")
            continue
        enemy = state.other(state.side_of(data, carrier))
        if carrier in hidden[enemy]:
            found.append(f"{e2s} fly over {carrier}, which {enemy} does not see")
        found += [
            f"{e2} flies over {carrier} but is not in its hex"
            for e2 in e2s
            if data["ewda"].get(e2) != data["naval"][carrier]["hex"]
        ]
    return found
