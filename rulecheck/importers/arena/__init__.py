"""`rulecheck import arena`: MTG Arena's `Player.log` (Detailed Logs) into transcripts.

Use: docs/importing.md. The format notes the code follows (cited as FORMAT.md §n) are the shared research notes
`formats/arena/FORMAT.md`. Modules: framing (framing.py), card facts and the card database (cards.py), one game's
states and their narration (game.py), a whole log (session.py), the command line (commands.py).
"""

from __future__ import annotations

from .cards import CardDatabase, CardDatabaseError
from .framing import LogError, open_log
from .session import ArenaImport, ImportedGame, ImportOptions, Problem, write_atomically

__all__ = ["ArenaImport", "CardDatabase", "CardDatabaseError", "ImportOptions", "ImportedGame", "LogError",
           "Problem", "open_log", "write_atomically"]
