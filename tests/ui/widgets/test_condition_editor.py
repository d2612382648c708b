"""The advanced-condition editor: compiles as you type, shows errors at their position."""

import pytest

from bridgegui.engine import deal_batch, evaluation
from bridgegui.engine.script import ScriptError
from bridgegui.ui.widgets.condition_editor import ConditionEditor


@pytest.fixture
def editor(qtbot):
    widget = ConditionEditor()
    qtbot.addWidget(widget)
    return widget


def test_object_name_and_empty_means_no_condition(editor):
    assert editor.objectName() == "advancedCondition"
    assert editor.condition() is None
    assert editor.error() is None


def test_valid_expression_compiles_to_a_batch_condition(editor, qtbot):
    with qtbot.waitSignal(editor.changed, timeout=1000):
        editor.edit.setPlainText("spades(north) + spades(south) >= 8")
    condition = editor.condition()
    assert condition is not None
    batch = deal_batch(5000, seed=1)
    lengths = evaluation.suit_lengths(batch).astype(int)
    assert (condition(batch) == (lengths[:, 0, 0] + lengths[:, 2, 0] >= 8)).all()
    assert editor.message.isHidden()


def test_error_is_shown_at_its_position(editor):
    editor.edit.setPlainText("hcp(north) >= 12 && hcpp(south) > 3")
    with pytest.raises(ScriptError):
        editor.condition()
    assert editor.message.isVisibleTo(editor)
    assert "hcpp" in editor.message.text() and "column 21" in editor.message.text()
    start, end = editor.error_span()
    assert editor.text()[start:end] == "hcpp"


def test_set_text_does_not_emit_changed(editor, qtbot):
    with qtbot.assertNotEmitted(editor.changed):
        editor.set_text("hascard(east, AS)")
    assert editor.condition() is not None
    editor.set_text("")
    assert editor.condition() is None and editor.error_span() is None


def test_highlighter_colours_functions_and_seats(editor):
    editor.set_text("hcp(north) >= 12")
    block = editor.edit.document().firstBlock()
    formats = block.layout().formats()
    starts = {f.start for f in formats}
    assert 0 in starts  # "hcp"
    assert 4 in starts  # "north"


def test_deep_nesting_compiles_and_absurd_nesting_is_shown_under_the_field(editor):
    # ~70 parentheses used to raise RecursionError out of the editor (a console traceback).
    editor.edit.setPlainText("(" * 500 + "hcp(north)" + ")" * 500 + " >= 12")
    assert editor.error() is None and editor.condition() is not None
    editor.edit.setPlainText("(" * 20_000 + "hcp(north)" + ")" * 20_000)
    assert editor.error() is not None
    assert editor.message.isVisibleTo(editor) and "nests too deeply" in editor.message.text()
    editor.edit.setPlainText("-(4611686018427387904 * 2) > 0")
    assert editor.message.isVisibleTo(editor) and "64-bit" in editor.message.text()


def test_any_unexpected_failure_is_shown_under_the_field_not_raised(editor, monkeypatch):
    def broken(text):
        raise MemoryError("out of memory")

    monkeypatch.setattr("bridgegui.ui.widgets.condition_editor.compile_condition", broken)
    editor.edit.setPlainText("hcp(north) > 10")
    with pytest.raises(ScriptError):
        editor.condition()
    assert editor.message.isVisibleTo(editor) and "out of memory" in editor.message.text()
