"""The fuzz suites' two profiles, in one place.

A target marked ``@pytest.mark.fuzz(quick=N, slow=M)`` that takes ``run_settings`` runs twice: a quick
profile of N examples (CI, plain ``pytest``) and a long one of M examples (marked ``slow``). Plain ``pytest``
does not deselect ``slow``, so the long profile skips unless ``-m`` names ``slow``;
``BRIDGEGUI_FUZZ_SCALE=K`` multiplies its examples for a soak run.  Every profile is derandomized, so a
failure found in CI is found again.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

SCALE = int(os.environ.get("BRIDGEGUI_FUZZ_SCALE", "1"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "fuzz(quick, slow): run a fuzz target at a quick and a long profile")


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    marker = metafunc.definition.get_closest_marker("fuzz")
    if marker is None or "run_settings" not in metafunc.fixturenames:
        return
    quick, slow = marker.kwargs["quick"], marker.kwargs["slow"]
    metafunc.parametrize(
        "run_settings",
        [
            pytest.param(fuzz_settings(quick), id="quick"),
            pytest.param(fuzz_settings(slow * SCALE), id="slow", marks=pytest.mark.slow),
        ],
    )


@pytest.fixture(autouse=True)
def _long_profile_only_when_asked(request: pytest.FixtureRequest) -> None:
    """The long profile runs only when ``-m`` names ``slow``: CI runs plain ``pytest``, which does not deselect it."""
    if request.node.get_closest_marker("fuzz") is None:
        return
    if request.node.get_closest_marker("slow") and "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("the long fuzz profile runs with -m slow")
