"""Double-dummy ground truth for the trick estimator, and the fit of its coefficients (a development script).

Needs endplay (``pip install endplay``; a development tool, never a runtime dependency)::

    python scripts/fit_tricks.py generate --seeds 1-6 1001-1004   # solve and cache (about 1.5 min a seed)
    python scripts/fit_tricks.py fit --train 1-6 [--select]       # least squares; prints constants for tricks.py
    python scripts/fit_tricks.py labelled --seeds 1003 1004       # writes bridgegui/engine/data/tricks_labelled.npz
    python scripts/bench_tricks.py                                # the figures on the held-out seeds

Ground truth, per seed: ``DEALS_PER_SEED`` uniformly random deals (``deal_batch(n, seed)``).  For every
deal whose longest fit (either side) has 8+ cards, the fit's strain is solved for all four declarers
(``tricks.fit_contracts`` says which side, strain and declarer); the first ``NT_PER_SEED`` deals are
also solved in notrump.  Results are cached per seed in ``--cache`` (``/tmp/bridgegui-dd`` by default),
so fitting and benchmarking never solve twice.  Seeds 1-6 are for fitting, 1001-1004 are held out
(``bench_tricks.py`` reports on them).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bridgegui.engine import deal_batch, double_dummy, tricks  # noqa: E402  (after the path fix above)

DEALS_PER_SEED = 1000
NT_PER_SEED = 400
DEFAULT_CACHE = Path("/tmp/bridgegui-dd")
TRAIN_SEEDS = tuple(range(1, 7))
HELD_OUT_SEEDS = tuple(range(1001, 1005))
SUIT_FEATURES = (
    "nltc",
    "hcp",
    "controls",
    "fit",
    "long_trumps",
    "ruffs",
    "wasted",
    "eight_card_fit",
    "hcp_by_fit",
    "nltc_by_fit",
)
NOTRUMP_FEATURES = ("hcp", "unstopped", "controls", "combined_pt")
"""The models' terms.  Forward selection (``fit --select``, 5-fold CV on the training seeds) ranks the
first seven of the suit model first; later candidates (``unstopped``, ``combined_pt``, ``side_losers``,
``trump_hcp``) gained under 0.003 MAE each, several with signs a teacher could not explain, and were
left out.  The last three terms let the fit change the weight of the rest (CV MAE 0.639 -> 0.622)."""
LABELLED_PATH = ROOT / "bridgegui" / "engine" / "data" / "tricks_labelled.npz"


def parse_seeds(items: list[str]) -> list[int]:
    seeds: list[int] = []
    for item in items:
        lo, _, hi = item.partition("-")
        seeds.extend(range(int(lo), int(hi or lo) + 1))
    return seeds


def cache_file(cache: Path, seed: int) -> Path:
    return cache / f"dd_seed{seed}_{DEALS_PER_SEED}_{NT_PER_SEED}.npz"


def generate(seed: int, cache: Path) -> Path:
    """Solve one seed's deals (fit strain for 8+ fits, notrump for the first ``NT_PER_SEED``) and cache them."""
    path = cache_file(cache, seed)
    if path.exists():
        return path
    batch = deal_batch(DEALS_PER_SEED, seed)
    sel = tricks.fit_contracts(batch)
    suit_tricks = np.full((DEALS_PER_SEED, 4), -1, dtype=np.int8)
    for strain in range(4):
        rows = np.flatnonzero((sel.fit >= 8) & (sel.strain == strain))
        if rows.size:
            suit_tricks[rows] = double_dummy.strain_tricks(batch[rows], strain)
    nt_tricks = np.full((DEALS_PER_SEED, 4), -1, dtype=np.int8)
    nt_tricks[:NT_PER_SEED] = double_dummy.strain_tricks(batch[:NT_PER_SEED], "NT")
    cache.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, batch=batch, suit_tricks=suit_tricks, nt_tricks=nt_tricks, seed=seed)
    tmp.replace(path)
    return path


def load(seeds: list[int], cache: Path, kind: str) -> dict[str, np.ndarray]:
    """The solved rows of cached seeds: ``declarer`` and ``dummy`` hand masks, ``strain``, ``tricks`` (the truth).

    ``kind`` ``"suit"``: the deals with an 8+ fit, declared as ``tricks.fit_contracts`` says; the truth
    is the better of the side's two declarer seats, and ``declarer_tricks`` is the declarer's own.
    ``kind`` ``"nt"``: the first ``NT_PER_SEED`` deals of each seed, declared in notrump by the side
    with more HCP (ties NS), the hand with more HCP declaring.
    """
    parts: dict[str, list[np.ndarray]] = {
        k: [] for k in ("declarer", "dummy", "strain", "tricks", "declarer_tricks", "seed", "deal", "declarer_seat")
    }
    for seed in seeds:
        path = cache_file(cache, seed)
        if not path.exists():
            raise SystemExit(
                f"seed {seed} is not solved yet: run  python scripts/fit_tricks.py generate --seeds {seed}"
            )
        data = np.load(path)
        batch = data["batch"]
        rows = np.arange(batch.shape[0])
        if kind == "suit":
            sel = tricks.fit_contracts(batch)
            keep = sel.fit >= 8
            solved = data["suit_tricks"]
            declarer, dummy, strain = sel.declarer, sel.dummy, sel.strain
        else:
            keep = rows < NT_PER_SEED
            solved = data["nt_tricks"]
            hcp = tricks.evaluation.hcp(batch).astype(np.int32)
            ew = (hcp[:, 1] + hcp[:, 3]) > (hcp[:, 0] + hcp[:, 2])
            first, second = ew.astype(np.int64), ew.astype(np.int64) + 2
            first_declares = hcp[rows, first] >= hcp[rows, second]
            declarer = np.where(first_declares, first, second)
            dummy = np.where(first_declares, second, first)
            strain = np.full(batch.shape[0], tricks.NOTRUMP)
        own = solved[rows, declarer]
        best = np.maximum(own, solved[rows, dummy])
        if (best[keep] < 0).any():
            raise SystemExit(f"seed {seed}: a {kind} row was not solved (cache from another definition?)")
        parts["declarer"].append(batch[rows, declarer][keep])
        parts["dummy"].append(batch[rows, dummy][keep])
        parts["strain"].append(strain[keep])
        parts["tricks"].append(best[keep].astype(np.float64))
        parts["declarer_tricks"].append(own[keep].astype(np.float64))
        parts["seed"].append(np.full(int(keep.sum()), seed))
        parts["deal"].append(batch[keep])
        parts["declarer_seat"].append(declarer[keep])
    return {k: np.concatenate(v) for k, v in parts.items()}


def least_squares(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    a = np.column_stack([np.ones(len(y)), x])
    coef, *_ = np.linalg.lstsq(a, y, rcond=None)
    return coef


def cross_validated_mae(features: dict[str, np.ndarray], names: list[str], y: np.ndarray, folds: int = 5) -> float:
    x = np.column_stack([features[n] for n in names])
    fold = np.arange(len(y)) % folds
    errors = []
    for k in range(folds):
        coef = least_squares(x[fold != k], y[fold != k])
        errors.append(np.abs(coef[0] + x[fold == k] @ coef[1:] - y[fold == k]))
    return float(np.concatenate(errors).mean())


def forward_selection(
    features: dict[str, np.ndarray], y: np.ndarray, candidates: list[str], max_terms: int
) -> list[tuple[str, float]]:
    """Greedy forward selection by 5-fold cross-validated MAE on the training rows only."""
    chosen: list[str] = []
    path = []
    while len(chosen) < max_terms:
        scores = [(cross_validated_mae(features, [*chosen, n], y), n) for n in candidates if n not in chosen]
        if not scores:
            break
        mae, name = min(scores)
        chosen.append(name)
        path.append((name, mae))
    return path


def fit(
    seeds: list[int], cache: Path, kind: str, names: tuple[str, ...], select: bool
) -> tuple[float, list[tuple[str, float]]]:
    """Least squares of the truth on ``names``; with ``select``, first print the forward-selection path."""
    data = load(seeds, cache, kind)
    features = tricks.features_batch(data["declarer"], data["dummy"], data["strain"])
    y = data["tricks"]
    print(f"{kind}: {len(y)} training rows")
    if select:
        candidates = [n for n in tricks.FEATURE_DESCRIPTIONS if features[n].std() > 0]
        for name, mae in forward_selection(features, y, candidates, len(candidates)):
            print(f"  + {name:12s} 5-fold CV MAE {mae:.4f}")
    print(f"  model {', '.join(names)}: 5-fold CV MAE {cross_validated_mae(features, list(names), y):.4f}")
    coef = least_squares(np.column_stack([features[n] for n in names]), y)
    return float(coef[0]), [(n, float(c)) for n, c in zip(names, coef[1:], strict=True)]


def write_labelled(seeds: list[int], cache: Path, path: Path) -> None:
    """The small labelled set the tests use: every suit and notrump row of held-out ``seeds``.

    Per row: the deal (``(n, 4)`` hand masks N E S W), the declaring seat, the strain (0..3 S H D C,
    4 NT), the truth (the side's better declarer seat) and the declarer's own double-dummy tricks.
    """
    import endplay

    import bridgegui

    rows = [load(seeds, cache, kind) for kind in ("suit", "nt")]
    data = {k: np.concatenate([r[k] for r in rows]) for k in rows[0]}
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        path,
        deals=data["deal"].astype(np.uint64),
        declarer=data["declarer_seat"].astype(np.int8),
        strain=data["strain"].astype(np.int8),
        tricks=data["tricks"].astype(np.int8),
        declarer_tricks=data["declarer_tricks"].astype(np.int8),
        seed=data["seed"].astype(np.int32),
        about=np.array(
            f"bridgegui {bridgegui.__version__}, endplay {endplay.__version__} (DDS); scripts/fit_tricks.py labelled "
            f"--seeds {' '.join(map(str, seeds))}; {DEALS_PER_SEED} deals a seed (deal_batch), suit rows: 8+ fits "
            f"(tricks.fit_contracts), notrump rows: the first {NT_PER_SEED}, the side with more HCP"
        ),
    )
    print(f"{path}: {len(data['tricks'])} rows, {path.stat().st_size:,} bytes")


def model_source(name: str, intercept: float, terms: list[tuple[str, float]]) -> str:
    body = ", ".join(f'("{n}", {c:.4f})' for n, c in terms)
    return f"{name} = LinearModel({intercept:.4f}, ({body},))"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="solve and cache seeds")
    g.add_argument("--seeds", nargs="+", default=[f"{TRAIN_SEEDS[0]}-{TRAIN_SEEDS[-1]}"])
    f = sub.add_parser("fit", help="fit the models on the training seeds and print their constants")
    f.add_argument("--train", nargs="+", default=[f"{TRAIN_SEEDS[0]}-{TRAIN_SEEDS[-1]}"])
    f.add_argument("--select", action="store_true", help="also print the forward-selection path over every feature")
    lab = sub.add_parser("labelled", help="write the labelled test set from held-out seeds")
    lab.add_argument("--seeds", nargs="+", default=[str(s) for s in HELD_OUT_SEEDS[-2:]])
    lab.add_argument("--out", type=Path, default=LABELLED_PATH)
    args = parser.parse_args(argv)
    if args.command == "generate":
        for seed in parse_seeds(args.seeds):
            start = time.perf_counter()
            path = generate(seed, args.cache)
            print(f"seed {seed}: {path} ({time.perf_counter() - start:.0f} s)", flush=True)
    elif args.command == "fit":
        seeds = parse_seeds(args.train)
        suit = fit(seeds, args.cache, "suit", SUIT_FEATURES, args.select)
        nt = fit(seeds, args.cache, "nt", NOTRUMP_FEATURES, args.select)
        print("\n# paste into bridgegui/engine/tricks.py:")
        print(
            f"# Fitted by scripts/fit_tricks.py fit --train {' '.join(args.train)} (least squares); do not edit by hand."
        )
        print(model_source("SUIT_MODEL", *suit))
        print(model_source("NOTRUMP_MODEL", *nt))
    elif args.command == "labelled":
        write_labelled(parse_seeds(args.seeds), args.cache, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
