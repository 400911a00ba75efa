"""A replayed game as the screen and `--json` show it: each turn with its score and the running
totals, the end-of-game sums, the winners, and a single player's average per turn. Holds no game
logic: everything comes from classroom.record.replay."""

from __future__ import annotations

from classroom.game.horizontal import HORIZONTAL
from classroom.game.symbols import display_text
from classroom.record.grammar import Trade, action_text, clock_text
from classroom.record.replay import Replay, Replayed

# "A very good single player can accumulate 1000 to 1200 total points and can average over 30
# points per turn" (RULES §10): shown beside a solo game's figures.
STRONG_SOLO_TOTAL = (1000, 1200)
STRONG_SOLO_AVERAGE = 30


def turn_text(turn: Replayed) -> str:
    """Return what a turn did, as a person reads it: the play, 'trade 4 ÷ 9', 'pass'."""
    if turn.kind in ("play", "expression"):
        return display_text(turn.notation or "")
    if turn.kind == "trade":
        return display_text(action_text(Trade(turn.traded, turn.traded_count)))
    return "pass"


def score_data(game: Replay) -> dict:
    """Return the replayed game as the stable `game score --json` object (PRODUCT.md)."""
    header = game.record.header
    return {
        "mode": header.mode, "tiles": header.level, "seed": header.seed,
        "players": list(game.players),
        "time": {name: minutes for name, minutes in header.minutes},
        "handicaps": dict(header.handicaps), "fraction_bonus": dict(header.fraction_bonus),
        "clock": {"allowances": dict(header.allowances), "penalty": header.time_penalty,
                  "bonus": header.time_bonus, "seconds": dict(game.times),
                  "sums": dict(game.time_sums) if game.time_sums is not None else None} if header.clocked else None,
        "turns": [{"line": t.line, "player": t.player, "kind": t.kind,
                   "play": t.notation if t.kind in ("play", "expression") else None,
                   "traded": list(t.traded) if t.traded is not None else None,
                   "rack": list(t.rack) if t.rack is not None else None,
                   "score": t.score, "seconds": t.seconds, "totals": dict(t.totals)} for t in game.turns],
        "end": dict(game.end) if game.end is not None else None,
        "totals": game.totals, "ended": game.ended, "winners": game.winners,
        "went_out": game.went_out, "stopped": game.stopped,
        "averages": {p: game.average(p) for p in game.players},
        "next": game.next_player,
        "racks": {p: list(r) if r is not None else None for p, r in game.racks},
        "pile": game.pile_size,
    }


def score_lines(game: Replay) -> list[str]:
    """Return the replayed game for the screen: one line a turn with the running totals, then
    the end of the game, the totals and the winners (or whose turn it is)."""
    header = game.record.header
    players = game.players
    out = [f"{header.mode.capitalize()} game, {header.level} tile set: {', '.join(players)}"
           + (f" (seed {header.seed})" if header.seed is not None else "")]
    if header.play == HORIZONTAL:
        out.append("Horizontal play: each play one equation across, anywhere, touching no tile on the board")
    for name, minutes in header.minutes:
        out.append(f"Time limit: {name} {minutes} minutes a play")
    for name, points in header.handicaps:
        out.append(f"Handicap: {name} starts with {points} points")
    for name, times in header.fraction_bonus:
        out.append(f"Fraction bonus: {name}'s fraction tiles score ×{times}")
    if header.clocked:
        out.append(clock_line(game))
    width = max([len(turn_text(t)) for t in game.turns] + [20])
    timed = any(t.seconds is not None for t in game.turns)  # 'took' lines: each turn's time shown
    names = max(len(p) for p in players)
    out.append(f"{'line':>4}  {'':<{names}}  {'turn':<{width}}  {'score':>5}  "
               + "  ".join(f"{p:>6}" for p in players) + ("  time" if timed else ""))
    if header.handicaps:
        out.append(f"{'':>4}  {'':<{names}}  {'handicap at the start':<{width}}  {'':>5}  "
                   + "  ".join(f"{header.handicap_of(p):>6}" for p in players))
    for t in game.turns:
        totals = dict(t.totals)
        out.append(f"{t.line:>4}  {t.player:<{names}}  {turn_text(t):<{width}}  {t.score:>5}  "
                   + "  ".join(f"{totals[p]:>6}" for p in players) + (turn_time(t, header) if timed else ""))
    if game.end is not None:
        out.append(f"End of the game ({how_ended(game)}): "
                   + ", ".join(f"{p} {points:+d}" for p, points in game.end))
    if game.time_sums is not None:
        out.append("The clock at the end: " + ", ".join(f"{p} {points:+d}" for p, points in game.time_sums))
    totals = game.totals
    out.append("Totals: " + ", ".join(f"{p} {totals[p]}" for p in players) + ".")
    if header.mode == "solo":
        player = players[0]
        average = game.average(player)
        low, high = STRONG_SOLO_TOTAL
        out.append(f"{len(game.turns_of(player))} turns, {average or 0:.1f} points a turn "
                   f"(a very good single player: {low:,}–{high:,} points, over {STRONG_SOLO_AVERAGE} a turn).")
    if game.ended:
        winners = game.winners
        if len(players) == 1:
            out.append("The game is over.")
        else:
            out.append(f"{winners[0]} wins." if len(winners) == 1 else f"{' and '.join(winners)} tie.")
    else:
        out += drawing_lines(game)
        out.append(f"Next: {game.next_player}"
                   + (f", holding {display_text(' '.join(game.rack(game.next_player)))}"
                      if game.rack(game.next_player) else "")
                   + (f"; the pile holds {game.pile_size} tiles." if game.pile is not None else "."))
    return out


def drawing_lines(game: Replay) -> list[str]:
    """Return the line saying who must draw first in a two-pile game (RULES §12), or none."""
    if game.drawing is None:
        return []
    player, count = game.drawing
    return [f"First {player} draws {count} tile{'s' if count != 1 else ''}: how many from the operations pile? "
            "(game play RECORD --operations N)"]


def turn_time(turn: Replayed, header) -> str:
    """Return a turn's time for the end of its line, '  2:13', and 'over the 2-minute limit'
    when the player has a time a play and took longer (the play still counts; RULES §12)."""
    if turn.seconds is None:
        return ""
    limit = header.minutes_of(turn.player)
    over = f" (over the {limit}-minute limit)" if limit is not None and turn.seconds > limit * 60 else ""
    return f"  {clock_text(turn.seconds)}{over}"


def clock_line(game: Replay) -> str:
    """Return the total-time clock as the results name it: each player's time so far and
    allowance, the penalty a started minute over and the bonus for the least time."""
    header = game.record.header
    allowances = dict(header.allowances)
    times = ", ".join(f"{p} {clock_text(seconds)}" + (f" of {allowances[p]}m" if p in allowances else "")
                      for p, seconds in game.times)
    rules = [f"−{header.time_penalty} a started minute over the allowance"] if header.time_penalty else []
    rules += [f"+{header.time_bonus} for the least total time"] if header.time_bonus else []
    return f"Total time: {times}" + (f" ({'; '.join(rules)})" if rules else "")


def how_ended(game: Replay) -> str:
    """Return how an ended game ended: a player went out, every player passed, or it was stopped
    (a dealt game for time, with no end sums; a table's game by its holds lines, with them)."""
    if game.went_out:
        return f"{game.went_out} went out"
    if game.table_end:
        return "ended at the table by its holds lines"
    return "stopped before its end (time was up; no end sums)" if game.stopped else "every player passed in turn"


def turn_lines(game: Replay, turn: Replayed) -> list[str]:
    """Return one turn just played, for the screen: what it did and its score with the
    breakdown a judge checks, the totals, and what comes next."""
    out = [f"{turn.player}: {turn_text(turn)}"]
    if turn.kind == "play":
        if turn.breakdown.fraction_bonus > 1:
            out.append(f"  fraction bonus: each fraction tile placed scores ×{turn.breakdown.fraction_bonus} [in brackets]")
        for equation in turn.breakdown.equations:
            out.append(f"  {display_text(equation.text)}: {equation.explain()}")
        if turn.breakdown.bonus:
            out.append(f"  all nine tiles: +{turn.breakdown.bonus}")
        out.append(f"  scores {turn.score}")
    elif turn.kind == "expression":
        out.append("  only an expression: 0 points")
    totals = game.totals
    out.append("Totals: " + ", ".join(f"{p} {totals[p]}" for p in game.players) + ".")
    if game.ended:
        lines = score_lines(game)
        out += [line for line in lines if line.startswith(("End of the game", "The game is over"))
                or line.endswith(("wins.", "tie."))]
    else:
        rack = game.rack(game.next_player)
        out += drawing_lines(game)
        out.append(f"Next: {game.next_player}"
                   + (f", holding {display_text(' '.join(rack))}" if rack else "")
                   + (f"; the pile holds {game.pile_size} tiles." if game.pile is not None else "."))
    return out
