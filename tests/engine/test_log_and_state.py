import pytest

from wargame.engine.fog import UNITS, new_unit, units_copier
from wargame.engine.log import Event, PublicForm, possessive, redact
from wargame.engine.state import (
    FLAT,
    FLAT_ITEMS,
    Frame,
    State,
    clone,
    copier_problems,
    from_builtins,
    json_round_trip_problems,
    state_hash,
    to_json,
)


def make_state(**data):
    return State(
        game="g",
        rules_version="1",
        scenario="s",
        seed=1,
        options={},
        rng=5,
        data=data,
        stack=[Frame("main", "start", {"n": 1})],
    )


def test_a_side_id_reads_as_a_possessive_whatever_its_last_letter():
    assert possessive("red") == "red's"
    assert possessive("japan") == "japan's"
    assert possessive("allies") == "allies'"


def test_private_events_show_their_public_form_to_others():
    secret = Event(
        "log.draw",
        {"cards": ["J41"]},
        to=["japan"],
        public=PublicForm("log.draw_hidden", {"count": 1}),
    )
    hidden = Event("log.peek", {"card": "A3"}, to=["allies"])
    events = [Event("log.start"), secret, hidden]
    assert redact(events, "japan") == [events[0], secret]
    assert redact(events, "allies") == [events[0], Event("log.draw_hidden", {"count": 1}), hidden]
    assert redact(events, None) == [events[0], Event("log.draw_hidden", {"count": 1})]


def test_clone_is_independent_of_the_original():
    state = make_state(units={"a": [1, 2]})
    copy = clone(state)
    copy.data["units"]["a"].append(3)
    copy.stack[0]["n"] = 2
    copy.log.append(Event("x"))
    assert state.data["units"]["a"] == [1, 2]
    assert state.stack[0]["n"] == 1
    assert state.log == []


def test_copiers_copy_their_shapes_independently_and_check_them():
    unit = new_unit("red", "a1", {"colour": "red"}, {"steps": 3})
    state = make_state(units={"u1": unit}, pairs=[["x", "a"]], records={"c": {"where": "b"}})
    copiers = {"units": UNITS, "pairs": FLAT_ITEMS, "records": FLAT_ITEMS}
    copy = clone(state, copiers=copiers)
    assert copy.data == state.data
    copy.data["units"]["u1"]["hidden"]["steps"] = 2
    copy.data["units"]["u1"]["seen"] = {"blue": "ever"}
    copy.data["units"]["u1"]["where"] = "a2"
    copy.data["pairs"][0][1] = "b"
    copy.data["records"]["c"]["where"] = "c"
    assert state.data["units"]["u1"] == new_unit("red", "a1", {"colour": "red"}, {"steps": 3})
    assert state.data["pairs"] == [["x", "a"]]
    assert state.data["records"] == {"c": {"where": "b"}}
    assert copier_problems(state, copiers) == []
    state.data["units"]["u1"]["hidden"]["from"] = ["sea"]
    copy = clone(state, copiers=copiers)
    copy.data["units"]["u1"]["hidden"]["from"].append("bay")
    assert state.data["units"]["u1"]["hidden"]["from"] == ["sea"]
    assert copier_problems(state, copiers) == []
    state.data["units"]["u1"]["public"]["size"] = ["2"]
    state.data["pairs"].append("y")
    assert len(copier_problems(state, copiers)) == 2


def test_a_units_copier_copies_each_hidden_part_and_the_containers_it_names():
    copier = units_copier("from")
    unit = new_unit("red", "a1", {"colour": "red"}, {"steps": 3, "from": ["sea"]})
    state = make_state(units={"u1": unit})
    copy = clone(state, copiers={"units": copier})
    copy.data["units"]["u1"]["hidden"]["steps"] = 2
    copy.data["units"]["u1"]["hidden"]["from"].append("bay")
    copy.data["units"]["u1"]["where"] = "a2"
    expected = new_unit("red", "a1", {"colour": "red"}, {"steps": 3, "from": ["sea"]})
    assert state.data["units"]["u1"] == expected
    assert copier_problems(state, {"units": copier}) == []
    state.data["units"]["u1"]["hidden"]["to"] = ["bay"]
    assert copier_problems(state, {"units": copier}) == [
        "data.units unit u1: its hidden part holds a container not declared"
    ]


def test_a_flat_key_is_copied_once_and_a_container_in_it_is_reported():
    state = make_state(used=["a", "b"], marks={"x": 1})
    copy = clone(state, copiers={"used": FLAT, "marks": FLAT})
    copy.data["used"].append("c")
    copy.data["marks"]["x"] = 2
    assert state.data == {"used": ["a", "b"], "marks": {"x": 1}}
    state.data["marks"]["y"] = [1]
    assert copier_problems(state, {"used": FLAT, "marks": FLAT}) == [
        "data.marks is declared flat but holds a container"
    ]


def test_hash_changes_with_any_field_and_not_with_key_order():
    state = make_state(a=1, b=2)
    reordered = make_state(b=2, a=1)
    assert state_hash(state) == state_hash(reordered)
    changed = clone(state)
    changed.data["a"] = 3
    assert state_hash(changed) != state_hash(state)
    moved = clone(state)
    moved.stack[0].step = "next"
    assert state_hash(moved) != state_hash(state)


def test_json_round_trip_gives_the_same_state():
    import msgspec

    state = make_state(units={"a": [1, None, "x", 2.5, True]})
    again = from_builtins(msgspec.json.decode(to_json(state)))
    assert again == state


@pytest.mark.parametrize(
    ("value", "problem"),
    [((1, 2), "tuple"), ({1: "a"}, "key 1"), ({"s": {1}}, "set")],
)
def test_non_json_data_is_reported(value, problem):
    problems = json_round_trip_problems(make_state(bad=value))
    assert problems and problem in problems[0]
