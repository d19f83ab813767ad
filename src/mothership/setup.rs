//! A new game and its first two turns: the roster in each ship (M5), the shared reserve (M31),
//! the seeded first player and tide deck (M3, M4), landing (M18) and deployment (M19).
use super::check::{may_stand, no_mountain_pair, own};
use super::command::Target;
use super::error::{ensure, no, RuleError};
use super::event::{Event, EventSink};
use super::ids::{Cell, Seat, ShipId, UnitId};
use super::map::{Map, Terrain};
use super::state::{Loc, Phase, Player, Ship, ShipStatus, Slot, State, Unit, NOBODY};
use super::stats::{stats, Kind};
use super::tide::{element_of, Tide, TideDeck};
use super::turn;
use super::zones::Zones;
use crate::core::Outcome;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Each ship's units at the start (M5).
pub const ROSTER: [(Kind, u8); 6] = [
    (Kind::Tank, 4),
    (Kind::BigTank, 1),
    (Kind::PatrolBoat, 2),
    (Kind::Crab, 1),
    (Kind::Barge, 1),
    (Kind::WeatherLayer, 1),
];

/// Dome-to-pod directions of the two orientations (M9, M24 direction order).
pub const ORIENTATIONS: [[usize; 3]; 2] = [[0, 3, 5], [1, 2, 4]];
/// Least distance between two domes (M18).
pub const DOME_GAP: u16 = 8;
/// Ore within this distance of a dome is removed at landing; units deploy within it (M18, M19).
pub const HOME_RADIUS: u16 = 4;

/// The shared reserve of tanks and crabs (M31).
pub fn reserve_for(players: usize) -> [u8; 2] {
    match players {
        0..=2 => [16, 4],
        3 => [12, 3],
        _ => [8, 2],
    }
}

/// An empty game on `map`: ships in orbit with their rosters, nothing on the map but ore.
pub fn empty(players: usize, map: Arc<Map>, seed: u64) -> State {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let first = Seat(rng.gen_range(0..players as u8));
    let deck = TideDeck::new(&mut rng);
    let n = map.len();
    State {
        turn: 1,
        first,
        active: first,
        phase: Phase::Landing,
        tide: Tide::Normal,
        deck,
        ships: Vec::new(),
        units: Vec::new(),
        ore: map.ore.clone(),
        board: vec![NOBODY; n],
        ship_at: vec![NOBODY; n],
        players: vec![Player::default(); players],
        reserve_units: reserve_for(players),
        retreats_open: false,
        free_retreats: Vec::new(),
        outcome: Outcome::Ongoing,
        rng,
        turns_played: 0,
        zone_cache: Default::default(),
        map,
    }
}

/// A fresh game: every player's ship in orbit with the full roster (M5), first player to land.
pub fn new_game(players: usize, map: Arc<Map>, seed: u64) -> State {
    let mut s = empty(players, map, seed);
    for p in 0..players {
        s.ships.push(Ship {
            controller: Seat(p as u8),
            captor: None,
            status: ShipStatus::Orbiting,
            dome: Cell(0),
            pods: [Cell(0); 3],
            turrets: [true; 3],
            turret_shots: [super::state::SHOTS; 3],
            ore: 0,
            score: 0,
        });
        for (kind, count) in ROSTER {
            for _ in 0..count {
                s.units
                    .push(Unit::new(kind, ShipId(p as u8), Loc::Ship(ShipId(p as u8))));
            }
        }
    }
    s
}

/// The pods of a dome at `dome` with `orient`, if all on the map.
pub fn pods_of(map: &Map, dome: Cell, orient: u8) -> Option<[Cell; 3]> {
    let dirs = ORIENTATIONS.get(orient as usize)?;
    let mut pods = [Cell(0); 3];
    for (i, &d) in dirs.iter().enumerate() {
        pods[i] = map.neighbour(dome, d)?;
    }
    Some(pods)
}

/// The ship the active player lands this turn.
fn landing_ship(s: &State) -> Option<ShipId> {
    s.ship_ids()
        .find(|&x| s.ship(x).controller == s.active && s.ship(x).status == ShipStatus::Orbiting)
}

/// M18: `land`.
pub fn validate_land(s: &State, dome: Cell, orient: u8) -> Result<(), RuleError> {
    if s.phase != Phase::Landing {
        return Err(RuleError::Phase {
            rule: "M18",
            command: "land",
            phase: s.phase,
        });
    }
    ensure(dome.index() < s.map.len(), "M1", "the cell is off the map")?;
    landing_ship(s).ok_or(no("M18", "you have no ship to land"))?;
    let pods = pods_of(&s.map, dome, orient).ok_or(no(
        "M18",
        "the ship does not fit on the map there (orientation 0 or 1)",
    ))?;
    for c in std::iter::once(dome).chain(pods) {
        ensure(
            matches!(s.terrain(c), Terrain::Plain | Terrain::Swamp),
            "M9",
            "a ship lands only on plain or swamp",
        )?;
        ensure(
            !s.map.on_outer_ring(c),
            "M18",
            "no ship cell on the outer ring",
        )?;
        ensure(
            s.ship_at[c.index()] == NOBODY && s.board[c.index()] == NOBODY,
            "M18",
            "the cell is taken",
        )?;
    }
    for x in &s.ships {
        if x.status != ShipStatus::Orbiting {
            ensure(
                s.map.distance(x.dome, dome) >= DOME_GAP,
                "M18",
                "domes stand at least 8 apart",
            )?;
        }
    }
    Ok(())
}

pub(crate) fn apply_land(s: &mut State, dome: Cell, orient: u8, ev: &mut impl EventSink) {
    let Some(ship) = landing_ship(s) else { return };
    let Some(pods) = pods_of(&s.map, dome, orient) else {
        return;
    };
    let x = &mut s.ships[ship.index()];
    x.dome = dome;
    x.pods = pods;
    x.status = ShipStatus::Landed;
    for c in std::iter::once(dome).chain(pods) {
        s.ship_at[c.index()] = u16::from(ship.0);
    }
    ev.push(Event::Landed { ship, dome });
    let near: Vec<Cell> = s.map.ball(dome, HOME_RADIUS).collect();
    for c in near {
        if s.ore[c.index()] {
            s.take_ore(c);
            ev.push(Event::OreRemoved { at: c });
        }
    }
    s.turns_played += 1;
    turn::advance(s, ev);
}

/// M19: `deploy`.
pub fn validate_deploy(s: &State, z: &Zones, u: UnitId, to: Target) -> Result<(), RuleError> {
    if s.phase != Phase::Deploy {
        return Err(RuleError::Phase {
            rule: "M19",
            command: "deploy",
            phase: s.phase,
        });
    }
    own(s, u)?;
    let Loc::Ship(ship) = s.unit(u).loc else {
        return Err(no("M19", "only units inside the ship deploy"));
    };
    let dome = s.ship(ship).dome;
    let kind = s.unit(u).kind;
    match to {
        Target::Cell(c) => {
            ensure(c.index() < s.map.len(), "M1", "the cell is off the map")?;
            ensure(
                s.map.distance(dome, c) <= HOME_RADIUS,
                "M19",
                "units deploy within 4 of the dome",
            )?;
            ensure(s.is_empty(c), "M7", "the cell is not empty")?;
            ensure(
                element_of(s.terrain(c), Tide::Normal) == stats().of(kind).element,
                "M19",
                "the cell does not suit the unit at normal tide",
            )?;
            may_stand(s, u, c)?;
            ensure(
                !z.opponent(c, s.active),
                "M25",
                "the cell is under opponent fire",
            )?;
            no_mountain_pair(s, s.active, kind, c, None)
        }
        Target::Carrier(v) => {
            own(s, v)?;
            ensure(
                matches!(s.unit(v).loc, Loc::Map(_)),
                "M19",
                "deploy into a carrier already deployed",
            )?;
            ensure(
                s.has_room_for(v, Slot::Unit(u)),
                "M8",
                "the carrier has no room for it",
            )?;
            let c = s.unit(v).cell().unwrap_or(Cell(0));
            ensure(
                !(kind == Kind::BigTank && s.terrain(c) == Terrain::Mountain),
                "M2",
                "a big tank never enters a mountain, even carried",
            )
        }
        Target::Ship => Err(no("M19", "deploy to a cell or into a carrier")),
    }
}

pub(crate) fn apply_deploy(s: &mut State, u: UnitId, to: Target, ev: &mut impl EventSink) {
    match to {
        Target::Cell(c) => {
            s.relocate(u, Loc::Map(c));
            ev.push(Event::Deployed { unit: u, at: c });
        }
        Target::Carrier(v) => {
            s.relocate(u, Loc::Cargo(v));
            ev.push(Event::Loaded {
                carrier: v,
                unit: Some(u),
            });
        }
        Target::Ship => {}
    }
}
