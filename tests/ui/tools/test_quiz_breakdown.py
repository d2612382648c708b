"""The quiz window phrases the engine's breakdown records itself, in the same words as the engine's English."""

from __future__ import annotations

import pytest

from bridgegui.engine import deal_batch
from bridgegui.engine.dealing import make_rng
from bridgegui.engine.teaching import quiz
from bridgegui.ui.tools.quiz_breakdown import breakdown_lines


def _questions(kind: str, n: int = 150) -> list[quiz.Question]:
    deals = deal_batch(n, rng=make_rng(20261123))
    return quiz.questions_from_deals(deals, kinds=(kind,), seed=7)


@pytest.mark.parametrize(
    "kind", [quiz.HCP, quiz.QUICK_TRICKS, quiz.LOSERS, quiz.PLAYING_TRICKS, quiz.PARTNERSHIP_TRICKS]
)
def test_the_window_says_what_the_engine_says(kind: str) -> None:
    """Over many hands, every reason code is phrased, and the words match the engine's English
    (with the ten written 10, as the diagram prints it)."""
    reasons = set()
    for question in _questions(kind):
        b = quiz.breakdown(question)
        ours = [line for line, _total in breakdown_lines(b)]
        engine = [line.replace("T", "10") if line[:1] in "♠♥♦♣" else line for line in b.lines()]
        assert ours == engine
        reasons |= {c.reason for c in b.suits}
    known = {
        quiz.HCP: quiz.HCP_REASONS,
        quiz.QUICK_TRICKS: quiz.QUICK_TRICK_REASONS,
        quiz.LOSERS: quiz.LOSER_REASONS,
        quiz.PLAYING_TRICKS: quiz.PLAYING_TRICK_REASONS,
    }
    if kind in known:
        assert reasons <= set(known[kind])
        assert len(reasons) >= 2


def test_only_the_total_line_is_marked() -> None:
    question = _questions(quiz.LOSERS, 1)[0]
    lines = breakdown_lines(quiz.breakdown(question))
    assert [total for _line, total in lines] == [False] * 4 + [True]
    assert lines[-1][0].startswith("Total:")


def test_a_ten_is_written_as_the_diagram_writes_it() -> None:
    seen = False
    for question in _questions(quiz.HCP, 40):
        for line, total in breakdown_lines(quiz.breakdown(question)):
            if not total:
                label = line.split(":")[0]
                assert "T" not in label
                seen |= "10" in label
    assert seen
