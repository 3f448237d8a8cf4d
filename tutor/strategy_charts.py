"""A study's table and chart, drawn for the strategy notebooks: the table as the scoring notebooks draw theirs,
the chart as an SVG figure in colours told apart with every common colour blindness (the bars hatched too).

Server only: the chart needs matplotlib.
"""

from __future__ import annotations

import html
import io
import re
from typing import Any

#: Okabe and Ito's colours, told apart with every common colour blindness; the bars also differ in hatching.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
HATCHES = ("", "//", "..", "xx", "\\\\", "--", "++", "oo")


def _number(value: Any) -> str:
    if isinstance(value, float) and value != value:  # NaN: nothing to show in this cell
        return ""
    if isinstance(value, float):
        return f"{value:,.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    return f"{value:,}" if isinstance(value, int) else str(value)


def table_html(table: Any, title: str = "") -> str:
    """A study's table as the scoring notebooks draw theirs (``score_table``), numbers rounded for reading."""
    from tutor.widgets.calculator import score_table

    columns = [str(table.index.name or ""), *(str(c) for c in table.columns)]
    rows = [[str(index), *(_number(v.item() if hasattr(v, "item") else v) for v in row)]
            for index, row in zip(table.index, table.itertuples(index=False))]
    return score_table(title, columns, rows)


def chart_svg(table: Any, kind: str = "bar", y_label: str = "", title: str = "",
              mark: tuple[float, str] | None = None) -> str:
    """The table as a chart (an SVG figure with its title as its accessible name): a bar or a line per column, and
    ``mark`` (a value and its name) as a dashed line across."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(6.4, 3.0), dpi=96, layout="constrained")
    axes = figure.add_subplot()
    labels = [str(i) for i in table.index]
    columns = list(table.columns)
    width = 0.8 / max(1, len(columns))
    for n, column in enumerate(columns):
        colour = PALETTE[n % len(PALETTE)]
        values = list(table[column])
        if kind == "bar":
            offsets = [i + (n - (len(columns) - 1) / 2) * width for i in range(len(labels))]
            axes.bar(offsets, values, width=width, color=colour, hatch=HATCHES[n % len(HATCHES)],
                     edgecolor="white" if n % len(HATCHES) == 0 else "#333333", linewidth=0.6, label=str(column))
        else:
            axes.plot(range(len(labels)), values, color=colour, marker="osD^v<>p"[n % 8], label=str(column))
    if mark is not None:
        axes.axhline(mark[0], color="#444444", linestyle=(0, (5, 3)), linewidth=1.2, label=mark[1])
    # labels that would run into each other (about 6.5 px a letter, 520 px of axes) are set aslant, unless they are
    # already broken into lines
    widest = max((len(label) for label in labels), default=0)
    long = len(labels) * widest >= 60 and "\n" not in "".join(labels)
    axes.set_xticks(range(len(labels)), labels, rotation=25 if long else 0, ha="right" if long else "center")
    axes.set_xlabel(str(table.index.name or ""))
    axes.set_ylabel(y_label)
    axes.grid(axis="y", color="#dddddd", linewidth=0.6)
    axes.set_axisbelow(True)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    if len(columns) > 1 or mark is not None:
        axes.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    svg = buffer.getvalue()
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg[svg.index("<svg"):], flags=re.S)
    name = html.escape(title or y_label or "chart", quote=True)
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{name}" style="max-width:100%;height:auto" ', 1)
    return f'<figure class="gw-chart">{svg}</figure>'


__all__ = ["HATCHES", "PALETTE", "chart_svg", "table_html"]
