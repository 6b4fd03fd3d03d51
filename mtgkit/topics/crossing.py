"""Questions that cross two topics: one play sequence whose outcome two topics' rules decide.

A crossed question is a play (:class:`~mtgkit.teaching.Play`) and what it asks about the end of
it, read off the engine's outcomes (:class:`Ask`: a player's mana pool, the monarch, the
counters on a card, whether an ability can be activated now). It has no misconception model of
its own: its wrong options are what the same play gives under the rule variants of *every*
topic whose decisions the play asked (:meth:`~mtgkit.topics.base.PlaySituation.known`), so a
question about an X spell paid with reflected mana offers the wrong answers of both the
X-values and the tapping-for-mana misconceptions, and grows with the catalogue with no change
here.

Each builder takes a seeded :class:`random.Random` and returns a question and its stem, or
``None`` when the board drawn isn't worth asking (practice draws again). :func:`generate` picks
a builder that crosses the topic asked about with another.

>>> import random
>>> s, stem = treason_then_quest(random.Random(3))
>>> s.crosses
('monarch', 'tap-untap')
>>> s.legal()
('Alice is the monarch; she can activate it',)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import ClassVar, Literal

from .. import actions as acts
from ..grading import one_of, plural
from ..outcomes import Outcome, Outcomes
from ..records import Value
from ..teaching import Arrived, Piece, Play, Reason, Setup, Step, event_lines
from ..wording import possessive
from .base import Level, PlaySituation, Stem, TopicName

#: What a crossed question reads off the end of its play.
AskKind = Literal["pool", "monarch", "counters", "creatures", "can", "could"]


class Ask(Value):
    """One thing a crossed question asks about the end of its play: ``player``'s mana pool, who
    the monarch is, the +1/+1 counters on each permanent named ``card`` that ``player`` controls,
    or whether ``player`` can activate ability ``ability`` of the permanent labelled ``card``."""

    kind: AskKind
    player: str = "Alice"
    card: str = ""
    ability: int = 0

    def read(self, o: Outcome, labels: dict[str, int]) -> str:
        """The answer's part this ask reads off outcome ``o``."""
        g = o.game
        if self.kind == "pool":
            pool = g.pool(self.player)
            return f"{self.player}'s mana pool " + (f"holds {pool}" if pool else "is empty")
        if self.kind == "monarch":
            return f"{g.monarch or 'nobody'} is the monarch"
        if self.kind == "creatures":
            n = sum(p.is_a("Creature") for p in g.permanents(self.player))
            return f"{self.player} controls {plural(n, 'creature')}"
        if self.kind == "counters":
            counts = sorted((p.counters.get("+1/+1", 0) for p in g.permanents(self.player)
                             if p.name == self.card), reverse=True)
            if not counts:
                return f"{self.player} controls no {self.card}"
            if len(counts) == 1:
                return f"her {self.card} has {plural(counts[0], '+1/+1 counter')}"
            if len(set(counts)) == 1:
                return f"each of her {len(counts)} {self.card}s has {plural(counts[0], '+1/+1 counter')}"
            return (f"her {len(counts)} {self.card}s have {one_of([str(n) for n in counts], last='and')} "
                    f"+1/+1 counters")
        if self.kind == "could":
            kinds = g.could_produce(labels[self.card])
            return (f"it could produce {one_of([f'{{{k}}}' for k in sorted(kinds)], last='and')}" if kinds
                    else "it could produce no mana")
        can = g.can(acts.Activate(labels[self.card], self.ability, self.player))
        return "she can activate it" if can else "she can't activate it"


class Crossed(PlaySituation):
    """A question on a play that two topics' rules decide, asking ``asks`` about its end."""

    topic: ClassVar[TopicName] = "tapping"  # unused: a crossed question names both (``crosses``)
    asks: tuple[Ask, ...]
    crosses: tuple[TopicName, TopicName]
    rules_cited: tuple[str, ...] = ()

    def key(self) -> Hashable:
        return ("crossed", self.play, self.asks)

    def answer_of(self, o: Outcome, labels: dict[str, int]) -> str:
        return "; ".join(a.read(o, labels) for a in self.asks)

    def answers(self, outs: Outcomes) -> tuple[str, ...]:
        labels = self.play.labels()
        return tuple(dict.fromkeys(self.answer_of(o, labels) for o in outs))

    def legal(self) -> tuple[str, ...]:
        return self.answers(self.play.outcomes())

    def explain(self) -> str:
        o = self.play.outcomes()[0]
        said = self.legal()
        head = (f"{said[0][0].upper()}{said[0][1:]}." if len(said) == 1 else
                f"It could end {one_of(list(said))}: the players' choices decide.")
        return "\n".join([head, "What the engine did:", event_lines(o.events)])

    def decisive(self) -> Reason | None:
        return None  # two topics' rules decide it: no single event does

    def tags(self) -> tuple[tuple[str, str], ...]:
        return (("crosses", " + ".join(self.crosses)),)


#: When a crossed question asks: each is the end of its play (every play ends with the stack empty).
_WHEN = ("Now, ", "After these steps, ", "Once the stack is empty, ", "At the end of the sequence, ",
         "With everything resolved, ", "When the last step is done, ")


def _stem(s: Crossed, forms: Sequence[str], rules: str) -> Stem:
    """The stem of a crossed question ``s``: one of ``forms`` (each asks exactly what its asks
    read, in their order), after one of the ways of saying when (:data:`_WHEN`). The board picks
    them (a generator seeded with its key), so the same board is always asked the same way and
    drawing the words takes nothing from the stream's own generator."""
    pick = random.Random(repr(s.key()))
    asks = pick.choice(_WHEN) + pick.choice(forms)
    return Stem((asks,), lambda a: f"After these steps: {a}.", rules)


# ----------------------------------------------------------------------------- the builders
def reflected_x(rng: random.Random) -> tuple[Crossed, Stem] | None:
    """Tapping for mana x X: Alice pays for an X spell with Forests under Mana Reflection (and
    maybe Heartbeat of Spring), then maybe copies it with Lithoform Engine, paid the same way."""
    card = rng.choice(("Walking Ballista", "Hangarback Walker"))
    heartbeat = rng.random() < 0.5
    each = 3 if heartbeat else 2  # a Forest's {G}, doubled by Reflection, plus Heartbeat's {G}
    x = rng.randint(1, 3)
    copy = rng.random() < 0.5
    spell = -(-2 * x // each)
    engine = -(-4 // each) if copy else 0
    spare = rng.randint(0, 1)
    n = spell + engine + spare
    forests = ["Forest"] + [f"Forest {i}" for i in range(2, n + 1)]
    pieces = [Piece("Mana Reflection"), *(Piece("Forest") for _ in forests), Piece(card, zone="hand")]
    if heartbeat:
        pieces.append(Piece("Heartbeat of Spring"))
    if copy:
        pieces.append(Piece("Lithoform Engine"))
    steps = [Step("cast", f"Alice taps {plural(spell, 'Forest')} for mana and casts {card} with X = {x}.",
                  card=card, x=x, pay=tuple(forests[:spell]))]
    if copy:
        steps.append(Step("activate", f"Holding priority, she taps {plural(engine, 'more Forest')} and "
                          f"activates Lithoform Engine's “{{4}}, {{T}}: Copy target permanent spell you "
                          f"control” targeting the {card} spell.", card="Lithoform Engine", ability=2,
                          target=card, pay=tuple(forests[spell:spell + engine])))
    steps.append(Step("resolve_stack", "Everything on the stack resolves."))
    play = Play(Setup(pieces=tuple(pieces)), tuple(steps))
    asks = (Ask("counters", card=card), Ask("pool"))
    s = Crossed(play, asks, ("tapping", "x-values"), ("106.12", "107.3m", "707.10"))
    # how many of them she ends with may be what is asked: the stem says nothing of it (a judge's
    # review: "Alice's Walking Ballistas" told a test-wise student there were two)
    forms = (
        f"how many +1/+1 counters are on each {card} Alice controls, and what is left in her mana pool?",
        f"how many +1/+1 counters does each {card} Alice controls have, and what mana is left in her pool?",
        f"what is true of the +1/+1 counters on each {card} Alice controls and of the mana left in her pool?",
        f"which is right about any {card} Alice controls (its +1/+1 counters) and her mana pool?",
    )
    return s, _stem(s, forms, "CR 106.12, 107.3m, 707.10")


def treason_then_quest(rng: random.Random) -> tuple[Crossed, Stem] | None:
    """The monarch x {T}/{Q}: Bob is the monarch (maybe with a Protector of the Crown); Alice
    takes his creature with Act of Treason, attacks him with it and whichever of her creatures
    may attack, then asks whether she can still use its {Q} or {T} mana ability."""
    card = rng.choice(("Pili-Pala", "Llanowar Elves"))
    mine = rng.choice(((), ("Grizzly Bears",), ("Raging Goblin",), ("Llanowar Elves",)))
    arrived: Arrived = rng.choice(("this turn", "last turn"))
    protector = rng.random() < 0.4
    mountains = ("Mountain", "Mountain 2", "Mountain 3")
    pieces = [*(Piece("Mountain") for _ in mountains), Piece("Forest"), Piece("Forest"),
              Piece("Act of Treason", zone="hand"), Piece(card, "Bob", label=f"Bob's {card}"),
              *(Piece(c, arrived=arrived) for c in mine)]
    if protector:
        pieces.append(Piece("Protector of the Crown", "Bob"))
    # Alice's own creatures attack too when the rules let them (haste, or there since her turn began)
    attackers = (f"Bob's {card}", *(c for c in mine if arrived == "last turn" or c == "Raging Goblin"))
    steps = [Step("cast", f"Alice taps three Mountains and casts Act of Treason targeting Bob's {card}; it "
                  f"resolves.", card="Act of Treason", target=f"Bob's {card}", pay=mountains),
             Step("resolve", ""),
             Step("advance", "", to="beginning_of_combat"),
             Step("attack", f"Alice attacks Bob with {one_of(list(attackers), last='and')}; Bob doesn't "
                  f"block.", attackers=attackers, defender="Bob"),
             Step("advance", "Combat damage is dealt.", to="combat_damage"),
             Step("resolve_stack", "Everything on the stack resolves."),
             Step("advance", "Combat ends; it is Alice's postcombat main phase.", to="main2"),
             Step("activate", "Alice taps her two Forests for {G}{G}.", card="Forest"),
             Step("activate", "", card="Forest 2")]
    play = Play(Setup(pieces=tuple(pieces), monarch="Bob"), tuple(steps))
    asks = (Ask("monarch"), Ask("can", card=f"Bob's {card}"))
    which = "{2}, {Q} ability" if card == "Pili-Pala" else "{T} mana ability"
    s = Crossed(play, asks, ("monarch", "tap-untap"), ("725.2", "302.6", "107.5", "107.6"))
    its = f"the {possessive(card)} {which}"
    forms = (
        f"who is the monarch, and can Alice activate {its}?",
        f"who holds the crown, and is Alice able to activate {its}?",
        f"which player is the monarch, and could Alice activate {its} at this point?",
        f"who is the monarch, and do the rules let Alice activate {its}?",
    )
    return s, _stem(s, forms, "CR 725.2, 302.6, 107.5, 107.6")


def pool_while_x(rng: random.Random) -> tuple[Crossed, Stem] | None:
    """Could-produce x X: Alice controls Reflecting Pool and basic lands, maybe under
    Contamination or Deep Water; she pays for an X spell with her basics, and then asks what
    Reflecting Pool could produce (106.7 takes replacement effects into account)."""
    card = rng.choice(("Walking Ballista", "Hangarback Walker", "Chalice of the Void"))
    basics = rng.sample(("Forest", "Island", "Mountain", "Plains", "Swamp", "Wastes"), 2)
    effect = rng.choice(("", "Contamination", "Deep Water"))
    x = 1
    pieces = [Piece("Reflecting Pool"), *(Piece(b) for b in basics), Piece(card, zone="hand")]
    if effect:
        pieces.append(Piece(effect))
    steps = (Step("cast", f"Alice taps her {basics[0]} and {basics[1]} for mana and casts {card} with "
                  f"X = {x}.", card=card, x=x, pay=tuple(basics)),
             Step("resolve_stack", "Everything on the stack resolves."))
    play = Play(Setup(pieces=tuple(pieces)), steps)
    asks: tuple[Ask, ...] = (Ask("could", card="Reflecting Pool"),)
    if card != "Chalice of the Void":
        asks = (Ask("counters", card=card), *asks)
    s = Crossed(play, asks, ("could-produce", "x-values"), ("106.7", "107.3m"))
    pool = "her Reflecting Pool"
    forms = (
        f"how many +1/+1 counters are on her {card}, and what types of mana could {pool} produce?",
        f"how many +1/+1 counters does Alice's {card} have, and which types of mana could {pool} produce?",
        f"what is true of the +1/+1 counters on her {card} and of the types of mana {pool} could produce?",
        f"which is right about her {card} (its +1/+1 counters) and the types of mana {pool} could produce?",
    ) if len(asks) == 2 else (
        f"what types of mana could {pool} produce?",
        "which types of mana could Alice's Reflecting Pool produce?",
        f"what is true of the types of mana {pool} could produce?",
        "which is right about the types of mana Alice's Reflecting Pool could produce?",
    )
    return s, _stem(s, forms, "CR 106.7, 107.3m")


def contaminated_crown(rng: random.Random) -> tuple[Crossed, Stem] | None:
    """Tapping for mana x the monarch: under Contamination (and maybe Mana Reflection) Alice pays
    for Custodi Lich with her Forests; it enters and she becomes the monarch (unless she is
    already), and the Lich's "whenever you become the monarch" makes Bob sacrifice a creature."""
    reflection = rng.random() < 0.5
    each = 2 if reflection else 1
    n = -(-5 // each) + rng.randint(0, 1)
    forests = ["Forest"] + [f"Forest {i}" for i in range(2, n + 1)]
    monarch = rng.choice((None, "Bob", "Alice"))
    pieces = [Piece("Contamination"), *(Piece("Forest") for _ in forests), Piece("Custodi Lich", zone="hand")]
    if reflection:
        pieces.append(Piece("Mana Reflection"))
    pieces += [Piece(c, "Bob") for c in rng.choice((("Grizzly Bears",), ("Grizzly Bears", "Hill Giant")))]
    paid = -(-5 // each)
    steps = (Step("cast", f"Alice taps {plural(paid, 'Forest')} for mana and casts Custodi Lich.",
                  card="Custodi Lich", pay=tuple(forests[:paid])),
             Step("resolve_stack", "Everything on the stack resolves (any target is Bob)."))
    play = Play(Setup(pieces=tuple(pieces), monarch=monarch), steps, keep=(("target", "Bob"),))
    asks = (Ask("creatures", player="Bob"), Ask("pool"))
    s = Crossed(play, asks, ("tapping", "monarch"), ("106.12", "614.1a", "725.1"))
    forms = (
        "how many creatures does Bob control, and what is left in Alice's mana pool?",
        "how many creatures are on the battlefield under Bob's control, and what mana does Alice have in "
        "her pool?",
        "what is true of the number of creatures Bob controls and of the mana left in Alice's pool?",
        "which is right about Bob's creatures (how many he controls) and Alice's mana pool?",
    )
    return s, _stem(s, forms, "CR 106.12, 614.1a, 725.1")


def reflected_then_sick(rng: random.Random) -> tuple[Crossed, Stem] | None:
    """{T}/{Q} x tapping for mana: under Mana Reflection and Heartbeat of Spring Alice taps her
    Forests for mana, then asks what is in her pool and whether she can activate her Llanowar
    Elves' {T} ability or her Pili-Pala's {2}, {Q} ability (tapped or not), which came under her
    control this turn or last turn."""
    card = rng.choice(("Llanowar Elves", "Pili-Pala"))
    arrived: Arrived = rng.choice(("this turn", "last turn"))
    tapped = card == "Pili-Pala" and rng.random() < 0.6
    forests = ("Forest", "Forest 2")[:rng.randint(1, 2)]
    pieces = (Piece("Mana Reflection"), Piece("Heartbeat of Spring"), *(Piece("Forest") for _ in forests),
              Piece(card, arrived=arrived, tapped=tapped))
    steps = tuple(Step("activate", f"Alice taps {plural(len(forests), 'Forest')} for mana." if not i else "",
                       card=forest) for i, forest in enumerate(forests))
    play = Play(Setup(pieces=pieces), steps)
    asks = (Ask("pool"), Ask("can", card=card))
    s = Crossed(play, asks, ("tap-untap", "tapping"), ("106.12", "302.6", "107.5", "107.6"))
    ability = "{T} mana ability" if card == "Llanowar Elves" else "{2}, {Q} ability"
    its = f"her {possessive(card)} {ability}"
    forms = (
        f"what is in Alice's mana pool, and can she activate {its}?",
        f"what mana does Alice have in her pool, and is she able to activate {its}?",
        f"what does Alice's mana pool hold, and could she activate {its} at this point?",
        f"how much mana is in Alice's pool, and do the rules let her activate {its}?",
    )
    return s, _stem(s, forms, "CR 106.12, 302.6, 107.5, 107.6")


Builder = Callable[[random.Random], tuple[Crossed, Stem] | None]

#: Every builder, with the two topics it crosses.
BUILDERS: tuple[tuple[tuple[TopicName, TopicName], Builder], ...] = (
    (("tapping", "x-values"), reflected_x),
    (("monarch", "tap-untap"), treason_then_quest),
    (("tapping", "monarch"), contaminated_crown),
    (("could-produce", "x-values"), pool_while_x),
    (("tap-untap", "tapping"), reflected_then_sick),
)


def crossing(topic: str) -> tuple[Builder, ...]:
    """The builders whose questions cross ``topic`` with another (every builder for "mixed")."""
    return tuple(b for pair, b in BUILDERS if topic == "mixed" or topic in pair)


def generate(topic: str, rng: random.Random, level: Level = "hard") -> tuple[Crossed, Stem] | None:
    """A crossed question on ``topic`` and another topic (``None``: none crosses it, or the board
    drawn isn't worth asking)."""
    found = crossing(topic)
    return rng.choice(found)(rng) if found else None


def covered(topics: Sequence[str]) -> frozenset[str]:
    """The topics among ``topics`` that some builder crosses with another."""
    return frozenset(t for t in topics if crossing(t))


__all__ = ["BUILDERS", "Ask", "AskKind", "Crossed", "contaminated_crown", "covered", "crossing", "generate",
           "pool_while_x", "reflected_then_sick", "reflected_x",
           "treason_then_quest"]


