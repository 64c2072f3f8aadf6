"""The limits the front end holds every line to."""

from __future__ import annotations

MAX_LINE_LENGTH = 100_000
MAX_NUMBER = 2_147_483_647  # the largest number in a statement (MTGO's limit); more is a typo or a hostile log
NO_MAX_HAND = MAX_NUMBER     # "no max hand size": nothing is ever discarded to hand size
