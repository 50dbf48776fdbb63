"""Research interfaces (``stratagem[rl]``): every registered game as OpenSpiel games
(``openspiel``) and PettingZoo AEC environments (``pettingzoo``), sharing each game's
observation layout (``layout``, ``layouts``) and action ids and bounds (``spec``).

They read games through the core API (views, legal actions, chance outcomes,
``resample_hidden``); the only game parts used are 1750's ``read_colony_line`` (the reader
of its view's colony lines) and its export names."""
