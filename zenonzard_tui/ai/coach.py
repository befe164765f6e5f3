"""A coach: for a position of a game against the AI, what the strongest level would do and why, in
one line, from what the asking seat may know (the search runs in sampled worlds only).

    advice = suggest(game)                # for the seat that decides now
    advice.action, advice.reason          # an Action of game.legal(), and one line

The reason says where the suggestion comes from: a forced win this turn (the line), the tree
search (how often it tried the move and its chance of winning there, or, when it tried the move
too few times to tell, that it is a guess and how wide the chance may be), the mulligan or the
mana rule, or a move that is the only legal one.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Final

from zenonzard_tui.ai import mcts, policy
from zenonzard_tui.ai.lethal import forced_win
from zenonzard_tui.ai.player import AIPlayer, could_pay, mana_gain, same_action
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import MANA, MULLIGAN, Action
from zenonzard_tui.engine.belief import sample_world, seen_in_hand
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.state import BASE_LIMIT
from zenonzard_tui.frozen import picklable

LEVEL: Final = "expert"
# the tree search's iterations for an advice: a count, not expert's clock, so that an advice is
# the same for the same seed on any machine (two runs on one position differ by 0.7% on average:
# bench/coach.py)
ITERATIONS: Final = 300
FEW_TRIES: Final = 30  # fewer tries of the chosen move than this: the search's figure is a guess
WIDE: Final = 0.15  # nor is a chance whose 95% interval goes further than this either side of it


# The search's chance, recalibrated for the level of the AI the player faces: p' = 1 / (1 +
# exp(-(a * logit(p) + b))), (a, b) fitted by `python bench/coach.py --levels medium,LEVEL --ask
# medium --fit --out FILE` (medium in the player's seat, 150 games each, docs/ai.md). The search's
# playouts play both sides by the rule of thumb, so against a stronger AI its figure is too high
# (against strong it said 53% on average where medium went on to win 25%), against easy too low.
# No entry: the figure as searched.
CALIBRATION: Final[dict[str, tuple[float, float]]] = {
    "easy": (0.438, 1.260),
    "medium": (0.669, -0.206),
    "strong": (0.729, -1.607),
    "expert": (1.005, -1.474),
}


def logit(p: float) -> float:
    """log(p / (1 - p)), with p kept within 1e-4 of 0 and 1."""
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def recalibrate(p: float, a: float, b: float) -> float:
    """p' = 1 / (1 + exp(-(a * logit(p) + b))): the form of `CALIBRATION` (bench/coach.py fits it)."""
    return 1 / (1 + math.exp(-(a * logit(p) + b)))


def calibrated(win: float, against: str | None) -> float:
    """The search's chance `win` as a chance of winning against the AI level `against`."""
    if against not in CALIBRATION:
        return win
    return recalibrate(win, *CALIBRATION[against])


def interval(win: float, tries: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (Wilson) interval of a chance of winning `win` seen in `tries` tries."""
    if tries <= 0:
        return 0.0, 1.0
    centre = (win + z * z / (2 * tries)) / (1 + z * z / tries)
    half = (
        z * math.sqrt(win * (1 - win) / tries + z * z / (4 * tries * tries)) / (1 + z * z / tries)
    )
    return max(centre - half, 0.0), min(centre + half, 1.0)


def sure(win: float, tries: int) -> bool:
    """Did the search try the move often enough for its chance to mean something?"""
    low, high = interval(win, tries)
    return tries >= FEW_TRIES and max(win - low, high - win) <= WIDE


def search_reason(
    win: float,
    tries: int,
    iterations: int,
    runner_up: tuple[str, int, float] | None = None,
    against: str | None = None,
) -> str:
    """The search's reason in words: its chance, or plainly that it is a guess; and the move the
    search tried next (`runner_up`: its text, tries and chance), so a player sees what it was
    weighed against. Against an AI level with a calibration (`CALIBRATION`) the chances are
    said against it, the search's own figure beside."""
    share = f"{tries} of {iterations} tries"
    if sure(win, tries):
        if against in CALIBRATION:
            shown = calibrated(win, against)
            text = (
                f"{round(100 * shown)}% win against {against} ({round(100 * win)}% in search),"
                f" the most tried move ({share})"
            )
        else:
            text = f"{round(100 * win)}% win in search, the most tried move ({share})"
    else:
        low, high = (calibrated(p, against) for p in interval(win, tries))
        text = (
            f"a guess: the search tried it too few times to tell ({share}); its chance of "
            f"winning is anywhere from {round(100 * low)}% to {round(100 * high)}%"
        )
        if against in CALIBRATION:
            text += f" against {against}"
    if runner_up is not None:
        other, other_tries, other_win = runner_up
        figure = (
            f"{round(100 * calibrated(other_win, against))}%"
            if sure(other_win, other_tries)
            else "a guess"
        )
        text += f"; next best: {other} ({figure}, {other_tries} tries)"
    return text


def mana_reason(game: Game, seat: int, action: Action) -> str:
    """Why the mana rule (`policy.mana`) places what it places, for a player (ZR 5.5, 6.1)."""
    if action.kind == "mana":
        card = game.defs[action.args[0]]
        shortfall = policy.shortfall(game, seat)
        short, color = max((shortfall.get(c, 0), c) for c in card.colors)
        if short:
            needs = sorted(
                {
                    game.defs[u].name
                    for u in game.players[seat].hand
                    if any(c == color for c, _ in game.defs[u].pips)
                }
            )
            return (
                f"your hand needs {short} more {color} mana ({', '.join(needs)}); "
                "a pip is paid only with mana of its color (the mana rule)"
            )
        return "a Base Minion makes mana of its color, a token none (the mana rule)"
    if action.kind == "mana_colorless":
        return "no Base Minion in hand: a colorless token still grows the mana (the mana rule)"
    held = len(game.players[seat].base)
    if held >= BASE_LIMIT:
        return f"the base is full ({held} of {BASE_LIMIT}, ZR 3.5)"
    return f"{held} mana is enough: keep the cards (the mana rule)"


def watch(game: Game, seat: int) -> list[str]:
    """What a player should keep in mind beside the search's figure, from what `seat` may know
    (the field, the trash, the counts of hidden cards): the threat of the opponent's minions
    against its life next turn (said in `seat`'s own turn, when they carry enough DP to end the
    game, ZR 1.2, 8.6), and the tricks (Flash cards, Swoop minions, ZR 8.3) the opponent may
    hold: one it has played before and could pay for this turn (ZR 6.1.1, or with the Base
    Minion a Force of its destroyed puts into its base, ZR 2.6), or that it has no Active mana."""
    notes: list[str] = []
    me, opp = game.players[seat], game.players[1 - seat]
    if game.active == seat:
        carried = sum(fx.dp(game, s) for s in opp.field)
        if opp.field and carried >= me.life:
            notes.append(f"threat: {carried} DP on the opponent's field, your life {me.life}")
    unseen = len(opp.hand) - len(seen_in_hand(game, seat))
    if unseen <= 0:
        return notes
    gain = mana_gain(game, 1 - seat)
    played = sorted(
        {
            card.name
            for card in (game.defs[u] for u in (*opp.trash, *opp.banished))
            if policy.is_trick(card) and could_pay(game, 1 - seat, card, gain)
        }
    )
    if played:
        notes.append(
            f"the opponent may hold another {' or '.join(played)} (played before, payable this"
            " turn)"
        )
    elif not fx.listing_mana(game, 1 - seat).free:
        notes.append(
            "the opponent has no Active mana now"
            + (": destroying one of its Forces would give it one (ZR 2.6)" if gain else "")
        )
    return notes


@dataclass(frozen=True)
class Advice:
    action: Action
    reason: str
    confident: bool = True  # False: the search's figure is a guess (few tries, a wide interval)
    # the chance of winning after the move (None: no search): the search's, calibrated for the
    # level played against when `suggest` is told it (`CALIBRATION`)
    win: float | None = None

    @property
    def text(self) -> str:
        """The suggestion and its reason on one line."""
        return f"{self.action.text}: {self.reason}"


def suggest(game: Game, seed: int = 0, budget: float = 1.0, against: str | None = None) -> Advice:
    """What the expert AI would do now for the seat that decides, and why (one line); `against`:
    the level of the AI the seat plays against, for the chance of winning (`CALIBRATION`)."""
    assert game.pending is not None, "the game is over: there is nothing to suggest"
    seat = game.pending.seat
    actions = game.legal_actions()
    if len(actions) == 1:
        return Advice(actions[0], "the only legal move")
    rng = random.Random(seed)
    if game.pending.kind == MULLIGAN:
        action = same_action(actions, policy.act(sample_world(game, seat, rng), rng))
        bases = sum(1 for u in game.players[seat].hand if game.defs[u].type == "base_minion")
        count = f"{bases} Base Minion{'' if bases == 1 else 's'} in hand"
        why = (
            f"{count}: keep two to four for mana (the mulligan rule)"
            if action.kind == "keep"
            else f"{count}: send back cards to aim for two to four"
        )
        return Advice(action, why)
    if game.pending.kind == MANA:  # (the AI's levels place their mana by the rule too)
        action = same_action(actions, policy.act(sample_world(game, seat, rng), rng))
        return Advice(action, mana_reason(game, seat, action))
    ai = AIPlayer(LEVEL, seed, budget=budget)
    if game.active == seat:
        win = ai.lethal(game, seat)
        if win is not None:
            action = same_action(actions, win)
            world = sample_world(game, seat, random.Random(seed))
            line = forced_win([world], max_nodes=ai.level.lethal_nodes).line
            # the whole line, the opponent's forced answers too: a player checks it step by step
            shown = " | ".join(line) if line and line[0] == action.text else action.text
            return Advice(action, f"wins this turn whatever the opponent does: {shown}")
    iterations = max(1, round(ITERATIONS * budget))
    found = mcts.search(game, seat, ai.rng, iterations, runner_up=True)
    second = None
    if found.runner_up is not None:
        other, other_tries, other_win = found.runner_up
        second = (same_action(actions, other).text, other_tries, other_win)
    return Advice(
        same_action(actions, found.action),
        "; ".join(
            [
                search_reason(found.win, found.visits, found.iterations, second, against),
                *watch(game, seat),
            ]
        ),
        sure(found.win, found.visits),
        calibrated(found.win, against),
    )


# pickled and copied through their constructors, in both builds (zenonzard_tui/frozen.py)
picklable(Advice)
