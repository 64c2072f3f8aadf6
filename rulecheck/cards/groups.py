"""Oracle templates about creatures as a group or one target: group statics (613), and a spell's effect until end of
turn on the creature it targets or on a group (611.2c). Read by `rulecheck.cards.oracle`."""

from __future__ import annotations

import re

from .. import nodes as n

# a spell's effect on the creature it targets, until end of turn: Giant Growth ("Target creature gets +3/+3 until end
# of turn."), Jump ("Target creature gains flying until end of turn."), "gets +2/+2 and gains trample", Berserk
# ("Target creature gains trample and gets +X/+0 until end of turn, where X is its power.")
_KW = r"(?:flying|first strike|double strike|trample|vigilance|haste|lifelink|deathtouch|reach|indestructible)"
_KWS = rf"{_KW}(?: and {_KW})?"
_BONUS = r"(?P<p>[+-](?:\d+|x))/(?P<t>[+-](?:\d+|x))"
TARGET_PUMP = re.compile(rf"^target creature (?:(?:gains (?P<kw1>{_KWS}) and )?gets {_BONUS}(?: and gains "
                         rf"(?P<kw2>{_KWS}))?|gains (?P<kw3>{_KWS})) until end of turn(?P<x>, where x is its power)?$")


# a static ability of a group of creatures (613: an anthem's +N/+N in 7c, keywords in 6): Glorious Anthem ("Creatures
# you control get +1/+1."), Benalish Marshal ("Other creatures you control get +1/+1."), Fervor and Brave the Sands
# ("Creatures you control have haste." / "… have vigilance."), Spidersilk Armor ("… get +0/+1 and have reach."),
# "All creatures get -1/-1", "Creatures your opponents control get -1/-0", Brave the Sands' "Each creature you control
# can block an additional creature each combat.", Always Watching's "Nontoken creatures you control …". Other
# qualifiers stay unread.
_GROUP_KW = rf"(?:{_KW[3:-1]}|menace|hexproof|(?:plains|island|swamp|mountain|forest)walk)"
_KW_LIST = rf"{_GROUP_KW}(?:(?:, | and |, and ){_GROUP_KW})*"
# a creature type's lords (Goblin King: "Other Goblins get +1/+1 and have mountainwalk."; Lord of Atlantis: "Other
# Merfolk get …"; Elvish Archdruid: "Other Elf creatures you control get +1/+1."; "Zombies you control get …")
_KIND = (r"(?:other )?(?!(?:creatures|all|other|each|target|tokens?|attacking|blocking|tapped|untapped|legendary|"
         r"artifact|enchantment|enchanted|equipped|multicolored|colorless)\b|non)[a-z]+(?: creatures)?"
         r"(?: you control)?")
GROUP = re.compile(rf"^(?P<who>(?:other )?(?:nontoken )?creatures (?:you|your opponents) control|"
                   rf"all (?:other )?creatures|{_KIND}) "
                   rf"(?:get {_BONUS.replace('?P<p>', '?P<gp>').replace('?P<t>', '?P<gt>')}(?: and have "
                   rf"(?P<kw1>{_KW_LIST}))?|have (?P<kw2>{_KW_LIST}))$")
GROUP_BLOCKS = "each creature you control can block an additional creature each combat"
DEFENDERS_ATTACK = "each creature you control with defender can attack as though it didn't have defender"
# what "Each creature you control …" gives each of them, where the language has it for one creature: Brave the Sands,
# Familiar Ground ("… can't be blocked by more than one creature."), Goblin War Drums' older wording
GROUP_GRANTS = {GROUP_BLOCKS: "can block an additional creature each combat",
                "each creature you control can't be blocked by more than one creature":
                    "can't be blocked by more than one creature",
                "each creature you control can't be blocked except by two or more creatures":
                    "can't be blocked except by two or more creatures",
                # Arcades, the Strategist's second half (its first, damage equal to toughness, stays unread: oracle.py);
                # given to a creature without defender, the permission changes nothing
                DEFENDERS_ATTACK: "can attack as though it didn't have defender",
                "wall creatures can attack as though they didn't have defender":   # Rolling Stones
                    "can attack as though it didn't have defender"}


def group_of(sentence: str) -> n.Ability | None:
    """A group static read as the language's ability of kind "group": its text the sentence, its bonus and
    the keywords it grants (`rulecheck.game.layers` applies it to the creatures it names); None when it is none."""
    if sentence in GROUP_GRANTS:
        return n.Ability("group", sentence, None, (n.Ability("static", GROUP_GRANTS[sentence]),))
    m = GROUP.match(sentence)
    if m is None or "x" in (m.group("gp") or "") + (m.group("gt") or ""):
        return None
    keywords = re.findall(_GROUP_KW, m.group("kw1") or m.group("kw2") or "")
    pt = (int(m.group("gp")), int(m.group("gt"))) if m.group("gp") else None
    return n.Ability("group", sentence, pt, tuple(n.Ability("keyword", k) for k in keywords))


def pump_of(text: str) -> tuple[str, str, tuple[str, ...], bool] | None:
    """What a read target-creature effect gives: (power bonus, toughness bonus, as written: "+3", "+x", "+0";
    the keywords it grants; whether X is the creature's power); None when the text is no such effect."""
    m = TARGET_PUMP.match(text)
    if m is None or (("x" in (m.group("p") or "") + (m.group("t") or "")) != bool(m.group("x"))):
        return None
    words = " and ".join(w for w in (m.group("kw1"), m.group("kw2"), m.group("kw3")) if w)
    return m.group("p") or "+0", m.group("t") or "+0", tuple(re.findall(_KW, words)), bool(m.group("x"))


# a spell's effect on a group of creatures until end of turn, the group fixed as it resolves (611.2c): Overrun
# ("Creatures you control get +3/+3 and gain trample until end of turn."), Inspired Charge ("… get +2/+1 …"),
# Trumpet Blast ("Attacking creatures get +2/+0 until end of turn.")
MASS_PUMP = re.compile(rf"^(?P<who>creatures you control|attacking creatures you control|attacking creatures|"
                       rf"all creatures) get (?P<p>[+-]\d+)/(?P<t>[+-]\d+)(?: and gain (?P<kw>{_KWS}))? "
                       r"until end of turn$")


def mass_pump_of(text: str) -> tuple[str, int, int, tuple[str, ...]] | None:
    """(which creatures: "you", "attacking you", "attacking", "all"; the bonus; the keywords it grants) of a read
    group effect until end of turn; None when the text is none."""
    m = MASS_PUMP.match(text)
    if m is None:
        return None
    who = {"creatures you control": "you", "attacking creatures you control": "attacking you",
           "attacking creatures": "attacking", "all creatures": "all"}[m.group("who")]
    return who, int(m.group("p")), int(m.group("t")), tuple(re.findall(_KW, m.group("kw") or ""))
