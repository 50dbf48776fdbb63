"""Games' own terminal layouts: ``stratagem.render.text.<game>`` holds
``terminal_view(view, seat_name)``, a rich renderable of a seat's view that reads well in
an 80-column terminal. Like the board drawings, a layout reads only the JSON-safe view it
is given. ``stratagem.terminal.render_view`` finds it; games without one get the generic
layout."""
