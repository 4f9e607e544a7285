"""The balance report as one self-contained HTML page: charts embedded as data, tables beside
them, no script and nothing fetched, so the file can be mailed or attached to an issue."""

from __future__ import annotations

import base64
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from .charts import CHARTS, ENDINGS

STYLE = """
body { font: 15px/1.45 "DejaVu Sans", Arial, sans-serif; color: #222; margin: 2em auto;
       max-width: 980px; padding: 0 1em; background: #fcfbf8; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { margin-top: 1.8em; font-size: 1.25em; }
.meta { color: #666; } table { border-collapse: collapse; margin: 0.6em 0; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.7em; text-align: left; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
img { max-width: 100%; border: 1px solid #e4e0d8; margin: 0.4em 0; }
.swatch { display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em; }
.warn { color: #9a3412; } .good { color: #166534; }
"""


def _pct(rate: dict[str, Any]) -> str:
    if not rate["of"]:
        return "<span class=meta>no game</span>"
    return f"{rate['rate']:.0%} <span class=meta>({rate['low']:.0%}-{rate['high']:.0%})</span>"


def _table(head: Sequence[str], rows: Iterable[Sequence[str]], numeric: set[int]) -> str:
    cells = "".join(f"<th{' class=n' if i in numeric else ''}>{h}</th>" for i, h in enumerate(head))
    body = []
    for row in rows:
        body.append(
            "<tr>"
            + "".join(
                f"<td{' class=n' if i in numeric else ''}>{c}</td>" for i, c in enumerate(row)
            )
            + "</tr>"
        )
    return f"<table><tr>{cells}</tr>{''.join(body)}</table>"


def _image(charts: dict[str, bytes], name: str, caption: str) -> str:
    png = charts.get(name)
    if png is None:
        return ""
    data = base64.b64encode(png).decode("ascii")
    return f'<img alt="{escape(caption)}" src="data:image/png;base64,{data}">'


def balance_page(report: dict[str, Any], charts: dict[str, bytes]) -> str:
    """The page for ``report`` with ``charts`` (PNG bytes by name, see ``charts.CHARTS``)."""
    scenario = report["scenario"]
    names = {s["id"]: escape(s["name"]) for s in report["sides"]}
    colours = {s["id"]: escape(s.get("color") or "#777") for s in report["sides"]}
    results = report["results"]
    parts = [
        f"<h1>Balance of {escape(scenario['title'])}</h1>",
        f"<p class=meta>{results['games']} games (of {report['requested']} asked for), AI level "
        f"{escape(report['levels'])}, scenario fingerprint {escape(scenario['fingerprint'])}, "
        f"rules {escape(scenario['engine'])}; {report['cpu']['total_s']:.0f} s of CPU, "
        f"{report['cpu']['mean_s']:.2f} s a game.</p>",
    ]
    if report["failed"]:
        seeds = ", ".join(str(f["seed"]) for f in report["failed"])
        parts.append(f"<p class=warn>Games that failed (seeds {seeds}): see report.json.</p>")
    if not results["games"]:
        parts.append("<p>No game has been played yet: run the command again.</p>")
        return _document(scenario, parts)
    parts.append("<h2>Results</h2>")
    rows = []
    for side, entry in results["sides"].items():
        swatch = f"<span class=swatch style='background:{colours[side]}'></span>"
        rows.append(
            [
                swatch + names[side],
                _pct(entry["win"]),
                _pct(entry["loss"]),
                _pct(entry["draw"]),
                _pct(entry["of_decisive"]),
            ]
        )
    parts.append(
        _table(["side", "won", "lost", "drawn", "share of decisive games"], rows, {1, 2, 3, 4})
    )
    parts.append(
        "<p class=meta>Ranges are 95% Wilson intervals: with this many games the true rate "
        "lies within them 19 times out of 20.</p>"
    )
    parts.append(_image(charts, "results", "results"))
    parts.append("<h2>VP by turn</h2>" + _image(charts, "vp", "VP by turn"))
    length = report["length"]
    parts.append(
        "<h2>Game length</h2>"
        f"<p>Median {length['median']:g} turns (from {length['min']} to {length['max']}, "
        f"{report['scenario']['turns']} in the calendar).</p>" + _image(charts, "length", "length")
    )
    parts.append(_endings(report, charts))
    parts.append("<h2>Losses</h2>" + _image(charts, "losses", "losses"))
    parts.append(_captures(report, charts))
    parts.append(_cards(report, charts, names))
    parts.append(_choices(report))
    parts.append(_replay(report, names))
    return _document(scenario, parts)


def _document(scenario: dict[str, Any], parts: list[str]) -> str:
    body = "\n".join(p for p in parts if p)
    title = escape(f"Balance of {scenario['title']}")
    return (
        f"<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>{title}</title>"
        f"<style>{STYLE}</style></head><body>\n{body}\n</body></html>\n"
    )


def _endings(report: dict[str, Any], charts: dict[str, bytes]) -> str:
    endings = report["endings"]
    rows = [
        [escape(ENDINGS.get(kind, kind)), _pct(rate)] for kind, rate in endings["kinds"].items()
    ]
    sudden = [
        [
            escape(rule),
            escape(entry["description"] or ""),
            _pct(entry["rate"]),
            escape(", ".join(f"turn {t}: {n}" for t, n in entry["by_turn"].items()) or "never"),
        ]
        for rule, entry in endings["sudden_death"].items()
    ]
    out = "<h2>How games ended</h2>" + _table(["ending", "share of games"], rows, {1})
    if sudden:
        out += "<h3>Sudden-death rules</h3>" + _table(
            ["rule", "wording", "triggered", "when"], sudden, {2}
        )
    return out + _image(charts, "endings", "endings")


def _captures(report: dict[str, Any], charts: dict[str, bytes]) -> str:
    data = report["captures"]
    if not data["regions"]:
        return "<h2>Captures</h2><p>No region changed hands.</p>"
    top = sorted(data["regions"], key=lambda r: -data["per_game"][r])[:15]
    names = data.get("names", {})
    rows = [
        [
            escape(names.get(r, r)),
            f"{data['per_game'][r]:.2f}",
            f"{data['games_with'][r]:.0%}",
            escape(", ".join(f"{side} {n}" for side, n in data["by_side"][r].items())),
        ]
        for r in top
    ]
    return (
        "<h2>Captures</h2>"
        + _image(charts, "capture_map", "captures on the map")
        + _table(["region", "captures a game", "games with one", "taken by"], rows, {1, 2})
        + _image(charts, "captures", "captures by turn")
    )


def _cards(report: dict[str, Any], charts: dict[str, bytes], names: dict[str, str]) -> str:
    rows = []
    for card in sorted(report["cards"].values(), key=lambda c: (-c["games"], c["name"])):
        if not card["games"]:
            rows.append([escape(card["name"]), names.get(card["side"], ""), "0", "", "", ""])
            continue
        rows.append(
            [
                escape(card["name"]),
                names.get(card["side"], escape(card["side"])),
                str(card["games"]),
                _pct(card["win_when_played"]),
                _pct(card["win_when_not"]),
                f"{card['association']:+.0%} (p {card['p_value']:.2f})"
                if card["win_when_not"]["of"]
                else "<span class=meta>played in every game</span>",
            ]
        )
    if not rows:
        return ""
    return (
        "<h2>Cards</h2>"
        + _table(
            ["card", "side", "games played in", "side won when played", "when not", "difference"],
            rows,
            {2, 3, 4, 5},
        )
        + "<p class=meta>An association, not a cause: a side doing well may draw or afford "
        "its best cards more often.</p>" + _image(charts, "cards", "cards")
    )


def _choices(report: dict[str, Any]) -> str:
    rows = []
    for entry in report["choices"].values():
        total = sum(entry["options"].values())
        for option, n in entry["options"].items():
            rows.append([escape(entry["title"]), escape(option), f"{n / total:.0%} ({n})"])
    if not rows:
        return ""
    return "<h2>Options chosen</h2>" + _table(["event or card", "option", "taken"], rows, {2})


def _replay(report: dict[str, Any], names: dict[str, str]) -> str:
    replay = report["replay"]
    slow = [[str(g["seed"]), f"{g['cpu_s']:.2f} s", str(g["turns"])] for g in replay["slowest"]]
    lopsided = [
        [str(g["seed"]), names.get(g["winner"], ""), str(g["margin"]), str(g["turns"])]
        for g in replay["one_sided"]
    ]
    return (
        "<h2>Games to watch again</h2><p>Replay one with <code>salient play FILE --seed N</code>"
        " (or headless with <code>--headless</code>).</p>"
        + _table(["seed", "CPU", "turns"], slow, {1, 2})
        + _table(["seed", "winner", "VP margin", "turns"], lopsided, {2, 3})
    )


def comparison_page(comparison: dict[str, Any]) -> str:
    """The page saying whether a scenario's edit moved each side's win rate beyond noise."""
    names = comparison["side_names"]
    rows = []
    for side, entry in comparison["sides"].items():
        verdict = (
            "<span class=warn>moved beyond noise</span>"
            if entry["significant"]
            else "<span class=good>within noise</span>"
        )
        rows.append(
            [
                escape(names.get(side, side)),
                _pct(entry["before"]),
                _pct(entry["after"]),
                f"{entry['change']:+.1%}",
                f"{entry['p_value']:.3f}",
                verdict,
            ]
        )
    body = (
        f"<h1>{escape(comparison['before']['title'])}: before and after</h1>"
        f"<p class=meta>{comparison['seeds']} seeds played by both versions (AI level "
        f"{escape(comparison['levels'])}); {comparison['games_with_another_winner']} of them "
        "ended with another winner.</p>"
        + _table(
            ["side", "won before", "won after", "change", "p-value", "verdict"], rows, {1, 2, 3, 4}
        )
        + "<p class=meta>Two-proportion test at the 5% level: a change called within noise "
        "may still be real, only too small to tell from chance with this many games.</p>"
    )
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>Balance comparison"
        f"</title><style>{STYLE}</style></head><body>\n{body}\n</body></html>\n"
    )


__all__ = ["CHARTS", "balance_page", "comparison_page"]
