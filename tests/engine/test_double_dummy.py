"""Double-dummy wrapper: the absence path (endplay missing, simulated) and the presence path (skipped without endplay).

The expected values come from real files in ../shared/pbn-samples: endplay's sample and a BridgeComposer
file write the same tags for the same deals, which fixes the order of the 20 hex digits (N S E W, each
NT S H D C) and the style of ``OptimumScore``.
"""

import builtins
import importlib.util
import json
import re
import sys

import numpy as np
import pytest

from bridgegui.engine import Board, double_dummy, parse_deal
from bridgegui.engine.double_dummy import DDTable, DoubleDummyUnavailableError

HAS_ENDPLAY = importlib.util.find_spec("endplay") is not None
needs_endplay = pytest.mark.skipif(not HAS_ENDPLAY, reason="endplay is not installed (pip install bridgegui[dd])")

# endplay_sample.pbn, board 1: dealer N, vulnerable "-".
SAMPLE_DEAL = "N:AT9.2.J432.A9863 76432.4.KQ.QJT72 Q.KJ976.AT8765.5 KJ85.AQT853.9.K4"
SAMPLE_TAG = "746b5747b55862758627"
# zdenecek_bridgecomposer.pbn, board 17: dealer N, vulnerable None, OptimumScore "EW 430".
BC_DEAL = "N:K.JT642.A984.K64 QT854.AKQ.J5.T97 J92.9853.732.QJ3 A763.7.KQT6.A852"
BC_TAG = "3263332633aa79aaa79a"


@pytest.fixture
def no_endplay(monkeypatch):
    """Make ``import endplay…`` fail, and the package unfindable, as where it is not installed."""
    real_import = builtins.__import__
    real_find_spec = importlib.util.find_spec

    def fake_import(name, *args, **kwargs):
        if name == "endplay" or name.startswith("endplay."):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    for module in [m for m in sys.modules if m == "endplay" or m.startswith("endplay.")]:
        monkeypatch.delitem(sys.modules, module)
    monkeypatch.setattr(builtins, "__import__", fake_import)
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name.startswith("endplay") else real_find_spec(name, *a)
    )


def test_engine_import_does_not_load_endplay():
    # The optional dependency is imported lazily: importing the engine never pulls it in.
    import subprocess

    code = "import sys, bridgegui.engine, bridgegui.engine.double_dummy; print('endplay' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_absence_path(no_endplay):
    assert double_dummy.available() is False
    message = double_dummy.unavailable_message()
    assert message is not None and double_dummy.install_command() in message
    deal = parse_deal(SAMPLE_DEAL)
    with pytest.raises(DoubleDummyUnavailableError, match=re.escape(double_dummy.install_command())):
        double_dummy.dd_table(deal)
    with pytest.raises(DoubleDummyUnavailableError):
        double_dummy.par(deal, "N", "None")
    with pytest.raises(DoubleDummyUnavailableError):
        double_dummy.board_tags(Board(1, deal))
    # A table read from a file still works without the solver.
    assert DDTable.from_pbn_tag(SAMPLE_TAG).get("N", "D") == 11


def test_tag_round_trip_and_order():
    table = DDTable.from_pbn_tag(SAMPLE_TAG)
    # The sample's OptimumResultTable: N NT 7, S 4, H 6, D 11, C 5; W NT 5, S 8, H 6, D 2, C 7.
    assert [table.get("N", s) for s in ("NT", "S", "H", "D", "C")] == [7, 4, 6, 11, 5]
    assert [table.get("W", s) for s in ("NT", "S", "H", "D", "C")] == [5, 8, 6, 2, 7]
    assert [table.get("S", s) for s in ("NT", "S", "H", "D", "C")] == [7, 4, 7, 11, 5]
    assert table.to_pbn_tag() == SAMPLE_TAG
    assert DDTable.from_pbn_tag(SAMPLE_TAG.upper()) == table
    assert table.as_array().shape == (5, 4)
    assert table.optimum_result_table()[:2] == ["N NT  7", "N  S  4"]
    assert table.optimum_result_table()[3] == "N  D 11"
    with pytest.raises(ValueError, match="20 hex digits"):
        DDTable.from_pbn_tag("746b5")


def test_par_tag_style():
    assert double_dummy.Par(420, ("4S N",)).to_pbn_tag() == "NS 420"
    assert double_dummy.Par(-430, ("3NT E +1", "3NT W +1")).to_pbn_tag() == "EW 430"
    assert double_dummy.Par(-200, ("5Hx N -1",)).to_pbn_tag() == "NS -200"
    assert double_dummy.Par(300, ("5Sx E -2",)).to_pbn_tag() == "EW -300"
    assert double_dummy.Par(0, ()).to_pbn_tag() == "NS 0"


@needs_endplay
def test_presence_path_matches_real_files():
    assert double_dummy.available() is True
    assert double_dummy.unavailable_message() is None
    table = double_dummy.dd_table(parse_deal(SAMPLE_DEAL))
    assert table.to_pbn_tag() == SAMPLE_TAG
    result = double_dummy.par(table, "N", "None")
    assert result.score == 400 and result.to_pbn_tag() == "NS 400"  # the sample's [OptimumScore "NS +400"]
    # Par from a table read from a file needs no second solve.
    board = Board(17, parse_deal(BC_DEAL))
    tags = double_dummy.board_tags(board, DDTable.from_pbn_tag(BC_TAG))
    assert tags == {"DoubleDummyTricks": BC_TAG, "OptimumScore": "EW 430"}
    assert "3NT E +1" in double_dummy.par(DDTable.from_pbn_tag(BC_TAG), "N", "None").contracts
    with pytest.raises(ValueError, match="vulnerability"):
        double_dummy.par(parse_deal(SAMPLE_DEAL), "N", "Both")  # rejected before any solving


@needs_endplay
def test_strain_tricks_batch_agrees_with_table():
    import numpy as np

    deal = parse_deal(SAMPLE_DEAL)
    batch = np.array([deal.hands], dtype=np.uint64)
    assert double_dummy.strain_tricks(batch, "D").tolist() == [[11, 2, 11, 2]]


# -- the install hint: one, right for how the program was installed ----------------------------


def _record(url: str, editable: bool | None = None) -> str:
    info: dict[str, object] = {"url": url}
    if editable is not None:
        info["dir_info"] = {"editable": editable}
    return json.dumps(info)


def test_an_editable_install_is_told_to_reinstall_its_folder_with_the_extra(tmp_path):
    record = _record(tmp_path.as_uri(), editable=True)
    assert double_dummy.install_command(record, cwd=tmp_path) == "pip install -e '.[dd]'"
    elsewhere = tmp_path / "elsewhere"
    assert double_dummy.install_command(record, cwd=elsewhere) == f"pip install -e '{tmp_path}[dd]'"


def test_an_install_from_a_folder_is_told_to_install_that_folder_with_the_extra(tmp_path):
    record = _record(tmp_path.as_uri(), editable=False)
    assert double_dummy.install_command(record, cwd=tmp_path) == "pip install '.[dd]'"


def test_an_install_from_an_index_is_told_the_package_name(monkeypatch):
    monkeypatch.setattr(double_dummy, "_checkout", lambda: None)  # not running from a source checkout
    assert double_dummy.install_command("") == "pip install 'bridgegui[dd]'"
    # a wheel file or an archive URL is not a folder to reinstall either
    assert double_dummy.install_command(_record("https://example.org/bridgegui-0.1.tar.gz")) == (
        "pip install 'bridgegui[dd]'"
    )


def test_a_source_checkout_without_a_record_is_editable(monkeypatch, tmp_path):
    monkeypatch.setattr(double_dummy, "_checkout", lambda: tmp_path)
    assert double_dummy.install_command("", cwd=tmp_path) == "pip install -e '.[dd]'"


def test_the_hint_names_the_command_and_is_the_one_the_old_constant_gives():
    assert double_dummy.install_command() in double_dummy.enable_hint()
    assert double_dummy.enable_hint() == double_dummy.ENABLE_HINT


@needs_endplay
def test_batched_tables_and_contract_tricks_agree_with_one_table_at_a_time():
    import numpy as np

    from bridgegui.engine.cards import Deal
    from bridgegui.engine.dealing import deal_batch

    rows = deal_batch(5, seed=12)
    singles = [double_dummy.dd_table(Deal.from_masks(r)) for r in rows.tolist()]
    assert double_dummy.dd_tables(rows) == singles
    strains, declarers = np.array([0, 1, 2, 3, 4]), np.array([3, 2, 1, 0, 2])
    expected = [t.tricks[s][d] for t, s, d in zip(singles, strains, declarers, strict=True)]
    for method in ("boards", "tables"):
        assert double_dummy.contract_tricks(rows, strains, declarers, method=method).tolist() == expected


def test_batches_are_as_few_as_dds_allows_and_alike_in_size():
    """40 deals are one calc_all_tables call (DDS takes 40 full tables), not 32 and 8 with a core idle."""
    assert double_dummy._even_chunks(40, 40) == [(0, 40)]
    assert double_dummy._even_chunks(50, 40) == [(0, 25), (25, 50)]
    assert double_dummy._even_chunks(81, 40) == [(0, 27), (27, 54), (54, 81)]
    assert double_dummy._even_chunks(0, 40) == []
    for count in range(1, 130):
        chunks = double_dummy._even_chunks(count, 40)
        sizes = [hi - lo for lo, hi in chunks]
        assert chunks[0][0] == 0 and chunks[-1][1] == count and max(sizes) <= 40
        assert len(chunks) == -(-count // 40) and max(sizes) - min(sizes) <= 1


@needs_endplay
def test_a_batch_of_forty_is_solved_in_one_call(monkeypatch):
    from bridgegui.engine import dds_binding
    from bridgegui.engine.dealing import deal_batch

    calls = []

    def count_rows(dds, rows, *args):
        # What is asserted is how the batch is handed to DDS; solving forty tables for real (most of a
        # minute on a busy runner) adds nothing that the agreement tests above do not already prove.
        calls.append(len(rows))
        return np.zeros((len(rows), 5, 4), dtype=np.intc)

    monkeypatch.setattr(dds_binding, "calc_all_tables", count_rows)
    double_dummy.dd_tables(deal_batch(40, seed=3))
    assert calls == [40]


@needs_endplay
def test_solving_does_not_run_endplays_start_up_and_endplay_reuses_the_library():
    """endplay's package start-up imports matplotlib (most of half a second); DDS is loaded without it,
    and a later ``import endplay`` (a user's script) finds the same DDS module instead of a second one."""
    import subprocess

    code = (
        "import sys; from bridgegui.engine import double_dummy, parse_deal; "
        f"t = double_dummy.dd_table(parse_deal({SAMPLE_DEAL!r})); "
        "print(t.to_pbn_tag(), double_dummy.par(t, 'N', 'None').score, "
        "'endplay' in sys.modules, 'matplotlib' in sys.modules); "
        "binding = sys.modules['endplay._dds']; import endplay; print(endplay._dds is binding)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [SAMPLE_TAG, "400", "False", "False", "True"]


def test_holdings_are_ddss_bits_hand_by_hand_suit_by_suit():
    from bridgegui.engine.dds_binding import holdings

    deal = parse_deal(SAMPLE_DEAL)  # North AT9.2.J432.A9863
    cards = holdings([deal.hands])
    assert cards.shape == (1, 4, 4) and cards.dtype.name == "uint32"
    ace, ten, nine, deuce = 1 << 14, 1 << 10, 1 << 9, 1 << 2  # DDS: bit 2 is the deuce, bit 14 the ace
    assert cards[0, 0, 0] == ace | ten | nine and cards[0, 0, 1] == deuce
    assert sum(bin(int(h)).count("1") for h in cards[0].ravel()) == 52


def test_a_dds_build_laid_out_otherwise_is_refused(monkeypatch):
    import ctypes
    import types

    from bridgegui.engine import dds_binding

    class Wrong(ctypes.Structure):
        _fields_ = [("x", ctypes.c_int)]

    odd = types.SimpleNamespace(deal=Wrong, futureTricks=Wrong, ddTableDeal=Wrong, ddTableResults=Wrong)
    with pytest.raises(dds_binding.BindingUnavailableError, match="laid out"):
        dds_binding._check_layout(odd)


@needs_endplay
def test_endplay_without_its_sources_on_disk_is_imported_as_usual(monkeypatch, tmp_path):
    """A frozen build keeps endplay's modules in its archive, not as files: the binding then imports them."""
    from bridgegui.engine import dds_binding

    monkeypatch.delitem(sys.modules, dds_binding.MODULE_NAME, raising=False)
    monkeypatch.setattr(dds_binding, "_endplay_folder", lambda: tmp_path)  # a folder without _dds/__init__.py
    imported = []
    real = dds_binding.importlib.import_module
    monkeypatch.setattr(
        dds_binding.importlib, "import_module", lambda name, *a: imported.append(name) or real(name, *a)
    )
    assert dds_binding.binding().MAXNOOFTABLES == 40
    assert imported[0] == "endplay._dds"  # (endplay's own start-up imports more after it)


@needs_endplay
def test_more_deals_than_ddss_arrays_hold_are_refused_before_any_copy():
    """The deals are copied into DDS's fixed arrays: one too many would write past their end."""
    from bridgegui.engine import dds_binding
    from bridgegui.engine.dealing import deal_batch

    dds = dds_binding.binding()
    with pytest.raises(ValueError, match="at most 200 strain tables"):
        dds_binding.calc_all_tables(dds, deal_batch(41, seed=1))
    with pytest.raises(ValueError, match="at most 200 boards"):
        dds_binding.solve_leads(dds, deal_batch(201, seed=1), np.zeros(201), np.zeros(201))
    one_strain = tuple(k != 4 for k in range(5))
    assert dds_binding.calc_all_tables(dds, deal_batch(2, seed=1), one_strain).shape == (2, 5, 4)
