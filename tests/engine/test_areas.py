"""Area maps: spaces, typed connections, one-way links and their errors."""

from __future__ import annotations

import pytest

from wargame.engine.board import AreaGraph, Connection, Space


def asia() -> AreaGraph:
    """A scrap of an area map in the style of Asia Engulfed."""
    return AreaGraph(
        [
            Space("Burma", "land", {"terrain": "jungle"}),
            Space("Siam", "land"),
            Space("Malaya", "land"),
            Space("Singapore", "port", {"port_size": 2}),
            Space("Sumatra", "island"),
            Space("Bay of Bengal", "sea"),
            Space("South China Sea", "sea"),
        ],
        [
            Connection("Burma", "Siam", "land"),
            Connection("Siam", "Malaya", "land", {"rail": True}),
            Connection("Malaya", "Singapore", "land"),
            Connection("Singapore", "Sumatra", "strait"),
            Connection("Burma", "Bay of Bengal", "coast"),
            Connection("Bay of Bengal", "South China Sea", "sea"),
            Connection("Singapore", "South China Sea", "coast"),
            Connection("Sumatra", "Bay of Bengal", "coast", one_way=True),
        ],
    )


def test_neighbours_in_connection_order() -> None:
    graph = asia()
    assert graph.neighbours("Siam") == ["Burma", "Malaya"]
    assert graph.neighbours("Singapore") == ["Malaya", "Sumatra", "South China Sea"]


def test_neighbours_by_kind() -> None:
    graph = asia()
    assert graph.neighbours("Singapore", kinds="land") == ["Malaya"]
    assert graph.neighbours("Singapore", kinds=["strait", "coast"]) == [
        "Sumatra",
        "South China Sea",
    ]
    assert graph.neighbours("Singapore", kinds=()) == []


def test_connections_are_seen_from_the_asking_space() -> None:
    graph = asia()
    rail = graph.connection("Malaya", "Siam")
    assert rail is not None
    assert (rail.a, rail.b, rail.kind, rail.attrs["rail"]) == ("Malaya", "Siam", "land", True)
    assert [c.b for c in graph.connections("Malaya")] == ["Siam", "Singapore"]
    assert all(c.a == "Malaya" for c in graph.connections("Malaya"))
    assert graph.connection("Burma", "Malaya") is None


def test_one_way_connections_go_one_way() -> None:
    graph = asia()
    assert "Bay of Bengal" in graph.neighbours("Sumatra")
    assert "Sumatra" not in graph.neighbours("Bay of Bengal")
    assert graph.connection("Bay of Bengal", "Sumatra") is None
    with pytest.raises(ValueError, match="cannot be reversed"):
        Connection("a", "b", "sea", one_way=True).reversed()


def test_kinds_and_spaces() -> None:
    graph = asia()
    assert graph.kind("Singapore") == "port"
    assert graph.spaces("sea") == ["Bay of Bengal", "South China Sea"]
    assert graph.spaces()[0] == "Burma"
    assert len(graph) == 7
    assert "Siam" in graph and "Tibet" not in graph
    assert graph.space("Burma").attrs["terrain"] == "jungle"
    assert len(graph.all_connections()) == 8


def test_attrs_are_read_only_and_values_compare() -> None:
    space = Space("Siam", "land", {"vp": 1})
    with pytest.raises(TypeError):
        space.attrs["vp"] = 2  # type: ignore[index]
    assert space == Space("Siam", "land", {"vp": 1})
    assert space != Space("Siam", "land", {"vp": 2})
    assert len({space, Space("Siam", "land", {"vp": 1})}) == 1


@pytest.mark.parametrize("method", ["neighbours", "connections", "kind", "space"])
def test_unknown_space_is_an_error(method: str) -> None:
    with pytest.raises(ValueError, match="unknown space 'Tibet'"):
        getattr(asia(), method)("Tibet")
    with pytest.raises(ValueError, match="unknown space 'Tibet'"):
        asia().connection("Burma", "Tibet")


SPACES = [Space("a", "land"), Space("b", "land"), Space("c", "sea")]


@pytest.mark.parametrize(
    ("connections", "message"),
    [
        ([Connection("a", "a", "land")], "from 'a' to itself"),
        ([Connection("a", "x", "land")], "unknown space 'x'"),
        ([Connection("a", "b", "land"), Connection("a", "b", "sea")], "duplicate connection"),
        ([Connection("a", "b", "land"), Connection("b", "a", "land")], "duplicate connection"),
        (
            [Connection("a", "b", "land", one_way=True), Connection("b", "a", "land")],
            "duplicate connection",
        ),
        (
            [Connection("a", "b", "land"), Connection("a", "b", "land", one_way=True)],
            "duplicate connection",
        ),
    ],
)
def test_bad_connections_are_rejected(connections: list[Connection], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        AreaGraph(SPACES, connections)


def test_opposed_one_way_connections_are_allowed() -> None:
    graph = AreaGraph(
        SPACES,
        [
            Connection("a", "c", "sea", {"cost": 1}, one_way=True),
            Connection("c", "a", "sea", {"cost": 2}, one_way=True),
        ],
    )
    there, back = graph.connection("a", "c"), graph.connection("c", "a")
    assert there is not None and back is not None
    assert (there.attrs["cost"], back.attrs["cost"]) == (1, 2)


def test_duplicate_space_is_rejected() -> None:
    with pytest.raises(ValueError, match="duplicate space 'a'"):
        AreaGraph([Space("a", "land"), Space("a", "sea")])
