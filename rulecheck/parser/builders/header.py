"""Builds the header's statements (title, players, edition, options) and the card definitions."""

from __future__ import annotations

import re
from typing import Any

from ... import nodes as n
from ..tokens import Token
from .base import BuildBase, _pt, inline_callbacks


@inline_callbacks
class HeaderBuild(BuildBase):
    """The callbacks of the header statements."""

    def title(self, text: Token) -> n.Title:
        return n.Title(self._span(text), str(text).strip())

    def players(self, names: tuple[n.Ref, ...]) -> n.Players:
        return n.Players(self._span(names), names)

    def edition(self, word: Token) -> n.Edition:
        return n.Edition(self._span(word), str(word), word.column or 0)

    def priority_mode(self, mode: Token) -> n.PriorityMode:
        return n.PriorityMode(self._span(mode), str(mode))

    def abilities_unknown(self, *tokens: Token) -> n.AbilitiesUnknown:
        return n.AbilitiesUnknown(self._span(*tokens))

    def include(self, text: Token) -> n.Include:
        return n.Include(self._span(text), str(text).strip().strip('"'))

    def option(self, text: Token) -> n.Option:
        return n.Option(self._span(text), " ".join(str(text).split()))

    def archenemy(self, player: n.Ref) -> n.Archenemy:
        return n.Archenemy(self._span(player), player)

    def game_format(self, text: Token) -> n.GameFormat:
        return n.GameFormat(self._span(text), " ".join(str(text).split()).lower())

    def team(self, *players: n.Ref) -> tuple[n.Ref, ...]:
        return players

    def teams(self, *teams: tuple[n.Ref, ...]) -> n.Teams:
        return n.Teams(self._span(*[p for t in teams for p in t]), teams)

    def type_line(self, *toks: Token) -> tuple[str, Any]:
        types = tuple(str(t) for t in toks if t.type == "CARD_TYPE")
        pts = [str(t) for t in toks if t.type == "PT"]
        star = next((str(t) for t in toks if t.type == "STAR_PT"), None)   # set by an ability: not computed
        subtypes = next((tuple(w.lower() for w in str(t).lstrip("—- \t").split()) for t in toks
                         if t.type == "SUBTYPES"), ())
        return ("types", (types, _pt(pts[0]) if pts else None, star, subtypes))

    def loyalty_prop(self, value: Token) -> tuple[str, Any]:
        return ("loyalty", int(value))

    def mana_cost_prop(self, mana: Token) -> tuple[str, Any]:
        return ("mana_cost", str(mana))

    def attached_pump(self, mod: Token) -> tuple[str, Any]:
        return ("pt", _pt(str(mod)))

    def attached_grant(self, ability: n.Ability) -> tuple[str, Any]:
        return ("grant", ability)

    def attached_ability(self, subject: Token, *parts: tuple[str, Any]) -> n.Ability:
        power = tough = 0
        grants: list[n.Ability] = []
        words: list[str] = []
        for key, value in parts:
            if key == "pt":
                power, tough = power + value[0], tough + value[1]
                words.append(f"gets {value[0]:+d}/{value[1]:+d}")
            else:
                grants.append(value)
                words.append(f"has {value.text}")
        text = " ".join(str(subject).split()) + " " + " and ".join(words)
        return n.Ability("attached", text, (power, tough), tuple(grants))

    def keyword_ability(self, tok: Token) -> n.Ability:
        return n.Ability("keyword", " ".join(str(tok).split()))

    def static_ability(self, tok: Token) -> n.Ability:
        return n.Ability("static", " ".join(str(tok).split()))

    def trigger_ability(self, tok: Token) -> n.Ability:
        return n.Ability("trigger", " ".join(str(tok).split()))

    def timing_ability(self, tok: Token) -> n.Ability:
        return n.Ability("timing", " ".join(str(tok).split()))

    def target_ability(self, tok: Token) -> n.Ability:
        return n.Ability("target", " ".join(str(tok).split()))

    def attack_cost(self, mana: Token) -> n.Ability:
        return n.Ability("attack_cost", str(mana))

    def block_cost(self, mana: Token) -> n.Ability:
        return n.Ability("block_cost", str(mana))

    def attack_life_cost(self, life: Token) -> n.Ability:
        return n.Ability("attack_cost", f"{life} life")

    def block_life_cost(self, life: Token) -> n.Ability:
        return n.Ability("block_cost", f"{life} life")

    def text_ability(self, tok: Token) -> n.Ability:
        text = str(tok)[1:-1].strip()
        # quoted rules text that reads as a triggered ability is one (documented in transcript-language.md)
        kind = "trigger" if re.match(r"(?i)whenever\b|when\b", text) or self.trigger_re.match(text) else "text"
        return n.Ability(kind, text[0].lower() + text[1:] if kind == "trigger" else text)

    def card_def(self, name_tok: Token, *props: Any) -> n.CardDef:
        raw = str(name_tok)
        lead = len(raw) - len(raw.lstrip())
        name = raw.strip()
        if name.startswith('"') and name.endswith('"') and len(name) >= 2:
            name = name[1:-1].strip()
        types: tuple[str, ...] = ()
        pt: tuple[int, int] | None = None
        loyalty: int | None = None
        mana_cost: str | None = None
        abilities: list[n.Ability] = []
        subtypes: tuple[str, ...] = ()
        for prop in props:
            if isinstance(prop, n.Ability):
                abilities.append(prop)
            elif prop[0] == "types":
                types = types + prop[1][0]
                subtypes = subtypes + prop[1][3]
                pt = prop[1][1] or pt
                if prop[1][2]:
                    abilities.append(n.Ability("cda", prop[1][2]))
            elif prop[0] == "loyalty":
                loyalty = prop[1]
            elif prop[0] == "mana_cost":
                mana_cost = prop[1]
        span = n.Span(self.line_no, 1, self.line_no, max((name_tok.end_column or 1), 1))
        return n.CardDef(span, " ".join(name.split()), (name_tok.column or 1) + lead, types,
                         pt[0] if pt else None, pt[1] if pt else None, loyalty, tuple(abilities), mana_cost,
                         subtypes)
