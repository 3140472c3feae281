import pytest

from wargame.engine.i18n import ENGINE_CATALOG, LANGUAGES, Catalog, flatten


@pytest.fixture
def catalog():
    return Catalog(
        {
            "en": {
                "log.move": "{side:side} moves to {hex:hex}",
                "side.japan": "Japan",
                "hex.2220": "Soerabaja",
                "log.list": "{sides:side}",
            },
            "ja": {"log.move": "{side:side}が{hex:hex}へ移動", "side.japan": "日本"},
        }
    )


def test_fields_with_a_namespace_render_through_the_catalogue(catalog):
    assert catalog.render("log.move", {"side": "japan", "hex": "2220"}, "en") == (
        "Japan moves to Soerabaja"
    )


def test_unnamed_values_print_as_themselves_and_japanese_falls_back_to_english_names(catalog):
    assert catalog.render("log.move", {"side": "japan", "hex": "2221"}, "ja") == "日本が2221へ移動"
    assert (
        catalog.render("log.move", {"side": "japan", "hex": "2220"}, "ja")
        == "日本がSoerabajaへ移動"
    )


def test_lists_are_joined_per_language(catalog):
    assert catalog.render("log.list", {"sides": ["japan", "usa"]}, "en") == "Japan, usa"


def test_unknown_key_and_missing_parameter_render_without_crashing(catalog):
    assert catalog.render("log.nope", {"a": 1}, "en") == "log.nope a=1"
    assert catalog.render("log.move", {"side": "japan"}, "en") == "Japan moves to {hex}"


def test_unsupported_language_is_refused(catalog):
    with pytest.raises(ValueError, match="unsupported language"):
        catalog.add("fr", {})


def test_flatten_nested_messages():
    assert flatten({"a": {"b": "x", "c": {"d": 1}}}) == {"a.b": "x", "a.c.d": "1"}


def test_engine_catalogue_has_every_key_in_every_language():
    english = ENGINE_CATALOG.keys("en")
    assert english
    for lang in LANGUAGES:
        assert ENGINE_CATALOG.keys(lang) == english


def test_layering_overrides_earlier_catalogues(catalog):
    game = Catalog({"en": {"side.japan": "Imperial Japan"}})
    merged = catalog.layered(game)
    assert merged.name("side", "japan", "en") == "Imperial Japan"
    assert merged.name("side", "japan", "ja") == "日本"


def test_a_folder_may_split_a_language_into_parts_loaded_after_the_main_file(tmp_path):
    (tmp_path / "en.yaml").write_text("log:\n  a: main\n", encoding="utf-8")
    (tmp_path / "en.events.yaml").write_text("log:\n  b: part\n  c: part\n", encoding="utf-8")
    found = Catalog()
    found.add_directory(tmp_path)
    assert [found.lookup(f"log.{k}", "en") for k in "abc"] == ["main", "part", "part"]
    assert found.keys("ja") == set()


@pytest.mark.parametrize(
    ("files", "culprit"),
    [
        ({"en.yaml": "log.a: one\nlog.a: two\n"}, "en.yaml"),  # YAML would keep the last
        ({"en.yaml": "log.a: one\nlog:\n  a: two\n"}, "en.yaml"),  # two spellings
        ({"en.yaml": "log.a: one\n", "en.events.yaml": "log:\n  a: two\n"}, "en.events.yaml"),
    ],
)
def test_a_key_defined_twice_in_a_folder_is_refused_naming_the_file(tmp_path, files, culprit):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=rf"{culprit}: .*'log\.a' is defined twice"):
        Catalog().add_directory(tmp_path)


def test_a_later_layer_still_overrides_an_earlier_one():
    engine, game = Catalog({"en": {"log.a": "engine"}}), Catalog({"en": {"log.a": "game"}})
    assert engine.layered(game).lookup("log.a", "en") == "game"


def test_a_message_field_renders_its_value_as_a_message_with_the_same_parameters(catalog):
    catalog.add("en", {"log.over": "Game over: {summary:msg}", "result.won": "{winner:side} won"})
    catalog.add(
        "ja", {"log.over": "ゲーム終了：{summary:msg}", "result.won": "{winner:side}の勝利"}
    )
    params = {"summary": "result.won", "winner": "japan"}
    assert catalog.render("log.over", params, "en") == "Game over: Japan won"
    assert catalog.render("log.over", params, "ja") == "ゲーム終了：日本の勝利"
