"""Dealer scripts on the exact dealer: same boards as the seat specs, same law as dealer's rejection."""

import io

import numpy as np
import pytest

from bridgegui.engine import evaluation, stats
from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.script import ScriptError, compile_script, run_script
from bridgegui.engine.script.request import (
    ContradictionError,
    compile_condition,
    export_script,
    import_script,
    refuse_condition_against,
    request_from_script,
    run_script_exact,
    shape_tokens,
)

ONE_NT = """
produce 200
nt = hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)
condition nt && hearts(south) >= 5
"""


def test_script_and_seat_specs_give_the_same_boards_for_the_same_seed():
    script_request = request_from_script(compile_script(ONE_NT))
    assert script_request.condition is None  # everything maps onto seat constraints
    specs = DealRequest.from_specs(north="hcp 15-17, balanced", south="hearts 5+")
    assert script_request.seats[0].allowed_shapes == specs.seats[0].allowed_shapes
    a = planner.deal(script_request, 200, seed=31)
    b = planner.deal(specs, 200, seed=31)
    assert (a == b).all()


def test_run_exact_prints_like_dealer_and_counts():
    out = io.StringIO()
    script = compile_script(ONE_NT + "action printoneline, average hcp(south)\n")
    run = run_script_exact(script, out, seed=4, produce=7)
    lines = out.getvalue().splitlines()
    assert sum(line.startswith("n ") for line in lines) == 7
    assert run.produced == 7 and run.deals.shape == (7, 4)
    assert any(line.startswith("Produced 7 hands") for line in lines)


def test_residual_conditions_keep_the_law_of_plain_rejection():
    text = """
    produce 6000
    condition hcp(north) >= 12 && hcp(north) <= 14 && spades(north) + spades(south) >= 8 && losers(south) <= 8
    """
    script = compile_script(text)
    request = request_from_script(script)
    assert request.seats[0].hcp is not None and request.condition is not None
    fast = run_script_exact(script, None, seed=8).deals
    assert fast.shape == (6000, 4)
    slow_out = io.StringIO()
    slow_script = compile_script(text + "action printoneline\n")
    collected = []
    slow_script.run_actions = lambda batch, *a, **k: collected.append(np.array(batch))  # type: ignore[method-assign]
    run_script(slow_script, slow_out, seed=9, produce=6000)
    slow = np.concatenate(collected)
    for values in (
        lambda b: evaluation.hcp(b[:, 2]),
        lambda b: evaluation.suit_lengths(b[:, 2])[:, 0],
        lambda b: evaluation.losers(b[:, 2]),
        lambda b: evaluation.hcp(b[:, 1]),
    ):
        x, y = values(fast), values(slow)
        keys = np.union1d(x, y)
        result = stats.chi_square_homogeneity([int((x == k).sum()) for k in keys], [int((y == k).sum()) for k in keys])
        assert result.p_value > 1e-4, result


def test_shape_tokens_compress_full_pattern_sets():
    balanced = DealRequest.from_specs(north="balanced").seats[0].allowed_shapes
    assert shape_tokens(balanced) == ("balanced",)
    assert shape_tokens(DealRequest.from_specs(north="shape 4333 5xxx").seats[0].allowed_shapes)[-1] == "4333"
    assert shape_tokens(frozenset({(5, 4, 3, 1)})) == ("5=4=3=1",)


def test_generate_without_produce_behaves_as_dealer():
    # With only a non-printing action, dealer looks at all 20,000 deals (no default produce of 40).
    script = compile_script("generate 20000\ncondition shape(north, any 7xxx)\naction average hcp(north)\n")
    run = run_script_exact(script, None, seed=3)
    assert run.generated == 20000
    # P(some 7-card suit or longer... exactly a 7xxx pattern) ~ 3.5%: the count is binomial.
    p = sum(n for pattern, n in stats.pattern_counts().items() if pattern[0] == 7) / stats.HANDS
    assert abs(run.produced - 20000 * p) < 5 * (20000 * p * (1 - p)) ** 0.5


def test_export_then_import_round_trips_the_editors():
    request = DealRequest.from_specs(
        north="hcp 15-17, balanced, cards AS", south="hearts 5+, ltc 8-", ns="hcp 25+, fit 8+"
    )
    text, warnings = export_script(request, produce=12, dealer_seat="N", vulnerable="NS", advanced="hascard(east, KS)")
    assert warnings == []
    imported = import_script(text)
    assert imported.seat_specs == ("hcp 15-17, balanced, cards AS", "", "hearts 5+", "")
    assert imported.produce == 12 and imported.dealer == "N" and imported.vulnerable == "NS"
    assert "losers(south) <= 8" in imported.advanced and "hascard(east, KS)" in imported.advanced


def test_exported_script_selects_the_same_deals():
    request = DealRequest.from_specs(north="hcp 12-14, qt 2+, not 4333", south="controls 3-5", ew="fit 9+ spades")
    text, _ = export_script(request)
    script = compile_script(text)
    batch = deal_batch(100_000, seed=12)
    assert (script.condition(batch) == request.mask(batch)).all()
    assert request.mask(batch).sum() > 50


def test_playing_tricks_cannot_be_exported_and_say_so():
    text, warnings = export_script(DealRequest.from_specs(south="tricks 6+"))
    assert warnings and "playing tricks" in warnings[0]
    assert "# left out" in text


def test_advanced_condition_compiles_and_reports_positions():
    condition = compile_condition("spades(north) + spades(south) >= 8 && hcp(east) < 10")
    batch = deal_batch(20_000, seed=2)
    lengths = evaluation.suit_lengths(batch).astype(int)
    expected = (lengths[:, 0, 0] + lengths[:, 2, 0] >= 8) & (evaluation.hcp(batch[:, 1]) < 10)
    assert (condition(batch) == expected).all()
    with pytest.raises(ScriptError) as info:
        compile_condition("hcp(north) >= 12 &&\n  hcpp(south) > 3")
    assert (info.value.line, info.value.column) == (2, 3)


def test_an_advanced_condition_that_can_never_be_true_is_refused_as_the_command_line_refuses_it():
    """The window's condition goes through ``request_from_script``, like a script's (new-user trial s24)."""
    with pytest.raises(ContradictionError) as info:
        compile_condition("spades(south) >= 5 &&\n  hcp(north) >= 38")
    assert "can never be true" in str(info.value)
    assert (info.value.line, info.value.column, info.value.seat) == (2, 3, "N")
    with pytest.raises(ContradictionError):
        compile_condition("hcp(north) >= 20 && hcp(north) < 10")
    with pytest.raises(ContradictionError) as info:  # each term possible, not together: as the CLI refuses it
        compile_condition("spades(north) >= 7 && spades(south) >= 7")
    assert "minimum lengths add up to 14" in str(info.value)
    assert compile_condition("hcp(north) >= 37")(deal_batch(1_000, seed=3)).sum() == 0  # possible, only rare


def test_a_condition_is_refused_together_with_the_seat_editors_as_the_command_line_refuses_the_script():
    """Each possible alone (North ``hcp 20+`` in the editor, ``hcp(north) < 10`` in the condition), not together."""
    editors = DealRequest.from_specs(north="hcp 20+")
    with pytest.raises(ContradictionError) as info:
        refuse_condition_against(editors, "spades(south) >= 5 &&\n  hcp(north) < 10")
    assert "contradicts North's constraints" in str(info.value) and "hcp 20+" in str(info.value)
    assert (info.value.line, info.value.column, info.value.seat, info.value.field) == (2, 3, "N", "hcp")
    with pytest.raises(ContradictionError) as info:  # across seats: no one place in the text
        refuse_condition_against(editors, "hcp(south) >= 21")
    assert "more than the 40 in the deck" in str(info.value) and info.value.line == 0
    refuse_condition_against(editors, "hcp(north) >= 22")  # possible: 22+ within 20+
    refuse_condition_against(editors, "spades(north) + hearts(south) >= 9")  # no simple term: nothing to refuse
