"""The battle panel previews a ship's engagement of an enemy ship that moved (15.02, 16.11) in
the Greece-Turkey War, where both navies sail submarines of one class: each side's table of units
fits its box on a phone held upright (its headers wrap), and the two units are told apart by
their nations (forces.display_names), in English and Japanese."""

from __future__ import annotations

import pytest

from tests.browser.language import page_problems
from tests.browser.positions import body_of, reach
from tests.browser.test_what_the_game_tells import open_position
from wargame.games import REGISTRY

pytestmark = [pytest.mark.game("aegean-strike"), pytest.mark.slow]

GAME = REGISTRY.game("aegean-strike")


@pytest.fixture
def context_options() -> dict[str, object]:
    return {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def engagement(_state, _side, view):
    """The first ``engage SHIP UNIT`` offered with its preview."""
    notes = view.get("notes") or {}
    found = [a for a in view["actions"] if a.startswith("engage ")]
    return next((a for a in found if (notes.get(a) or {}).get("preview")), None)


@pytest.mark.rule("16.11", "15.02")
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [390, 1500])
def test_a_naval_preview_fits_its_panel_and_names_each_ship_apart(
    page, server, artifacts, lang, width
):
    position = reach(server, "greece_turkey_war", 3, engagement, 3000, game=GAME)
    preview = body_of(server, position, lang)["notes_text"][position.found]["preview"]
    page.set_viewport_size({"width": width, "height": 844})
    open_position(page, server, position, lang)
    page.wait_for_selector('#battle-panel[data-preview="offered"] .preview-side')
    button = f'#battle-panel .preview-choice button[data-preview="{position.found}"]'
    page.click(button)
    page.wait_for_selector(f'{button}[aria-pressed="true"]')
    overflow = page.evaluate(
        """() => {
          const panel = document.querySelector('#battle-panel').getBoundingClientRect();
          return [...document.querySelectorAll('#battle-panel .preview-side table')]
            .map((table) => table.getBoundingClientRect().right - panel.right);
        }"""
    )
    assert overflow and max(overflow) <= 0  # each side's table ends inside the panel
    names = page.evaluate(
        """() => [...document.querySelectorAll('#battle-panel .preview-side tr[data-unit]')]
                 .map((row) => row.cells[0].textContent.trim())"""
    )
    units = [unit["id"] for side in preview["sides"] for unit in side["units"]]
    assert len(names) == len(units) and len(set(names)) == len(names)
    if lang == "ja":
        assert [str(problem) for problem in page_problems(page)] == []
    shot = artifacts / f"as_naval_preview_{lang}_{width}.png"
    page.locator("#battle-panel").screenshot(path=str(shot))
