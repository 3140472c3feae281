"""The layout of Empire of the Sun's game state (``state.data``), in one place.

Everything is plain JSON data. Secret parts: each side's hand, deck order, Future Offensive card
and ``pending`` card; everything else is public (the map is open in this game).

``turn``, ``first_turn``, ``last_turn``, ``victory``, ``setup``
    the game turn (1 = December 1941), the scenario's turns, its victory rules and the set-up
    column it started from.
``phase``
    ``strategic`` / ``offensives`` / ``political`` / ``attrition`` / ``end`` (for display).
``units``
    ``{unit_id: location}``; locations are described in :mod:`forces`.
``reduced``, ``returning``, ``rebuilt``, ``bombed``
    ``{unit_id: true}`` for the units on their reduced side, the units on the turn track that come
    back without delay (7.33, 7.34, 7.54), the B-29s rebuilt this turn and those that bombed
    Japan this turn (11.31). (Flat maps
    rather than one record per unit: a state copies four times faster.)
``control``
    ``{hex_id: "japan" | "allied"}`` for every land hex (12.1).
``cards``
    ``{side: {"deck", "hand", "discard", "removed": [card ids], "future": id | None,
    "future_turn": int | None}}``.
``pending``
    ``{side: card id}``: a card picked but not yet committed (secret: it may become the Future
    Offensive card).
``drawn``
    ``{side: [card ids]}``: cards drawn during the current offensive, which cannot serve in it
    (5.35; secret like the hand).
``known``
    ``{side: [card ids]}``: cards in the side's hand that the opponent has seen go there (taken
    back from the public discard pile): public.
``passes``, ``event_draws``, ``designated``, ``deal_cuts``, ``asp_used``
    per side: passes left, event draws this phase (5.35), turn a Future Offensive card was
    designated, cards cut from this turn's deal (11.2, 11.3), ASPs spent this turn (9.3).
``initiative``, ``acting``
    the side with the initiative this turn, the side taking the current action.
``tracks``
    ``political_will``, ``war_in_europe``, ``china`` (a box id of the China track),
    ``china_divisions``, ``burma_road`` (``open`` / ``closed``), ``hump``, ``india``,
    ``india_second`` (second segment in the box), ``us_isr``, ``japanese_isr``, ``japanese_asp``,
    ``allied_asp``, ``barges``, ``pt_boats``, ``escort``, ``japanese_air_replacements``,
    ``japanese_naval_replacements``.
``surrendered``, ``recaptured``
    nations that have surrendered (``philippines``, ``malaya``, ``dei``, ``burma``, ``india``,
    ``china``, ``australia``, ``mandates_australian``), and those the Allies took back (each
    surrenders once).
``china_offensive``
    the turn of Japan's last OC China offensive (one a turn, 12.72).
``will_once``, ``occupied``, ``progress``, ``resource_path_cut``
    Political Will bookkeeping (16.4): adjustments already made once, Japanese occupation streaks
    per Aleutian or Hawaiian hex, the Progress of the War start-of-turn list and target, and
    National Status segments running in which Japan could not reach a resource hex (12.93).
``lasting``
    ids of events still in effect (``kwai_route``, ``J31_defence_doctrine``, ...).
``reshuffle``
    ``{side: true}`` when a special event played as OC demands a reshuffle at the end of turn.
``tokyo_express``
    the hex of the Tokyo Express marker (13.32, cards J28 and J44), if placed this turn.
``bids``, ``bidding``
    tournament bidding (16.49, option ``bidding``): the sealed bids (secret, each seen only by
    its seat) and the public state of the bidding; see :mod:`bidding`.
``offensive``
    None, or the offensive being played (6.2)::

        side, card, mode ("oc" | "ec"), oc (OC value: movement allowance), intel (the value an
        intelligence roll must not exceed), lv (logistics value for an event),
        hq, activations (left), activated [unit ids], supplied [units in supply at the start],
        group [units selected to move together], via [waypoints the player chose for the
        group's overland move, while it is selected], moved {unit: {"mode", "from", "path"}},
        recon (an OP unit entered, crossed or left RP air ZOI), asp (ASPs spent),
        battles [declared battle hexes], optional [battle hexes declared by choice],
        assigned {flyer unit: battle hex}, condition ("surprise" | "intercept" | "ambush"),
        rolled (intelligence roll made), special [special reaction hexes], reaction {hq,
        activations, activated, moved, asp}, fought [battle hexes resolved],
        results {battle hex: {"air_naval": winner side or None, "ground": winner or None}}.
"""
