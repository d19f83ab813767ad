//! Losing, scoring and the end (M15, M21, M22, M36): a player with no ship on the planet and
//! none departed loses; a lone survivor before turn 21 wins at once; after turn 25, or when no
//! ship remains on the planet, ships still down are stranded and the highest score wins (tie:
//! more ore; else a draw).
use super::event::{Event, EventSink};
use super::ids::{Seat, ShipId};
use super::state::{Loc, Phase, ShipStatus, Slot, State, CHOICE_TURN};
use crate::core::Outcome;

/// Ore and units inside a ship, cargo included.
pub fn contents(s: &State, ship: ShipId) -> (u16, u16) {
    let mut ore = s.ship(ship).ore;
    let mut units = 0u16;
    let mut stack: Vec<_> = s.units_in_ship(ship).collect();
    while let Some(u) = stack.pop() {
        units += 1;
        for c in s.unit(u).cargo() {
            match c {
                Slot::Ore => ore += 1,
                Slot::Unit(v) => stack.push(v),
            }
        }
    }
    (ore, units)
}

/// A departing ship's score (M22): 2 per ore, 1 per unit inside, 1 per intact turret.
pub fn ship_score(s: &State, ship: ShipId) -> u16 {
    let (ore, units) = contents(s, ship);
    2 * ore + units + (3 - s.ship(ship).destroyed_turrets())
}

/// A player's score so far: its departed ships (0 once lost).
pub fn score(s: &State, p: Seat) -> u16 {
    if s.player(p).lost {
        return 0;
    }
    s.ships
        .iter()
        .filter(|x| x.controller == p && x.status == ShipStatus::Departed)
        .map(|x| x.score)
        .sum()
}

/// Ore in a player's departed ships (the tie-break).
pub fn departed_ore(s: &State, p: Seat) -> u16 {
    if s.player(p).lost {
        return 0;
    }
    s.ship_ids()
        .filter(|&x| s.ship(x).controller == p && s.ship(x).status == ShipStatus::Departed)
        .map(|x| contents(s, x).0)
        .sum()
}

/// Marks players who lost; ends the game when it is decided. Called after every command.
pub(crate) fn check(s: &mut State, ev: &mut impl EventSink) {
    if s.outcome.is_over() || matches!(s.phase, Phase::Landing) {
        return;
    }
    for p in s.seats().collect::<Vec<_>>() {
        if s.player(p).lost {
            continue;
        }
        let any = s.ships.iter().any(|x| {
            x.controller == p
                && matches!(
                    x.status,
                    ShipStatus::Landed | ShipStatus::Departed | ShipStatus::Orbiting
                )
        });
        if !any {
            s.player_mut(p).lost = true;
            ev.push(Event::PlayerLost { seat: p });
        }
    }
    let alive: Vec<Seat> = s.seats().filter(|&p| !s.player(p).lost).collect();
    if s.turn < CHOICE_TURN && alive.len() == 1 {
        end(s, Outcome::Winner(alive[0].index()), ev);
        return;
    }
    if alive.is_empty() {
        end(s, Outcome::Draw, ev);
        return;
    }
    if !s.ships.iter().any(|x| x.status == ShipStatus::Landed) {
        finish(s, ev);
    }
}

/// Strands every ship still down and decides the game by score (M22).
pub(crate) fn finish(s: &mut State, ev: &mut impl EventSink) {
    if s.outcome.is_over() {
        return;
    }
    for i in 0..s.ships.len() {
        if s.ships[i].status == ShipStatus::Landed {
            s.ships[i].status = ShipStatus::Stranded;
            ev.push(Event::Stranded {
                ship: ShipId(i as u8),
            });
        }
    }
    let mut best: Option<(u16, u16, Seat)> = None;
    let mut tie = false;
    for p in s.seats() {
        let key = (score(s, p), departed_ore(s, p));
        match best {
            None => best = Some((key.0, key.1, p)),
            Some((a, b, _)) if key > (a, b) => {
                best = Some((key.0, key.1, p));
                tie = false;
            }
            Some((a, b, _)) if key == (a, b) => tie = true,
            _ => {}
        }
    }
    let o = match best {
        Some((_, _, p)) if !tie => Outcome::Winner(p.index()),
        _ => Outcome::Draw,
    };
    end(s, o, ev);
}

/// Ends the game.
pub(crate) fn end(s: &mut State, o: Outcome, ev: &mut impl EventSink) {
    s.outcome = o;
    s.phase = Phase::Over;
    for p in s.players.iter_mut() {
        p.points = 0;
    }
    ev.push(Event::GameOver { outcome: o });
}

/// Is a unit inside a departed ship (at any depth)?
pub fn departed(s: &State, u: super::ids::UnitId) -> bool {
    match s.unit(u).loc {
        Loc::Ship(x) => s.ship(x).status == ShipStatus::Departed,
        Loc::Cargo(v) => departed(s, v),
        _ => false,
    }
}
