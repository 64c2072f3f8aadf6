"""Oracle text read as the language's abilities: one reader for a card database's text, a YAML card file and the
quoted text of a hand-written definition.

Each line is offered to the transcript grammar (keywords, restrictions, Aura bonuses, trigger conditions), and
then to the templates of Oracle text that change a turn or a combat (docs/coverage.md, "Card text templates"):
untapping, ending the turn or the combat phase, attack and block permissions, undying and persist, group statics
(anthems and keywords given to "creatures you control"), untaps as a spell resolves, "enters the battlefield
tapped", and the rules-changing statics the language has in Oracle's words (hand size, land plays). A template is
read in every wording the card has had (the card's name, "this creature", "CARDNAME"; "at end of turn" for "at
the beginning of the next end step"), into the same ability text that the language's own forms give. What no
template reads stays quoted text, which the replay keeps and never judges against (see `rulecheck.replay.unread`).
Nothing is guessed: a sentence is taken only when a template reads all of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from .. import nodes as n
from ..parser import parse_line
from .groups import DEFENDERS_ATTACK, group_of, mass_pump_of, pump_of

REMINDER = re.compile(r"\s*\([^()]*\)")
_TRIGGER = re.compile(r"^(?P<cond>(?:when|whenever|at) [^,]+?),\s*(?P<effect>.+)$", re.IGNORECASE)
_PROTECTIONS = re.compile(r"\b([Pp]rotection) from \w+(?:,? (?:and )?from \w+)+")
_SELF = re.compile(r"\b(?:this (?:creature|artifact|enchantment|land|permanent|card|spell|aura|equipment|vehicle|"
                   r"planeswalker)|cardname)\b|~",
                   re.IGNORECASE)
# an activated ability: its cost before the colon (mana, {T}, {Q}, sacrificing, paying life, discarding, loyalty)
_ACTIVATED = re.compile(r"^(?P<cost>[+\-−]?(?:\d+|X)|(?:\{[^}]+\}|[ ,]|sacrifice [^:]+|pay \d+ life|discard [^:]+|"
                        r"tap [^:]+)+):\s*"
                        r"(?P<effect>.+)$", re.IGNORECASE)
_ACTIVATION_LIMIT = re.compile(r"^activate (?:this ability )?only (?:during your turn|as a sorcery|once each turn|"
                               r"any time you could cast a sorcery)$")

KEEP_TAPPED = "doesn't untap during its controller's untap step"
UNTAPS_IN_OTHERS = "untaps during each other player's untap step"
MAY_STAY_TAPPED = "you may choose not to untap this during your untap step"
SKIP_UNTAP = "skip your untap step"
EVERYONE_SKIPS_UNTAP = "players skip their untap steps"
ATTACKS_DESPITE_DEFENDER = "can attack as though it didn't have defender"
# Heartwood Dryad ("… as though they didn't have shadow"), Wall of Diffusion ("… as though CARDNAME had shadow"): it
# may block creatures with shadow (702.26b as the card changes it); it doesn't get shadow
BLOCKS_SHADOW = "can block creatures with shadow as though they didn't have shadow"
END_TURN = "end the turn"
END_COMBAT = "end the combat phase"
# blocks limited by the blocker's qualities (509.1b): a creature type, or flying
NOT_BY_WALLS = "can't be blocked by walls"
NOT_BY_FLYERS = "can't be blocked by creatures with flying"
ONLY_BY_WALLS = "can't be blocked except by walls"
ONLY_BY_FLYERS = "can't be blocked except by creatures with flying"
ONLY_BY_WALLS_OR_FLYERS = "can't be blocked except by walls and/or creatures with flying"
# Thorn Elemental, Lone Wolf, Pride of Lions: its controller may have it assign all its combat damage to what it
# attacks, though blocked (510.1c as the card changes it)
AS_UNBLOCKED = "may assign its combat damage as though it weren't blocked"
# Guildgates, taplands, many creatures: "CARDNAME enters the battlefield tapped." (now "This land enters tapped.");
# conditional forms ("… tapped unless you control a Plains") stay unread
ENTERS_TAPPED = "enters the battlefield tapped"
_COLOUR = r"(?:white|blue|black|red|green)"
# an attack limited by the defending player's lands (508.1c): Sea Serpent, Dandân, Island Fish Jasconius ("can't attack
# unless defending player controls an Island"), Zhou Yu ("… a Mountain")
ATTACKS_ONLY_INTO = re.compile(r"^can't attack unless defending player controls an? (?P<type>plains|island|swamp|"
                               r"mountain|forest)$")
# an attack limited by what its controller controls (508.1c): War Falcon ("can't attack unless you control a Knight or
# a Soldier"), Goblin Goon-like "… a Mountain", "… an artifact"
ATTACKS_IF_YOURS = re.compile(r"^can't attack unless you control an? (?P<a>[a-z]+)(?: or an? (?P<b>[a-z]+))?$")
# an attack limited by the other attackers' colours (508.1c): Scarred Puma ("can't attack unless a black or green
# creature also attacks")
ATTACKS_BESIDE = re.compile(rf"^can't attack unless an? (?P<colours>{_COLOUR}(?:(?:,| and/or| or|, or) {_COLOUR})*) "
                            r"creature also attacks$")
ATTACK_HOMES = frozenset(f"can't attack unless defending player controls {a} {t}" for a, t in (
    ("a", "plains"), ("an", "island"), ("a", "swamp"), ("a", "mountain"), ("a", "forest")))
# blocks limited by the blocker's colour (509.1b): Dauthi Horror ("can't be blocked by white creatures"), Sacred
# Knight ("… by black and/or red creatures")
NOT_BY_COLOURS = re.compile(rf"^can't be blocked by (?P<colours>{_COLOUR}(?:(?:,| and/or| or|, and/or|, or) "
                            rf"{_COLOUR})*) creatures$")
UNTAP_ALL_IN_OTHERS = re.compile(rf"^untap all (?:(?P<colours>{_COLOUR}(?:(?:,| and/or| or|, and/or|, or) {_COLOUR})*)"
                                 r" )?(?P<what>permanents|creatures|lands|artifacts|creatures and lands|"
                                 r"artifacts and creatures|artifacts, creatures, and lands) you control during each "
                                 r"other player's untap step$")
# what each untap-all template untaps, by card type (None: every permanent)
UNTAP_KINDS: dict[str, tuple[str, ...] | None] = {
    "permanents": None, "creatures": ("creature",), "lands": ("land",), "artifacts": ("artifact",),
    "creatures and lands": ("creature", "land"), "artifacts and creatures": ("artifact", "creature"),
    "artifacts, creatures, and lands": ("artifact", "creature", "land"),
}


# extra turns (500.7): Time Walk, "Take an extra turn after this one."; Time Warp, "Target player takes an extra turn
# after this one."; Time Stretch, "… two extra turns …"; and Savor the Moment's "Skip the untap step of that turn."
SKIP_EXTRA_UNTAP = "skip the untap step of that turn"
EXTRA_TURNS = re.compile(r"^(?:take|(?P<target>target player takes)) (?P<count>an|a|two|three) extra turns? "
                         r"after this one$")
SKIP_THAT_UNTAP = re.compile(r"^skip (?:the untap step of that turn|that turn's untap step)$")
# additional combat phases (500.8) as a resolving spell or ability says, its last sentence: Aurelia, the Warleader
# ("After this phase, there is an additional combat phase."), Relentless Assault ("After this main
# phase, there is an additional combat phase followed by an additional main phase."), World at War ("After the first
# postcombat main phase this turn, there's …"), Port Razer ("After this combat phase, …"); not inside a condition
# (Hellkite Charger: "If you do, untap all attacking creatures and after this phase, …")
ADDITIONAL_COMBAT = re.compile(r"(?:^|\. )after (?P<after>this phase|this main phase|this combat phase|"
                               r"the first postcombat main phase this turn), there(?: is|'s) an additional combat "
                               r"phase(?P<main> followed by an additional main phase)?\.?$")
EXTRA_TURN_COUNTS = {"an": 1, "a": 1, "two": 2, "three": 3}
# an untap as a spell or ability resolves, its own sentence: Relentless Assault, Fury of the Horde, World at War
# ("Untap all creatures that attacked this turn."), Vitalize ("Untap all creatures you control."), Early Harvest's
# kin ("Untap all lands you control."), Seize the Day, Ambush Party's kin ("Untap target creature.")
# a regeneration shield as a spell or ability resolves: River Boa ("{G}: Regenerate River Boa."), Regenerate
# ("Regenerate target creature.")
REGENERATES = ("regenerate this", "regenerate target creature")
# a tap as a spell or ability resolves, of the one permanent it targets: Icy Manipulator ("{1}, {T}: Tap target
# artifact, creature, or land."), Gideon's Lawkeeper and Master Decoy ("{W}, {T}: Tap target creature."), Pressure Point
# what a tap's target gets with it (Rust Tick's "It …", Amber Prison's "That permanent …", Sand Squid's "That
# creature …"): kept tapped while the source is (611.2b)
HELD_TAPPED = re.compile(r"^(?:it|that (?:permanent|creature|artifact|land)) doesn't untap during its controller's "
                         r"untap step for as long as this remains tapped$")
TAP_NOW = re.compile(r"^tap (?:another )?target (?:artifact, creature, or land|creature or land|artifact or creature|"
                     r"creature|permanent|artifact|land)$")
UNTAP_NOW = re.compile(r"^untap (?:all (?P<what>creatures that attacked this turn|creatures you control|"
                       r"lands you control|permanents you control|artifacts you control)|"
                       r"(?:another )?target (?P<target>creature|permanent|land|artifact))$")
# a permission to cast spells of some types at any time one could cast an instant (702.8a's "as though it had
# flash"): Prophet of Kruphix ("creature spells"), Vedalken Orrery ("spells"), Shimmer Myr ("artifact spells"),
# Vernal Equinox ("Any player may cast creature and enchantment spells ...")
_SPELL_TYPE = r"(?:artifact|creature|enchantment|sorcery|planeswalker|instant|battle)"
FLASH_PERMISSION = re.compile(rf"^(?P<who>you|any player|each player) may cast (?:(?P<types>{_SPELL_TYPE}(?:(?:,| and|"
                              rf"| or|, and|, or) {_SPELL_TYPE})*) )?spells as though they had flash$")


# rules-changing statics the language has, as Oracle words them: the maximum hand size (Reliquary Tower, Spellbook,
# Thought Vessel: "You have no maximum hand size."; Locust Miser: "Each opponent's maximum hand size is reduced by
# two."), additional land plays (Exploration, Azusa, Dryad of the Ilysian Grove) and lands played from another zone
# (Crucible of Worlds, Courser of Kruphix); the numbers Oracle spells out are the language's digits
_RULE_STATIC = re.compile(r"^(?:(?:you|players) have no maximum hand size|(?:your|each opponent's|each player's) "
                          r"maximum hand size is (?:(?:increased|reduced) by )?(?P<n>\w+)|you may play (?:an|two|"
                          r"three) additional lands? on each of your turns|each player may play an additional "
                          r"land on each of their turns|you may play lands from (?:your graveyard|the top of your "
                          r"library))$")

# a spell's or ability's effect for the rest of the turn (Explore, Growth Spiral, Urban Evolution): more land plays
LAND_PLAYS_NOW = {"you may play an additional land this turn": 1, "you may play two additional lands this turn": 2,
                  "you may play three additional lands this turn": 3}


def _rule_static(sentence: str) -> n.Ability | None:
    m = _RULE_STATIC.match(sentence)
    if m is None:
        return None
    count = m.group("n")
    if count is not None and not count.isdigit():
        if count not in _NUMBERS or count == "no":
            return None
        sentence = sentence[:m.start("n")] + str(_NUMBERS[count])
    if sentence.startswith("each player may"):   # Rites of Flourishing: not the language's, read as Oracle says it
        return n.Ability("static", sentence)
    ability = grammar_ability(sentence)
    return ability if ability is not None and ability.kind == "static" else None


def flash_types(text: str) -> tuple[bool, tuple[str, ...]] | None:
    """What a flash permission's text allows: (whether any player may use it, the card types of the spells it
    names; () for every spell); None when the text is no flash permission."""
    m = FLASH_PERMISSION.match(text)
    if m is None:
        return None
    return m.group("who") != "you", tuple(re.findall(_SPELL_TYPE, m.group("types") or ""))


# the intervening "if" conditions of triggered abilities (603.4) the replay can tell: a count of cards in hand
_NUMBERS = {"no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10}
_IF_HAND = re.compile(r"^if (?P<who>you|that player) (?:has|have) (?P<n>no|one|two|three|four|five|six|seven|eight|"
                      r"nine|ten|\d+)(?: or (?P<dir>more|fewer|less))? cards? in (?:hand|(?:your|their|his or her) "
                      r"hand)$")


def intervening_if(text: str) -> tuple[str, int, str] | None:
    """A trigger's intervening "if" clause about a hand (Misers' Cage: "At the beginning of each opponent's upkeep,
    if that player has five or more cards in hand, ..."): (whose hand: "you" or "that player", the number, "more",
    "fewer" or "exactly"); None when the effect starts with no such clause."""
    clause = text.split(",", 2)[1].strip().lower() if "," in text else ""
    m = _IF_HAND.match(clause)
    if m is None:
        return None
    count = m.group("n")
    number = int(count) if count.isdigit() else _NUMBERS[count]
    way = {"more": "more", "fewer": "fewer", "less": "fewer"}.get(m.group("dir") or "", "exactly")
    return m.group("who"), number, way


def has_intervening_if(text: str) -> bool:
    """Whether a triggered ability's effect begins with an intervening "if" clause (603.4)."""
    return "," in text and text.split(",", 1)[1].lstrip().lower().startswith("if ")


def untap_colours(m: re.Match[str]) -> tuple[str, ...]:
    """The colours an untap-all template names ("green and/or blue creatures": green, blue); () for none: then
    the permanents it untaps are those of its kinds whatever their colours."""
    return tuple(re.findall(_COLOUR, m.group("colours") or ""))
# undying and persist (702.92, 702.79) as the triggered abilities they stand for, written as the reminder text says
RETURNS_WITH_COUNTER = {
    "undying": "when this dies, if it had no +1/+1 counters on it, return it to the battlefield under its owner's "
               "control with a +1/+1 counter on it",
    "persist": "when this dies, if it had no -1/-1 counters on it, return it to the battlefield under its owner's "
               "control with a -1/-1 counter on it",
}

# sentence templates about the card itself ("this"), in their wordings across Oracle eras, to the language's text
_SELF_STATICS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple(
    (re.compile(pattern), texts) for pattern, texts in (
        (r"^this doesn't untap during (?:its controller's|your) untap step$", (KEEP_TAPPED,)),
        (r"^(?:this untaps|untap this) during each other player's untap step$", (UNTAPS_IN_OTHERS,)),
        (r"^you may choose not to untap this during your untap step$", (MAY_STAY_TAPPED,)),
        (r"^this can't attack or block$", ("can't attack", "can't block")),
        (r"^this can attack as though it didn't have defender$", (ATTACKS_DESPITE_DEFENDER,)),
        (r"^this can block creatures with shadow as though (?:they didn't have shadow|this had shadow)$",
         (BLOCKS_SHADOW,)),
        (r"^this attacks each (?:combat|turn) if able$", ("attacks each combat if able",)),
        (r"^this blocks each (?:combat|turn) if able$", ("blocks each combat if able",)),
        (r"^this can block an additional creature(?: each combat)?$",
         ("can block an additional creature each combat",)),
        (r"^this can block any number of creatures(?: each combat)?$", ("can block any number of creatures",)),
        (r"^this must be blocked(?: each combat)? if able$", ("must be blocked if able",)),
        (r"^all creatures able to block this do so$", ("all creatures able to block it do so",)),
        (r"^this can't be blocked by walls$", (NOT_BY_WALLS,)),
        (r"^you may have this assign its combat damage as though it weren't blocked$", (AS_UNBLOCKED,)),
        (r"^this enters(?: the battlefield)? tapped$", (ENTERS_TAPPED,)),
        (r"^this can't be blocked by creatures with flying$", (NOT_BY_FLYERS,)),
        (r"^this can't be blocked except by walls$", (ONLY_BY_WALLS,)),
        (r"^this can't be blocked except by creatures with flying$", (ONLY_BY_FLYERS,)),
        (r"^this can't be blocked except by walls and/or creatures with flying$", (ONLY_BY_WALLS_OR_FLYERS,)),
    ))
# the texts the templates give, read back as themselves (a definition `cards show` writes quotes them)
_READ_BACK = frozenset(t for _, texts in _SELF_STATICS for t in texts)
# an attack tax on the permanent's controller, in its wordings: "Creatures can't attack you unless their controller
# pays {2} for each creature they control that's attacking you." (older: "he or she controls")
ATTACK_TAX = re.compile(r"^creatures can't attack you unless their controller pays (?P<mana>(?:\{[0-9wubrgc]\})+) "
                        r"for each creature (?:they control|he or she controls) that's attacking you$")
# a spell's timing restriction around combat (506.6), "Cast this spell only during combat." and, older, "Play CARDNAME
# only before combat damage."
_CAST_ONLY = re.compile(r"^(?:cast|play) this only (?P<when>(?:during combat|before|after).*)$")
# Arcades, the Strategist: "Each creature you control with defender assigns combat damage equal to its toughness
# rather than its power and can attack as though it didn't have defender."
_TOUGHNESS_AND_ATTACK = re.compile(r"^(?P<damage>each creature you control with defender assigns combat damage equal "
                                   r"to its toughness rather than its power) and can attack as though it didn't have "
                                   r"defender$")
_ATTACHED_BOTH = re.compile(r"^(enchanted|equipped) creature can't attack or block(?P<rest>, and .+)?$")


def is_activated(text: str) -> bool:
    """Whether the text is an activated ability ("{1}, {T}: ..."): it does something only when it resolves."""
    return activation_cost(text) is not None


def effect_of(text: str) -> str:
    """An activated ability's effect, after its cost ("untap another target permanent" of "{t}: untap another
    target permanent"); any other text as it is."""
    m = _ACTIVATED.match(text)
    return m.group("effect") if m is not None else text


def activation_cost(text: str) -> str | None:
    """The cost of an activated ability ("{1}, {T}" of "{1}, {T}: ..."); None: the text is no activated ability."""
    m = _ACTIVATED.match(text)
    return m.group("cost") if m is not None else None


@lru_cache(maxsize=4096)
def grammar_ability(text: str) -> n.Ability | None:
    """The ability the grammar reads in `text` (a whole card property), or None."""
    if not text or '"' in text or "," in text or ";" in text or "#" in text:
        return None
    parsed = parse_line(f"card X: {text}", 1, quiet=True)
    if not isinstance(parsed, list) or len(parsed) != 1 or not isinstance(parsed[0], n.CardDef):
        return None
    card = parsed[0]
    if card.types or len(card.abilities) != 1:
        return None
    return card.abilities[0]


def quoted(text: str) -> n.Ability | None:
    """Text kept as the language keeps quoted text (a trigger when it reads as one)."""
    text = " ".join(text.replace('"', "'").split())
    if not text:
        return None
    parsed = parse_line(f'card X: "{text}"', 1, quiet=True)
    if not isinstance(parsed, list) or not parsed or not isinstance(parsed[0], n.CardDef) \
            or len(parsed[0].abilities) != 1:
        return None
    return parsed[0].abilities[0]


def self_names(name: str) -> list[str]:
    """How oracle text names the card itself: its name, and a legendary card's short name ("Akroma")."""
    names = [name]
    if "," in name:
        names.append(name.split(",")[0])
    return names


def _each_protection(m: re.Match[str]) -> str:
    """'protection from black and from red' is protection from black and protection from red (702.16)."""
    qualities = re.findall(r"from (\w+)", m.group())
    return ", ".join(f"{m.group(1)} from {q}" for q in qualities)


def naming_itself(text: str, names: Iterable[str]) -> str:
    for name in names:
        text = re.sub(rf"\b{re.escape(name)}\b", "this", text)
    return text


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=\.)\s+", text.strip()) if s.strip()]


def _template(sentence: str) -> list[n.Ability] | None:
    """The abilities one sentence (lower case, the card named "this", no final period) reads as, or None."""
    for pattern, texts in _SELF_STATICS:
        if pattern.match(sentence):
            return [n.Ability("static", t) for t in texts]
    if sentence in _READ_BACK:
        return [n.Ability("static", sentence)]
    m = UNTAP_ALL_IN_OTHERS.match(sentence)
    if m or FLASH_PERMISSION.match(sentence) or NOT_BY_COLOURS.match(sentence) or ATTACKS_ONLY_INTO.match(sentence):
        return [n.Ability("static", sentence)]
    if sentence == SKIP_UNTAP:
        return [n.Ability("static", SKIP_UNTAP)]
    if sentence in (EVERYONE_SKIPS_UNTAP, "each player skips their untap step"):   # Stasis
        return [n.Ability("static", EVERYONE_SKIPS_UNTAP)]
    if sentence in (END_TURN, END_COMBAT):
        return [n.Ability("resolution", sentence)]
    if EXTRA_TURNS.match(sentence):
        return [n.Ability("resolution", sentence)]
    if UNTAP_NOW.match(sentence) or TAP_NOW.match(sentence) or sentence in REGENERATES or sentence in LAND_PLAYS_NOW:
        return [n.Ability("resolution", sentence)]
    if sentence.startswith("this ") and (NOT_BY_COLOURS.match(sentence[5:]) or ATTACKS_ONLY_INTO.match(sentence[5:])
                                         or ATTACKS_IF_YOURS.match(sentence[5:]) or ATTACKS_BESIDE.match(sentence[5:])):
        return [n.Ability("static", sentence[5:])]
    arcades = _TOUGHNESS_AND_ATTACK.match(sentence)
    if arcades:   # read: the attack permission; kept unread: combat damage equal to toughness
        return [n.Ability("text", arcades.group("damage")), group_of(DEFENDERS_ATTACK) or n.Ability("text", "")]
    static = _rule_static(sentence) or group_of(sentence)
    if static is not None:
        return [static]
    if ADDITIONAL_COMBAT.match(sentence):   # a spell's sentence (a trigger's is found as it resolves: cardtext.py)
        return [n.Ability("resolution", sentence)]
    if SKIP_THAT_UNTAP.match(sentence):
        return [n.Ability("resolution", SKIP_EXTRA_UNTAP)]
    if pump_of(sentence) is not None or mass_pump_of(sentence) is not None:
        return [n.Ability("resolution", sentence)]
    tax = ATTACK_TAX.match(sentence)
    if tax:   # Propaganda, Ghostly Prison, Windborn Muse: the language's `attack cost {2}` (508.1g; 508.1d: no player
        return [n.Ability("attack_cost", tax.group("mana").upper())]   # is required to pay it to obey a requirement)
    timing = _CAST_ONLY.match(sentence)
    if timing:   # "Cast this spell only before the combat damage step." (506.6): the language's timing restriction
        when = re.sub(r"\bbefore combat damage$", "before the combat damage step", timing.group("when"))
        ability = grammar_ability(f"cast only {when}")
        return [ability] if ability is not None and ability.kind == "timing" else None
    both = _ATTACHED_BOTH.match(sentence)
    if both:
        ability = grammar_ability(f"{both.group(1)} creature can't attack and can't block")
        rest = both.group("rest")
        extra = quoted(rest[len(", and "):].strip()) if rest else None
        return [a for a in (ability, extra) if a is not None]
    return None


def unread_effect(trigger: str) -> str:
    """The sentences of a triggered ability's effect (after its condition) that no template reads, as one text
    ("" when every sentence is read): what its resolution may do that the replay doesn't know."""
    text = _SELF.sub("this", trigger.lower())
    effect = text.split(", ", 1)[1] if text.startswith(("when", "at ")) and ", " in text else text
    return " ".join(s for s in _sentences(effect) if _template(s.rstrip(".")) is None)


def _text_templates(plain: str) -> list[n.Ability] | None:
    """A line of sentences the templates read: each sentence read, a sentence that ends the turn or the combat
    phase read with the others kept as text; None when nothing is read."""
    text = _SELF.sub("this", plain.lower())
    activated = _ACTIVATED.match(text)
    body = activated.group("effect") if activated else text
    sentences = [s.rstrip(".") for s in _sentences(body)]
    found: list[n.Ability] = []
    unread: list[str] = []
    for s in sentences:
        if activated and _ACTIVATION_LIMIT.match(s):
            continue    # a limit on when it may be activated: not judged
        if HELD_TAPPED.match(s) and found and TAP_NOW.match(found[-1].text):   # Rust Tick: one effect of two sentences
            found[-1] = n.Ability("resolution", f"{found[-1].text}. {s}")
            continue
        read = _template(s)
        if read is None:
            unread.append(s)
        else:
            found += read
    if not found:
        return None
    if activated:   # a read effect keeps its cost: what paying it does (a {T} cost taps the source, 602.2)
        found = [n.Ability(a.kind, f"{activated.group('cost').strip()}: {a.text}") if a.kind == "resolution" else a
                 for a in found]
    if unread and not any(a.kind == "resolution" for a in found):
        return None     # a template inside a sentence the reader doesn't follow is not taken out of it
    if unread:
        rest = quoted(". ".join(unread) + ".")
        if rest is not None:
            found.append(rest)
    return found


def read_line(line: str, names: list[str]) -> list[n.Ability]:
    """The abilities one line of Oracle text gives: what the grammar and the templates read, else quoted text."""
    plain = REMINDER.sub("", line).strip()
    if not plain:
        return []
    if plain.lower() in RETURNS_WITH_COUNTER:
        return [n.Ability("trigger", RETURNS_WITH_COUNTER[plain.lower()])]
    parts = [p.strip() for p in re.split(r"[,;]\s*", _PROTECTIONS.sub(_each_protection, plain)) if p.strip()]
    keywords = [grammar_ability(p.lower()) for p in parts]
    if not plain.endswith(".") and any(k is not None and k.kind == "keyword" for k in keywords):
        # a keyword line ("Flying, first strike, protection from black and from red"): each keyword the language
        # has, and each other part as text
        out: list[n.Ability] = []
        for part, keyword in zip(parts, keywords, strict=True):
            found = keyword if keyword is not None and keyword.kind == "keyword" else \
                n.Ability("trigger", RETURNS_WITH_COUNTER[part.lower()]) if part.lower() in RETURNS_WITH_COUNTER \
                else quoted(part)
            if found is not None:
                out.append(found)
        return out
    sentence = _SELF.sub("this", naming_itself(plain, names)).rstrip(".")
    if "." not in sentence:
        if sentence.lower().startswith("this "):
            static = grammar_ability(sentence[5:].lower())
            if static is not None and static.kind == "static":
                return [static]
        attached = grammar_ability(sentence.lower())
        if attached is not None and attached.kind == "attached":
            return [attached]
    m = _TRIGGER.match(plain)
    if m:
        trigger = grammar_ability(naming_itself(m.group("cond"), names).lower())
        if trigger is not None and trigger.kind == "trigger" and m.group("effect").lower().startswith("if "):
            # an intervening "if" clause (603.4) belongs to the trigger condition: it triggers only when the
            # condition is true (`intervening_if`); the effect after it is kept as text, as any trigger's is
            clause, _, effect = m.group("effect").partition(", ")
            rest = quoted(effect) if effect.strip() else None
            return [n.Ability("trigger", f"{trigger.text}, {naming_itself(clause, names).lower()}")] + \
                ([rest] if rest is not None else [])
        if trigger is not None and trigger.kind == "trigger":
            rest = quoted(m.group("effect"))
            return [trigger] + ([rest] if rest is not None else [])
    templated = _text_templates(naming_itself(plain, names))
    if templated is not None:
        return templated
    kept = quoted(plain)
    return [kept] if kept is not None else []


def as_property(ability: n.Ability) -> str:
    """How a definition writes the ability: as the language's own property where the grammar reads it, else in
    quotes (a template's reading, "end the turn", is read again from the quotes into the same ability)."""
    if ability.kind != "text" and grammar_ability(ability.text) == ability:
        return ability.text
    if ability.kind == "attack_cost":
        return f"attack cost {ability.text}"
    return f'"{ability.text}"'


def read_abilities(abilities: Iterable[n.Ability], name: str) -> tuple[n.Ability, ...]:
    """A hand-written definition's abilities with its quoted text read as a card database's would be: a quoted
    line the reader understands becomes what it reads as (`"First strike"` is first strike); the rest is kept."""
    names = self_names(name)
    out: list[n.Ability] = []
    for ability in abilities:
        if ability.kind == "trigger" and ", " in ability.text:   # "whenever Goblin Guide attacks, …": "this"
            cond, _, effect = ability.text.partition(", ")
            ability = n.Ability("trigger", f"{_SELF.sub('this', naming_itself(cond, names))}, {effect}")
        read = read_line(ability.text, names) if ability.kind == "text" else [ability]
        out += read or [ability]     # as written: an ability written twice is two abilities
    return tuple(out)
