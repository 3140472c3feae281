"""Loading data files against schemas, with errors naming file, record and field."""

import pytest

from wargame.engine.data import Record, by_id, load_checked, load_file, load_records, read_raw
from wargame.engine.errors import DataError


class Hex(Record):
    id: str
    terrain: str
    port: bool = False


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_records_load_with_provenance_and_ref(tmp_path):
    path = write(
        tmp_path,
        "map.yaml",
        """
- {id: "2220", terrain: mixed, port: true, provenance: reconstructed, ref: "2.2"}
- {id: "2221", terrain: ocean}
""",
    )
    hexes = load_records(path, Hex)
    assert hexes[0] == Hex(
        id="2220", terrain="mixed", port=True, provenance="reconstructed", ref="2.2"
    )
    assert hexes[1].provenance is None


def test_envelope_gives_default_provenance_that_records_override(tmp_path):
    path = write(
        tmp_path,
        "map.json",
        """{"provenance": "reconstructed", "ref": "2.2",
      "records": [{"id": "1", "terrain": "open"},
                  {"id": "2", "terrain": "open", "provenance": "seed"}]}""",
    )
    first, second = load_records(path, Hex)
    assert (first.provenance, first.ref) == ("reconstructed", "2.2")
    assert second.provenance == "seed"


def test_a_wrong_field_names_file_record_id_and_field(tmp_path):
    path = write(
        tmp_path, "map.json", '[{"id": "1", "terrain": "open"}, {"id": "2220", "terrain": 5}]'
    )
    with pytest.raises(DataError) as caught:
        load_records(path, Hex)
    message = str(caught.value)
    assert "map.json" in message
    assert "record 1 (id '2220')" in message
    assert "field terrain" in message
    assert "Expected `str`, got `int`" in message


def test_missing_field_and_bad_provenance_are_named(tmp_path):
    path = write(tmp_path, "map.json", '[{"id": "1"}]')
    with pytest.raises(DataError, match=r"record 0 \(id '1'\).*terrain"):
        load_records(path, Hex)
    path = write(tmp_path, "map2.json", '[{"id": "1", "terrain": "x", "provenance": "guess"}]')
    with pytest.raises(DataError, match=r"field provenance"):
        load_records(path, Hex)


def test_envelope_errors_count_records_within_the_envelope(tmp_path):
    path = write(tmp_path, "map.json", '{"records": [{"id": "a", "terrain": "x"}, {"id": "b"}]}')
    with pytest.raises(DataError, match=r"record 1 \(id 'b'\)"):
        load_records(path, Hex)


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("bad.json", '[{"id": ', "not valid JSON"),
        ("bad.yaml", "- {id: [", "not valid YAML"),
        ("bad.json", '{"id": "x"}', "expected a list of records"),
        ("twice.yaml", "- {id: a, terrain: x, id: b}", "the key 'id' is defined twice"),
    ],
)
def test_unreadable_files_name_the_file(tmp_path, name, text, message):
    path = write(tmp_path, name, text)
    with pytest.raises(DataError, match=message) as caught:
        load_records(path, Hex)
    assert name in str(caught.value)


def test_missing_file(tmp_path):
    with pytest.raises(DataError, match="cannot read"):
        load_file(tmp_path / "none.json", Hex)


def test_a_yaml_merge_key_may_restate_a_merged_key(tmp_path):
    path = write(tmp_path, "merged.yaml", "- &base {id: a, terrain: x}\n- {<<: *base, id: b}\n")
    assert read_raw(path) == [{"id": "a", "terrain": "x"}, {"id": "b", "terrain": "x"}]


def test_by_id_refuses_an_id_given_twice():
    first, second = Hex(id="0101", terrain="clear"), Hex(id="0102", terrain="rough")
    assert by_id([first, second], "hex") == {"0101": first, "0102": second}
    with pytest.raises(DataError, match="hex 0101 is defined twice"):
        by_id([first, first], "hex")


def test_load_checked_names_the_file_in_the_checks_one_line(tmp_path):
    path = write(tmp_path, "hexes.yaml", "- {id: '0101', terrain: clear}\n")

    def no_clear(hexes):
        if any(hex_.terrain == "clear" for hex_ in hexes):
            raise DataError("hex 0101: no clear terrain here")
        return len(hexes)

    with pytest.raises(DataError) as error:
        load_checked(path, list[Hex], no_clear)
    assert str(error.value) == f"{path}: hex 0101: no clear terrain here"
    assert load_checked(path, list[Hex], len) == 1
