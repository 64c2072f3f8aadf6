"""The rule registry of the baseline edition: every rule number rulecheck knows, its title in our words, and its
status.

`rulecheck rules`, `rulecheck explain`, docs/rules.md and SARIF rule metadata are all generated from here.
"""

from __future__ import annotations

from ..records import record

CHECKED = "checked"
NOT_OBSERVABLE = "not observable"
DEFINITION = "definition"


@record(frozen=True, slots=True)
class Rule:
    number: str
    title: str
    status: str
    note: str = ""
    related: tuple[str, ...] = ()


def _r(number: str, title: str, status: str = CHECKED, note: str = "", related: tuple[str, ...] = ()) -> Rule:
    return Rule(number, title, status, note, related)


_FIRST = "checked in explicit transcripts: the first player to act in the step must be the active player"
_DEF = "a definition that other checks rely on; nothing in a transcript can break it on its own"

RULES: tuple[Rule, ...] = (
    # the end of the game (docs/coverage.md)
    _r("104.1", "Nothing happens after the game is over: a two-player game ends when one player leaves it",
       related=("104.5", "104.2a", "704.5a", "104.3a")),
    _r("104.5", "A player who lost or conceded has left the game and takes no further part in it",
       related=("800.4a", "704.5a", "704.5b", "704.5c", "104.3a")),
    # special actions, counters and face-down permanents (docs/coverage.md)
    _r("115.2b", "Turning a face-down creature face up is a special action taken only with priority",
       related=("702.35d", "707.8")),
    _r("702.35d", "Only a face-down permanent's controller turns it face up, paying its morph cost",
       related=("115.2b", "707.8")),
    _r("711.1", "A player-controlling effect applies only to the next turn the affected player takes",
       related=("711.1a",)),
    _r("704.5r", "+1/+1 and -1/-1 counters on one permanent are removed in pairs as a state-based action",
       related=("121.3", "704.3")),
    # costs and life, as they reach into combat (docs/coverage.md)
    _r("118.4", "Life is paid only up to the life total", related=("508.1i", "509.1f")),
    _r("302.6", "A creature's {T} or {Q} ability can't be activated until its controller has controlled it "
       "continuously since their most recent turn began, unless it has haste", related=("702.10",)),
    _r("103.7a", "In a two-player game the starting player skips the draw step of their first turn",
       related=("500.10",)),
    _r("500.1", "A turn's five phases happen in order and none is left out", related=("501.1", "505.1", "512.1")),
    _r("500.2", "A step or phase with priority ends only with an empty stack after all players pass in succession",
       related=("117.4",)),
    _r("500.3", "A step without priority ends once its actions are done", DEFINITION, _DEF),
    _r("500.4", "Unused mana empties from every pool when a step or phase ends", related=("106.4", "703.4p")),
    _r("500.5", "\"Until end of\" effects expire when that step or phase ends; \"until end of combat\" at the end "
                "of the combat phase"),
    _r("500.6", "Abilities that trigger at the beginning of a step or phase go on the stack when it begins"),
    _r("500.7", "Extra turns come directly after the current turn, the most recently created first"),
    _r("500.8", "Extra phases come directly after the named phase, the most recently created first"),
    _r("500.9", "Extra steps come directly after (or before) the named step, the most recently created first"),
    _r("500.10", "A skipped step, phase or turn does not happen at all", related=("614.10",)),
    _r("500.11", "Nothing happens between turns, phases or steps"),
    _r("501.1", "The beginning phase is untap, upkeep, draw, in that order", related=("500.1",)),
    _r("502.1", "Phasing in the untap step is the active player's, first, and simultaneous",
       related=("703.4a", "702.24")),
    _r("502.2", "Only the active player's permanents untap in the untap step, all together, unless an effect "
                "keeps one tapped", related=("703.4b",)),
    _r("502.3", "Nobody gets priority in the untap step: no spells, no activated abilities",
       related=("117.3a",)),
    _r("503.1", "Upkeep triggers go on the stack before anyone gets priority", related=("500.6", "603.3")),
    _r("503.2", "The active player gets priority in the upkeep", note=_FIRST,
       related=("117.3a",)),
    _r("504.1", "The active player draws one card in the draw step, without the stack", related=("703.1", "703.4c")),
    _r("504.2", "Draw-step triggers go on the stack after the draw and before priority", related=("500.6", "603.3")),
    _r("504.3", "The active player gets priority in the draw step after the draw", note=_FIRST,
       related=("117.3a",)),
    _r("505.1", "There are two main phases, separated by the combat phase", related=("500.1",)),
    _r("505.1a", "Only the first main phase of a turn is the precombat main phase"),
    _r("505.2", "A main phase ends only when all players pass in succession with an empty stack",
       related=("500.2",)),
    _r("505.3", "In Archenemy, the archenemy sets a scheme in motion at the start of the precombat main phase",
       related=("703.4d",)),
    _r("505.4", "Beginning-of-main-phase triggers go on the stack before anyone gets priority",
       related=("500.6", "603.3")),
    _r("505.5", "The active player gets priority in the main phase", note=_FIRST,
       related=("117.3a",)),
    _r("505.5a", "Sorcery-speed spells: main phase, active player, empty stack", related=("307.1", "117.1a", "606.3")),
    _r("505.5b", "One land per turn: active player, main phase, empty stack, with priority",
       related=("305.1", "305.2")),
    _r("506.1", "Combat steps come in order; blockers and damage are skipped only without attackers; a second "
                "damage step only for first or double strike", related=("508.6", "510.5")),
    _r("506.2", "The active player attacks; only the defending player and their planeswalkers can be attacked",
       related=("508.1b",)),
    _r("506.2a", "In multiplayer the attacking player chooses one defending player unless all opponents defend",
       NOT_OBSERVABLE, "checked through 507.1, where the choice is made"),
    _r("506.2b", "Two-Headed Giant: the active team attacks and the nonactive team defends",
       related=("810.7a",)),
    _r("506.3", "Only creatures attack and block; only players and planeswalkers are attacked"),
    _r("506.3a", "A noncreature put onto the battlefield attacking or blocking is not in combat"),
    _r("506.3b", "A creature put onto the battlefield attacking under a non-attacking player's control is not "
                 "attacking"),
    _r("506.3c", "A creature put onto the battlefield attacking a gone player or planeswalker is not attacking",
       DEFINITION,
       "checked through 508.4a, which covers the same case for creatures put onto the battlefield attacking"),
    _r("506.3d", "A creature put onto the battlefield blocking a creature that isn't attacking its controller is "
                 "not blocking"),
    _r("506.4", "Leaving the battlefield, changing control, phasing out or being removed takes a permanent out of "
                "combat"),
    _r("506.4a", "Effects that would have stopped an attack or block don't remove a creature already declared",
       DEFINITION, _DEF),
    _r("506.4b", "Tapping or untapping doesn't remove a creature from combat", DEFINITION, _DEF),
    _r("506.4c", "A creature attacking a planeswalker that leaves combat still attacks, but deals no damage if "
                 "unblocked", DEFINITION, "checked through 510.1b"),
    _r("506.4d", "A blocking creature that is also an attacked planeswalker leaves combat only when it is neither",
       NOT_OBSERVABLE, "needs type-changing effects the language does not express"),
    _r("506.5", "Attacking or blocking \"alone\": the only creature declared", related=("508.2",)),
    _r("506.6", "Spells usable only before or after a point in combat", related=("506.6a", "506.6b")),
    _r("506.6a", "\"Before/after attackers are declared\" means before/after the declare attackers step begins"),
    _r("506.6b", "\"Before/after blockers are declared\" means before/after the declare blockers step begins"),
    _r("506.6c", "\"During combat\" timing works in any combat phase of the turn"),
    _r("506.6d", "Combat timing without \"during combat\" refers to the first combat phase"),
    _r("506.6e", "\"Only before\" a point that was skipped means before the declare attackers step ends"),
    _r("506.6f", "\"After blockers are declared\" is impossible when the declare blockers step was skipped"),
    _r("506.6g", "Combat timing rules apply to activated abilities as well"),
    _r("507.1", "In multiplayer, the active player chooses one opponent as the defending player as combat begins",
       related=("506.2a", "703.4e")),
    _r("507.2", "Beginning-of-combat triggers go on the stack before anyone gets priority",
       related=("500.6", "603.3")),
    _r("507.3", "The active player gets priority in the beginning of combat step", note=_FIRST,
       related=("117.3a",)),
    _r("508.1", "Attackers are declared first in the declare attackers step", related=("703.4f",)),
    _r("508.1a", "Attackers must be untapped and controlled since the turn began, unless they have haste",
       related=("302.6", "702.10")),
    _r("508.1b", "Each attacker attacks the defending player or one of their planeswalkers", DEFINITION,
       "checked through 506.2 (what may be attacked); the language names what each attacker attacks"),
    _r("508.1c", "An attack declaration may not break any restriction", related=("702.3",)),
    _r("508.1d", "An attack declaration obeys as many requirements as possible without breaking a restriction"),
    _r("508.1e", "Bands are announced only among attackers with banding", related=("702.20",)),
    _r("508.1f", "Attacking creatures become tapped unless they have vigilance", DEFINITION,
       "the replay taps attackers without vigilance; a transcript that says otherwise fails its assertion",
       related=("702.19",)),
    _r("508.1g", "The total cost to attack is determined and locked in"),
    _r("508.1h", "Mana abilities may be activated to pay attack costs", DEFINITION, _DEF),
    _r("508.1i", "Attack costs are paid in full, never in part"),
    _r("508.1j", "The chosen creatures become attacking creatures", DEFINITION, _DEF),
    _r("508.2", "Attack triggers go on the stack after attackers are declared"),
    _r("508.2a", "Attack triggers look at a creature only as it is declared as an attacker", NOT_OBSERVABLE,
       "needs characteristic-changing trigger conditions the language does not express"),
    _r("508.3", "The active player gets priority in the declare attackers step", note=_FIRST,
       related=("117.3a",)),
    _r("508.4", "A creature put onto the battlefield attacking is attacking but never \"attacked\""),
    _r("508.4a", "A creature put onto the battlefield attacking a gone player or planeswalker is not attacking"),
    _r("508.5", "An attacker's defending player is the player it attacks, or that planeswalker's controller"),
    _r("508.5a", "In multiplayer, \"defending player\" means one specific player", DEFINITION,
       "checked through 508.5"),
    _r("508.6", "Without attackers, the declare blockers and combat damage steps are skipped"),
    _r("509.1", "Blockers are declared first in the declare blockers step", related=("703.4g",)),
    _r("509.1a", "Blockers must be untapped; each blocks one creature attacking its controller or their "
                 "planeswalker"),
    _r("509.1b", "A block declaration may not break any restriction, evasion included",
       related=("702.9", "702.16")),
    _r("509.1c", "A block declaration obeys as many requirements as possible without breaking a restriction"),
    _r("509.1d", "The total cost to block is determined and locked in", related=("509.1f",)),
    _r("509.1e", "Mana abilities may be activated to pay block costs", DEFINITION, _DEF),
    _r("509.1f", "Block costs are paid in full, never in part"),
    _r("509.1g", "The chosen creatures become blocking creatures", DEFINITION, _DEF),
    _r("509.1h", "A creature with blockers declared stays blocked even if they all leave combat", CHECKED,
       "also through 510.1c: a blocked creature whose blockers all left assigns no combat damage",
       related=("702.47",)),
    _r("509.2", "The attacking player orders each blocked creature's blockers: exactly the creatures blocking it",
       related=("703.4h",)),
    _r("509.2a", "A blocker removed from combat drops out of the order; the rest keep their order"),
    _r("509.3", "The defending player orders each blocker's attackers: exactly the creatures it blocks",
       related=("703.4i",)),
    _r("509.3a", "An attacker removed from combat drops out of the order; the rest keep their order"),
    _r("509.4", "Block triggers go on the stack after blockers and orders"),
    _r("509.4a", "\"Whenever this blocks\" triggers once, on a declared block"),
    _r("509.4b", "\"Whenever this blocks a creature\" triggers once per creature blocked"),
    _r("509.4c", "\"Whenever this becomes blocked\" triggers once, when it first becomes blocked"),
    _r("509.4d", "\"Whenever this becomes blocked by a creature\" triggers once per blocker"),
    _r("509.4e", "Triggers on a number of blockers look at the declaration", NOT_OBSERVABLE,
       "needs counting trigger conditions the language does not express"),
    _r("509.4f", "Characteristic-based block triggers look only at the moment of blocking", NOT_OBSERVABLE,
       "needs characteristic-changing trigger conditions the language does not express"),
    _r("509.4g", "\"Attacks and isn't blocked\" triggers only if no blocker was declared for it"),
    _r("509.5", "The active player gets priority in the declare blockers step", note=_FIRST,
       related=("117.3a",)),
    _r("509.6", "A creature made to block is placed into the orders; the others keep their relative order"),
    _r("509.7", "A creature put onto the battlefield blocking is placed into the attacker's order and never "
                "\"blocked\""),
    _r("510.1", "Combat damage is assigned by the active player first, then the defending player",
       related=("703.4j",)),
    _r("510.1a", "A creature assigns combat damage equal to its power, and none at 0 or less"),
    _r("510.1b", "An unblocked creature damages what it attacks, or nothing if that is gone",
       related=("506.4c",)),
    _r("510.1c", "A blocked creature damages its blockers in order, lethal damage to each before the next",
       related=("702.2", "702.18", "509.1h")),
    _r("510.1d", "A blocking creature damages the creatures it blocks in order, lethal to each before the next"),
    _r("510.1e", "A player's whole damage assignment is judged together", DEFINITION, "checked through 510.1c/d"),
    _r("510.2", "Assigned combat damage is dealt at once, with nothing cast or activated in between",
       related=("703.4k",)),
    _r("510.3", "Damage triggers go on the stack after damage", DEFINITION, _DEF),
    _r("510.4", "The active player gets priority after combat damage", note=_FIRST,
       related=("117.3a",)),
    _r("510.5", "With first or double strike there are two damage steps, each with its own creatures",
       related=("702.4", "702.7")),
    _r("511.1", "\"At end of combat\" abilities trigger as the end of combat step begins"),
    _r("511.2", "The active player gets priority in the end of combat step", note=_FIRST,
       related=("117.3a",)),
    _r("511.3", "Everything leaves combat as the end of combat step ends"),
    _r("512.1", "The ending phase is the end step, then the cleanup step", related=("500.1",)),
    _r("513.1", "End-step triggers go on the stack before anyone gets priority", related=("500.6", "603.3")),
    _r("513.1a", "\"At end of turn\" is old wording for \"at the beginning of the end step\"", DEFINITION,
       "checked through 513.1"),
    _r("513.2", "The active player gets priority in the end step", note=_FIRST,
       related=("117.3a",)),
    _r("513.3", "A permanent or delayed trigger that arrives during the end step waits for the next turn's end step"),
    _r("514.1", "In cleanup the active player discards down to exactly the maximum hand size",
       related=("703.4m", "402.2")),
    _r("514.2", "In cleanup, damage is removed and \"until end of turn\" effects end", DEFINITION,
       "checked through 703.4n and assertions: the replay removes damage and ends the effects", related=("703.4n",)),
    _r("514.3", "Normally nobody gets priority in the cleanup step"),
    _r("514.3a", "Priority in cleanup comes only after state-based actions or triggers, and then another cleanup "
                 "step follows"),
    _r("608.1", "The top object of the stack resolves first: last in, first out", related=("405.2", "405.5")),
    _r("702.47", "Ninjutsu is activated from the hand only while an attacking creature of its player's is "
                 "unblocked", related=("509.1h",)),
    # casting from exile (docs/coverage.md, zones)
    _r("702.60a", "Suspend casts the card from exile only as its ability resolves once the last time counter is "
                  "removed", related=("702.60b",)),
    _r("702.86a", "Rebound lets its owner cast the exiled card only as its delayed ability resolves at the "
                  "beginning of the next upkeep", related=("603.7b",)),
    _r("703.1", "Turn-based actions don't use the stack", DEFINITION,
       "checked through each turn-based action's own rule (502.2, 504.1, 510.2, 514.1)"),
    _r("703.2", "Abilities that watch for a step are triggered abilities, not turn-based actions",
       related=("603.2",)),
    _r("703.3", "No player controls a turn-based action", DEFINITION, "checked through 703.1 (nothing can target one)"),
    _r("703.4", "A step's turn-based actions happen first, before state-based actions, triggers and priority",
       DEFINITION,
       "checked through its letters, 703.4a to 703.4p"),
    _r("703.4a", "Untap step: phasing, before anything else", related=("502.1",)),
    _r("703.4b", "Untap step: untapping, after phasing", related=("502.2",)),
    _r("703.4c", "Draw step: the active player's draw, before triggers and priority", related=("504.1",)),
    _r("703.4d", "Precombat main phase: the Archenemy scheme, first", related=("505.3",)),
    _r("703.4e", "Beginning of combat: choosing the defending player, first", related=("507.1",)),
    _r("703.4f", "Declare attackers step: declaring attackers, first", related=("508.1",)),
    _r("703.4g", "Declare blockers step: declaring blockers, first", related=("509.1",)),
    _r("703.4h", "Declare blockers step: attackers' damage assignment orders, after blocks", related=("509.2",)),
    _r("703.4i", "Declare blockers step: blockers' damage assignment orders, after attackers' orders",
       related=("509.3",)),
    _r("703.4j", "Combat damage step: assigning combat damage, active player first", related=("510.1",)),
    _r("703.4k", "Combat damage step: dealing combat damage, after every assignment", related=("510.2",)),
    _r("703.4m", "Cleanup: discarding to hand size, first", related=("514.1",)),
    _r("703.4n", "Cleanup: removing damage and ending \"until end of turn\" effects", related=("514.2",)),
    _r("703.4p", "Mana empties as each step and phase ends", related=("500.4",)),
    _r("712.1c", "When an effect ends the turn, the game skips straight to the cleanup step", related=("514.3a",)),
)

BY_NUMBER: dict[str, Rule] = {r.number: r for r in RULES}

# Diagnostics that are not Comprehensive Rules numbers.
TOOL_RULES: dict[str, str] = {
    "syntax": "The line is not a statement of the transcript language, or names something not defined",
    "assert": "A state assertion in the transcript does not match the replayed game",
    "state": "The transcript says something the replayed game can't have: a permanent not on the battlefield, a cost "
             "the mana pool can't pay, a target the spell can't have",
    "edition": "The transcript narrates something the rules edition it is checked under doesn't have (a damage "
               "assignment order in the current edition, combat damage on the stack in the baseline)",
    "io": "The file could not be read",
    "empty": "The transcript contains no statements",
    "internal-error": "rulecheck failed while checking this line; please report it",
    "unused-suppression": "A rulecheck: ignore comment silenced nothing",
    "expect-missing": "check --expect: an '# expect:' annotation names a violation that rulecheck does not find",
    "expect-unexpected": "check --expect: rulecheck finds a violation that no '# expect:' annotation names",
    "search-limit": "A requirement check (508.1d, 509.1c) gave up on a board too large to search exactly",
    "token-limit": "A statement creates more tokens at once than rulecheck replays",
    "bad-suppression": "A rulecheck: comment that is refused: it names no rule, or an unknown one",
    "exam-key": "An exam answer's key (legal or illegal) disagrees with what rulecheck finds",
    "exam-citation": "An exam answer's key cites other rules than the ones rulecheck finds",
    "exam-explanation": "An exam explanation quotes a rule that rulecheck finds in none of the question's answers",
    "exam-setup": "An exam's setup breaks a rule before any answer is given",
    "exam-format": "The exam file is not valid YAML or not in the exam format",
    "read-as": "A note: a natural phrasing the grammar doesn't take, read as the canonical line shown",
    "remark": "A note: a clause of a line that narrates no event, left out of the replay as a remark",
    "short-name": "A short form of a name that could mean more than one card; the one on the battlefield is read",
    "unreadable": "Most lines of the transcript could not be read: see the transcript language",
}


def rule(number: str) -> Rule:
    return BY_NUMBER[number]
