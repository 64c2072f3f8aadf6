"""`rulecheck import arena`: MTG Arena's `Player.log` (Detailed Logs) into transcripts.

See docs/importing.md for use and ../FORMAT notes in the code: framing (framing.py), the card database
(cards.py), one game's states and narration (game.py), a whole log (session.py).
"""

from __future__ import annotations

from .cards import CardDatabase, CardDatabaseError
from .framing import LogError, open_log
from .session import ArenaImport, ImportedGame, ImportOptions, Problem, write_atomically

__all__ = ["ArenaImport", "CardDatabase", "CardDatabaseError", "ImportOptions", "ImportedGame", "LogError",
           "Problem", "open_log", "write_atomically"]
