//! Take-off (M21, M35, M36): the sealed leave/stay choice at the start of turn 21, revealed
//! together, leavers lifting off at once paid from the turn-21 budget; `takeoff` in a player's
//! own turn 25. A departed ship's units of its colour left on the planet are deactivated.
use super::error::{ensure, no, RuleError};
use super::event::{Event, EventSink};
use super::ids::{Seat, ShipId};
use super::outcome::{self, ship_score};
use super::state::{Loc, Phase, ShipStatus, State, LAST_TURN};
use super::turn::{self, allowance, pay};

/// The cost of lifting off (M21): 1 + destroyed turrets.
pub fn cost(s: &State, x: ShipId) -> u16 {
    1 + s.ship(x).destroyed_turrets()
}

/// The ships `p` controls on the planet, as a bit mask.
pub fn own_ships(s: &State, p: Seat) -> u8 {
    s.ship_ids()
        .filter(|&x| s.ship(x).on_planet() && s.ship(x).controller == p)
        .fold(0, |m, x| m | 1 << x.0)
}

/// The turn-21 budget with every ship (M35).
pub fn choice_budget(s: &State, p: Seat) -> u16 {
    allowance(s, p, s.turn) + s.player(p).reserve
}

/// M21: `seal`.
pub fn validate_seal(s: &State, leave: u8) -> Result<(), RuleError> {
    if s.phase != Phase::Choose {
        return Err(RuleError::Phase {
            rule: "M21",
            command: "seal",
            phase: s.phase,
        });
    }
    let mine = own_ships(s, s.active);
    ensure(
        leave & !mine == 0,
        "M21",
        "choose only for ships you control on the planet",
    )?;
    let need: u16 = s
        .ship_ids()
        .filter(|x| leave & (1 << x.0) != 0)
        .map(|x| cost(s, x))
        .sum();
    ensure(
        need <= choice_budget(s, s.active),
        "M35",
        "the take-off costs more than the turn-21 budget",
    )
}

pub(crate) fn apply_seal(s: &mut State, leave: u8, ev: &mut impl EventSink) {
    let p = s.active;
    s.player_mut(p).sealed = Some(leave);
    ev.push(Event::Sealed { seat: p });
    let seq = turn::order(s, s.turn);
    let pos = seq.iter().position(|&q| q == p).unwrap_or(seq.len());
    if let Some(&next) = seq[pos + 1..].iter().find(|&&q| s.in_play(q)) {
        s.active = next;
        return;
    }
    reveal(s, ev);
}

/// Reveals every choice; leavers lift off; the turn-21 budgets are set (M35).
fn reveal(s: &mut State, ev: &mut impl EventSink) {
    let seats: Vec<Seat> = s.seats().filter(|&q| s.in_play(q)).collect();
    let mut leaving = Vec::new();
    for &p in &seats {
        let leave = s.player(p).sealed.unwrap_or(0);
        let full = choice_budget(s, p);
        let need: u16 = s
            .ship_ids()
            .filter(|x| leave & (1 << x.0) != 0)
            .map(|x| cost(s, x))
            .sum();
        let pl = s.player_mut(p);
        pl.pending = Some(full.saturating_sub(need));
        pl.reserve = 0;
        ev.push(Event::Chose { seat: p, leave });
        leaving.push(leave);
    }
    for (&p, leave) in seats.iter().zip(leaving) {
        for x in s.ship_ids().collect::<Vec<_>>() {
            if leave & (1 << x.0) != 0 && s.ship(x).controller == p {
                lift_off(s, x, ev);
            }
        }
    }
    for p in s.players.iter_mut() {
        p.sealed = None;
    }
    s.phase = Phase::Play;
    outcome::check(s, ev);
    if s.outcome.is_over() {
        return;
    }
    let seq = turn::order(s, s.turn);
    match seq.iter().find(|&&q| s.in_play(q)) {
        Some(&first) => turn::start_seat(s, first, ev),
        None => outcome::finish(s, ev),
    }
}

/// The ship leaves with everything inside; its colour's units on the planet are deactivated.
pub(crate) fn lift_off(s: &mut State, x: ShipId, ev: &mut impl EventSink) {
    let score = ship_score(s, x);
    let ship = &mut s.ships[x.index()];
    ship.status = ShipStatus::Departed;
    ship.score = score;
    for c in ship.cells() {
        s.ship_at[c.index()] = super::state::NOBODY;
    }
    ev.push(Event::TookOff { ship: x, score });
    for u in s.unit_ids().collect::<Vec<_>>() {
        if s.unit(u).colour == x && matches!(s.unit(u).loc, Loc::Map(_)) {
            ev.push(Event::Deactivated { unit: u });
        }
    }
}

/// M21: `takeoff` at turn 25.
pub fn validate_takeoff(s: &State, x: ShipId) -> Result<(), RuleError> {
    super::check::in_play_phase(s, "takeoff")?;
    ensure(
        s.turn == LAST_TURN,
        "M21",
        "take-off only at turn 21 (sealed) and turn 25",
    )?;
    ensure(x.index() < s.ships.len(), "M21", "no such ship")?;
    let ship = s.ship(x);
    ensure(
        ship.on_planet() && ship.controller == s.active,
        "M21",
        "take off a ship you control on the planet",
    )?;
    super::check::points(s, cost(s, x)).map_err(|e| match e {
        RuleError::Points { .. } => e,
        _ => no("M21", "points"),
    })
}

pub(crate) fn apply_takeoff(s: &mut State, x: ShipId, ev: &mut impl EventSink) {
    pay(s, cost(s, x), false);
    lift_off(s, x, ev);
}
