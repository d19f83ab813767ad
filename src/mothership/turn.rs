//! The order of play (M4, M34): game turns 1–25, the seeded first player then seat order (turn
//! 2 in reverse, M19), the tide turned before the first player from turn 3 (M33), action
//! points (M6, M34): allowance, budget and reserve, shots restored at a player's turn start.
use super::error::{ensure, RuleError};
use super::event::{Event, EventSink};
use super::ids::Seat;
use super::outcome;
use super::state::{Phase, ShipStatus, State, CHOICE_TURN, LAST_TURN, SHOTS};

/// Points a player receives at its turn start (M6, M34).
pub fn allowance(s: &State, p: Seat, turn: u8) -> u16 {
    let base = match turn {
        0..=2 => return 0,
        3 => 5,
        4 => 10,
        _ => 15,
    };
    let extra = s.ships_on_planet(p).saturating_sub(1) as u16;
    base + 5 * extra
}

/// Reserve kept from `left` points (M6).
pub fn reserve_of(left: u16) -> u16 {
    (5 * (left / 5)).min(10)
}

/// The seats of a game turn, in order.
pub fn order(s: &State, turn: u8) -> Vec<Seat> {
    let n = s.num_players() as u8;
    let mut v: Vec<Seat> = (0..n).map(|i| Seat((s.first.0 + i) % n)).collect();
    if turn == 2 {
        v.reverse();
    }
    v
}

/// `end`: ends the player's turn (deployment included).
pub fn validate_end(s: &State) -> Result<(), RuleError> {
    ensure(
        matches!(s.phase, Phase::Play | Phase::Deploy),
        "M4",
        "`end` ends a turn of play or of deployment",
    )
}

/// Ends the active player's turn and starts the next one.
pub(crate) fn apply_end(s: &mut State, ev: &mut impl EventSink) {
    let p = s.active;
    if s.phase == Phase::Play {
        let left = s.player(p).points;
        let r = reserve_of(left);
        let pl = s.player_mut(p);
        pl.reserve = r;
        pl.points = 0;
        ev.push(Event::TurnEnded {
            seat: p,
            reserve: r,
        });
    } else {
        ev.push(Event::TurnEnded {
            seat: p,
            reserve: 0,
        });
    }
    s.turns_played += 1;
    advance(s, ev);
}

/// Gives the turn to the next seat still in play, starting new game turns as needed.
pub(crate) fn advance(s: &mut State, ev: &mut impl EventSink) {
    if s.outcome.is_over() {
        return;
    }
    let seq = order(s, s.turn);
    let pos = seq.iter().position(|&q| q == s.active).unwrap_or(seq.len());
    if let Some(&next) = seq[pos + 1..].iter().find(|&&q| s.in_play(q)) {
        start_seat(s, next, ev);
        return;
    }
    if !next_game_turn(s, ev) {
        return;
    }
    let seq = order(s, s.turn);
    match seq.iter().find(|&&q| s.in_play(q)) {
        Some(&first) => start_seat(s, first, ev),
        None => outcome::finish(s, ev),
    }
}

/// Starts game turn `turn + 1`; false when the game ended instead.
fn next_game_turn(s: &mut State, ev: &mut impl EventSink) -> bool {
    if s.turn >= LAST_TURN {
        outcome::finish(s, ev);
        return false;
    }
    s.turn += 1;
    if s.turn >= 3 {
        let t = s.deck.turn(&mut s.rng);
        s.tide = t;
        ev.push(Event::TideTurned { tide: t });
    }
    s.phase = match s.turn {
        2 => Phase::Deploy,
        CHOICE_TURN => Phase::Choose,
        _ => Phase::Play,
    };
    if s.phase == Phase::Choose {
        for p in s.players.iter_mut() {
            p.sealed = None;
        }
    }
    true
}

/// The seat `p` takes the turn: points, shots, retreat window.
pub(crate) fn start_seat(s: &mut State, p: Seat, ev: &mut impl EventSink) {
    s.active = p;
    s.free_retreats.clear();
    if s.phase != Phase::Play {
        return;
    }
    let budget = match s.player_mut(p).pending.take() {
        Some(b) => b,
        None => allowance(s, p, s.turn) + s.player(p).reserve,
    };
    let pl = s.player_mut(p);
    pl.points = budget;
    pl.reserve = 0;
    for i in 0..s.units.len() {
        let u = super::ids::UnitId(i as u16);
        if s.controller(u) == Some(p) {
            let unit = s.unit_mut(u);
            unit.shots = SHOTS;
            unit.retreated = false;
            unit.builds = 0;
            unit.built_crab = false;
        }
    }
    for ship in s.ships.iter_mut() {
        if ship.controller == p && ship.status == ShipStatus::Landed {
            ship.turret_shots = [SHOTS; 3];
        }
    }
    s.retreats_open = true;
    ev.push(Event::TurnStarted {
        turn: s.turn,
        seat: p,
        points: budget,
    });
}

/// Pays for a command and closes the retreat window when it is not a retreat (M6, M27).
pub(crate) fn pay(s: &mut State, cost: u16, retreat: bool) {
    let pl = s.player_mut(s.active);
    pl.points = pl.points.saturating_sub(cost);
    if !retreat {
        s.retreats_open = false;
        s.free_retreats.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m6_reserve_rounds_down_to_fives_up_to_ten() {
        assert_eq!(reserve_of(4), 0);
        assert_eq!(reserve_of(9), 5);
        assert_eq!(reserve_of(14), 10);
        assert_eq!(reserve_of(30), 10);
    }
}
