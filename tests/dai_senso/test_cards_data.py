"""Dai Senso!'s option cards as data (cards.py, data/cards.yaml): the decks' sizes, every card the
seed names with what it says, the designed cards with their reasons, the count still to design,
the cross-checks with the events, tables, markers and units, and a bad card refused in one line."""

from __future__ import annotations

import copy
import json

import pytest
import yaml

from tests.data_files import refused as refused_file
from wargame.cli import main
from wargame.games.dai_senso.cards import DATA, cards, load
from wargame.games.dai_senso.forces import forces

pytestmark = pytest.mark.game("dai-senso")

CARDS = cards()
RAW = yaml.safe_load((DATA / "cards.yaml").read_text(encoding="utf-8"))
SEED_NAMED = {
    "axis-3",
    "axis-8",
    "axis-11",
    "axis-12",
    "axis-17",
    "axis-28b",
    "axis-33a",
    "west-5",
    "west-18a",
    "west-19a",
    "west-22",
    "west-27",
    "west-43a",
    "soviet-11b",
    "soviet-15",
    "soviet-24",
}


def refused(tmp_path, change) -> str:
    return refused_file(tmp_path, RAW, "cards.yaml", change, lambda path: load(path, forces()))


def card(raw, card_id):
    return next(c for c in raw["cards"] if c["id"] == card_id)


def test_the_decks_are_whole_at_the_seeds_sizes():
    sizes = {faction: deck.size for faction, deck in CARDS.data.decks.items()}
    assert sizes == {"axis": 76, "west": 80, "soviet": 44}
    held = {faction: len(CARDS.deck(faction)) for faction in sizes}
    assert held == sizes
    assert CARDS.remaining() == {"axis": 0, "west": 0, "soviet": 0}


def test_every_card_the_seed_names_is_there_with_what_the_seed_says():
    seed_cards = {c.id for c in CARDS.data.cards if c.provenance == "seed"}
    assert seed_cards == SEED_NAMED
    assert all(CARDS.cards[c].seed.strip() for c in SEED_NAMED)


def test_provenance_split_and_every_card_gives_the_reason_for_its_effect():
    assert CARDS.provenances() == {
        "provisional": 174,
        "reconstructed": 6,
        "seed": 16,
        "rulebook": 4,
    }
    assert all(c.reason.strip() for c in CARDS.data.cards)


def test_the_seeds_requirements_and_values():
    aid = CARDS.cards["west-19a"]
    assert aid.requires[0].played == "18a" and aid.requires[1].posture.country == "kmt"
    assert CARDS.cards["axis-8"].requires[0].government == "army_leads"
    assert CARDS.cards["axis-3"].requires[0].government == "navy_not_leading"
    assert CARDS.cards["soviet-24"].production == 1
    assert CARDS.cards["axis-28b"].replacements == {"japan": {"infantry": 4, "armor": 1}}
    assert "reusable" in CARDS.cards["west-22"].types
    assert CARDS.cards["axis-33a"].actions[0].do == "table:current_card_treaty"


def test_a_deck_short_of_cards_says_how_many_it_lacks(tmp_path):
    raw = copy.deepcopy(RAW)
    raw["cards"] = [c for c in raw["cards"] if c["deck"] != "soviet" or c["number"] != "42"]
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    assert load(path, forces()).remaining() == {"axis": 0, "west": 0, "soviet": 1}


def test_a_deck_with_more_cards_than_its_size_is_refused(tmp_path):
    def extra(raw):
        raw["cards"].append(dict(card(raw, "soviet-42"), id="soviet-43", number="43"))

    assert "45 cards, more than its 44" in refused(tmp_path, extra)


def test_units_with_a_card_code_are_brought_by_that_card():
    for unit in forces().units.values():
        if unit.card:
            found = CARDS.by_number(forces().faction_of(unit), unit.card)
            assert found is not None and unit.id in found.reinforcements.force_pool


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            lambda r: card(r, "axis-1")["actions"][0].update(do="tea_party"),
            "'tea_party' is no event",
        ),
        (lambda r: card(r, "axis-5")["actions"][0].update(do="table:poker"), "no event table"),
        (lambda r: card(r, "west-12")["actions"][0].update(do="marker:gold"), "no marker 'gold'"),
        (lambda r: card(r, "axis-5")["actions"][0].update(do="remove:99"), "removes card 99"),
        (lambda r: card(r, "axis-5")["actions"][0].update(do="remove:5"), "no other card"),
        (
            lambda r: card(r, "axis-5")["actions"][0].update(do="remove:type:vase"),
            "no type 'vase'",
        ),
        (lambda r: card(r, "west-19a")["requires"][0].update(played="99"), "requires card 99"),
        (lambda r: card(r, "axis-1").update(production=1), "only Soviet cards print"),
        (lambda r: card(r, "axis-1").update(blitz=0), "a blitz card has lightning bolts"),
        (lambda r: card(r, "axis-1").update(types=["frenzy"]), "no card type 'frenzy'"),
        (lambda r: card(r, "axis-3").update(seed=""), "says what the seed says"),
        (lambda r: card(r, "axis-2").update(number="3"), "card number 3 is used twice"),
        (lambda r: card(r, "axis-14").update(reinforcements=None), "j-10th-army: its code 14"),
        (
            lambda r: card(r, "west-30")["reinforcements"]["force_pool"].append("j-guards"),
            "a unit of another faction",
        ),
        (lambda r: card(r, "west-4")["replacements"].update(japan={"infantry": 1}), "not a west"),
        (
            lambda r: card(r, "west-5")["requires"].append({"not_prewar": True, "played": "18a"}),
            "a requirement is one condition",
        ),
        (lambda r: r["cards"][0].update(war_state="cold_war"), "cards[0]"),
    ],
)
def test_a_bad_card_is_refused_in_one_line(tmp_path, change, expected):
    assert expected in refused(tmp_path, change)


def test_wargame_cards_lists_every_card_before_the_game_plays(capsys):
    code = main(["cards", "dai-senso", "--format", "json"])
    rows = json.loads(capsys.readouterr().out)
    assert code == 0 and len(rows) == 200
    treaty = next(row for row in rows if row["id"] == "axis-33a")
    assert treaty["provenance"] == "seed" and treaty["event"] == "partial"  # 1.1.2: rolled
    assert treaty["effect"] == "Prewar; roll on Card 33a Treaty: the selected country"
    assert treaty["effect_ja"].startswith("戦前; カード33a 条約")
    code = main(["cards", "dai-senso"])
    out = capsys.readouterr().out
    assert code == 0 and "200 cards: 174 provisional, 6 reconstructed, 4 rulebook, 16 seed" in out
    assert "provisional soviet-40: The declaration of 8 August 1945" in out
