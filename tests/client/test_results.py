"""Results nobody misses: the line between the fields names every outcome of an attack
(ZR 8.5, ZR 8.6, Revenge and Pierce ZR 2.7, effects on the way), the recap of the other
player's turn shows every line or says how to see the rest, and a preview tells the expected
result of the highlighted attack or block (before Flash)."""

from __future__ import annotations

import re

from tests.client.helpers import (
    PUZZLE,
    app,
    human_to_act,
    position_session,
    screen_text,
    session,
    wait_until,
)
from tests.client.test_legibility import play_out, reveal_a
from zenonzard_tui.client import outcome
from zenonzard_tui.client.widgets.actions import ActionList
from zenonzard_tui.engine.observe import SlotView, StateView
from zenonzard_tui.engine.summary import RecapLine

REVENGE = """
name = "Revenge destroys the Banshee that beat the Cat; the Banshee's [When Destroyed] asks B"
[state]
turn = 3
active = "A"
phase = "main"
[state.A]
field = ["Two-Tailed Cat", "Silverhead Crow", "Leviathan"]
[state.B]
forces = [{ id = "force_harmony" }, { id = "force_eternity" }]
field = ["Banshee"]
"""


def shown(widget) -> str:
    """What a widget shows, its rows joined (a wrapped sentence reads as one)."""
    return " ".join(widget.render().plain.split())


async def test_the_attack_line_names_revenge_and_the_effect_after_it(tmp_path):
    """ZR 2.7: the Cat (200 BP) is destroyed by the Banshee (300 BP) and its Revenge destroys
    the Banshee at the end of battle; the Banshee's [When Destroyed] (B's choice, a decision in
    between) destroys the Crow. The line between the fields names all three, at 80x24 too."""
    for size in ((80, 24), (120, 40)):
        duel_app = app(position_session(REVENGE, mode="hotseat"), tmp_path)
        async with duel_app.run_test(size=size) as pilot:
            duel = duel_app.duel
            await reveal_a(pilot, duel_app)
            duel.play("attack Two-Tailed Cat -> Force of Harmony")
            answers = {"priority": "pass", "block": "block Banshee", "choice": "choose Silverhead"}
            await play_out(pilot, duel_app, answers)
            line = shown(duel.query_one("#attack"))
            for name in ("Two-Tailed Cat", "Banshee", "Silverhead Crow"):
                assert name in line, (size, line)
            assert "Revenge" in line, (size, line)
            assert "…" not in line, (size, line)
            # the fuller forms say whose effect destroyed the Crow
            assert "A's Silverhead Crow is destroyed (by Banshee's effect)." in duel.result_line


def test_a_revenge_destruction_says_its_rule_in_the_log():
    """The log's sentence for a Revenge destruction names Revenge and ZR 2.7 (it said "end of
    battle (ZR 2.7, ZR 13.2)", which of the two not told)."""
    from zenonzard_tui.scenarios import parse_scenario

    game = parse_scenario(REVENGE, "revenge.toml").new_game()
    for text in ("attack Two-Tailed Cat -> Force of Harmony", "pass", "pass", "block Banshee"):
        game.apply(next(a for a in game.legal_actions() if a.text == text))
    from zenonzard_tui.engine.log import sentences

    assert "B's Banshee is destroyed (Revenge at the end of battle, ZR 2.7)." in sentences(game)


def _slot(name: str, bp: int, dp: int, keywords=(), states=(), rested=False, uid=1) -> SlotView:
    marks = tuple(StateView(k, k) for k in states)
    return SlotView(uid, "id", name, rested, bp, dp, tuple(keywords), None, False, False, marks)


def test_fight_follows_the_battle_rules():
    """ZR 8.5 BP against BP (equal: both), ZR 13.1 wins regardless, ZR 2.7 Revenge and Pierce
    (during the attacker's turn), ZR 13.2 dies after battle."""
    golem, walrus = _slot("Golem", 400, 1), _slot("Walrus", 300, 1, uid=2)
    assert outcome.fight(golem, walrus).destroyed == ("Walrus",)
    assert outcome.fight(walrus, golem).destroyed == ("Walrus",)
    assert outcome.fight(golem, _slot("Twin", 400, 1, uid=2)).destroyed == ("Twin", "Golem")
    cat = _slot("Cat", 200, 1, keywords=("revenge",))
    battle = outcome.fight(cat, walrus)
    assert set(battle.destroyed) == {"Walrus", "Cat"} and battle.revenge
    assert "Cat destroyed, Walrus by Revenge (ZR 8.5, ZR 2.7)" in battle.words()[0]
    assert outcome.fight(_slot("Imp", 100, 1, states=("wins",)), golem).destroyed == ("Golem",)
    spear = _slot("Spear", 500, 3, keywords=("pierce",))
    assert outcome.fight(spear, walrus).pierce == 2
    assert outcome.fight(spear, _slot("Wall", 500, 1)).pierce == 0  # both destroyed: no Pierce
    doomed = outcome.fight(golem, _slot("Doomed", 300, 1, states=("doomed",)))
    assert doomed.destroyed == ("Doomed",) and not doomed.doomed  # BP destroyed it first
    doomed = outcome.fight(_slot("Doomed", 500, 1, states=("doomed",)), walrus)
    assert (
        doomed.destroyed == ("Walrus", "Doomed")
        and "after battle (ZR 8.5, ZR 13.2)" in (doomed.words()[0])
    )


def _highlight(duel, text: str) -> None:
    listing = duel.query_one("#actions", ActionList)
    listing.highlighted = listing.texts.index(text)


async def test_the_preview_of_an_attack_and_of_a_block(tmp_path):
    """Highlighting an attack shows what it would do from the public board: unblocked, 1 damage
    to B (ZR 8.6); blocked by the Horned Walrus (300 BP), the Walrus destroyed (ZR 8.5), before
    Flash (ZR 8.3). At B's block, each answer's result. Any other action has no preview."""
    for size in ((80, 24), (120, 40)):
        duel_app = app(
            position_session(PUZZLE.read_text("utf-8"), "hotseat", str(PUZZLE)), tmp_path
        )
        async with duel_app.run_test(size=size) as pilot:
            duel = duel_app.duel
            await reveal_a(pilot, duel_app)
            box = duel.query_one("#preview")
            _highlight(duel, "attack Drill Golem -> player")
            await pilot.pause()
            text = shown(box)
            assert box.display and "before Flash" in text, (size, text)
            assert "B" in text and "1" in text and "Walrus" in text, (size, text)
            assert "B takes 1: life 2 → 1" in box.plain and "Horned Walrus destroyed" in box.plain
            _highlight(duel, "end turn")
            await pilot.pause()
            assert not box.display
            duel.play("attack Drill Golem -> player")
            for _ in range(10):  # to B's block, through the covers and the Flash windows
                await pilot.pause()
                if duel_app.screen is not duel:
                    await pilot.press("enter")
                elif duel.session.game.pending.kind == "block" and duel.can_act():
                    break
                elif duel.can_act():
                    duel.play("pass")
            listing = duel.query_one("#actions", ActionList)
            assert "block Horned Walrus" in listing.texts
            _highlight(duel, "block Horned Walrus")
            await pilot.pause()
            assert "Horned Walrus destroyed" in box.plain and "ZR 8.5" in box.plain
            assert "Walrus" in shown(box)
            assert "before [When Blocking] effects" in shown(box)  # its Flash window is over
            _highlight(duel, "no block")
            await pilot.pause()
            assert "B takes 1: life 2 → 1" in box.plain
            assert "before [When Blocking] effects" in shown(box)
            goal = duel.query_one("#goal")  # B, the defender, is told the goal is to stop A
            assert goal.display and "top A winning this turn" in goal.render().plain


async def test_a_pierce_preview_counts_the_damage_through_a_blocker(tmp_path):
    """ZR 2.7 Pierce: a 5 DP minion blocked by a 1 DP one that it destroys deals 4 to the
    attacked Force, and what goes beyond its life to the player."""
    me = _slot("Spear", 500, 5, keywords=("pierce",))
    view = position_session(PUZZLE.read_text("utf-8")).channel(0).observation()
    walrus = view.players[1].field[0]
    lines = outcome.preview(view, 0, "attack Spear -> Force of Insight", me, lambda _: 2)
    assert lines is not None
    assert "Force of Insight takes 4: life 1 → 0, destroyed; B takes 3: life 2 → 0" in lines[0]
    assert "B loses (ZR 1.2)" in lines[0] and walrus.name in lines[0]


async def test_the_recap_shows_every_line_or_says_how_many_it_left_out(tmp_path):
    """The recap of the AI's turn: at 80x24 its box is short, so it leaves out whole lines and
    says how many (L shows the log) instead of cutting the last ones, often the damage; a long
    recap at 120x40 the same. The damage (a result) is kept before the plays."""
    duel_app = app(session(ai="easy", seed=5), tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        duel = duel_app.duel
        for _ in range(40):
            await wait_until(pilot, lambda: human_to_act(duel_app), timeout=30)
            if duel.recap_lines and len(duel.recap_lines) >= 3:
                break
            legal = duel.query_one("#actions", ActionList).texts
            duel.play(next((t for t in legal if t in ("keep", "end turn")), legal[0]))
        lines = duel.recap_lines
        assert len(lines) >= 3
        for size, repeat in (((80, 24), 1), ((120, 40), 6)):
            await pilot.resize_terminal(*size)
            duel.recap_lines = [RecapLine(f"{i}: {line.text}", line.result) for i, line in
                                enumerate(lines * repeat)]  # fmt: skip
            duel.update_recap()
            await pilot.pause()
            _check_recap(duel, duel_app, size)


def on_screen(duel_app, widget) -> str:
    """The text the screen shows in `widget`'s region (what is really visible of it)."""
    rows = screen_text(duel_app).splitlines()
    r = widget.content_region
    return " ".join(
        " ".join(row[r.x : r.x + r.width] for row in rows[r.y : r.y + r.height]).split()
    )


def _check_recap(duel, duel_app, size) -> None:
    """Every line of the recap is on the screen whole, or counted as left out by its note."""
    box = duel.query_one("#recap")
    text = on_screen(duel_app, box)
    lines = [line if isinstance(line, str) else line.text for line in duel.recap_lines]
    whole = [line for line in lines if " ".join(line.split()) in text]
    note = re.search(r"… (\d+) (?:lines? more: L shows the whole log|more \(L: the log\))", text)
    left = int(note.group(1)) if note else 0
    assert text.startswith(("Since your", "Recap (x: close)")), (size, text)
    assert len(whole) + left == len(lines), (size, text)
    if left:  # the plays are left out before the results
        results = [line.text for line in duel.recap_lines if line.result]
        assert all(r in whole for r in results[-1:]), (size, text)


def test_effect_damage_and_a_forces_loss_are_outcomes_too():
    """An effect's damage to the player and DP damage that destroys a Force (ZR 8.6, ZR 2.6)
    are named in every form of the line, the shortest included."""
    from zenonzard_tui.engine.observe import EventView

    events = [
        EventView(0, "attack", "A", "A's Drill Golem attacks Force of Insight."),
        EventView(1, "force_damage", "B", "B's Force of Insight takes 1 damage: life 0 (ZR 8.6).",
                  fields=(("seat", "B"), ("index", 0), ("force_name", "Force of Insight"),
                          ("amount", 1), ("life", 0))),
        EventView(2, "force_destroyed", "B", "B's Force of Insight is destroyed (ZR 8.6, ZR 2.6).",
                  fields=(("seat", "B"), ("index", 0), ("force_name", "Force of Insight"))),
        EventView(3, "effect", "A", "A's Mordo: ... (ZR 6.5).", fields=(("name", "Mordo"),)),
        EventView(4, "player_damage", "B", "B takes 2 damage from Mordo: life 1.",
                  fields=(("seat", "B"), ("amount", 2), ("life", 1), ("source", "Mordo"))),
    ]  # fmt: skip
    forms = outcome.lines(outcome.outcomes(events))
    assert forms[0].startswith("B's Force of Insight takes 1 damage: life 0 (ZR 8.6).")
    for form in forms:
        assert "Insight" in form and "destroyed" in form and "B takes 2" in form, form
    assert forms[-1] == "Insight takes 1: life 0 · Insight destroyed · B takes 2: life 1"


async def test_the_recap_goes_on_to_the_damage_of_the_attack_it_opened_in(tmp_path):
    """Seed 8, B (the AI) first: B's Whitefin Dolphin attacks A's Force of Sin, and A's Flash
    window in that attack (only `pass`: auto-passed) is A's first decision of the turn, where
    the recap opens. It goes on to what came after: the damage (ZR 8.6), which it left out."""
    from zenonzard_tui.cli import build_parser, play_cmd

    args = ["play", "--seed", "8", "--ai", "medium", "--first", "B", "--no-autosave"]
    args += ["--deck", "red-rush", "--opponent-deck", "blue-tides"]
    sess, restart = play_cmd.build(build_parser().parse_args(args))
    duel_app = app(sess, tmp_path, restart=restart)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        duel = duel_app.duel
        for _ in range(12):
            await wait_until(pilot, lambda: human_to_act(duel_app), 30)
            if duel.view.turn == 6:
                break
            await pilot.press("1")
        await pilot.pause()
        texts = [line.text for line in duel.recap_lines]
        assert "B's Whitefin Dolphin attacks Force of Sin." in texts, texts
        assert "A's Force of Sin takes 1 damage: life 1 (ZR 8.6)." in texts, texts
        _check_recap(duel, duel_app, (80, 24))
