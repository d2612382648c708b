"""Every token's line and column, over scripts mixing comments, strings, newlines and words."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgegui.engine.script.diagnostics import ScriptError
from bridgegui.engine.script.lexer import tokenize

PIECES = st.sampled_from(
    [
        " ",
        "\t",
        "\n",
        "\r\n",
        "hcp(north)",
        ">=",
        "12",
        "&&",
        "# a comment\n",
        "// another\n",
        "/* one\ntwo */",
        '"text\nwith a newline"',
        "\\n",
        "shape",
        "me",
    ]
)


def walked(text: str) -> dict[tuple[int, int], int]:
    """The place of each (line, column) in ``text``, walking it one character at a time (the oracle)."""
    places = {}
    line, column = 1, 1
    for place, ch in enumerate(text + " "):
        places[(line, column)] = place
        line, column = (line + 1, 1) if ch == "\n" else (line, column + 1)
    return places


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=40), st.booleans())
def test_each_token_is_at_its_line_and_column(pieces: list[str], byte_order_mark: bool) -> None:
    text = "".join(pieces)
    tokens = tokenize(("\ufeff" if byte_order_mark else "") + text)
    places = walked(text)
    for token in tokens[:-1]:
        spelled = f'"{token.text}"' if token.kind == "string" else token.text
        assert text[places[(token.line, token.column)] :].startswith(spelled)
    assert places[(tokens[-1].line, tokens[-1].column)] == len(text)


def test_an_unclosed_comment_is_reported_where_it_opens() -> None:
    with pytest.raises(ScriptError) as caught:
        tokenize("hcp(north) > 1\n  /* never\nclosed")
    assert (caught.value.line, caught.value.column) == (2, 3)
