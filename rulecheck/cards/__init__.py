"""The card layer: where a card's facts come from (a definition in the transcript, a YAML card file, Scryfall's
bulk data, MTGJSON's AtomicCards), below the game. The game asks it for facts by name and never sees the source."""

from .errors import CardDataError, cache_dir
from .facts import CardFacts, name_key
from .library import CardLibrary, active, default_cards_file, open_library, set_default, using

__all__ = ["CardDataError", "CardFacts", "CardLibrary", "active", "cache_dir", "default_cards_file", "name_key",
           "open_library", "set_default", "using"]
