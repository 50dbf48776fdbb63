"""The simulation lab at the command line: ``simulate``, ``tournament``, ``compare``,
``settings`` (every key a designer may set) and ``balance`` (the value nearest to even).

Each command turns its arguments into one ``LabRun`` (``options``) and hands it to its
runner, which plays the games as ``running`` says (report folder checked first, a header,
a progress bar, Ctrl-C and SIGTERM keeping the finished games), prints the tables and
writes the report.
"""
