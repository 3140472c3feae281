"""The JSON shapes of the API as pydantic models, so that /openapi.json (and its page, /docs)
describes the contract. Requests are validated against them; responses carrying a game view are
encoded directly (a view is the game's own JSON) and documented by these models."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Lang = Literal["en", "ja"]
SeatKind = Annotated[str, Field(max_length=40, pattern=r"^(human|bot:[a-z0-9-]+)$")]
MAX_SEED = 2**256


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Health(BaseModel):
    """The server can store games (else 503 with an ErrorBody)."""

    status: Literal["ok"]


class ErrorBody(BaseModel):
    """Every refusal: one line naming the problem (and the current version on 409)."""

    error: str
    version: int | None = None


class NewGame(Strict):
    game: str = Field(max_length=64, examples=["empire-of-the-sun"])
    scenario: str = Field(max_length=64, examples=["1942"])
    seed: int | None = Field(
        None,
        ge=0,
        lt=MAX_SEED,
        description="default: 128 secret random bits; a chosen seed only with hot_seat or at "
        "most one human seat, and every seat is told it was chosen",
    )
    hot_seat: bool = Field(
        False, description="one person holds every human seat (allows a chosen seed)"
    )
    options: dict[str, Any] = Field(default_factory=dict)
    seats: dict[str, SeatKind] = Field(
        default_factory=dict,
        description="each side's seat: human, or bot:KIND for a bot of a kind GET /api/games "
        "lists (bot:random, ...); sides left out are human",
    )
    spectator_delay: int = Field(
        0,
        ge=0,
        le=1000,
        description="spectators see the game this many actions behind until it is over",
    )
    rules_overlay: str | dict[str, Any] | None = Field(
        None,
        description="the player's printed charts: a rules overlay as YAML text or as its mapping "
        "({game, name, tables: {TABLE: values}}; GET /api/about/{game} lists the tables), at "
        "most 48 KB; a bad one is refused with 400 naming the table and field",
    )


_LINK = "the link to open: /play/{id}#token=<token>, the token in the fragment (sent to no server)"


class SeatLink(BaseModel):
    kind: str
    token: str | None = Field(description="the seat's secret; none for a bot seat")
    url: str | None = Field(description=_LINK)


class Link(BaseModel):
    kind: str
    token: str
    url: str = Field(description=_LINK)


class Created(BaseModel):
    id: str
    version: int
    commitment: str = Field(description="the commitment to the game's seed (see DiceFacts)")
    seed_chosen: bool
    seats: dict[str, SeatLink]
    spectator: Link


class Move(Strict):
    token: str = Field(max_length=200)
    version: int = Field(ge=0, description="the version the action was chosen at")
    action: str = Field(max_length=1000, examples=["card J41"])


class Token(Strict):
    token: str = Field(max_length=200)


class TokenVersion(Strict):
    token: str = Field(max_length=200)
    version: int = Field(ge=0)


class Rematched(Created):
    """A rematch: the new game's links, and the side in it of each side's holder of the old
    game (two sides swap), so that a browser that held a seat takes its new one."""

    seat_of: dict[str, str]


class GameToken(Strict):
    id: str = Field(max_length=64)
    token: str = Field(max_length=200)


class SummaryRequest(Strict):
    """Games a browser holds, each with one of its tokens (in the body: never in a URL)."""

    games: list[GameToken] = Field(max_length=200)
    lang: Lang = "en"


class GameSummary(BaseModel):
    """Where one game stands, as its token's viewer may know it; ``error`` alone (with ``id``)
    for an unknown game or token."""

    id: str
    error: str | None = None
    game: str | None = None
    title: str | None = Field(None, description="the game's title in the asked language")
    scenario: str | None = None
    scenario_title: str | None = None
    seat: str | None = Field(None, description="the token's side; null for a spectator")
    sides: list[SideName] = Field(default_factory=list)
    version: int | None = None
    turn: int | str | None = Field(
        None, description="the turn as the game's board names it: a number, or a month (YYYY-MM)"
    )
    active: list[str] = Field(default_factory=list, description="the sides that must act now")
    result: dict[str, Any] | None = None
    result_text: str | None = None
    updated: str | None = Field(None, description="when the game last changed (ISO 8601, UTC)")
    rematch: str | None = Field(None, description="the id of the game made as its rematch")


class Summaries(BaseModel):
    games: list[GameSummary]


class Delay(BaseModel):
    """A spectator's delayed view: the position after ``shown`` of the ``total`` actions."""

    actions: int
    shown: int
    total: int


class WordsMessage(BaseModel):
    """A message of the game (``key``, ``params``) with its ``text`` in the asked language."""

    key: str
    params: dict[str, Any]
    text: str


class WordsConsequence(WordsMessage):
    """What an action will cause that the player may not foresee, and the rule saying so."""

    rule: str


class WordsNote(BaseModel):
    """``view.notes[action]``, every message with its ``text``: the action in words
    (``label``), its consequences, the spaces it goes through (``path``, start and end
    included: the path the action applies) and what it leads to (``preview``)."""

    label: WordsMessage | None = None
    consequences: list[WordsConsequence] = Field(default_factory=list)
    path: list[str] = Field(default_factory=list)
    preview: dict[str, Any] | None = Field(
        None, description="a preview (see preview_text), every message with its text"
    )


class GameBody(BaseModel):
    """A game as one viewer sees it; ``view`` is exactly the game's ``view(state, seat)``, but
    for ``view.log``, which is cut like ``log_text`` when the request names ``log_from``.
    ``notes_text`` and ``preview_text`` are ``view.notes`` and ``view.preview`` with the text
    of every message in the asked language (README: "What a game tells the player")."""

    id: str
    game: str
    version: int
    seat: str | None = Field(description="the viewer's side; null for a spectator")
    scenario_title: str = Field(description="the scenario's title in the asked language")
    bots: dict[str, str] = Field(
        default_factory=dict,
        description="the sides a bot plays, each with its bot's kind; while one of them is "
        "active (view.active), the computer is thinking",
    )
    view: dict[str, Any]
    notes_text: dict[str, WordsNote] = Field(
        description="for each of the viewer's legal actions that has a note (view.notes) or "
        "words (view.labels), the note with its label and every message rendered"
    )
    preview_text: dict[str, Any] | None = Field(
        description="the preview of the viewer's decision (view.preview), every message (a "
        "dict with key and params) with its text; null if none. Shape: title, sides (side, "
        "units: id, values, notes; totals), rolls (label, side, die, total, modifiers: key, "
        "params, rule, value, text; modifier; rows: roll, modified, result, label; outcomes: "
        "result, label, probability as an exact fraction 'n/d', percent), notes"
    )
    log_text: list[str] = Field(
        description="the viewer's log, rendered in the asked language, from index log_from on"
    )
    log_total: int = Field(description="the length of the viewer's whole log")
    log_from: int = Field(
        description="the index of the first log entry sent (view.log is cut the same way); "
        "0 is the whole log, which also tells a client to start its log again"
    )
    log_hash: str = Field(description="a hash naming the viewer's whole log (all log_total lines)")
    log_base: str = Field(
        description="the log_hash of the first log_from lines: append this page only to those"
    )
    prompt_text: str | None = Field(description="the viewer's prompt, rendered; null if none")
    static_url: str = Field(
        description="where the static data of the game's kind is (the same for all its games)"
    )
    backdrop_url: str = Field(description="where the backdrop of the game's kind is (likewise)")
    delay: Delay | None = Field(
        None, description="only for a spectator of a game created with a delay, while it runs"
    )
    dice: DiceFacts
    rules_overlay: OverlayFacts | None = Field(
        None, description="the rules overlay the game is played with; null: the printed tables"
    )


class ReplacedTable(BaseModel):
    id: str
    title: str = Field(description="in the asked language")


class OverlayFacts(BaseModel):
    """A game's rules overlay: its name, the SHA-256 of its tables and the tables it replaces
    (their values are in ``view.options.rules_overlay``)."""

    name: str
    digest: str
    tables: list[ReplacedTable]


class ReplayAction(BaseModel):
    side: str
    text: str
    label: str = Field(description="the action in words, as the game labelled it when offered")


class ReplayBody(GameBody):
    """The position after the record's first ``n`` of ``total`` actions, and the ``n``th."""

    n: int
    total: int
    action: ReplayAction | None = Field(description="the action that led here; null at n = 0")


class StateMessage(GameBody):
    """What the WebSocket sends on connect and after every change."""

    type: Literal["state"]


class ScenarioInfo(BaseModel):
    id: str
    title: str
    title_ja: str
    sides: list[str] = Field(description="the sides that play it; another side's seat is idle")


class OptionInfo(BaseModel):
    name: str
    default: Any
    choices: list[Any]
    description: str


class CatalogEntry(BaseModel):
    id: str
    title: str
    title_ja: str
    sides: list[str]
    side_names: dict[str, dict[str, str]] = Field(
        description="each side's name in each language (language -> side -> name)"
    )
    seat_kinds: list[str] = Field(
        description="what may hold a seat: human, or a bot of each kind (bot:random, ...)"
    )
    scenarios: list[ScenarioInfo]
    options: list[OptionInfo]
    rules_overlay: bool = Field(
        False, description="whether a new game may take a rules overlay (rules_overlay)"
    )


class SideName(BaseModel):
    id: str
    name: str


class BackdropLine(BaseModel):
    kind: Literal["coast", "lake", "border"]
    points: list[tuple[float, float]]


class BackdropBody(BaseModel):
    """Real coastlines, lakes and the era's borders to draw under the board, in the frame of the
    static data's board (``lines`` is empty for a game that has none)."""

    game: str
    lines: list[BackdropLine]


class StaticBody(BaseModel):
    """What never changes for a kind of game: ``data`` is the game's ``client_data()``, and
    ``messages`` its message templates in ``lang`` (English where a key has no translation;
    fields like ``{hex:hex}`` render a parameter through the entry ``hex.<value>``)."""

    game: str
    title: str
    lang: Lang
    sides: list[SideName]
    messages: dict[str, str]
    data: dict[str, Any]


class RecordBody(BaseModel):
    """The game record: replaying it reproduces the game exactly. ``seed_hex`` is the seed as
    the 32 bytes (hex) that the commitment hashes after the salt's bytes."""

    game: str
    rules_version: str
    scenario: str
    seed: int
    options: dict[str, Any]
    actions: list[tuple[str, str]]
    generator: str
    salt: str
    commitment: str
    seed_chosen: bool
    seed_hex: str


class DiceFacts(BaseModel):
    """What every seat is told of the dice from the start: the commitment (SHA-256 of the salt's
    bytes then the seed's 32 bytes; empty for a game made before commitments) and whether
    somebody chose the seed; once the game is over, the seed and the salt to check it with."""

    generator: str
    commitment: str
    seed_chosen: bool
    seed_hex: str | None = None
    salt: str | None = None


class RandomCounts(BaseModel):
    rolls: int
    draws: int
    shuffles: int


class VerifyBody(BaseModel):
    """A finished game's dice checked: ``commitment`` is "matches", "differs" or "none" (a game
    made before commitments); ``random`` counts the rolls, draws and shuffles recomputed from the
    seed, each identical to the one in the game's log unless ``problems`` says otherwise."""

    ok: bool
    commitment: str
    actions: int
    random: RandomCounts
    problems: list[str]
    generator: str
    salt: str
    seed_hex: str
    expected: str = Field(description="the commitment shown from the start")


class AboutBody(BaseModel):
    """What the About page shows: ``credits`` (title, designers, publisher of the published
    game), the rules with their provenance, the provisional stand-ins in players' words, the
    cards and the printed tables, each in English and Japanese (``*_ja``)."""

    game: str
    title: str
    title_ja: str
    credits: dict[str, Any] | None
    rules: list[dict[str, Any]]
    stand_ins: list[dict[str, str]]
    cards: list[dict[str, Any]]
    tables: list[dict[str, Any]] = Field(
        default_factory=list,
        description="the printed tables a rules overlay may replace: id, title, provenance, ref "
        "(rule), source, reason (of a provisional one) and values",
    )
