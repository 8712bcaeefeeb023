"""bansha's layers point one way, and no module imports itself back through others.

Every module of the package is read with ``ast`` (nothing is imported), and every import it
holds counts: at the top of the module, inside a function, or under ``TYPE_CHECKING`` (a type is
a dependency too). Each module belongs to one unit (its package under ``bansha``, or a top-level
module), each unit to one layer, bottom to top:

1. ``texts``, ``terminal``, ``native``, ``native_build``, ``collector``: the words, the terminal, the
   compiled-engine guard, the garbage collector's settings of a long-running process;
2. ``cli_words``, ``names`` and the package's ``__init__``: the command line library's words in
   Chinese import only the layer below (``texts``, ``terminal``), and the forum tools' own command
   line (``forum/cli.py``) speaks them, so they sit here rather than beside the CLIs; the seats'
   default names are the catalogue's (``texts.SEAT_NAMES``);
3. ``engine``: events, state, fold, commands, views, the rule-set base (it knows no mechanic:
   the discussion thread's rules, vote posts and cards are the rule set's, ``mechanics/rules.py``);
4. ``mechanics``;
5. ``datafiles``: the data files' loader and messages, read by the rule sets (it needs only the
   engine), so below them rather than beside them;
6. ``rulesets``;
7. ``scenario``, ``sim``, ``forum``: peers, none imports another;
8. ``store``;
9. ``service``: given its live pushes and its bots' policy at start-up (``GameService.connect``),
   so it imports neither the web nor the simulator;
10. ``web``: its app config gives the service the sockets and the simulator's bots;
11. ``game_cli``, ``verification``: the game commands and ``bansha verify``;
12. ``cli``: the command line that composes everything.

A module may import its own unit and any unit of a lower layer, nothing else; and the graph of
modules has no cycle (Tarjan's strongly connected components). There is no list of exceptions:
a new unit must be given its layer here, and a new import that climbs fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "bansha"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("texts", "terminal", "native", "native_build", "collector"),
    ("cli_words", "names", "__init__"),
    ("engine",),
    ("mechanics",),
    ("datafiles",),
    ("rulesets",),
    ("scenario", "sim", "forum"),
    ("store",),
    ("service",),
    ("web",),
    ("game_cli", "verification"),
    ("cli",),
)
"""Bottom to top; see the module docstring for why each sits where it does."""

LAYER_OF = {unit: i for i, units in enumerate(LAYERS) for unit in units}


def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package: dotted name -> (file, whether it is a package's __init__)."""
    found: dict[str, tuple[Path, bool]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        found[".".join(parts)] = (path, is_package)
    return found


def unit(module: str) -> str:
    """The unit a module belongs to: its package under bansha, or its top-level name."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def imports(known: dict[str, tuple[Path, bool]]) -> dict[str, set[str]]:
    """Each module's imports of bansha modules (an imported name that is not a module counts as
    its package), wherever in the module they are."""
    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in known.items():
        here = name.split(".") if is_package else name.split(".")[:-1]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            wanted: list[str] = []
            if isinstance(node, ast.Import):
                wanted = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here[: len(here) - node.level + 1]
                    prefix = ".".join(base + ([node.module] if node.module else []))
                else:
                    prefix = node.module or ""
                for alias in node.names:
                    candidate = f"{prefix}.{alias.name}"
                    wanted.append(candidate if candidate in known else prefix)
            for target in wanted:
                if target != "bansha" and not target.startswith("bansha."):
                    continue
                while target not in known and "." in target:
                    target = target.rsplit(".", 1)[0]
                if target != name:
                    targets.add(target)
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, list[str]]] = [(root, sorted(graph[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, pending = work[-1]
            if pending:
                child = pending.pop()
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, sorted(graph.get(child, ()))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


KNOWN = modules()
GRAPH = imports(KNOWN)


def test_every_module_has_a_layer() -> None:
    assert sorted({unit(m) for m in KNOWN} - set(LAYER_OF)) == []


def test_no_layer_imports_one_above_it_nor_a_peer() -> None:
    climbing = [
        f"{module} ({unit(module)}, layer {LAYER_OF[unit(module)] + 1}) imports {target} "
        f"({unit(target)}, layer {LAYER_OF[unit(target)] + 1})"
        for module, targets in sorted(GRAPH.items())
        for target in sorted(targets)
        if unit(target) != unit(module) and LAYER_OF[unit(target)] >= LAYER_OF[unit(module)]
    ]
    assert climbing == []


def test_no_import_cycle_between_modules() -> None:
    assert cycles(GRAPH) == []


def test_the_check_sees_what_it_checks() -> None:
    """The reading is not vacuous: imports inside functions and under TYPE_CHECKING are seen,
    a name imported from a package counts as that package, and a cycle is found."""
    assert "bansha.rulesets" in GRAPH["bansha.cli"]  # imported inside the commands' functions
    assert "bansha.engine.ruleset" in GRAPH["bansha.mechanics.thread"]  # under TYPE_CHECKING
    assert "bansha.engine" in GRAPH["bansha.sim.agents"]  # from bansha.engine import Act, ...
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
