"""Comprehensive Rules numbers the kit cites, with short titles in our own words.

Every event and every error carries rule numbers from :data:`EDITION` of the
Comprehensive Rules (CR).  Rule numbers move between editions, so anything the
kit prints names the edition too.

>>> EDITION
'2026-08-07'
>>> title("302.6")
'summoning sickness: a creature needs continuous control since its controller’s turn began'
>>> cite("107.5", "302.6")
'CR 107.5, 302.6 (2026-08-07)'
"""

from __future__ import annotations

EDITION = "2026-08-07"

#: Rule number -> one-line summary written for learners (not the CR's wording).
TITLES: dict[str, str] = {
    "103.8a": "the starting player of a two-player game skips the draw step of their first turn",
    "104.1": "a game ends at once when a player wins or it is a draw: nothing changes it after that",
    "104.3a": "a player can concede at any time",
    "104.4a": "if all the players remaining in a game lose at the same time, the game is a draw",
    "106.1a": "the five colors of mana",
    "106.1b": "the six types of mana: five colors plus colorless",
    "106.3": "mana is produced by the effect of a mana ability: it adds the mana its effect says",
    "106.4": "mana goes into a mana pool, which empties at the end of each step and phase",
    "106.5": "an ability that would make mana of an undefined type makes no mana",
    "106.7": "what a permanent 'could produce': its mana abilities as if they resolved now, "
    "with replacement effects in any order, costs ignored",
    "106.8": "a hybrid symbol can be paid with either half",
    "107.4b": "generic mana in a cost can be paid with any type of mana",
    "107.4e": "a hybrid symbol in a cost can be paid with either of its halves",
    "106.12": "'tapping for mana' means activating a mana ability with {T} in its cost",
    "106.12a": "'is tapped for mana' triggers fire when such an ability resolves and makes mana",
    "106.12b": "'if tapped for mana' replacement effects change the mana as it is produced",
    "107.3a": "the player casting a spell with {X} chooses and announces the value of X",
    "107.3g": "X is 0 for an object anywhere but on the stack",
    "107.3m": "an enters trigger or replacement that refers to X uses the X chosen for the spell "
    "that became the permanent",
    "107.5": "{T} means tap this permanent; an already tapped one can't pay it",
    "107.6": "{Q} means untap this permanent; an already untapped one can't pay it",
    "117.1": "only the player with priority may cast spells, activate abilities and play lands",
    "117.1b": "a player may activate an activated ability whenever they have priority",
    "117.1d": "a mana ability can be activated with priority, or while paying or asked for mana",
    "117.1a": "when a player may cast spells",
    "117.3a": "the active player gets priority at the start of most steps",
    "117.3d": "a player who passes gives priority to the next player in turn order",
    "117.4": "when all players pass, the top of the stack resolves (or the step ends)",
    "117.5": "state-based actions and triggers are handled before a player gets priority",
    "120.3a": "damage to a player makes them lose that much life",
    "120.3e": "damage to a creature is marked on it",
    "202.1b": "some objects, lands among them, have no mana cost",
    "202.2": "an object's colors are the colors of the mana symbols in its mana cost",
    "202.2e": "a color indicator gives an object its colors",
    "202.3e": "mana value counts X as chosen only while on the stack",
    "302.6": "summoning sickness: a creature needs continuous control since its controller’s "
    "turn began",
    "305.1": "playing a land is a special action in your main phase with an empty stack",
    "305.2": "a player can normally play one land a turn",
    "400.7": "an object that changes zones becomes a new object",
    "500.1": "a turn is made of phases and steps, always in the same order",
    "502.3": "the active player untaps their permanents in the untap step",
    "502.4": "no player gets priority in the untap step",
    "504.1": "the active player draws a card in the draw step",
    "506.2": "the active player attacks during combat",
    "508.1": "declaring attackers",
    "508.1f": "attacking taps the creature (unless it has vigilance)",
    "509.1": "declaring blockers",
    "510.1": "each attacking and blocking creature assigns combat damage equal to its power",
    "510.2": "all combat damage is dealt at the same time",
    "513.1": "the end step has no turn-based actions; the active player gets priority",
    "514.2": "cleanup: damage is removed and 'until end of turn' effects end",
    "514.3": "no player normally gets priority in the cleanup step",
    "601.2": "casting a spell: announce, choose X and targets, pay costs",
    "601.2f": "the total cost is the mana cost plus additions, with X as announced",
    "601.2h": "the player pays the total cost",
    "602.2": "activating an ability: announce, choose, pay costs",
    "602.2b": "the costs of an activated ability are paid in any order",
    "603.2": "a triggered ability triggers when its event happens",
    "603.2g": "an event that was replaced triggers nothing",
    "603.2e": "a 'becomes' trigger fires only when the change happens, not if it was already so",
    "603.3": "a triggered ability goes on the stack the next time a player would get priority",
    "603.3b": "triggers go on the stack in APNAP order",
    "603.4": "an intervening 'if' is checked on trigger and again on resolution",
    "603.6a": "enters-the-battlefield abilities trigger when a permanent enters",
    "605.1a": "which activated abilities are mana abilities",
    "605.1b": "which triggered abilities are mana abilities",
    "605.2": "a mana ability stays a mana ability even when it can make no mana",
    "605.3a": "a mana ability can be activated with priority, or while paying a cost or asked for mana",
    "605.3b": "an activated mana ability doesn't use the stack: it resolves at once",
    "605.4a": "a triggered mana ability resolves at once, right after the ability that "
    "triggered it",
    "608.2": "a spell or ability resolves: its instructions are followed in order",
    "608.2b": "on resolution targets are checked again; with every target illegal, the spell or "
    "ability doesn't resolve",
    "608.2d": "choices a resolving spell or ability offers are made as it resolves",
    "608.2h": "an effect that needs information about an object that has left its zone uses the "
    "object as it last existed there (last known information)",
    "603.10": "normally only objects there just after an event can trigger on it (leaving the "
    "battlefield and a few others look back in time)",
    "603.10a": "leaves-the-battlefield and some other zone-change triggers look back in time",
    "113.6": "a permanent's abilities work only while it is on the battlefield, unless they say "
    "otherwise",
    "608.3a": "a permanent spell with no target enters the battlefield as it resolves",
    "608.3b": "a permanent spell whose target became illegal doesn't resolve: it goes to the "
    "graveyard",
    "608.3c": "an Aura spell enters attached to the object it targeted",
    "611.2a": "an effect from a resolved spell or ability lasts as long as it says (such as until "
    "end of turn)",
    "614.1a": "'instead' effects are replacement effects",
    "614.1c": "'enters with' effects are replacement effects",
    "614.5": "a replacement effect applies only once to an event",
    "614.6": "a replaced event never happens; the modified event happens instead and can trigger abilities",
    "614.9": "redirection effects move damage to another player or permanent",
    "614.12": "replacement effects that change how a permanent enters",
    "616.1": "the affected player chooses the order of several replacement effects",
    "616.1f": "after one replacement effect applies, the rest that still apply are chosen in turn",
    "701.21a": "to sacrifice is to move a permanent you control to its owner's graveyard",
    "702.2b": "a creature dealt damage by a source with deathtouch is destroyed",
    "508.3a": "'whenever this attacks' triggers when it is declared as an attacker",
    "608.2c": "a player follows a resolving ability's instructions, making its choices",
    "702.9b": "a creature with flying can be blocked only by creatures with flying or reach",
    "702.10": "haste",
    "702.10b": "haste lets a creature attack the turn it arrives",
    "702.10c": "haste lets a creature use {T}/{Q} abilities the turn it arrives",
    "702.20b": "vigilance: attacking doesn't cause the creature to tap",
    "702.19b": "trample: once each blocker is assigned lethal damage, the rest may go to the player",
    "702.19d": "a blocked trampler with no blockers left assigns all its damage to the player",
    "702.2c": "any amount of damage from a source with deathtouch is lethal damage",
    "702.4b": "double strike: the creature deals combat damage in both combat damage steps",
    "702.4c": "a creature that loses double strike in the first damage step won't strike again",
    "702.7b": "first strike: the creature deals combat damage in a first combat damage step",
    "702.7c": "first strike gained or lost after the first damage step doesn't add a strike",
    "510.4": "with first or double strike in combat, there are two combat damage steps",
    "120.6": "damage stays marked until cleanup; damage at least equal to toughness is lethal",
    "704.3": "state-based actions are checked whenever a player would get priority",
    "704.5a": "a player with 0 or less life loses",
    "704.5h": "a creature dealt damage by a source with deathtouch is destroyed",
    "704.5m": "an Aura attached to nothing, or to something it can't enchant, goes to the "
    "graveyard",
    "704.5j": "legend rule: a player keeps one of two same-named legendary permanents",
    "704.5f": "a creature with toughness 0 or less goes to the graveyard",
    "704.5g": "a creature with lethal damage is destroyed",
    "707.2": "a copy gets the original's copiable values (and, for a spell on the stack, its X)",
    "707.5": "something entering as a copy is the copy as it enters, so the copied 'enters with' "
    "abilities apply",
    "707.10": "a copy of a spell on the stack copies the choices made for it, X included",
    "725.1": "there is no monarch until an effect makes a player the monarch",
    "725.2": "the monarch's two inherent triggers: the end-step draw and the combat-damage steal",
    "725.3": "only one player is the monarch at a time",
    "725.4": "when the monarch leaves the game, the crown passes on",
    "800.4a": "what happens when a player leaves a multiplayer game",
    "800.4c": "an object is exiled when the effect controlling it ends and its default controller has left",
    "800.4d": "an object a player who left would own isn't created, nor their trigger put on the stack",
    "100.1": "these rules apply to every game of Magic",
    "102.1": "players, and who the active player is",
    "103.1": "how a game starts",
    "104.2a": "a player wins when all their opponents have left the game",
    "109.1": "what an object is (a card, token, spell, permanent, ability on the stack ...)",
    "111.1": "tokens are created by effects",
    "115.1": "spells and abilities with targets",
    "115.4": "'any target' means a creature, player, planeswalker or battle",
    "117.7": "a spell or ability cast in response resolves first",
    "119.1": "players start at 20 life",
    "119.3": "an effect that makes a player gain or lose life changes their life total",
    "119.4": "life can be paid only if the player's life total is at least that much",
    "120.3": "what damage does to players and permanents",
    "121.1": "drawing a card",
    "122.1": "counters on objects",
    "303.4a": "an Aura needs something its enchant ability allows",
    "508.1a": "only untapped creatures can be declared as attackers",
    "509.1a": "the defending player blocks with untapped creatures, each blocking a creature attacking them",
    "510.1b": "an unblocked creature deals its damage to what it attacks (none if that is gone)",
    "510.1c": "a blocked creature assigns its damage to its blockers, divided as its controller "
    "chooses if there are several (none if they are all gone)",
    "510.1d": "a blocking creature assigns its damage to the creature it blocks",
    "601.2a": "casting starts by moving the card to the stack",
    "601.2c": "targets are chosen as a spell is cast",
    "602.1": "activated abilities: cost and effect",
    "603.3d": "a triggered ability's targets are chosen as it goes on the stack; with none, it is removed",
    "608.2n": "an instant or sorcery goes to the graveyard as it finishes resolving",
    "608.3": "a permanent spell resolves by entering the battlefield",
    "610.3": "'until' effects: exile until something happens, then return",
    "610.3b": "if what an 'until' trigger waits for already happened after it triggered, the "
    "object doesn't move",
    "610.3d": "cards whose 'until' ends in simultaneous events return at the same time",
    "701.6a": "countering a spell removes it from the stack",
    "701.9a": "to discard is to move a card from your hand to your graveyard",
    "113.7a": "an ability on the stack exists apart from its source; if the source is gone, its "
    "last known information is used",
    "303.4c": "an Aura whose object is gone or illegal goes to the graveyard",
    "402.2": "the maximum hand size is seven: excess cards are discarded in the cleanup step",
    "508.1b": "each attacker attacks an opponent (or their planeswalker or battle)",
    "509.1h": "an attacker stays blocked even if its blockers are removed from combat",
    "514.1": "in the cleanup step the active player discards down to the maximum hand size",
    "514.3a": "if something happens in the cleanup step, players get priority and then "
    "another cleanup step follows",
    "614.12a": "a choice an 'as it enters' replacement asks for is made before it enters",
    "704.5b": "a player who drew from an empty library loses",
    "704.5d": "a token that leaves the battlefield ceases to exist",
    "110.2": "a permanent's controller is the player it entered under, unless an effect changes it",
    "506.4": "a permanent whose controller changes, or that leaves the battlefield, is removed "
    "from combat",
    "611.2c": "the permanents an effect of a resolved spell changes are fixed when it begins",
    "613.1b": "control-changing effects (layer 2)",
    "613.7": "effects in the same layer apply in timestamp order: the latest one wins",
    "701.26b": "to untap a permanent is to turn it upright",
    "107.3b": "a spell with {X} cast without paying its mana cost has X = 0",
    "608.2g": "a spell cast during another's resolution goes on the stack on top; nobody gets "
    "priority until that resolution ends",
    "702.51a": "convoke: tap your creatures to pay for a spell, each one generic mana or one mana "
    "of its color",
    "702.51c": "a creature tapped this way has convoked the spell",
    "608.3f": "a copy of a permanent spell becomes a token as it enters (not 'created')",
    "704.5e": "a copy of a spell that isn't on the stack ceases to exist",
    "707.10a": "a copy of a spell in a zone other than the stack ceases to exist",
    "707.10b": "a copy of an ability has the same source as the original",
    "707.10c": "only when the copying effect says so may the copy's controller choose new targets",
    "106.6": "some mana may be spent only in certain ways; that doesn't change its type",
    "106.6a": "a replacement effect that makes more mana keeps the ability's restriction on all of it",
    "609.4b": "spending mana as though it were any color changes how a cost may be paid, not the "
    "cost or the mana",
    "615.1": "prevention effects: damage that would be dealt is prevented",
    "615.6": "damage that is prevented is never dealt",
    "613.4c": "effects that raise or lower power and toughness (such as +1/+1)",
    "702.85a": "cascade: exile from the top of your library until a cheaper nonland card, which "
    "you may cast without paying its mana cost",
    "118.9": "an alternative cost is paid instead of the mana cost ('without paying its mana cost' "
    "is one)",
    "118.9d": "cost increases still apply to a spell cast for an alternative cost",
    "601.2g": "before paying, the caster may activate mana abilities",
    "702.51b": "convoke is applied after the total cost (increases included) is worked out",
}


def title(rule: str) -> str:
    """Return the learner-facing summary of ``rule`` (or '' if the kit has none)."""
    return TITLES.get(rule, "")


def cite(*rules: str) -> str:
    """Format rule numbers as a citation naming the edition."""
    return f"CR {', '.join(rules)} ({EDITION})"
