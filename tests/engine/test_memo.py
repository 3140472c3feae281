"""A position's facts are remembered only while a decision is listed (engine/memo.py)."""

from wargame.engine.memo import Answers, is_read, reading, remembered


def test_an_answer_is_worked_out_once_while_the_position_is_read():
    data = {"units": 3}
    asked = []

    def answer():
        asked.append(1)
        return data["units"]

    with reading(data):
        assert is_read(data)
        assert remembered(data, "units", answer) == 3
        assert remembered(data, "units", answer) == 3
    assert len(asked) == 1


def test_outside_a_reading_every_question_is_answered_afresh():
    data = {"units": 3}
    with reading(data):
        remembered(data, "units", lambda: data["units"])
    data["units"] = 4  # an effect changes the position after the listing
    assert not is_read(data)
    assert remembered(data, "units", lambda: data["units"]) == 4


def test_a_nested_reading_keeps_the_outer_memo():
    data: dict[str, int] = {}
    with reading(data):
        remembered(data, "q", lambda: 1)
        with reading(data):
            assert remembered(data, "q", lambda: 2) == 1
        assert remembered(data, "q", lambda: 3) == 1


def test_answers_are_kept_across_positions_until_the_limit_is_reached():
    asked = []
    answers: Answers[int] = Answers(2)

    def answer(number: int) -> int:
        asked.append(number)
        return number * 10

    assert answers.get(1, lambda: answer(1)) == 10
    assert answers.get(1, lambda: answer(1)) == 10
    assert answers.get(2, lambda: answer(2)) == 20
    assert asked == [1, 2]
    assert answers.get(3, lambda: answer(3)) == 30  # full: all forgotten, then kept
    assert answers.get(1, lambda: answer(1)) == 10
    assert asked == [1, 2, 3, 1]
