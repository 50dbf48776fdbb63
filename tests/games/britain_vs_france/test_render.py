"""The board drawing: well-formed SVG from a view alone, showing what the seat may see."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from stratagem.render import board_renderer

from .helpers import BRITAIN, set_up


def test_board_svg_draws_the_theaters_colonies_and_holdings() -> None:
    draw = board_renderer("britain_vs_france")
    assert draw is not None
    state = set_up()
    svg = draw(state.view(BRITAIN))
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    text = " ".join(node.text or "" for node in root.iter() if node.tag.endswith("text"))
    for shown in (
        "North America",
        "Caribbean",
        "Africa",
        "India",
        "High Seas",
        "Quebec",
        "Furs",
        "10 not yet taken",
        "Gold 3",
    ):
        assert shown in text
    for hidden in ("Braddock", "Quiberon", "Manila", "Sugar Islands"):
        assert hidden not in svg
