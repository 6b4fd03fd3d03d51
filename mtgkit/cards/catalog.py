"""Card declarations. Adding a card is a few lines built from :mod:`mtgkit.abilities`.

Texts are the cards' current Oracle wording ("enters" is short for "enters the battlefield").
"""

from __future__ import annotations

from ..abilities import (
    ANY_TARGET,
    OPPONENT_CREATURE,
    TARGET_CREATURE,
    TARGET_PLAYER,
    Ability,
    Activated,
    AddMana,
    Anthem,
    AnyColor,
    BecomeMonarch,
    CardDef,
    Cascade,
    ChooseColorAsEnters,
    ColorOfPermanent,
    ControlEnchanted,
    CopyTarget,
    Cost,
    CostIncrease,
    CostReduction,
    CountersOnIt,
    CounterTriggeringSpell,
    CreateEffect,
    CreateTokens,
    DamageYou,
    DealDamage,
    Draw,
    DrawForEachColor,
    Effect,
    EntersAsCopy,
    EntersTapped,
    EntersWithCounters,
    ExileUntil,
    ExtraMana,
    Fixed,
    GainControl,
    GainKeyword,
    GainLife,
    GrantKeyword,
    HalfX,
    ManaReplacement,
    ManaSpec,
    ManaTrigger,
    MaySacrificeToDraw,
    Multiply,
    OneOf,
    PerPermanent,
    PreventDamage,
    PutCounters,
    PutCountersOnEach,
    RedirectDamageToSelf,
    Reflect,
    ReturnFromGraveyard,
    SacrificeCreature,
    SacrificeUnless,
    SameTypeProduced,
    SetType,
    SpendAsAnyColor,
    StaticReplacement,
    TargetSpec,
    Triggered,
    UntapTarget,
)
from ..mana import Mana, ManaCost
from ..records import Value
from ..triggers import (
    AtBeginning,
    Attacks,
    BecomesMonarch,
    CastSpell,
    CastThis,
    Dies,
    Enters,
    OpponentBecomesMonarch,
    OpponentIsMonarch,
    TappedForMana,
)

_TYPES = {"Artifact", "Creature", "Enchantment", "Land", "Instant", "Sorcery"}
_SUPERTYPES = {"Basic", "Legendary"}


class Said(Value):
    """Words of a card's text and the abilities that carry them out: a static ability or a
    replacement effect has no words of its own (an ability with words is given as itself)."""

    text: str
    abilities: tuple[Ability, ...] = ()


def said(text: str, *abilities: Ability) -> Said:
    """``text`` on the card, done by ``abilities`` (none: words only, such as "Flying.", whose
    keyword is given with ``keywords=``)."""
    return Said(text, abilities)


#: A part of a card, in the order its text reads: an ability that has its own words
#: (activated, triggered, a mana trigger), or :func:`said` words with the abilities behind them.
Part = Activated | Triggered | ManaTrigger | Said


def make(
    name: str,
    type_line: str,
    cost: str | None,
    *parts: Part,
    pt: tuple[int, int] | None = None,
    keywords: tuple[str, ...] = (),
    enchant: str | None = None,
    spell: tuple[Effect, ...] = (),
    targets: TargetSpec | None = None,
    colors: tuple[str, ...] = (),
    token: bool = False,
) -> CardDef:
    """Build a card from its printed parts; its text is its parts' words, in order, each written
    once."""
    left, _, right = type_line.partition(" — ")
    words = left.split()
    unknown = [w for w in words if w not in _TYPES | _SUPERTYPES]
    if unknown:
        raise ValueError(f"{name}: unknown type word(s) {unknown} in {type_line!r}")
    abilities: list[Ability] = []
    for part in parts:
        abilities.extend(part.abilities if isinstance(part, Said) else (part,))
    return CardDef(
        name=name,
        types=frozenset(w for w in words if w in _TYPES),
        supertypes=frozenset(w for w in words if w in _SUPERTYPES),
        subtypes=tuple(right.split()),
        cost=ManaCost.parse(cost) if cost is not None else None,
        power=pt[0] if pt else None,
        toughness=pt[1] if pt else None,
        keywords=frozenset(keywords),
        abilities=tuple(abilities),
        text=" ".join(part.text for part in parts),
        enchant=enchant,
        spell=spell,
        spell_targets=targets if enchant is None else TargetSpec(
            f"target {enchant.lower() if enchant in _TYPES else enchant}", card_type=enchant),
        extra_colors=frozenset(colors),
        token=token,
    )


def mana(cost: str, spec: ManaSpec, text: str) -> Activated:
    """A mana ability: ``cost: add mana``."""
    return Activated(Cost.parse(cost), (AddMana(spec),), text)


def act(cost: str, effect: Effect, text: str, targets: TargetSpec | None = None) -> Activated:
    """An activated ability with one effect (and a target, if ``targets`` says what)."""
    return Activated(Cost.parse(cost), (effect,), text, targets)


def m(symbols: str) -> Mana:
    return Mana.parse(symbols)


def _basic(name: str, sym: str, subtype: str | None) -> CardDef:
    line = f"Basic Land — {subtype}" if subtype else "Basic Land"
    return make(name, line, None, mana("{T}", Fixed(m(f"{{{sym}}}")), f"{{T}}: Add {{{sym}}}."))


CARDS: list[CardDef] = [
    # ----------------------------------------------------------------- lands
    _basic("Plains", "W", "Plains"),
    _basic("Island", "U", "Island"),
    _basic("Swamp", "B", "Swamp"),
    _basic("Mountain", "R", "Mountain"),
    _basic("Forest", "G", "Forest"),
    _basic("Wastes", "C", None),
    make("Underground Sea", "Land — Island Swamp", None,
         # The card says its ability as reminder text: its land types give it (CR 305.6).
         said("({T}: Add {U} or {B}.)", mana("{T}", OneOf((m("{U}"), m("{B}"))), "{T}: Add {U} or {B}."))),
    make("Exotic Orchard", "Land", None,
         mana("{T}", Reflect("opponents", "Land", "colors"),
              "{T}: Add one mana of any color that a land an opponent controls could produce.")),
    make("Reflecting Pool", "Land", None,
         mana("{T}", Reflect("you", "Land", "types"),
              "{T}: Add one mana of any type that a land you control could produce.")),
    make("Mystic Gate", "Land", None,
         mana("{T}", Fixed(m("{C}")), "{T}: Add {C}."),
         mana("{W/U}, {T}", OneOf((m("{W}{W}"), m("{W}{U}"), m("{U}{U}"))),
              "{W/U}, {T}: Add {W}{W}, {W}{U}, or {U}{U}.")),
    make("Vivid Crag", "Land", None,
         said("Vivid Crag enters tapped with two charge counters on it.",
              EntersTapped(), EntersWithCounters("charge", 2)),
         mana("{T}", Fixed(m("{R}")), "{T}: Add {R}."),
         mana("{T}, Remove a charge counter from this", AnyColor(),
              "{T}, Remove a charge counter from Vivid Crag: Add one mana of any color.")),
    make("Gaea's Cradle", "Legendary Land", None,
         mana("{T}", PerPermanent("G", "Creature"), "{T}: Add {G} for each creature you control.")),
    make("Mana Confluence", "Land", None,
         mana("{T}, Pay 1 life", AnyColor(), "{T}, Pay 1 life: Add one mana of any color.")),
    make("Meteor Crater", "Land", None,
         mana("{T}", ColorOfPermanent(),
              "{T}: Choose a color of a permanent you control. Add one mana of that color.")),
    # Oracle text from memory (not in the reference cards.md): mana with a restriction (106.6)
    # and mana with a rider; what they "could produce" ignores both (106.7).
    make("Ancient Ziggurat", "Land", None,
         Activated(Cost.parse("{T}"), (AddMana(AnyColor(), spend_only="Creature"),),
                   "{T}: Add one mana of any color. Spend this mana only to cast a creature spell.")),
    make("Tarnished Citadel", "Land", None,
         mana("{T}", Fixed(m("{C}")), "{T}: Add {C}."),
         Activated(Cost.parse("{T}"), (AddMana(AnyColor()), DamageYou(3)),
                   "{T}: Add one mana of any color. Tarnished Citadel deals 3 damage to you.")),
    # ----------------------------------------------------------------- artifacts
    make("Fellwar Stone", "Artifact", "{2}",
         mana("{T}", Reflect("opponents", "Land", "colors"),
              "{T}: Add one mana of any color that a land an opponent controls could produce.")),
    # ----------------------------------------------------------------- creatures
    make("Pili-Pala", "Artifact Creature — Scarecrow", "{2}",
         said("Flying."),
         mana("{2}, {Q}", AnyColor(), "{2}, {Q}: Add one mana of any color."),
         pt=(1, 1), keywords=("flying",)),
    make("Llanowar Elves", "Creature — Elf Druid", "{G}",
         mana("{T}", Fixed(m("{G}")), "{T}: Add {G}."), pt=(1, 1)),
    make("Order of Whiteclay", "Creature — Kithkin Cleric", "{1}{W}{W}",
         act("{1}{W}{W}, {Q}", ReturnFromGraveyard(),
             "{1}{W}{W}, {Q}: Return target creature card with mana value 3 or less from your "
             "graveyard to the battlefield.",
             targets=TargetSpec("target creature card with mana value 3 or less from your graveyard",
                                card_type="Creature", zone="graveyard", whose="you", max_mv=3)),
         pt=(1, 4)),
    make("Raging Goblin", "Creature — Goblin Berserker", "{R}", said("Haste."), pt=(1, 1),
         keywords=("haste",)),
    make("Grizzly Bears", "Creature — Bear", "{1}{G}", pt=(2, 2)),
    make("Hill Giant", "Creature — Giant", "{3}{R}", pt=(3, 3)),
    make("Craw Wurm", "Creature — Wurm", "{4}{G}{G}", pt=(6, 4)),
    # ----------------------------------------------------------------- first strike, double strike, trample
    make("Youthful Knight", "Creature — Human Knight", "{1}{W}", said("First strike."), pt=(2, 1),
         keywords=("first strike",)),
    make("Tundra Wolves", "Creature — Wolf", "{W}", said("First strike."), pt=(1, 1),
         keywords=("first strike",)),
    make("Fencing Ace", "Creature — Human Soldier", "{1}{W}", said("Double strike."), pt=(1, 1),
         keywords=("double strike",)),
    make("Boros Swiftblade", "Creature — Human Soldier", "{R}{W}", said("Double strike."), pt=(1, 2),
         keywords=("double strike",)),
    make("Colossal Dreadmaw", "Creature — Dinosaur", "{4}{G}{G}", said("Trample."), pt=(6, 6),
         keywords=("trample",)),
    make("Charging Monstrosaur", "Creature — Dinosaur", "{4}{R}", said("Trample, haste."), pt=(5, 5),
         keywords=("trample", "haste")),
    # ----------------------------------------------------------------- mana effects
    make("Contamination", "Enchantment", "{2}{B}",
         Triggered(AtBeginning("upkeep", "you"), (SacrificeUnless("Creature"),),
                   "At the beginning of your upkeep, sacrifice Contamination unless you sacrifice "
                   "a creature."),
         said("If a land is tapped for mana, it produces {B} instead of any other type and amount.",
              StaticReplacement(ManaReplacement("land", SetType("B", 1), "any")))),
    make("Pale Moon", "Instant", "{1}{U}",
         said("Until end of turn, if a player taps a nonbasic land for mana, it produces colorless "
              "mana instead of any other type."),
         spell=(CreateEffect(ManaReplacement("nonbasic land", SetType("C"), "any")),)),
    make("Deep Water", "Enchantment", "{U}{U}",
         act("{U}", CreateEffect(ManaReplacement("land", SetType("U"), "you")),
             "{U}: Until end of turn, if you tap a land you control for mana, it produces {U} "
             "instead of any other type.")),
    make("Mana Reflection", "Enchantment", "{4}{G}{G}",
         said("If you tap a permanent for mana, it produces twice as much of that mana instead.",
              StaticReplacement(ManaReplacement("permanent", Multiply(2), "you")))),
    make("Heartbeat of Spring", "Enchantment", "{2}{G}",
         ManaTrigger(TappedForMana("land", "any"), SameTypeProduced(),
                     "Whenever a player taps a land for mana, that player adds one mana of any "
                     "type that land produced.")),
    make("Mana Flare", "Enchantment", "{2}{R}",
         ManaTrigger(TappedForMana("land", "any"), SameTypeProduced(),
                     "Whenever a player taps a land for mana, that player adds one mana of any "
                     "type that land produced.")),
    make("Zendikar Resurgent", "Enchantment", "{5}{G}{G}",
         ManaTrigger(TappedForMana("land", "you"), SameTypeProduced(),
                     "Whenever you tap a land for mana, add one mana of any type that land "
                     "produced."),
         Triggered(CastSpell("you", "Creature"), (Draw(1),),
                   "Whenever you cast a creature spell, draw a card.")),
    # Oracle text from memory (not in the reference cards.md): "tapped for mana of a specified type"
    # (106.12a) and "tapped for two or more mana" (106.12b), looked at again after each replacement
    # effect (616.1f).
    make("Gauntlet of Power", "Artifact", "{5}",
         said("As Gauntlet of Power enters, choose a color.", ChooseColorAsEnters()),
         said("Creatures of the chosen color get +1/+1.", Anthem(1, 1, "Creature")),
         ManaTrigger(TappedForMana("basic land", "any", "chosen color"), ExtraMana(None),
                     "Whenever a basic land is tapped for mana of the chosen color, its controller adds "
                     "an additional one mana of that color.")),
    make("Damping Sphere", "Artifact", "{2}",
         said("If a land is tapped for two or more mana, it produces {C} instead of any other type and "
              "amount.", StaticReplacement(ManaReplacement("land", SetType("C", 1), "any", min_amount=2))),
         said("Each spell a player casts costs {1} more to cast for each other spell that player has "
              "cast this turn.", CostIncrease(1))),
    make("Helm of Awakening", "Artifact", "{2}",
         said("Spells cost {1} less to cast.", CostReduction(1))),
    make("Utopia Sprawl", "Enchantment — Aura", "{G}",
         said("Enchant Forest."),
         said("As Utopia Sprawl enters, choose a color.", ChooseColorAsEnters()),
         ManaTrigger(TappedForMana("enchanted"), ExtraMana(None),
                     "Whenever enchanted Forest is tapped for mana, its controller adds an "
                     "additional one mana of the chosen color."),
         enchant="Forest"),
    make("Wild Growth", "Enchantment — Aura", "{G}",
         said("Enchant land."),
         ManaTrigger(TappedForMana("enchanted"), ExtraMana(m("{G}")),
                     "Whenever enchanted land is tapped for mana, its controller adds an "
                     "additional {G}."),
         enchant="Land"),
    # ----------------------------------------------------------------- X spells (107.3m)
    make("Walking Ballista", "Artifact Creature — Construct", "{X}{X}",
         said("Walking Ballista enters with X +1/+1 counters on it.", EntersWithCounters("+1/+1", "X")),
         act("{4}", PutCounters("+1/+1"), "{4}: Put a +1/+1 counter on Walking Ballista."),
         act("Remove a +1/+1 counter from this", DealDamage(1),
             "Remove a +1/+1 counter from Walking Ballista: It deals 1 damage to any target.",
             targets=ANY_TARGET),
         pt=(0, 0)),
    make("Hangarback Walker", "Artifact Creature — Construct", "{X}{X}",
         said("Hangarback Walker enters with X +1/+1 counters on it.", EntersWithCounters("+1/+1", "X")),
         # The trigger's own words (what its events quote) are short; the card's are in full.
         said("When Hangarback Walker dies, create a 1/1 colorless Thopter artifact creature token "
              "with flying for each +1/+1 counter on Hangarback Walker.",
              Triggered(Dies(), (CreateTokens("Thopter", CountersOnIt("+1/+1")),),
                        "When Hangarback Walker dies, create a 1/1 Thopter token for each +1/+1 "
                        "counter on it.")),
         act("{1}, {T}", PutCounters("+1/+1"), "{1}, {T}: Put a +1/+1 counter on Hangarback Walker."),
         pt=(0, 0)),
    make("Chalice of the Void", "Artifact", "{X}{X}",
         said("Chalice of the Void enters with X charge counters on it.", EntersWithCounters("charge", "X")),
         Triggered(CastSpell("any", None, "charge"), (CounterTriggeringSpell(),),
                   "Whenever a player casts a spell with mana value equal to the number of charge "
                   "counters on Chalice of the Void, counter that spell.")),
    make("The Goose Mother", "Legendary Creature — Bird Hydra", "{X}{G}{U}",
         said("Flying."),
         said("The Goose Mother enters with X +1/+1 counters on it.", EntersWithCounters("+1/+1", "X")),
         Triggered(Enters(), (CreateTokens("Food", HalfX()),),
                   "When The Goose Mother enters, create half X Food tokens, rounded up."),
         Triggered(Attacks(), (MaySacrificeToDraw("Food"),),
                   "Whenever The Goose Mother attacks, you may sacrifice a Food. If you do, draw a "
                   "card."),
         pt=(2, 2), keywords=("flying",)),
    make("Clone", "Creature — Shapeshifter", "{3}{U}",
         said("You may have Clone enter as a copy of any creature on the battlefield.", EntersAsCopy()),
         pt=(0, 0)),
    # ----------------------------------------------------------------- the monarch (725)
    make("Protector of the Crown", "Creature — Giant Soldier", "{5}{W}",
         Triggered(Enters(), (BecomeMonarch(),), "When Protector of the Crown enters, you become "
                   "the monarch."),
         said("All damage that would be dealt to you is dealt to Protector of the Crown instead.",
              RedirectDamageToSelf()),
         pt=(2, 5)),
    make("Custodi Lich", "Creature — Zombie Cleric", "{3}{B}{B}",
         Triggered(Enters(), (BecomeMonarch(),), "When Custodi Lich enters, you become the monarch."),
         Triggered(BecomesMonarch(), (SacrificeCreature(),),
                   "Whenever you become the monarch, target player sacrifices a creature of their "
                   "choice.", targets=TARGET_PLAYER),
         pt=(4, 2)),
    make("Palace Jailer", "Creature — Human Soldier", "{2}{W}{W}",
         Triggered(Enters(), (BecomeMonarch(),), "When Palace Jailer enters, you become the monarch."),
         Triggered(Enters(), (ExileUntil(OpponentBecomesMonarch()),),
                   "When Palace Jailer enters, exile target creature an opponent controls until an "
                   "opponent becomes the monarch.", targets=OPPONENT_CREATURE),
         pt=(2, 2)),
    make("Queen Marchesa", "Legendary Creature — Human Assassin", "{1}{R}{W}{B}",
         said("Deathtouch, haste."),
         Triggered(Enters(), (BecomeMonarch(),), "When Queen Marchesa enters, you become the monarch."),
         Triggered(AtBeginning("upkeep", "you"), (CreateTokens("Assassin", 1),),
                   "At the beginning of your upkeep, if an opponent is the monarch, create a 1/1 "
                   "black Assassin creature token with deathtouch and haste.",
                   condition=OpponentIsMonarch()),
         pt=(3, 3), keywords=("deathtouch", "haste")),
    make("Serra Angel", "Creature — Angel", "{3}{W}{W}", said("Flying, vigilance."), pt=(4, 4),
         keywords=("flying", "vigilance")),
    make("Mass Hysteria", "Enchantment", "{R}",
         said("All creatures have haste.", GrantKeyword("haste", "Creature", "any"))),
    # ----------------------------------------------------------------- spells
    make("Lightning Bolt", "Instant", "{R}", said("Lightning Bolt deals 3 damage to any target."),
         spell=(DealDamage(3),), targets=ANY_TARGET),
    # ----------------------------------------------------------------- control (613.1b, 302.6)
    # Oracle text from memory (not in the reference cards.md): Mind Control and Act of Treason.
    make("Mind Control", "Enchantment — Aura", "{3}{U}{U}",
         said("Enchant creature."),
         said("You control enchanted creature.", ControlEnchanted()),
         enchant="Creature"),
    # ----------------------------------------------------------------- convoke (702.51)
    # Oracle text from memory (not in the reference cards.md): Stoke the Flames, Leyline of
    # Abundance. The kit has no opening hands (a game begins with its set-up), so the Leyline's
    # first sentence is words only.
    make("Stoke the Flames", "Instant", "{2}{R}{R}",
         said("Convoke (Your creatures can help cast this spell. Each creature you tap while casting "
              "this spell pays for {1} or one mana of that creature's color.)"),
         said("Stoke the Flames deals 4 damage to any target."),
         keywords=("convoke",), spell=(DealDamage(4),), targets=ANY_TARGET),
    make("Leyline of Abundance", "Enchantment", "{2}{G}{G}",
         said("If Leyline of Abundance is in your opening hand, you may begin the game with it on the "
              "battlefield."),
         ManaTrigger(TappedForMana("creature", "you"), ExtraMana(m("{G}")),
                     "Whenever you tap a creature for mana, add an additional {G}."),
         act("{6}{G}{G}", PutCountersOnEach("+1/+1", "Creature"),
             "{6}{G}{G}: Put a +1/+1 counter on each creature you control.")),
    # ----------------------------------------------------------------- cascade (702.85, 107.3b)
    # Oracle text from memory (not in the reference cards.md).
    make("Bloodbraid Elf", "Creature — Elf Berserker", "{2}{R}{G}",
         said("Haste."),
         Triggered(CastThis(), (Cascade(),),
                   "Cascade (When you cast this spell, exile cards from the top of your library until "
                   "you exile a nonland card that costs less. You may cast it without paying its mana "
                   "cost. Put the exiled cards on the bottom of your library in a random order.)",
                   rules=("702.85a",)),
         pt=(3, 2), keywords=("haste",)),
    # ----------------------------------------------------------------- copying spells (707.10)
    # Oracle text from memory (not in the reference cards.md).
    make("Lithoform Engine", "Legendary Artifact", "{4}",
         act("{2}, {T}", CopyTarget(new_targets=True),
             "{2}, {T}: Copy target activated or triggered ability you control. You may choose new "
             "targets for the copy.",
             targets=TargetSpec("target activated or triggered ability you control", zone="stack",
                                whose="you", stack="activated or triggered ability")),
         act("{3}, {T}", CopyTarget(new_targets=True),
             "{3}, {T}: Copy target instant or sorcery spell you control. You may choose new targets "
             "for the copy.",
             targets=TargetSpec("target instant or sorcery spell you control", zone="stack",
                                whose="you", stack="instant or sorcery spell")),
         act("{4}, {T}", CopyTarget(new_targets=False),
             "{4}, {T}: Copy target permanent spell you control. (The copy becomes a token.)",
             targets=TargetSpec("target permanent spell you control", zone="stack", whose="you",
                                stack="permanent spell"))),
    # ----------------------------------------------------------------- prevention, "as though"
    # Oracle text from memory (not in the reference cards.md): Holy Day, Chromatic Orrery.
    make("Holy Day", "Instant", "{W}", said("Prevent all combat damage that would be dealt this turn."),
         spell=(PreventDamage(combat_only=True, duration="end_of_turn"),)),
    make("Chromatic Orrery", "Legendary Artifact", "{7}",
         said("You may spend mana as though it were mana of any color.", SpendAsAnyColor()),
         mana("{T}", Fixed(m("{C}{C}{C}{C}{C}")), "{T}: Add {C}{C}{C}{C}{C}."),
         act("{5}, {T}", DrawForEachColor(),
             "{5}, {T}: Draw a card for each color among permanents you control.")),
    make("Act of Treason", "Sorcery", "{2}{R}",
         said("Gain control of target creature until end of turn. Untap that creature. It gains "
              "haste until end of turn."),
         spell=(GainControl("end_of_turn"), UntapTarget(), GainKeyword("haste", "end_of_turn")),
         targets=TARGET_CREATURE),
    # ----------------------------------------------------------------- placeholders
    make("Library Card", "", None, said("(A face-down card whose identity doesn't matter in the lesson.)")),
    # ----------------------------------------------------------------- tokens
    make("Thopter", "Artifact Creature — Thopter", None, said("Flying."), pt=(1, 1), keywords=("flying",),
         token=True),
    make("Assassin", "Creature — Assassin", None, said("Deathtouch, haste."), pt=(1, 1),
         keywords=("deathtouch", "haste"), colors=("B",), token=True),
    make("Food", "Artifact — Food", None,
         act("{2}, {T}, Sacrifice this", GainLife(3),
             "{2}, {T}, Sacrifice this artifact: You gain 3 life."), token=True),
]
