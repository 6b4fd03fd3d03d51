"""The shape of the core: no import cycles, one trigger matcher, one handler per effect, typed
events that nobody reads as prose, nobody else touching Game's private parts, and every field
a card primitive declares honoured by the engine."""

from __future__ import annotations

import ast
import re
import sys
import typing
from collections.abc import Iterator
from pathlib import Path

import pytest

import mtgkit
from mtgkit import abilities, events, game, triggers
from mtgkit.cards import CATALOG
from mtgkit.records import Value

PKG = Path(mtgkit.__file__).resolve().parent


def _modules() -> dict[str, Path]:
    found = {}
    for path in PKG.rglob("*.py"):
        rel = path.relative_to(PKG).with_suffix("")
        parts = ["mtgkit", *rel.parts]
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imported(module: str, path: Path) -> set[str]:
    """Every mtgkit module ``module`` imports anywhere: top level, inside functions, and under
    ``if TYPE_CHECKING`` too."""
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("mtgkit")}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("mtgkit"):
                continue
            for alias in node.names:  # `from . import whynot` imports the module mtgkit.whynot
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in MODULES else target)
    return {m for m in found if m in MODULES and m != module}


def test_the_import_graph_has_no_cycles_not_even_through_type_only_imports() -> None:
    graph = {m: _imported(m, p) for m, p in MODULES.items()}
    graph["mtgkit"] -= {m for m in graph["mtgkit"]}  # the package re-exports; nothing imports it back
    assert not any("mtgkit" in deps for m, deps in graph.items() if m != "mtgkit"), \
        "modules inside the package must import the module they need, not the package"
    state: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for dep in sorted(graph[m]):
            if state.get(dep) == 1:
                cycle = path[path.index(dep):] + [dep] if dep in path else [m, dep]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if dep not in state:
                visit(dep, path + [dep])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])


#: The teaching layer (pure Python, by topic) and the layers above it: the engine imports none of them.
TEACHING = {"mtgkit.teaching", "mtgkit.grading", "mtgkit.lessons", "mtgkit.situations",
            "mtgkit.misconceptions", "mtgkit.practice", "mtgkit.testwise",
            "mtgkit.presenting", "mtgkit.topics", "mtgkit.capstones"}
ABOVE = {"mtgkit.timeline", "mtgkit.plot", "mtgkit.widgets", "mtgkit.course", "mtgkit.assignments",
         "mtgkit.export", "mtgkit.scenario", "mtgkit.checking", "mtgkit.site", "mtgkit.__main__"}


def _in(module: str, layer: set[str]) -> bool:
    return any(module == m or module.startswith(m + ".") for m in layer)


def test_the_engine_imports_nothing_from_the_teaching_layer() -> None:
    engine = [m for m in MODULES if m != "mtgkit" and not _in(m, TEACHING | ABOVE)]
    assert "mtgkit.game" in engine and "mtgkit.events" in engine
    for module in engine:
        reached = {d for d in _imported(module, MODULES[module]) if _in(d, TEACHING | ABOVE)}
        assert not reached, f"the engine module {module} imports {sorted(reached)}"


def test_topic_modules_never_import_each_other() -> None:
    from mtgkit.topics import TOPICS

    topics = {f"mtgkit.topics.{name.replace('-', '_')}" for name in TOPICS}
    assert topics <= set(MODULES)
    shared = {"mtgkit.topics.base", "mtgkit.topics.boards"}
    for module in topics:
        reached = _imported(module, MODULES[module])
        assert not reached & (topics - {module}), f"{module} imports another topic"
        assert not {d for d in reached if _in(d, TEACHING) and d not in shared | {"mtgkit.teaching",
                                                                                  "mtgkit.grading"}}, \
            f"{module} imports the layer that gathers the topics"
    for base in (*shared, "mtgkit.teaching"):  # what the topics share knows no topic
        assert not _imported(base, MODULES[base]) & (topics | {"mtgkit.topics"}), base


def test_one_record_system_no_dataclasses() -> None:
    """Every record of the package is a :mod:`mtgkit.records` class (``Record``, ``Value`` or
    ``Mutable``), never a ``dataclasses.dataclass``: one way to declare data, one repr, one
    ``replace``, and no ``exec`` per class at import (records.py says why)."""
    from mtgkit.records import Mutable, Record

    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
            a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert "dataclasses" not in imported or module == "mtgkit.records", f"{module} imports dataclasses"
        decorated = [c.name for c in ast.walk(tree) if isinstance(c, ast.ClassDef)
                     for d in c.decorator_list
                     if re.fullmatch(r"(dataclasses\.)?dataclass(\(.*\))?", ast.unparse(d), re.S)]
        assert not decorated, f"{module}: {decorated} are dataclasses; make them records (mtgkit.records)"
    from mtgkit.practice import Question
    from mtgkit.scenario import Scenario
    from mtgkit.topics.base import Misconception
    from mtgkit.topics.monarch import End
    from mtgkit.topics.tapping import TapCase

    assert issubclass(TapCase, Value) and issubclass(Question, Value) and issubclass(Misconception, Record)
    assert issubclass(Scenario, Mutable) and issubclass(End, Mutable)


def test_no_type_checking_imports_are_needed() -> None:
    for module, path in MODULES.items():
        assert "TYPE_CHECKING" not in path.read_text(), module


def test_only_game_touches_the_games_private_parts() -> None:
    private = {name for name in vars(game.Game) if name.startswith("_") and not name.startswith("__")}
    private |= {"_s", "_j", "_events", "_cause", "_reactions", "_cache"}
    for module, path in MODULES.items():
        if module == "mtgkit.game":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in private:
                owner = node.value.id if isinstance(node.value, ast.Name) else ""
                assert owner in ("self", "cls"), f"{module} reads {node.attr} of {owner or 'an object'}"


def test_one_trigger_matcher() -> None:
    calls = []
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "matches":
                calls.append(module)
    # Game._collect: permanents' and the monarch's; whynot.no_trigger asks the same conditions
    # about past events (read-only: "did this event match?"), never feeding the game; a
    # triggered mana ability's condition is asked through the rules' decision point
    # (mtgkit.variants.Rules.mana_trigger_sees, which Game._collect calls)
    assert sorted(calls) == ["mtgkit.game", "mtgkit.game", "mtgkit.variants", "mtgkit.whynot"]
    source = ast.get_source_segment(MODULES["mtgkit.game"].read_text(), next(
        n for n in ast.walk(ast.parse(MODULES["mtgkit.game"].read_text()))
        if isinstance(n, ast.FunctionDef) and n.name == "_collect"))
    assert source is not None and source.count(".matches(") == 2


def test_every_trigger_kind_knows_its_events() -> None:
    kinds = [*typing.get_args(triggers.Trigger), triggers.TappedForMana]
    for kind in kinds:
        assert callable(getattr(kind, "matches", None)), kind


def test_every_effect_type_has_exactly_one_handler() -> None:
    effect_types = set(typing.get_args(abilities.Effect))
    assert set(game._EFFECTS) == effect_types
    handlers = [fn for fn in game._EFFECTS.values()]
    assert len(set(handlers)) == len(handlers)


def test_every_event_kind_is_a_typed_record_with_a_documented_kind() -> None:
    for cls in events.EVENT_TYPES:
        assert cls.kind in events.KINDS, cls
    assert {c.kind for c in events.EVENT_TYPES} == set(events.KINDS)


def test_no_code_decides_by_reading_an_events_prose_or_rule_numbers() -> None:
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Compare):
                continue
            for operand in [node.left, *node.comparators]:
                if isinstance(operand, ast.Attribute) and operand.attr in ("text", "rules"):
                    raise AssertionError(f"{module} line {node.lineno} compares .{operand.attr}")


def test_a_cards_text_is_its_parts_words_written_once() -> None:
    """The catalog writes each card's words once: an ability's own words are part of its card's
    text (Hangarback Walker's trigger is the one shortened, and the card keeps the full words);
    a card whose text is its abilities' words joined doesn't write it again in the card file."""
    import mtgkit.cards

    for c in CATALOG.values():
        for a in c.abilities:
            words = getattr(a, "text", None)
            if words is not None and c.name != "Hangarback Walker":
                assert words in c.text, (c.name, words)
    source = (Path(mtgkit.cards.__file__).parent / "catalog.toml").read_text()
    assert source.count("Add one mana of any type that a land you control could produce.") == 1


# --------------------------------------------------------------------------- every field honoured
def _primitives() -> Iterator[Value]:
    """Every card primitive reachable from the catalog and the monarch's abilities."""
    seen: set[int] = set()
    todo: list[object] = [*CATALOG.values(), *abilities.MONARCH_ABILITIES]
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, tuple | frozenset):
            todo.extend(item)
        elif isinstance(item, Value) and type(item).__module__ in ("mtgkit.abilities", "mtgkit.triggers"):
            yield item
            todo.extend(item._values())


def _workload() -> None:
    """Games that exercise every card: the worked examples, practice, the lessons' paths, and
    a few situations the examples don't show."""
    from mtgkit import Game, load_scenario
    from mtgkit.lessons import X_CARDS, X_PATHS, monarch_draw_race, protector_combat, x_path
    from mtgkit.practice import LEVELS, TOPICS, worksheet
    from mtgkit.scenario import EXAMPLES

    for path in sorted(EXAMPLES.glob("*.toml")):
        load_scenario(path)
    for topic in TOPICS:
        for level in LEVELS:
            worksheet(topic, level, 6, seed=1)
    for card in X_CARDS:
        for path in X_PATHS:
            x_path(card, 3, path)
    monarch_draw_race(True)

    g = Game(["Alice", "Bob"])
    ballista = g.put_onto_battlefield("Walking Ballista", "Alice", counters={"+1/+1": 2})
    g.activate(ballista, 1, target="Bob")  # remove a counter: 1 damage
    for _ in range(4):
        g.activate(g.put_onto_battlefield("Wastes", "Alice"))
    g.activate(ballista, 0)  # {4}: a +1/+1 counter
    g.resolve_stack()
    g.put_onto_battlefield("Mass Hysteria", "Bob")
    goose = g.put_onto_battlefield("The Goose Mother", "Alice", counters={"+1/+1": 2})
    g.put_onto_battlefield("Food", "Alice")
    g.advance(to="beginning_of_combat")
    g.attack([goose])  # may sacrifice a Food to draw
    g.resolve_stack()
    protector_combat(["Grizzly Bears", "Hill Giant"], {"Hill Giant": "Grizzly Bears"}, 2, 1)

    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Helm of Awakening", "Bob")  # {X}{X} with X = 1 costs {1}
    g.activate(g.put_onto_battlefield("Wastes", "Alice"))
    g.cast(g.put_in_hand("Walking Ballista", "Alice"), x=1)
    g.resolve_stack()

    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Chalice of the Void", "Bob", counters={"charge": 1})
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")  # Chalice counters it
    g.resolve_stack()
    for name in ("Island", "Vivid Crag", "Mana Confluence", "Deep Water", "Zendikar Resurgent",
                 "Food", "Forest", "Forest", "Forest", "Forest"):
        g.put_onto_battlefield(name, "Alice")
    g.activate(g.find("Island"))
    g.activate(g.find("Deep Water"))  # Until end of turn, Alice's lands tapped for mana make {U}
    g.resolve_stack()
    g.activate(g.find("Vivid Crag"), 1, color="W")  # remove a charge counter
    g.activate(g.find("Mana Confluence"), color="B")  # pay 1 life
    for forest in [o.id for o in g.permanents("Alice") if o.name == "Forest"]:
        g.activate(forest)
    g.activate(g.find("Food"))  # {2}, {T}, sacrifice: gain 3 life
    g.resolve_stack()
    g.cast(g.put_in_hand("Pili-Pala", "Alice"))  # a creature spell: Zendikar Resurgent draws
    g.resolve_stack()
    for name in ("Palace Jailer", "Queen Marchesa", "Custodi Lich"):
        g.put_onto_battlefield(name, "Bob" if name == "Queen Marchesa" else "Alice", by_effect=True)
        g.resolve_stack()
    g.put_onto_battlefield("Contamination", "Bob")
    g.next_turn()  # Bob's upkeep: Marchesa's "if" and Contamination's sacrifice
    g.resolve_stack()
    forest = g.put_onto_battlefield("Forest", "Bob")
    for name in ("Heartbeat of Spring", "Mana Flare", "Mana Reflection", "Contamination"):
        g.put_onto_battlefield(name, "Bob")
    g.put_onto_battlefield("Wild Growth", "Bob", attached_to=forest)
    g.put_onto_battlefield("Utopia Sprawl", "Bob", attached_to=forest, color="U")
    g.activate(forest, order=["Mana Reflection", "Contamination"])
    for name in ("Gaea's Cradle", "Meteor Crater", "Reflecting Pool", "Mystic Gate"):
        g.put_onto_battlefield(name, "Bob")
    g.could_produce_all()

    g = Game(["Alice", "Bob"])  # exiled until an opponent becomes the monarch (CR 610.3)
    g.put_onto_battlefield("Grizzly Bears", "Bob")
    g.put_onto_battlefield("Palace Jailer", "Alice", by_effect=True)
    g.resolve_stack()

    g = Game(["Alice", "Bob"])  # control changes (CR 613.1b)
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob", tapped=True)
    elves = g.put_onto_battlefield("Llanowar Elves", "Bob")
    for _ in range(8):
        g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.put_onto_battlefield("Mind Control", "Alice", attached_to=elves)
    g.cast(g.put_in_hand("Act of Treason", "Alice"), target=bears)
    g.resolve_stack()
    g.next_turn()

    g = Game(["Alice", "Bob"])  # convoke (CR 702.51), a creature tapped for mana
    leyline = g.put_onto_battlefield("Leyline of Abundance", "Alice")
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice")
    for _ in range(7):
        g.activate(g.put_onto_battlefield("Forest", "Alice"))
    g.activate(elves)  # {G}{G}: the Leyline adds {G}
    g.activate(leyline, 0)  # {6}{G}{G}: a +1/+1 counter on each creature
    g.resolve_stack()
    for _ in range(2):
        g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Stoke the Flames", "Alice"), target="Bob",
           convoke=[g.put_onto_battlefield("Grizzly Bears", "Alice") for _ in range(2)])

    g = Game(["Alice", "Bob"])  # cascade (CR 702.85a)
    for name in ("Mountain", "Forest", "Forest", "Island"):
        g.activate(g.put_onto_battlefield(name, "Alice"))
    g.put_in_library("Walking Ballista", "Alice")
    g.cast(g.put_in_hand("Bloodbraid Elf", "Alice"))
    g.resolve_stack()

    g = Game(["Alice", "Bob"])  # copying a spell on the stack (CR 707.10)
    engine = g.put_onto_battlefield("Lithoform Engine", "Alice")
    for _ in range(6):
        g.activate(g.put_onto_battlefield("Wastes", "Alice"))
    ballista = g.put_in_hand("Walking Ballista", "Alice")
    g.cast(ballista, x=1)
    g.activate(engine, 2, target=ballista)
    g.resolve_stack()

    g = Game(["Alice", "Bob"])  # mana with a restriction (CR 106.6) and with a rider
    g.activate(g.put_onto_battlefield("Ancient Ziggurat", "Alice"), color="G")
    g.activate(g.put_onto_battlefield("Tarnished Citadel", "Alice"), 1, color="G")
    g.cast(g.put_in_hand("Grizzly Bears", "Alice"))

    g = Game(["Alice", "Bob"])  # mana of a specified type and amount (CR 106.12a/b), 616.1f
    forest = g.put_onto_battlefield("Forest", "Alice")
    g.put_onto_battlefield("Gauntlet of Power", "Alice", color="G")
    g.put_onto_battlefield("Llanowar Elves", "Alice")
    g.put_onto_battlefield("Mana Reflection", "Alice")
    g.put_onto_battlefield("Damping Sphere", "Bob")
    g.activate(forest)
    g.could_produce_all()
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Damping Sphere", "Bob")
    for _ in range(3):
        g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    for _ in range(2):
        g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")  # the second costs {1} more

    g = Game(["Alice", "Bob"])  # prevention (CR 615), spending mana as though any color (609.4b)
    orrery = g.put_onto_battlefield("Chromatic Orrery", "Alice")
    g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.activate(g.put_onto_battlefield("Wastes", "Alice"))
    g.cast(g.put_in_hand("Holy Day", "Alice"))  # {W} paid with {C}
    g.resolve()
    for _ in range(5):
        g.activate(g.put_onto_battlefield("Wastes", "Alice"))
    g.activate(orrery, 1)
    g.resolve()
    g.advance(to="beginning_of_combat")
    g.attack([g.find("Grizzly Bears")])
    g.advance(to="end_of_combat")


def test_every_field_a_card_primitive_declares_is_read_by_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run real games while watching every read of a primitive's fields. Reads made only to
    compare, hash or print a primitive don't count: a field nothing else reads is dead data
    (the engine would ignore what a card says)."""
    prims = list(_primitives())
    classes = {type(p) for p in prims}
    reads: set[tuple[type, str]] = set()
    records_file = sys.modules["mtgkit.records"].__file__

    def spy(cls: type) -> None:
        original = cls.__getattribute__
        fields = set(cls._fields)

        def getattribute(self: object, name: str) -> object:
            if name in fields:
                caller = sys._getframe(1).f_code
                if caller.co_filename != records_file:
                    reads.add((type(self), name))
            return original(self, name)

        monkeypatch.setattr(cls, "__getattribute__", getattribute)

    for cls in classes:
        spy(cls)
    spy(abilities.CardDef)
    _workload()
    declared = {(type(p), f) for p in prims for f in type(p)._fields}
    declared |= {(abilities.CardDef, f) for f in abilities.CardDef._fields}
    unread = sorted(f"{cls.__name__}.{name}" for cls, name in declared - reads)
    assert not unread, f"fields no code reads: {unread}"


def test_static_abilities_are_asked_about_through_one_query() -> None:
    """What a card has is asked with ``CardDef.has`` / ``abilities_of``, and which static abilities
    apply on the battlefield with ``Game._statics`` (read from the index): no module of the engine
    walks a card's abilities itself."""
    for module in ("mtgkit.game", "mtgkit.replacement", "mtgkit.board", "mtgkit.could_produce",
                   "mtgkit.whynot", "mtgkit.targets"):
        text = MODULES[module].read_text()
        assert not re.search(r"(card|defn)\.abilities\b", text), module
    source = MODULES["mtgkit.game"].read_text()
    assert "isinstance(a, " not in source


def test_conditions_counts_and_durations_are_typed_data_not_strings() -> None:
    """An intervening "if", a number of tokens and what ends an "until" are primitives with their
    own behaviour (holds, count, ends), never strings the engine switches on."""
    hints = {cls: typing.get_type_hints(cls) for cls in (abilities.Triggered, abilities.CreateTokens,
                                                         abilities.ExileUntil)}
    for annotation in (hints[abilities.Triggered]["condition"], hints[abilities.CreateTokens]["count"],
                       hints[abilities.ExileUntil]["until"]):
        for arg in typing.get_args(annotation) or (annotation,):
            assert typing.get_origin(arg) is not typing.Literal and arg is not str, annotation
    source = MODULES["mtgkit.game"].read_text()
    for old in ('"half X"', '"counters":', '"opponent is monarch"'):
        assert old not in source, old


def test_no_code_changes_an_event_after_it_is_made() -> None:
    """Events are frozen records: nothing sets a field of one with ``object.__setattr__`` or
    ``setattr`` (the game logs the new record ``Event._stamp`` returns). Only the record bases,
    ``Mana`` and the mutable state's undo log set attributes that way, each on its own object, and
    a rule variant's class wraps its own decisions as it is made (to note that they were asked)."""
    own = {"mtgkit.records": {"self"}, "mtgkit.mana": {"self"}, "mtgkit.state": {"self"},
           "mtgkit.journal": {"self", "target"}, "mtgkit.variants": {"cls"}}
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            raw = (isinstance(f, ast.Attribute) and f.attr == "__setattr__"
                   and isinstance(f.value, ast.Name) and f.value.id == "object")
            if not raw and not (isinstance(f, ast.Name) and f.id == "setattr"):
                continue
            first = node.args[0] if node.args else None
            allowed = own.get(module, set())
            assert isinstance(first, ast.Name) and first.id in allowed, \
                f"{module} line {node.lineno} sets an attribute of {ast.unparse(first) if first else '?'}"
    assert "object.__setattr__" not in MODULES["mtgkit.events"].read_text()
