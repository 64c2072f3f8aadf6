"""The card database's cost: the index built on first use (cold) and a transcript checked with it (warm).

    python bench/cards.py            # 45,000 cards: a ~140 MB Scryfall file and a ~115 MB MTGJSON file
    python bench/cards.py --cards 5000

The files are generated into bench/out/data/cards/ (not committed) in the published formats, with the fixture
cards (fixtures/cards/) among synthetic ones, and reused while their size setting is unchanged. Every figure
comes from its own `rulecheck check --cards` process with an empty cache (cold) or the cache that run left
(warm); the peak RSS is the process's own. bench/run.py includes these figures; see docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
class Timed:
    def __init__(self, wall: float, cpu: float, rss_mb: float, stdout: str, stderr: str, returncode: int) -> None:
        self.wall, self.cpu, self.rss_mb = wall, cpu, rss_mb
        self.stdout, self.stderr, self.returncode = stdout, stderr, returncode


def run_process(args: list[str]) -> Timed:
    """Run a child; its wall time, its own CPU time and peak RSS (from wait4: a loaded machine stretches the wall
    time of every figure, the CPU time much less)."""
    import subprocess
    import time
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), NO_COLOR="1")
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        return Timed(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
                     out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"),
                     os.waitstatus_to_exitcode(status))

FIXTURES = ROOT / "fixtures" / "cards"
CARDS = 45_000   # ~140 MB of Scryfall objects, ~115 MB of MTGJSON ones: the size of the real files
TRANSCRIPT = ROOT / "examples" / "craw-wurm.transcript"
WORDS = ["Goblin", "Angel", "Wurm", "Knight", "Shadow", "Storm", "Ember", "Frost", "Grove", "Sentinel", "Oracle",
         "Wraith", "Titan", "Drake", "Spirit", "Hollow", "Vault", "Pyre", "Tide", "Thorn", "Blade", "Crown"]
TYPES = ["Creature — Human Soldier", "Creature — Elf Druid", "Instant", "Sorcery", "Enchantment — Aura",
         "Artifact — Equipment", "Legendary Creature — Dragon", "Land", "Artifact Creature — Golem",
         "Planeswalker — Jace"]
TEXT = ("When this creature enters, draw a card. Whenever another creature you control dies, each opponent loses "
        "1 life and you gain 1 life. {2}{G}, {T}: Put a +1/+1 counter on target creature. Activate only as a "
        "sorcery.")


def _scryfall_card(i: int, rng: random.Random) -> dict[str, Any]:
    """A card object with the fields (and about the size) of one in Scryfall's Oracle cards file."""
    name = f"{rng.choice(WORDS)} {rng.choice(WORDS)} {i:05d}"
    type_line = rng.choice(TYPES)
    card: dict[str, Any] = {
        "object": "card", "id": f"{i:08x}-0000-4000-8000-{i:012x}", "oracle_id": f"{i:08x}-1111-4000-8000-{i:012x}",
        "multiverse_ids": [400000 + i], "mtgo_id": 50000 + i, "tcgplayer_id": 200000 + i,
        "cardmarket_id": 300000 + i, "name": name, "lang": "en", "released_at": "2019-10-04",
        "uri": f"https://api.scryfall.com/cards/{i:08x}", "scryfall_uri": f"https://scryfall.com/card/eld/{i}/x",
        "layout": "normal", "highres_image": True, "image_status": "highres_scan",
        "image_uris": {k: f"https://cards.scryfall.io/{k}/front/{i % 10}/{i % 7}/{i:08x}.jpg?1572490640"
                       for k in ("small", "normal", "large", "png", "art_crop", "border_crop")},
        "mana_cost": "{2}{G}", "cmc": 3.0, "type_line": type_line, "oracle_text": TEXT,
        "colors": ["G"], "color_identity": ["G"], "keywords": ["Flying"] if i % 3 == 0 else [],
        "legalities": {f: rng.choice(["legal", "not_legal"]) for f in (
            "standard", "future", "historic", "timeless", "gladiator", "pioneer", "explorer", "modern", "legacy",
            "pauper", "vintage", "penny", "commander", "oathbreaker", "standardbrawl", "brawl", "alchemy",
            "paupercommander", "duel", "oldschool", "premodern", "predh")},
        "games": ["paper", "arena", "mtgo"], "reserved": False, "foil": True, "nonfoil": True,
        "finishes": ["nonfoil", "foil"], "oversized": False, "promo": False, "reprint": True, "variation": False,
        "set_id": "a90a7b4b-2bbe-4e3a-a5b8-4f13a6bad8f0", "set": "eld", "set_name": "Throne of Eldraine",
        "set_type": "expansion", "collector_number": str(i), "digital": False, "rarity": "common",
        "flavor_text": "The forest remembers every footstep, and forgives none of them.",
        "artist": "Synthetic Artist", "border_color": "black", "frame": "2015", "full_art": False,
        "textless": False, "booster": True, "story_spotlight": False, "edhrec_rank": i,
        "prices": {"usd": "0.10", "usd_foil": "0.25", "eur": "0.08", "eur_foil": "0.20", "tix": "0.03"},
        "related_uris": {k: f"https://example.invalid/{k}/{i}" for k in ("gatherer", "tcgplayer_infinite_articles",
                                                                         "tcgplayer_infinite_decks", "edhrec")},
        "purchase_uris": {k: f"https://example.invalid/{k}/{i}" for k in ("tcgplayer", "cardmarket", "cardhoarder")},
    }
    if type_line.startswith(("Creature", "Legendary Creature", "Artifact Creature")):
        card["power"], card["toughness"] = str(i % 7), str(1 + i % 6)
    return card


def generate(folder: Path, count: int) -> tuple[Path, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    scryfall, mtgjson = folder / f"scryfall-{count}.json", folder / f"AtomicCards-{count}.json"
    if scryfall.exists() and mtgjson.exists():
        return scryfall, mtgjson
    rng = random.Random(23)
    real = json.loads((FIXTURES / "scryfall-oracle-cards.json").read_text(encoding="utf-8"))
    with open(scryfall, "w", encoding="utf-8") as out:
        out.write("[\n")
        for i in range(count):
            out.write(json.dumps(_scryfall_card(i, rng), ensure_ascii=False) + ",\n")
        out.write(",\n".join(json.dumps(c, ensure_ascii=False) for c in real) + "\n]\n")
    real_atomic = json.loads((FIXTURES / "mtgjson-AtomicCards.json").read_text(encoding="utf-8"))["data"]
    rng = random.Random(23)
    with open(mtgjson, "w", encoding="utf-8") as out:
        out.write('{"meta": {"date": "2025-11-01", "version": "5.2.2"}, "data": {\n')
        for i in range(count):
            c = _scryfall_card(i, rng)
            left, _, right = c["type_line"].partition(" — ")
            face = {"colorIdentity": c["color_identity"], "colors": c["colors"], "convertedManaCost": c["cmc"],
                    "edhrecRank": i, "firstPrinting": "ELD", "foreignData": [
                        {"language": lang, "name": f"{c['name']} ({lang})", "text": TEXT, "type": c["type_line"]}
                        for lang in ("German", "French", "Italian", "Spanish")],
                    "identifiers": {"scryfallOracleId": c["oracle_id"]}, "keywords": c["keywords"],
                    "layout": "normal", "legalities": {k: "Legal" for k, v in c["legalities"].items()
                                                       if v == "legal"},
                    "manaCost": c["mana_cost"], "manaValue": c["cmc"], "name": c["name"],
                    "printings": ["ELD", "M20", "M21"], "purchaseUrls": c["purchase_uris"],
                    "rulings": [{"date": "2019-10-04", "text": "A ruling about this card, at about this length."}],
                    "subtypes": right.split(), "supertypes": [w for w in left.split() if w == "Legendary"],
                    "text": TEXT, "type": c["type_line"],
                    "types": [w for w in left.split() if w != "Legendary"]}
            if "power" in c:
                face["power"], face["toughness"] = c["power"], c["toughness"]
            out.write(f"{json.dumps(c['name'])}: [{json.dumps(face, ensure_ascii=False)}],\n")
        out.write(",\n".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in real_atomic.items())
                  + "\n}}\n")
    return scryfall, mtgjson


def _named_only() -> Path:
    text = TRANSCRIPT.read_text(encoding="utf-8")
    path = Path(tempfile.gettempdir()) / "rulecheck-bench-cards.transcript"
    path.write_text("\n".join("" if line.startswith("card ") else line for line in text.split("\n")),
                    encoding="utf-8")
    return path


def measure(count: int, repeats: int = 3, log: Any = lambda _: None) -> dict[str, Any]:
    folder = BENCH / "out" / "data" / "cards"
    files = generate(folder, count)
    transcript = _named_only()
    args = [sys.executable, "-m", "rulecheck", "check", "--format", "json", "--isolated"]
    out: dict[str, Any] = {"cards": count}
    baseline = min((run_process([*args, "--cards", "none", str(TRANSCRIPT)]) for _ in range(repeats)),
                   key=lambda r: r.wall)
    out["defined"] = {"seconds": baseline.wall, "cpu_seconds": baseline.cpu, "rss_mb": baseline.rss_mb}
    for path in files:
        fmt = "scryfall" if path.name.startswith("scryfall") else "mtgjson"
        with tempfile.TemporaryDirectory() as cache:
            os.environ["XDG_CACHE_HOME"] = cache
            try:
                cold = run_process([*args, "--cards", str(path), str(transcript)])
                warm = min((run_process([*args, "--cards", str(path), str(transcript)]) for _ in range(repeats)),
                           key=lambda r: r.wall)
                index_mb = sum(f.stat().st_size for f in Path(cache).rglob("*.sqlite")) / 1e6
            finally:
                del os.environ["XDG_CACHE_HOME"]
        for run in (cold, warm):
            found = json.loads(run.stdout) if run.stdout.strip() else None
            if not isinstance(found, list) or [v["rule"] for v in found] != ["510.1c"]:
                sys.exit(f"bench: the --cards check found something else (exit {run.returncode}):\n"
                         f"{run.stdout[:1000]}{run.stderr[-1000:]}")
        out[fmt] = {"file_mb": path.stat().st_size / 1e6, "cold_seconds": cold.wall, "cold_cpu_seconds": cold.cpu,
                    "cold_rss_mb": cold.rss_mb, "warm_seconds": warm.wall, "warm_cpu_seconds": warm.cpu,
                    "warm_rss_mb": warm.rss_mb, "index_mb": index_mb,
                    "warm_extra_cpu_seconds": warm.cpu - baseline.cpu}
        log(f"cards {fmt}: cold {cold.wall:.2f}s, warm {warm.wall:.2f}s")
    return out


def rows(r: dict[str, Any]) -> list[tuple[str, str]]:
    d = r["defined"]
    out = [("check, cards defined (no --cards)", f"{d['seconds']:>8.2f}s wall {d['cpu_seconds']:>6.2f}s CPU  "
                                                  f"({d['rss_mb']:.1f} MB peak RSS)")]
    for fmt in ("scryfall", "mtgjson"):
        c = r[fmt]
        out.append((f"--cards {fmt}: cold (builds index)", f"{c['cold_seconds']:>8.2f}s wall "
                                                           f"{c['cold_cpu_seconds']:>6.2f}s CPU  ("
                                                           f"{c['file_mb']:.0f} MB "
                                                           f"file, {r['cards']:,} cards; "
                                                           f"{c['cold_rss_mb']:.1f} MB peak RSS; index "
                                                           f"{c['index_mb']:.1f} MB)"))
        out.append((f"--cards {fmt}: warm", f"{c['warm_seconds']:>8.2f}s wall {c['warm_cpu_seconds']:>6.2f}s CPU  "
                                            f"({c['warm_rss_mb']:.1f} MB peak RSS; "
                                            f"{c['warm_extra_cpu_seconds']:+.2f}s CPU over no --cards)"))
    return out


def goals(r: dict[str, Any]) -> list[dict[str, Any]]:
    worst = max(r["scryfall"]["warm_cpu_seconds"], r["mtgjson"]["warm_cpu_seconds"])
    return [{"goal": "one --cards check < 1 s warm (CPU)", "value": worst, "target": 1.0, "met": worst < 1.0}]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cards", type=int, default=CARDS, help=f"synthetic cards in each file (default {CARDS:,})")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    r = measure(args.cards, args.repeats, lambda m: print(f"  {m}", file=sys.stderr, flush=True))
    width = max(len(a) for a, _ in rows(r))
    for a, b in rows(r):
        print(f"{a:<{width}}  {b}")
    for g in goals(r):
        print(f"goal: {g['goal']:<48} {g['value']:>8.2f}  (target {g['target']})  {'met' if g['met'] else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
