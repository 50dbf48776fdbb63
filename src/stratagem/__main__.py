"""``python -m stratagem``: the same command line as ``stratagem``."""

from stratagem.cli import main

main()
