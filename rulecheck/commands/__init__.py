"""Commands of the command line that are more than a call into one layer: they sit at the top, beside cli.py."""
