"""ZR 1-8 and ZR 10-15 against the scenario files: docs/rules-coverage.md has one row per rule of
shared/rules/RULES.md, with the scenarios that cite it (generated from their `rules` lists) and
hand-written notes (why a rule has no observable outcome, which other tests cover it, or why it is
not covered yet). These tests keep the table true:
- every rule of RULES.md has a row, and no row names a rule that is not there (needs ../shared);
- the scenario column is what the files say (rewrite it with the generator below);
- a rule with an observable outcome is cited by a scenario, or by the other tests its notes name;
- a scenario cites only rules that exist.

The generator rewrites the table, keeping titles and notes:

    python -m tests.test_rules_coverage --write     # from the repository root
    python -m tests.test_rules_coverage             # check only: what would change (exit 1)
"""

from __future__ import annotations

import re
import sys
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "tests" / "scenarios"
TABLE = ROOT / "docs" / "rules-coverage.md"
RULEBOOK = ROOT.parent / "shared" / "rules" / "RULES.md"

WRITE = "python -m tests.test_rules_coverage --write"
BEGIN = f"<!-- generated table: edit titles and notes only, then run `{WRITE}` -->"
END = "<!-- end of the generated table -->"
HEADER = ("Rule", "Title", "Scenarios (tests/scenarios/NAME.toml)", "Notes")
NONE = "–"  # the scenario cell of a rule that no scenario cites

# What the notes cell says, by its first words; empty notes: observable, a scenario covers it.
NO_OUTCOME = "no observable outcome:"
ELSEWHERE = "outside the scenarios:"  # observable; the test files named in backticks cover it
GAP = "not covered:"  # observable, known to be uncovered (expected to fail, strictly)
KINDS = (NO_OUTCOME, ELSEWHERE, GAP)

RULE_LINE = re.compile(r"^- (ZR (?:[1-8]|1[0-6])(?:\.\d+)+)\s")  # a rule of RULES.md
RULE_LIKE = re.compile(r"^ZR (?:[1-8]|1[0-6])(?:\.\d+)+$")  # a citation that must name a rule
TEST_FILE = re.compile(r"`(tests/[\w/.-]+\.py)`")


def rule_key(rule: str) -> tuple[int, ...]:
    """ZR 5.3.1 -> (5, 3, 1): rules sort by number, not as text (ZR 5.10 after ZR 5.9)."""
    return tuple(int(n) for n in rule.split()[1].split("."))


def rulebook_rules(path: Path | None = None) -> list[str] | None:
    """The rule numbers of ZR 1-8 and 10-16 in RULES.md (subrules included), or None without the file."""
    path = path or RULEBOOK
    if not path.is_file():
        return None
    found = [
        m.group(1) for line in path.read_text("utf-8").splitlines() if (m := RULE_LINE.match(line))
    ]
    return sorted(set(found), key=rule_key)


def citations(folder: Path | None = None) -> dict[str, list[str]]:
    """Each cited rule -> the names (without .toml) of the scenario files citing it, sorted."""
    folder = folder or SCENARIOS
    cited: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.toml")):
        try:
            rules = tomllib.loads(path.read_text("utf-8")).get("rules", [])
        except tomllib.TOMLDecodeError as exc:
            raise AssertionError(f"{path}: not valid TOML: {exc}") from None
        for rule in rules if isinstance(rules, list) else []:
            if isinstance(rule, str):
                cited.setdefault(" ".join(rule.split()), set()).add(path.stem)
    return {rule: sorted(names) for rule, names in cited.items()}


# ----------------------------------------------------------------------------------------------
# The table


@dataclass(frozen=True)
class Row:
    rule: str
    title: str
    scenarios: tuple[str, ...]
    notes: str

    @property
    def kind(self) -> str:
        """'' (covered by scenarios) or one of KINDS, from the first words of the notes."""
        return next((k for k in KINDS if self.notes.startswith(k)), "")

    @property
    def observable(self) -> bool:
        return self.kind != NO_OUTCOME

    def cells(self) -> tuple[str, ...]:
        scen = ", ".join(f"`{s}`" for s in self.scenarios) or NONE
        return (self.rule, self.title, scen, self.notes)


@dataclass(frozen=True)
class Doc:
    before: str  # the text before BEGIN, BEGIN included
    rows: tuple[Row, ...]
    after: str  # END and the text after it


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def read_table(text: str) -> Doc:
    """Split docs/rules-coverage.md into the text around the table and its rows."""
    if BEGIN not in text or END not in text:
        raise ValueError(f"the lines {BEGIN!r} and {END!r} around the table are missing")
    before, rest = text.split(BEGIN, 1)
    inside, after = rest.split(END, 1)
    rows = []
    for line in inside.splitlines():
        if not line.startswith("| ZR "):
            continue
        cells = _cells(line)
        if len(cells) != len(HEADER):
            raise ValueError(f"a row needs {len(HEADER)} cells (no '|' inside a cell): {line}")
        rule, title, scen, notes = cells
        names = () if scen == NONE else tuple(re.findall(r"`([^`]+)`", scen))
        rows.append(Row(" ".join(rule.split()), title, names, notes))
    return Doc(before + BEGIN, tuple(rows), END + after)


def summary(rows: tuple[Row, ...], files: int) -> str:
    observable = [r for r in rows if r.observable]
    by_scenario = [r for r in observable if r.scenarios]
    elsewhere = [r for r in observable if not r.scenarios and r.kind == ELSEWHERE]
    gaps = [r for r in observable if not r.scenarios and r.kind != ELSEWHERE]
    return (
        f"{len(rows)} rules; {len(observable)} with an observable outcome: {len(by_scenario)} "
        f"covered by scenarios, {len(elsewhere)} by other tests only, {len(gaps)} not covered yet; "
        f"{len(rows) - len(observable)} with no observable outcome. {files} scenario files."
    )


def render(doc: Doc, files: int) -> str:
    lines = [
        "",
        summary(doc.rows, files),
        "",
        "| " + " | ".join(HEADER) + " |",
        "| " + " | ".join("---" for _ in HEADER) + " |",
        *("| " + " | ".join(row.cells()) + " |" for row in doc.rows),
        "",
    ]
    return doc.before + "\n".join(lines) + doc.after


def regenerate(text: str, rules: list[str] | None, cited: dict[str, list[str]]) -> tuple[Doc, str]:
    """The table with its scenario column taken from `cited`, one row per rule of `rules` (the
    table's own rules when None), titles and notes kept. Returns the new Doc and its text."""
    doc = read_table(text)
    old = {row.rule: row for row in doc.rows}
    wanted = rules if rules is not None else sorted(old, key=rule_key)
    rows = []
    for rule in wanted:
        row = old.get(rule) or Row(rule, "", (), "")
        rows.append(replace(row, scenarios=tuple(cited.get(rule, ()))))
    new = replace(doc, rows=tuple(rows))
    return new, render(new, len(list(SCENARIOS.glob("*.toml"))))


def _differences(old: Doc, new: Doc) -> list[str]:
    before = {r.rule: r for r in old.rows}
    after = {r.rule: r for r in new.rows}
    out = [f"  {rule}: no row in the table" for rule in after if rule not in before]
    out += [
        f"  {rule}: a row, but no such rule in RULES.md" for rule in before if rule not in after
    ]
    for rule, row in after.items():
        if rule in before and before[rule].scenarios != row.scenarios:
            listed, cited = set(before[rule].scenarios), set(row.scenarios)
            parts = [f"cited by {sorted(cited - listed)} but not listed"] if cited - listed else []
            if listed - cited:
                parts.append(f"listed with {sorted(listed - cited)}, which do not cite it")
            out.append(f"  {rule}: " + ("; ".join(parts) or "listed out of order"))
    return out


# ----------------------------------------------------------------------------------------------
# The tests

HOW_TO_FIX = (
    f"Run `{WRITE}` from the repository root (it keeps titles and notes), give any new row a "
    f"title and, if it needs no scenario, a note, and commit docs/rules-coverage.md."
)


def _text() -> str:
    if not TABLE.is_file():
        pytest.fail(f"{TABLE.relative_to(ROOT)} is missing")
    return TABLE.read_text("utf-8")


def _rows() -> tuple[Row, ...]:
    return read_table(_text()).rows


def test_every_rule_of_the_rulebook_has_a_row():
    rules = rulebook_rules()
    if rules is None:
        pytest.skip(f"{RULEBOOK} is absent (a clone without ../shared): rows not checked")
    table = [r.rule for r in _rows()]
    missing = [r for r in rules if r not in table]
    extra = [r for r in table if r not in rules]
    assert not missing and not extra, (
        f"docs/rules-coverage.md and RULES.md disagree: missing rows {missing}, rows for rules "
        f"that do not exist {extra}. {HOW_TO_FIX}"
    )
    assert table == rules, f"the rows are not in rule order. {HOW_TO_FIX}"


def test_table_agrees_with_the_scenario_files():
    text = _text()
    new, expected = regenerate(text, rulebook_rules(), citations())
    if text != expected:
        diff = _differences(read_table(text), new) or ["  the summary line or the layout"]
        pytest.fail("docs/rules-coverage.md is stale:\n" + "\n".join(diff) + "\n" + HOW_TO_FIX)


def test_every_row_has_a_title_and_reasons():
    problems = []
    for row in _rows():
        if not row.title:
            problems.append(f"{row.rule}: no title")
        if row.kind and not row.notes[len(row.kind) :].strip():
            problems.append(f"{row.rule}: '{row.kind}' needs a reason after it")
        if row.notes and not row.kind:
            problems.append(f"{row.rule}: notes must start with one of {list(KINDS)}")
    assert not problems, "docs/rules-coverage.md:\n" + "\n".join(problems)


def test_observable_rules_are_covered():
    """Every rule with an observable outcome is cited by a scenario file (or, for the
    deck rules a game position cannot show, by the test files its notes name)."""
    cited = citations()
    problems = []
    for row in _rows():
        if not row.observable or row.kind == GAP or cited.get(row.rule):
            continue
        if row.kind == ELSEWHERE:
            files = TEST_FILE.findall(row.notes)
            if not files:
                problems.append(f"{row.rule}: '{ELSEWHERE}' names no `tests/....py` file")
            number = re.compile(re.escape(row.rule) + r"(?![.\d])")
            for name in files:
                path = ROOT / name
                if not path.is_file() or not number.search(path.read_text("utf-8")):
                    problems.append(f"{row.rule}: {name} does not exist or does not cite it")
            continue
        problems.append(
            f"{row.rule} ({row.title}): no scenario cites it. Write tests/scenarios/rule_*.toml "
            f'with rules = ["{row.rule}"], or say "{NO_OUTCOME} <why>" in its notes'
        )
    assert not problems, "\n".join(problems)


def test_rules_marked_not_covered_are_really_not_covered():
    """A rule the table marks as not covered yet (listed there, with its reason) must lose that
    note as soon as a scenario cites it, so the table never understates the coverage."""
    stale = [
        f"{row.rule} is cited by {', '.join(citations()[row.rule])}: remove the '{GAP}' note"
        for row in _rows()
        if row.kind == GAP and citations().get(row.rule)
    ]
    assert not stale, "\n".join(stale)


def test_scenarios_cite_only_rules_that_exist():
    known = set(rulebook_rules() or [r.rule for r in _rows()])
    wrong = {
        rule: names
        for rule, names in citations().items()
        if RULE_LIKE.match(rule) and rule not in known
    }
    assert not wrong, "scenario files cite rules that do not exist (a typo?): " + "; ".join(
        f"{rule} in {', '.join(n + '.toml' for n in names)}"
        for rule, names in sorted(wrong.items())
    )


# ----------------------------------------------------------------------------------------------
# The generator


def main(argv: list[str]) -> int:
    write = argv == ["--write"]
    if argv not in ([], ["--write"]):
        print(f"usage: {WRITE.removesuffix(' --write')} [--write]", file=sys.stderr)
        return 2
    rules = rulebook_rules()
    if rules is None:
        print(f"note: {RULEBOOK} is absent; keeping the table's rows", file=sys.stderr)
    text = TABLE.read_text("utf-8")
    new, expected = regenerate(text, rules, citations())
    changes = _differences(read_table(text), new)
    if text == expected:
        print("docs/rules-coverage.md is up to date")
        return 0
    if write:
        TABLE.write_text(expected, "utf-8")
        print("docs/rules-coverage.md rewritten" + "".join(f"\n{c}" for c in changes))
        untitled = [r.rule for r in new.rows if not r.title]
        if untitled:
            print(f"give these rows a title (and notes if needed): {', '.join(untitled)}")
        return 0
    print("docs/rules-coverage.md is stale:" + "".join(f"\n{c}" for c in changes))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
