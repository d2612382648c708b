"""Hans van Staveren's ``dealer`` input language, compiled to numpy.

``compile_script(text)`` parses a dealer script with a hand-written recursive-descent parser
(``parser``) and compiles every expression into a function of a whole batch of deals
(``compiler``): no ``eval`` and no per-deal interpretation.  The resulting ``Script`` exposes the
settings (``generate``, ``produce``, ``dealer``, ``vulnerable``, ``predeal``), the vectorised
``condition(batch)``, the actions with dealer's exact output layouts (``actions``), dealer's end
report (``finish``) and a decomposition of the condition into single-seat terms for an exact dealer
(``seat_terms``).  ``run_script`` is dealer's main loop on top of it.

Reference: dealer's manual (``/usr/share/doc/dealer/Manual`` in the Debian package) and the
behaviour of the dealer 2021-11-21 binary, which the tests compare against when it is installed:
output layouts byte for byte, and every shared function deal by deal.  Where they differ:

* ``altcount N`` redefines ``ptN`` as the manual says; the binary redefines ``pt(N-1)``.
* ``predeal spades(north) == 1`` is enforced (by ``condition``); the binary parses and ignores it.
* ``imps`` follows the WBF scale; the binary gives 10 for 420 and 16 for 1200-1290.
* ``n / 0`` and ``n % 0`` are 0 (the binary dies of SIGFPE); a literal ``/ 0`` is an error.
* ``tricks()`` (double dummy), ``cccc()`` and ``quality()`` raise ``ScriptError``.
* The deals and ``rnd()`` values differ: the random streams are numpy's, not dealer's.
* A few spellings dealer refuses are accepted (see ``parser``); none changes a script dealer runs.
* Numbers are int64, not C ints.  Constant arithmetic is exact, and a constant outside int64
  (``4611686018427387904 * 2``) is a ``ScriptError`` naming its place; run-time arithmetic wraps.
  ``average`` sums exactly.
* A UTF-8 byte-order mark at the start is skipped.  Parentheses may nest 10,000 deep (dealer's own
  limit) and expression trees 5,000 deep, through variables; deeper is a ``ScriptError``.

Any text given to ``compile_script`` (and to ``request.import_script`` and
``request.compile_condition``) ends in a result or a ``ScriptError``; running a compiled script
raises nothing else either (``tests/fuzz/test_fuzz_dealer_scripts.py`` checks both).

Importing the package loads none of it: each name is imported from its module on first use, so a
caller that needs only a light module (``shapes``, ``lexer``) does not pay for the parser and the
compiler, and the bidding engine's quick ``where`` path stays quick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bridgegui.engine.lazy_exports import exported

if TYPE_CHECKING:
    from bridgegui.engine.script.actions import Action, Average, Frequency, RunInfo
    from bridgegui.engine.script.diagnostics import ScriptError
    from bridgegui.engine.script.parser import KNOWN_FUNCTIONS, ParsedScript, parse
    from bridgegui.engine.script.runner import RunResult, run_script
    from bridgegui.engine.script.script import Script, compile_script
    from bridgegui.engine.script.seat_terms import ConditionParts, SeatTerm
    from bridgegui.engine.script.syntax import Expr

_HOMES = {
    "Action": "actions",
    "Average": "actions",
    "Frequency": "actions",
    "RunInfo": "actions",
    "ScriptError": "diagnostics",
    "KNOWN_FUNCTIONS": "parser",
    "ParsedScript": "parser",
    "parse": "parser",
    "RunResult": "runner",
    "run_script": "runner",
    "Script": "script",
    "compile_script": "script",
    "ConditionParts": "seat_terms",
    "SeatTerm": "seat_terms",
    "Expr": "syntax",
}
"""The module of each name the package exports."""


def __getattr__(name: str) -> Any:
    return exported(__name__, _HOMES, globals(), name)


__all__ = [
    "KNOWN_FUNCTIONS",
    "Action",
    "Average",
    "ConditionParts",
    "Expr",
    "Frequency",
    "ParsedScript",
    "RunInfo",
    "RunResult",
    "Script",
    "ScriptError",
    "SeatTerm",
    "compile_script",
    "parse",
    "run_script",
]
