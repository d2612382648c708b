"""Importing a dealer script's shapes into the seat editors.

``any 0xxx`` and every ``not shape(...)`` hold shapes with a suit of 10+ cards, whose old seat-spec
text (``13000``) could not be read back: the import failed with "shape '13000' needs four lengths".
And ``any 5xxx`` was shown as a list of 30 exact shapes.  The spec grammar and its printer
(``specs.compact_shape_tokens``) are fixed, and ``request_from_script`` prints with them.
"""

from __future__ import annotations

import pytest

from bridgegui.engine.dealer.constraints import parse_seat_spec
from bridgegui.engine.script import compile_script
from bridgegui.engine.script.request import import_script


@pytest.mark.parametrize(
    ("condition", "north"),
    [
        ("shape(north, any 5xxx)", "shape 5xxx"),
        ("shape(north, any 0xxx)", "shape 0xxx"),
        ("not shape(north, any 0xxx)", "not 0xxx"),
        ("!shape(north, any 4333 + any 5332)", "not 5332 4333"),
        ("shape(north, 56xx55xx)", "shape 5=5=x=x 5=6=x=x"),
    ],
)
def test_imported_shapes_are_compact_and_read_back(condition, north):
    imported = import_script(f"produce 4\ncondition {condition}\n")
    assert imported.seat_specs[0] == north
    wanted = compile_script(f"condition {condition}").seat_terms().terms[0].shapes
    assert parse_seat_spec(imported.seat_specs[0]).allowed_shapes == wanted
