//! Mothership scenario files (`game: mothership`): the table (players, map by name or inline
//! terrain rows), seed, a forced tide order, and either a fresh game (landing first) or a full
//! position (turn, phase, tide, points, ships, units with cargo, ore); then commands and the
//! kit's expectations. Also the printed position ([`Position`]) used by `view()`.
use super::ids::{parse_numbered, Cell, Seat, ShipId, UnitId};
use super::map::{builtin, check_map, default_for, Map, MapFile};
use super::setup::{empty, new_game, pods_of, reserve_for};
use super::state::{Loc, Phase, Player, Ship, ShipStatus, Slot, State, Unit, SHOTS};
use super::stats::{stats, Kind};
use super::tide::{Tide, TideDeck};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

crate::scenario_file! {
    /// A scenario file.
    #[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
    pub struct Scenario {
        #[serde(default = "two")]
        pub players: u8,
        /// A built-in map (`duel`, `sector`); default by player count (M1).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub map: Option<String>,
        /// Inline terrain rows instead of a built-in map (no ore unless the position lists it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub terrain: Option<Vec<String>>,
        /// The next tide cards in order (forced, M3).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub tides: Option<Vec<Tide>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub position: Option<PositionSpec>,
    }
}

fn two() -> u8 {
    2
}

impl Scenario {
    /// A fresh game for `players` on the map for that count (M1).
    pub fn fresh(players: u8, seed: u64) -> Scenario {
        Scenario {
            game: "mothership".into(),
            seed,
            players,
            map: None,
            terrain: None,
            tides: None,
            position: None,
            commands: String::new(),
            expect: None,
            save: None,
        }
    }
}

/// A position as written in a scenario.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionSpec {
    #[serde(default = "five")]
    pub turn: u8,
    #[serde(default = "play")]
    pub phase: Phase,
    #[serde(default = "p1")]
    pub first: String,
    #[serde(default = "p1")]
    pub active: String,
    #[serde(default = "normal")]
    pub tide: Tide,
    /// Points left this turn, per seat.
    #[serde(default)]
    pub points: Vec<u16>,
    /// Points saved, per seat.
    #[serde(default)]
    pub reserve: Vec<u16>,
    /// The shared reserve: tanks, crabs (M31); default by player count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserve_units: Option<[u8; 2]>,
    /// Ore cells.
    #[serde(default)]
    pub ore: Vec<[i64; 2]>,
    #[serde(default)]
    pub ships: Vec<ShipSpec>,
    /// Units on the map, in ships or carried (`units:` left empty is no unit).
    #[serde(default)]
    #[schemars(with = "Option<Vec<UnitSpec>>")]
    pub units: Vec<UnitSpec>,
    /// Seats that lost.
    #[serde(default)]
    pub lost: Vec<String>,
}

fn five() -> u8 {
    5
}
fn play() -> Phase {
    Phase::Play
}
fn p1() -> String {
    "p1".into()
}
fn normal() -> Tide {
    Tide::Normal
}
fn yes3() -> [bool; 3] {
    [true; 3]
}
fn landed() -> ShipStatus {
    ShipStatus::Landed
}

/// A ship as written (ship `sN` is the N-th entry).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShipSpec {
    pub dome: [i64; 2],
    #[serde(default)]
    pub orient: u8,
    pub controller: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captor: Option<String>,
    #[serde(default = "yes3")]
    pub turrets: [bool; 3],
    #[serde(default)]
    pub ore: u16,
    #[serde(default = "landed")]
    pub status: ShipStatus,
    #[serde(default)]
    pub score: u16,
}

/// A unit as written (unit `uN` is the N-th entry): exactly one of `at`, `in`, `ship`.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub kind: Kind,
    pub colour: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<[i64; 2]>,
    #[serde(default, rename = "in", skip_serializing_if = "Option::is_none")]
    pub inside: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship: Option<String>,
    /// Ore carried.
    #[serde(default)]
    pub ore: u8,
    #[serde(default = "shots")]
    pub shots: u8,
}

fn shots() -> u8 {
    SHOTS
}

fn seat(t: &str, n: usize, field: &str, p: &mut Vec<String>) -> Seat {
    match parse_numbered(t, 'p', n) {
        Ok(i) => Seat(i as u8),
        Err(e) => {
            p.push(format!("{field}: {e}"));
            Seat(0)
        }
    }
}

/// The starting state of a scenario; every problem is reported.
pub fn state_of(f: &Scenario) -> Result<State, Vec<String>> {
    let mut p = Vec::new();
    if f.game != "mothership" {
        p.push(format!("game: `{}` is not mothership", f.game));
    }
    if !(2..=4).contains(&f.players) {
        p.push(format!("players: {} (M4: 2 to 4)", f.players));
        return Err(p);
    }
    let n = f.players as usize;
    let Some(map) = scenario_map(f, &mut p) else {
        return Err(p);
    };
    let Some(pos) = &f.position else {
        let mut s = new_game(n, map, f.seed);
        if let Some(t) = &f.tides {
            s.deck = TideDeck::forced(t);
        }
        return if p.is_empty() { Ok(s) } else { Err(p) };
    };
    let mut s = empty(n, map, f.seed);
    if let Some(t) = &f.tides {
        s.deck = TideDeck::forced(t);
    }
    set_turn(&mut s, pos, &mut p);
    place_ore(&mut s, pos, &mut p);
    place_ships(&mut s, pos, &mut p);
    if s.ships.is_empty() {
        p.push("position.ships: at least one ship".into());
        return Err(p);
    }
    place_units(&mut s, pos, &mut p);
    if !p.is_empty() {
        return Err(p);
    }
    if let Err(e) = s.check() {
        p.push(format!("position: {}", e.what));
        return Err(p);
    }
    Ok(s)
}

/// The scenario's map: a built-in one by name, inline terrain, or the default for the table.
fn scenario_map(f: &Scenario, p: &mut Vec<String>) -> Option<Arc<Map>> {
    match (&f.map, &f.terrain) {
        (Some(_), Some(_)) => {
            p.push("map and terrain: give one".into());
            None
        }
        (Some(name), None) => {
            let m = builtin(name);
            if m.is_none() {
                p.push(format!("map: `{name}` is not duel or sector"));
            }
            m
        }
        (None, Some(rows)) => {
            let raw = MapFile {
                name: "inline".into(),
                terrain: rows.clone(),
                ore: Some(Vec::new()),
            };
            check_map("terrain", "", &raw)
                .map(Arc::new)
                .map_err(|e| p.extend(e))
                .ok()
        }
        (None, None) => Some(default_for(f.players)),
    }
}

/// The turn, phase, seats, tide, reserves, points and losses of a position.
fn set_turn(s: &mut State, pos: &PositionSpec, p: &mut Vec<String>) {
    let n = s.players.len();
    if !(1..=25).contains(&pos.turn) {
        p.push(format!("position.turn: {} (1 to 25)", pos.turn));
    }
    s.turn = pos.turn;
    s.phase = pos.phase;
    s.first = seat(&pos.first, n, "position.first", p);
    s.active = seat(&pos.active, n, "position.active", p);
    s.tide = pos.tide;
    // A position is written at the start of the active player's turn (M27).
    s.retreats_open = true;
    s.reserve_units = pos.reserve_units.unwrap_or(reserve_for(n));
    for (i, pl) in s.players.iter_mut().enumerate() {
        *pl = Player {
            points: pos.points.get(i).copied().unwrap_or(0),
            reserve: pos.reserve.get(i).copied().unwrap_or(0),
            ..Player::default()
        };
    }
    if pos.points.len() > n || pos.reserve.len() > n {
        p.push("position.points/reserve: one entry per player".into());
    }
    if pos.reserve.iter().any(|&r| r > 10) {
        p.push("position.reserve: at most 10 (M6)".into());
    }
    for l in &pos.lost {
        let q = seat(l, n, "position.lost", p);
        s.players[q.index()].lost = true;
    }
}

/// The cell at `at` (`field` names it in the problem when it is off the map).
fn cell_at(map: &Map, at: [i64; 2], field: String, p: &mut Vec<String>) -> Option<Cell> {
    let c = map.cell(at[0], at[1]);
    if c.is_none() {
        p.push(format!("{field}: [{}, {}] is off the map", at[0], at[1]));
    }
    c
}

/// The ore lying on the map.
fn place_ore(s: &mut State, pos: &PositionSpec, p: &mut Vec<String>) {
    s.ore = vec![false; s.map.len()];
    for (i, &o) in pos.ore.iter().enumerate() {
        if let Some(c) = cell_at(&s.map, o, format!("position.ore[{i}]"), p) {
            s.ore[c.index()] = true;
        }
    }
}

/// The ships, with the cells they stand on.
fn place_ships(s: &mut State, pos: &PositionSpec, p: &mut Vec<String>) {
    let n = s.players.len();
    let map = s.map.clone();
    for (i, sh) in pos.ships.iter().enumerate() {
        let field = format!("position.ships[{i}]");
        let controller = seat(&sh.controller, n, &format!("{field}.controller"), p);
        let captor = sh
            .captor
            .as_ref()
            .map(|c| seat(c, n, &format!("{field}.captor"), p));
        let dome = cell_at(&map, sh.dome, format!("{field}.dome"), p).unwrap_or(Cell(0));
        let pods = match pods_of(&map, dome, sh.orient) {
            Some(pods) => pods,
            None => {
                p.push(format!(
                    "{field}: the pods do not fit on the map (orient 0 or 1)"
                ));
                [dome; 3]
            }
        };
        s.ships.push(Ship {
            controller,
            captor,
            status: sh.status,
            dome,
            pods,
            turrets: sh.turrets,
            turret_shots: [SHOTS; 3],
            ore: sh.ore,
            score: sh.score,
        });
        if matches!(sh.status, ShipStatus::Landed | ShipStatus::Stranded) {
            for c in std::iter::once(dome).chain(pods) {
                if s.ship_at[c.index()] != super::state::NOBODY {
                    p.push(format!("{field}: overlaps another ship"));
                }
                s.ship_at[c.index()] = i as u16;
            }
        }
    }
}

/// The units: their colours first, then where each is (a cell, a carrier, a ship) and its ore.
fn place_units(s: &mut State, pos: &PositionSpec, p: &mut Vec<String>) {
    let nships = s.ships.len();
    for (i, u) in pos.units.iter().enumerate() {
        let field = format!("position.units[{i}] (u{})", i + 1);
        let colour = match parse_numbered(&u.colour, 's', nships) {
            Ok(x) => ShipId(x as u8),
            Err(e) => {
                p.push(format!("{field}.colour: {e}"));
                ShipId(0)
            }
        };
        let mut unit = Unit::new(u.kind, colour, Loc::Gone);
        unit.shots = u.shots.min(SHOTS);
        s.units.push(unit);
        let places = [u.at.is_some(), u.inside.is_some(), u.ship.is_some()];
        if places.iter().filter(|b| **b).count() != 1 {
            p.push(format!("{field}: give exactly one of at, in, ship"));
        }
    }
    for (i, u) in pos.units.iter().enumerate() {
        let field = format!("position.units[{i}] (u{})", i + 1);
        if let Some(loc) = unit_loc(s, pos, i, &field, p) {
            place_unit(s, UnitId(i as u16), u, loc, &field, p);
        }
    }
}

/// Where unit `i` of the position is, if it names one place that can hold it.
fn unit_loc(
    s: &State,
    pos: &PositionSpec,
    i: usize,
    field: &str,
    p: &mut Vec<String>,
) -> Option<Loc> {
    let u = &pos.units[i];
    let (nships, nunits) = (s.ships.len(), pos.units.len());
    if let Some(at) = u.at {
        match cell_at(&s.map, at, format!("{field}.at"), p)? {
            c if s.board[c.index()] != super::state::NOBODY => {
                p.push(format!("{field}.at: two units on one cell"));
                None
            }
            c => Some(Loc::Map(c)),
        }
    } else if let Some(v) = &u.inside {
        match parse_numbered(v, 'u', nunits) {
            Ok(v) if v != i => Some(Loc::Cargo(UnitId(v as u16))),
            Ok(_) => {
                p.push(format!("{field}.in: a unit cannot carry itself"));
                None
            }
            Err(e) => {
                p.push(format!("{field}.in: {e}"));
                None
            }
        }
    } else if let Some(x) = &u.ship {
        parse_numbered(x, 's', nships)
            .map(|x| Loc::Ship(ShipId(x as u8)))
            .map_err(|e| p.push(format!("{field}.ship: {e}")))
            .ok()
    } else {
        None
    }
}

/// Puts unit `id` at `loc` with its ore, if its carrier can take it.
fn place_unit(s: &mut State, id: UnitId, u: &UnitSpec, loc: Loc, field: &str, p: &mut Vec<String>) {
    if let Loc::Cargo(v) = loc {
        if s.unit(v).cargo().count() >= super::state::MAX_CARGO
            || !stats().can_carry(s.unit(v).kind, u.kind)
        {
            p.push(format!("{field}.in: {} cannot carry it", UnitId(v.0)));
            return;
        }
    }
    s.attach(id, loc);
    for _ in 0..u.ore {
        if s.slots_used(id) < stats().of(u.kind).capacity {
            s.add_slot(id, Slot::Ore);
        } else {
            p.push(format!("{field}.ore: no room"));
            break;
        }
    }
}

/// The printed position (`view()`, `expect: state:`).
#[derive(Clone, Debug, Serialize)]
pub struct Position {
    pub turn: u8,
    pub phase: Phase,
    pub active: String,
    pub tide: Tide,
    pub points: Vec<u16>,
    pub reserve: Vec<u16>,
    pub reserve_units: [u8; 2],
    pub ships: Vec<ShipView>,
    pub units: Vec<UnitView>,
    pub ore: Vec<String>,
    pub lost: Vec<String>,
    pub outcome: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct ShipView {
    pub id: String,
    pub status: ShipStatus,
    pub controller: String,
    pub dome: String,
    pub turrets: [bool; 3],
    pub ore: u16,
    pub score: u16,
}

#[derive(Clone, Debug, Serialize)]
pub struct UnitView {
    pub id: String,
    pub kind: Kind,
    pub colour: String,
    /// `col,row`, `in uN`, `ship sN` or `gone`.
    pub at: String,
    pub controller: String,
    pub ore: usize,
}

impl Position {
    pub fn of(s: &State) -> Position {
        Position {
            turn: s.turn,
            phase: s.phase,
            active: s.active.to_string(),
            tide: s.tide,
            points: s.players.iter().map(|p| p.points).collect(),
            reserve: s.players.iter().map(|p| p.reserve).collect(),
            reserve_units: s.reserve_units,
            ships: s
                .ship_ids()
                .map(|x| {
                    let sh = s.ship(x);
                    ShipView {
                        id: x.to_string(),
                        status: sh.status,
                        controller: sh.controller.to_string(),
                        dome: s.cell_name(sh.dome),
                        turrets: sh.turrets,
                        ore: sh.ore,
                        score: sh.score,
                    }
                })
                .collect(),
            units: s
                .unit_ids()
                .map(|u| {
                    let unit = s.unit(u);
                    UnitView {
                        id: u.to_string(),
                        kind: unit.kind,
                        colour: unit.colour.to_string(),
                        at: match unit.loc {
                            Loc::Map(c) => s.cell_name(c),
                            Loc::Cargo(v) => format!("in {v}"),
                            Loc::Ship(x) => format!("ship {x}"),
                            Loc::Gone => "gone".into(),
                        },
                        controller: s
                            .controller(u)
                            .map_or_else(|| "none".into(), |p| p.to_string()),
                        ore: unit.ore(),
                    }
                })
                .collect(),
            ore: s
                .map
                .cells()
                .filter(|c| s.ore[c.index()])
                .map(|c| s.cell_name(c))
                .collect(),
            lost: s
                .seats()
                .filter(|&q| s.player(q).lost)
                .map(|q| q.to_string())
                .collect(),
            outcome: s.outcome.notation(),
        }
    }
}
