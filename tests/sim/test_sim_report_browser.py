"""The reports in a real browser (Playwright driving Debian's chromium): no two tick labels
overlap and no figure is wider than the page, at a 1,200 px window (the size where the old
game-length figure was cut off) and at 800 px.

The figures are SVG with their text kept as text, so the browser itself lays the labels
out and measures them: each tick label's box is compared with the other labels of the same
axis of the same plot.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from stratagem.sim import figures, run_study
from stratagem.sim.compare import parse_variant, run_compare, sweep_variants
from stratagem.sim.compare_report import write_comparison_report
from stratagem.sim.report import write_study_report
from stratagem.testing.browser import chromium, needs_chromium

pytestmark = needs_chromium

MEASURE = """() => {
  const page = document.documentElement.clientWidth;
  const wide = [];
  const overlaps = [];
  const figures = document.querySelectorAll('.figure svg');
  figures.forEach((svg, index) => {
    const box = svg.getBoundingClientRect();
    if (box.right > page + 0.5 || box.left < -0.5) wide.push([index, box.left, box.right, page]);
    svg.querySelectorAll('g[id^="axes_"]').forEach((axes) => {
      for (const axis of ['xtick_', 'ytick_']) {
        const labels = [...axes.querySelectorAll(`g[id^="${axis}"] text`)]
          .map((t) => [t.textContent, t.getBoundingClientRect()])
          .filter(([, r]) => r.width > 0 && r.height > 0);
        for (let i = 0; i < labels.length; i++) {
          for (let j = i + 1; j < labels.length; j++) {
            const [a, r] = labels[i];
            const [b, s] = labels[j];
            if (r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom) {
              overlaps.push([index, a, b]);
            }
          }
        }
      }
    });
  });
  return {figures: figures.length, wide, overlaps,
          scroll: document.documentElement.scrollWidth, page};
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """A study of the game with the most questions (many tick labels), a comparison and a
    sweep: small, random bots."""
    folder = tmp_path_factory.mktemp("reports")
    study = write_study_report(
        run_study("sixteen_thirty_something", {}, 12, seed=1), folder / "study"
    )
    variants = [parse_variant("printed:"), parse_variant("s7: pack.rules.logistics.spanish_hand=7")]
    compared = write_comparison_report(
        run_compare("eighty_years_war", {}, 8, 1, variants), folder / "compare"
    )
    sweep = "pack.rules.logistics.dutch_hand=5..8"
    swept = write_comparison_report(
        run_compare("eighty_years_war", {}, 4, 1, sweep_variants(sweep), sweep=sweep),
        folder / "sweep",
    )
    return [study, compared, swept]


def _measure(page: Page, report: Path, width: int) -> dict[str, Any]:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(report.as_uri())
    found: dict[str, Any] = page.evaluate(MEASURE)
    return found


@pytest.mark.parametrize("width", [1200, 800])
def test_no_overlapping_tick_labels_and_no_figure_wider_than_the_page(
    browser: Browser, reports: list[Path], width: int
) -> None:
    page = browser.new_page()
    try:
        for report in reports:
            found = _measure(page, report, width)
            assert found["figures"] >= 5, report
            assert found["wide"] == [], (report, found["wide"])
            assert found["overlaps"] == [], (report, found["overlaps"])
            assert found["scroll"] <= found["page"], report  # the page never scrolls sideways
    finally:
        page.close()


def test_the_check_finds_labels_that_do_overlap(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The control: the same figure code with the fitting of ticks turned off overlaps."""
    monkeypatch.setattr(figures, "fit_ticks", lambda figure: None)
    figure, (axes,) = figures.new_figure(4, 3)
    axes.bar([f"a long label {i}" for i in range(12)], range(12))
    crowded = figures.svg(figure, "crowded")
    report = tmp_path / "crowded.html"
    report.write_text(figures.page("crowded", [crowded]))
    page = browser.new_page()
    try:
        found = _measure(page, report, 1200)
    finally:
        page.close()
    assert found["figures"] == 1 and found["overlaps"]
