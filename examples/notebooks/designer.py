# %% [markdown]
# # Four questions a designer asks, answered with fracas
#
# A plain Python file in "percent" format: open it in Jupyter (with jupytext), VS Code or
# Spyder and run it cell by cell, or run it whole with `python designer.py`. Every run is
# seeded, so it prints the same figures each time. `FRACAS_NOTEBOOK_SCALE` (default 1) scales
# the number of fights down for a quick look (the tests run it at 0.05).
#
# Run from the repository root (the paths below are the examples').

# %%
import os
from pathlib import Path

from fracas.sim import compare, exact, simulate
from fracas.sim.balance import balance
from fracas.sim.variants import variants_of

ROOT = Path(__file__).resolve().parents[2]
SCALE = float(os.environ.get("FRACAS_NOTEBOOK_SCALE", "1"))


def fights(n: int) -> int:
    return max(200, int(n * SCALE))


DUEL = ROOT / "examples/percentile/joanne-vs-ondkille.yaml"

# %% [markdown]
# ## 1. Does plate help Joanne, and is it significant?
#
# Compare the chapter's duel with a variant in which Joanne wears plate mail: the same fights
# (the same seeds), every figure's difference with its interval and test.

# %%
plate = compare(
    variants_of([DUEL], ["plate: combatants[0].armour=plate mail"]),
    n=fights(5000),
    seed=1,
)
table = plate.to_pandas()
diffs = table[table["figure"].str.startswith("difference: ")]
print(diffs[["figure", "value", "low", "high", "p_adjusted", "significant"]].to_string())

# %% [markdown]
# Joanne's win rate rises, and the figures say why: in plate Ondkille's dagger cannot hurt
# her, so he surrenders at once (his `surrendered` rate), and the fights last one round.
# What the tactics chose shows the same thing (run on the event engine, which records it):

# %%
chosen = simulate(DUEL, n=fights(1000), seed=1, engine="event")
for c in chosen.combatants:
    print(c.name, [(ch.kind, round(ch.per_fight, 2)) for ch in c.choices])

# %% [markdown]
# ## 2. Where is the 50/50 point of a skill?
#
# `balance` bisects the range, running at each value only as many fights as it takes to
# tell the win rate from the target.

# %%
FIREFIGHT = ROOT / "examples/percentile/spaceport-firefight.yaml"
point = balance(
    FIREFIGHT,
    "combatants[0].skills.pistols=10..90",
    target=0.5,
    most=fights(20_000),
    seed=1,
)
print(point.message)
print(
    f"crossing {point.crossing:.1f} [{point.crossing_low:.1f}, {point.crossing_high:.1f}] "
    f"in {point.fights:,} fights (a sweep would run {point.grid_fights:,})"
)

# %% [markdown]
# ## 3. Trip or grapple for a small brawler?
#
# Lin (EXP) trips the saboteur in the example; the variant has her grapple instead.

# %%
TRIP = ROOT / "examples/exp/trip.yaml"
brawler = compare(
    variants_of([TRIP], ["grapple: combatants[0].tactics=grapple"]),
    n=fights(4000),
    seed=2,
)
for d in brawler.figure_differences:
    if d.key[0] in ("win", "rounds"):
        verdict = "significant" if d.significant else "not significant"
        print(f"{d.figure}: {d.difference:+.3f} [{d.low:+.3f}, {d.high:+.3f}] {verdict}")

# %% [markdown]
# A one-on-one brawl is inside the exact chain (`fracas odds`), so both answers can also be
# had with no fights at all: the exact win probability and the exact distributions (as
# `fracas odds --distributions`), here how many HPS Lin has left and how long it lasts.

# %%
brawls = variants_of([TRIP], ["grapple: combatants[0].tactics=grapple"])
for name, variant in zip(("trip", "grapple"), brawls, strict=True):
    e = exact(variant)
    lin = e.figure("left", "Lin").spread
    assert lin is not None
    steps = [(x, round(p, 3)) for x, p in lin.at_least() if 0.001 < p < 0.999][::4]
    print(
        f"{name}: crew wins {e.odds.win[0]:.4f}, mean length {e.odds.mean_length:.2f} {e.odds.unit}"
    )
    print("  P(Lin has at least X HPS left):", steps)

# %% [markdown]
# ## 4. Cover or armour in a Starflight firefight?
#
# Two variants of the spaceport firefight: the wall taken away, or Captain Okafor's flak
# vest traded for a heavier one that also stops beams.

# %%
STARFLIGHT = ROOT / "examples/starflight/firefight.yaml"
cover = compare(
    variants_of(
        [STARFLIGHT],
        [
            "no cover: obstacles=[]",
            "armour: combatants[0].armour=[{name: heavy vest, hp: 40, covers: [chest, abdomen]}]",
        ],
    ),
    n=fights(2000),
    seed=3,
)
for d in cover.figure_differences:
    if d.key == ("win", "Interstel"):
        a, b = Path(d.a).stem, Path(d.b).stem
        print(
            f"{a} - {b}: {d.difference:+.3f} [{d.low:+.3f}, {d.high:+.3f}], "
            f"Holm-adjusted p {d.p_adjusted:.3f}"
        )
