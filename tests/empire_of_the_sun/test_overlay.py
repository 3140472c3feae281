"""Empire of the Sun played with a player's printed charts (issue 16 point 6): Tables T3 and T4 and
the modifiers their charts print are data (data/tables.yaml) that a rules overlay replaces; a
battle is fought, and previewed, with the overlaid values; the game records its overlay, so that
replay and the dice check give the same game; a bad overlay is refused and creates nothing."""

from __future__ import annotations

import copy
import json
from fractions import Fraction

import pytest

from tests.empire_of_the_sun.driver import ScriptedRng
from tests.empire_of_the_sun.factory import position
from tests.empire_of_the_sun.factory import position as factory_position
from tests.empire_of_the_sun.test_battle import start_battle
from tests.empire_of_the_sun.test_previews import MANILA, manila_landing, overland_attack
from tests.empire_of_the_sun.test_strategic_warfare import rolls
from wargame.cli import main
from wargame.engine.errors import DataError
from wargame.engine.overlay import OPTION, parse_overlay
from wargame.engine.rng import Rng
from wargame.engine.session import Session, read_save
from wargame.engine.state import state_hash
from wargame.engine.verify import verify
from wargame.games import REGISTRY
from wargame.games.empire_of_the_sun import forces, previews
from wargame.games.empire_of_the_sun.charts import TABLES
from wargame.games.empire_of_the_sun.national_status import NATIONS, surrender
from wargame.games.empire_of_the_sun.political_will import progress_required
from wargame.games.empire_of_the_sun.reinforcements import put_in_delay_box, war_in_europe_level
from wargame.games.empire_of_the_sun.strategic_warfare import (
    allied_deal,
    japanese_deal,
    strategic_bombing,
    submarine_warfare,
)

pytestmark = pytest.mark.game("empire-of-the-sun")

EMPIRE = REGISTRY.game("empire-of-the-sun")
PRINTED = {row["id"]: row["values"] for row in TABLES.listing()}
NATIONS_BY_ID = {nation.id: nation for nation in NATIONS}


def overlay(**tables):
    """An overlay replacing ``tables``, each a change of the printed values."""
    given = {}
    for table, changes in tables.items():
        values = copy.deepcopy(PRINTED[table])
        for field, value in changes.items():
            values[field] = value
        given[table] = values
    return TABLES.normalize({"name": "test charts", "tables": given}, "test")


def with_overlay(g, found):
    g.state.options[OPTION] = found
    return g


def strikes(g):
    return [e.params for e in g.state.log if e.key == "log.strike"]


DOUBLED = {"≤2": "1/4", "3-5": 2, "6-8": 1, "9+": 1}


@pytest.mark.rule("8.2")
@pytest.mark.parametrize("natural", [0, 1, 2, 5])
def test_an_air_naval_strike_reads_the_overlaid_table_t3(natural):
    # Surprise +3: naturals 0-2 read the row 3-5, which the overlay makes x2 instead of x1/2
    g = with_overlay(manila_landing(), overlay(t3_air_naval={"ratings": DOUBLED}))
    (first, *_) = previews.battle_preview(g, MANILA).rolls
    start_battle(g, MANILA, rolls=[natural])
    (strike,) = strikes(g)
    rating = Fraction(2) if natural + 3 <= 5 else Fraction(1)
    assert strike["hits"] == -(-first.total * rating // 1)
    assert first.rows[natural][1].result == strike["hits"]  # the preview agrees


@pytest.mark.rule("8.2")
def test_without_an_overlay_the_same_strike_reads_the_printed_table():
    g = manila_landing()
    (first, *_) = previews.battle_preview(g, MANILA).rolls
    start_battle(g, MANILA, rolls=[0])
    assert strikes(g)[0]["hits"] == -(-first.total // 2)


@pytest.mark.rule("8.2")
def test_the_overlaid_surprise_modifier_is_applied_and_shown():
    g = with_overlay(manila_landing(), overlay(t3_modifiers={"surprise": 5}))
    (first, *_) = previews.battle_preview(g, MANILA).to_json()["rolls"]
    assert [(m["key"], m["rule"], m["value"]) for m in first["modifiers"]] == [
        ("drm.surprise", "8.2", 5)
    ]
    start_battle(g, MANILA, rolls=[2])
    assert strikes(g)[0]["roll"] == 7


@pytest.mark.rule("8.2")
def test_the_overlaid_critical_roll_is_the_one_that_strikes_critically():
    g = with_overlay(manila_landing(), overlay(t3_air_naval={"critical_natural": 8}))
    (first, *_) = previews.battle_preview(g, MANILA).rolls
    assert isinstance(first.rows[8][1].result, tuple)  # (hits, critical)
    assert not isinstance(first.rows[9][1].result, tuple)
    start_battle(g, MANILA, rolls=[8])
    assert strikes(g)[0]["critical"] is True


@pytest.mark.rule("8.4")
def test_a_ground_combat_reads_the_overlaid_table_t4_and_its_terrain_modifier():
    terrain = {**PRINTED["t4_modifiers"]["terrain"], "mountain": 0}
    ratings = {"≤2": 1, "3-6": 1, "7-8": 1, "9+": 1}
    g = with_overlay(
        overland_attack(),
        overlay(t4_modifiers={"terrain": terrain}, t4_ground={"ratings": ratings}),
    )
    op, rp = previews.battle_preview(g, "2013").rolls
    assert op.modifiers == () and rp.modifiers == ()  # the mountain's -3 is overlaid to 0
    start_battle(g, "2013", rolls=[0, 9])
    assert [s["hits"] for s in strikes(g)] == [op.total, rp.total]  # x1 whatever the roll


def test_an_overlay_changing_nothing_gives_the_printed_game():
    template = parse_overlay(TABLES.template(), "template")
    assert TABLES.normalize(template, "template") is None
    made = EMPIRE.setup("1942", 10**9, {OPTION: template})
    assert OPTION not in made.options
    assert state_hash(made) == state_hash(EMPIRE.setup("1942", 10**9))


def play_until_strikes(session, strikes_wanted=2, seed=3):
    """Random legal actions until ``strikes_wanted`` strikes were rolled (or 2,000 actions)."""
    rng = Rng(seed)
    for _ in range(2000):
        rolled = [e.params for e in session.state.log if e.key == "log.strike"]
        if len(rolled) >= strikes_wanted or session.state.result is not None:
            return rolled
        side = rng.choice(session.game.active(session.state))
        session.act(side, rng.choice(session.game.legal_actions(session.state, side)).text)
    return rolled


@pytest.mark.rule("8.2")
def test_a_game_played_with_an_overlay_records_it_and_replays_and_verifies(tmp_path):
    nothing = {"ratings": {"≤2": 0, "3+": 0}}
    no_hits = overlay(t3_air_naval=nothing, t4_ground=nothing)
    session = Session.new(EMPIRE, "1942", 10**9 + 7, {OPTION: no_hits})
    fought = play_until_strikes(session)
    assert fought and all(strike["hits"] == 0 for strike in fought)
    path = tmp_path / "overlaid.json"
    session.save(path)
    saved = read_save(path)
    assert saved.record.options[OPTION] == no_hits
    replayed = Session.replay(saved.record, EMPIRE)
    assert state_hash(replayed.state) == saved.state_hash
    assert verify(EMPIRE, saved.record, saved.state).ok
    printed = play_until_strikes(Session.new(EMPIRE, "1942", 10**9 + 7))
    assert any(strike["hits"] for strike in printed)


def test_the_overlay_is_public_and_a_bots_sampled_state_plays_with_it():
    doubled = overlay(t3_air_naval={"ratings": DOUBLED})
    state = EMPIRE.setup("1942", 10**9, {OPTION: doubled})
    view = EMPIRE.view(state, "allied")
    assert view["options"][OPTION] == doubled
    sampled = EMPIRE.determinize(view, "allied", Rng(1))
    assert TABLES.of(sampled) == TABLES.of(state) != TABLES.defaults


def cli(capsys, *argv):
    code = main([str(a) for a in argv])
    return (code, *capsys.readouterr())


def test_the_cli_writes_a_template_plays_an_edited_overlay_and_shows_it(capsys, tmp_path):
    template = tmp_path / "charts.yaml"
    code, out, _ = cli(capsys, "tables", "empire-of-the-sun", "--template", template)
    assert code == 0 and "9 tables" in out
    save = tmp_path / "game.json"
    code, out, _ = cli(
        capsys, "new", "empire-of-the-sun", "-s", "1942", "--rules-overlay", template, "-o", save
    )
    assert code == 0 and "changes no table" in out
    assert OPTION not in read_save(save).record.options
    text = template.read_text(encoding="utf-8").replace("surprise: 3", "surprise: 2")
    template.write_text(text.replace("My printed charts", "Second printing"), encoding="utf-8")
    code, out, _ = cli(
        capsys,
        "new",
        "empire-of-the-sun",
        "-s",
        "1942",
        "--rules-overlay",
        template,
        "-o",
        save,
        "--force",
    )
    assert code == 0 and "rules overlay Second printing — T3 Air-naval die-roll modifiers" in out
    assert read_save(save).record.options[OPTION]["tables"] == {
        "t3_modifiers": {**PRINTED["t3_modifiers"], "surprise": 2}
    }
    code, out, _ = cli(capsys, "show", save, "--lang", "ja")
    assert "差し替えチャート: Second printing — T3 航空・海上戦闘のダイス修正" in out
    assert cli(capsys, "verify", save)[0] == 0


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("tables: {t3_modifiers: {surprise: x, ambush: 4, us_air_by_year: {}}}", "field surprise"),
        ("tables: {t5_terrain: {}}", "no table 't5_terrain'"),
        ("game: asia-engulfed\ntables: {}", "an overlay for 'asia-engulfed'"),
        ("tables: {t3_air_naval: {ratings: {'≤2': 1, '2-9': 1}, critical_natural: 9}}", "overlap"),
    ],
)
def test_a_bad_overlay_is_refused_in_one_line_and_creates_no_game(capsys, tmp_path, text, problem):
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    save = tmp_path / "game.json"
    code, out, err = cli(
        capsys, "new", "empire-of-the-sun", "-s", "1942", "--rules-overlay", bad, "-o", save
    )
    assert code == 1 and not save.exists() and out == ""
    (line,) = err.splitlines()
    assert line.startswith(f"wargame: error: {bad}: ") and problem in line


def test_tables_lists_each_table_with_its_rule_and_provenance(capsys):
    code, out, _ = cli(capsys, "tables", "empire-of-the-sun", "--format", "json")

    listed = {row["id"]: row for row in json.loads(out)}
    assert code == 0 and set(listed) == {
        "t3_air_naval",
        "t3_modifiers",
        "t4_ground",
        "t4_modifiers",
        "t6_war_in_europe",
        "t7_submarine_warfare",
        "t8_strategic_bombing",
        "t12_hand_size",
        "t14_political_will",
    }
    assert (listed["t3_air_naval"]["ref"], listed["t4_ground"]["ref"]) == ("8.2", "8.4")
    assert all(row["provenance"] == "rulebook" for row in listed.values())
    code, out, _ = cli(capsys, "rules", "empire-of-the-sun")
    assert "9 printed tables a rules overlay may replace, 0 provisional" in out


def edited_template(tmp_path, capsys):
    template = tmp_path / "charts.yaml"
    cli(capsys, "tables", "empire-of-the-sun", "--template", template)
    text = template.read_text(encoding="utf-8").replace("surprise: 3", "surprise: 2")
    template.write_text(text, encoding="utf-8")
    return template


def test_bots_play_a_whole_game_with_an_overlay_and_its_save_records_it(capsys, tmp_path):
    template = edited_template(tmp_path, capsys)
    save = tmp_path / "played.json"
    argv = ["play", "empire-of-the-sun", "-s", "1942", "--seed", 4, "--save", save]
    bots = ["--bot", "japan=random", "--bot", "allied=random"]
    code, out, _ = cli(capsys, *argv, *bots, "--rules-overlay", template)
    assert code == 0 and "rules overlay My printed charts — T3" in out
    played = read_save(save)
    assert played.state.result is not None
    assert played.record.options[OPTION]["tables"]["t3_modifiers"]["surprise"] == 2
    assert cli(capsys, "replay", save)[0] == 0
    code, _, err = cli(
        capsys, "play", "empire-of-the-sun", "--resume", save, "--rules-overlay", template
    )
    assert code == 1 and "keeps the rules overlay it was started with" in err


def test_the_fuzzer_plays_with_an_overlay_and_its_journal_names_it(capsys, tmp_path):
    template = edited_template(tmp_path, capsys)
    journal = tmp_path / "journal.jsonl"
    argv = ["fuzz", "empire-of-the-sun", "--scenario", "1942", "--games", 1, "--no-progress"]
    code, out, _ = cli(capsys, *argv, "--journal", journal, "--rules-overlay", template)
    assert code == 0 and "0 failures" in out
    settings = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])
    assert len(settings["rules_overlay"]) == 64
    code, _, err = cli(capsys, *argv, "--journal", journal)
    assert code == 1 and "journal of another run (rules_overlay" in err


def test_a_bad_overlay_stops_the_fuzzer_before_any_game(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("tables: {t5_terrain: {}}", encoding="utf-8")
    code, out, err = cli(capsys, "fuzz", "empire-of-the-sun", "--games", 1, "--rules-overlay", bad)
    assert code == 1 and out == "" and "no table 't5_terrain'" in err


# -- T6, T7, T8, T12: the tables of the turn's other segments -------------------------------------
@pytest.mark.rule("15.1", "9.24")
def test_an_overlaid_war_in_europe_table_sets_the_levels_and_the_sent_to_europe_roll():
    changes = {"level_from": [-1, -3, -5, -7], "sent_to_europe_highest_roll": [4, 4, 6, 8]}
    charts = overlay(t6_war_in_europe={**changes, "sent_units_return_after": 2})
    g = with_overlay(position(war_in_europe=0, turn=4), charts)
    assert war_in_europe_level(g) == 0  # the printed table: Level 1 from 0
    g = with_overlay(position(war_in_europe=-1, turn=4), charts)
    g.rng = ScriptedRng([4])  # printed: Level 1 sends on 0-1 only
    put_in_delay_box(g, "us-xi-corps")
    assert forces.at(g, "us-xi-corps") == "turn:6"


@pytest.mark.rule("11.21", "11.22")
def test_overlaid_submarine_warfare_reads_its_own_1942_modifier():
    printed = position(turn=2, escort=0)
    rolls(printed, 0)  # 0 - 2 + 0 + 1 = -1: a success on the printed chart
    submarine_warfare(printed)
    charts = overlay(t7_submarine_warfare={"defective_torpedo_drm": 3})
    g = with_overlay(position(turn=2, escort=0), charts)
    rolls(g, 0)  # 0 - 2 + 0 + 3 = 1: no success
    submarine_warfare(g)
    assert (printed.data["deal_cuts"]["japan"], g.data["deal_cuts"]["japan"]) == (1, 0)


@pytest.mark.rule("11.32")
def test_overlaid_strategic_bombing_reads_its_own_success_range():
    charts = overlay(t8_strategic_bombing={"full_strength_succeeds_on": 5})
    cuts = []
    for table in (None, charts):
        g = position(units={"us-20bc": ("3814", False)}, japanese=["3709"])
        if table is not None:
            with_overlay(g, table)
        rolls(g, 7)
        strategic_bombing(g)
        cuts.append(g.data["deal_cuts"]["japan"])
    assert cuts == [1, 0]


@pytest.mark.rule("11.1", "11.5")
def test_an_overlaid_hand_size_table_deals_its_own_cards():
    charts = overlay(
        t12_hand_size={"japanese_early_cards": 6, "allied_by_turn": {"2": [4, 3], "3": [6, 1]}}
    )
    g = with_overlay(position(turn=2), charts)
    assert japanese_deal(g) == (6, 1) and allied_deal(g) == (4, 3)
    assert (japanese_deal(position(turn=2)), allied_deal(position(turn=2))) == ((7, 0), (5, 2))


def test_a_war_in_europe_table_whose_levels_do_not_descend_is_refused():
    with pytest.raises(DataError, match="each level begins below the one before"):
        overlay(t6_war_in_europe={"level_from": [0, -3, -3, -7]})


@pytest.mark.rule("16.41", "16.47")
def test_an_overlaid_political_will_table_sets_what_a_surrender_and_progress_cost():
    charts = overlay(
        t14_political_will={
            "surrender_lost": {**PRINTED["t14_political_will"]["surrender_lost"], "malaya": 3},
            "progress_most_hexes": 2,
        }
    )
    g = with_overlay(factory_position(empire=True, japanese=["2015", "2014"], allied_asp=4), charts)
    before = g.data["tracks"]["political_will"]
    surrender(g, NATIONS_BY_ID["malaya"])
    assert g.data["tracks"]["political_will"] == before - 3
    assert progress_required(g) == 2
    assert progress_required(factory_position(allied_asp=4)) == 4


def test_a_political_will_table_without_a_nation_is_refused():
    lost = dict(PRINTED["t14_political_will"]["surrender_lost"])
    del lost["india"]
    with pytest.raises(DataError, match="surrender_lost: no value for india"):
        overlay(t14_political_will={"surrender_lost": lost})
