//! Every legal command of the player to move: candidates per phase and unit, kept when
//! [`super::validate_with`] accepts them (so the list and `validate` always agree). `go` is a
//! shorthand for moves and is not listed.
use super::command::{Cargo, Command, Item, Shooter, Target};
use super::ids::{Cell, UnitId};
use super::setup::HOME_RADIUS;
use super::state::{Loc, Phase, Slot, State};
use super::stats::Kind;
use super::takeoff::own_ships;
use super::validate_with;
use super::zones::{zones, Zones};

/// Every legal command, into `out` (cleared first).
pub fn legal_commands_into(s: &State, out: &mut Vec<Command>) {
    out.clear();
    if s.outcome.is_over() {
        return;
    }
    let z = zones(s);
    let mut cand = Vec::with_capacity(256);
    candidates(s, &z, &mut cand);
    out.extend(cand.into_iter().filter(|c| validate_with(s, &z, c).is_ok()));
}

/// Every legal command as a new list.
pub fn legal_commands(s: &State) -> Vec<Command> {
    let mut v = Vec::new();
    legal_commands_into(s, &mut v);
    v
}

/// Shooters of the active player: destroyers on the map and turrets.
pub fn shooters(s: &State) -> Vec<(Shooter, Cell)> {
    let mut v = Vec::new();
    for u in s.unit_ids() {
        let unit = s.unit(u);
        if let Loc::Map(c) = unit.loc {
            if unit.kind.is_destroyer() && s.controller(u) == Some(s.active) && unit.shots > 0 {
                v.push((Shooter::Unit(u), c));
            }
        }
    }
    for ship in &s.ships {
        if ship.on_planet() && ship.controller == s.active {
            for (i, &pod) in ship.pods.iter().enumerate() {
                if ship.turrets[i] && ship.turret_shots[i] > 0 {
                    v.push((Shooter::Turret(pod), pod));
                }
            }
        }
    }
    v
}

fn candidates(s: &State, z: &Zones, out: &mut Vec<Command>) {
    match s.phase {
        Phase::Over => {}
        Phase::Landing => {
            for c in s.map.cells() {
                for orient in 0..2 {
                    out.push(Command::Land { dome: c, orient });
                }
            }
        }
        Phase::Deploy => {
            out.push(Command::End);
            for style in 0..super::planner::STYLES {
                out.push(Command::Plan { style });
            }
            let carriers: Vec<UnitId> = s
                .unit_ids()
                .filter(|&u| {
                    matches!(s.unit(u).loc, Loc::Map(_)) && s.controller(u) == Some(s.active)
                })
                .collect();
            for u in s.unit_ids() {
                let Loc::Ship(x) = s.unit(u).loc else {
                    continue;
                };
                if s.ship(x).controller != s.active || !s.ship(x).on_planet() {
                    continue;
                }
                for c in s.map.ball(s.ship(x).dome, HOME_RADIUS) {
                    out.push(Command::Deploy {
                        unit: u,
                        to: Target::Cell(c),
                    });
                }
                for &v in &carriers {
                    out.push(Command::Deploy {
                        unit: u,
                        to: Target::Carrier(v),
                    });
                }
            }
        }
        Phase::Choose => {
            let mine = own_ships(s, s.active);
            for leave in 0..=mine {
                if leave & !mine == 0 {
                    out.push(Command::Seal { leave });
                }
            }
        }
        Phase::Play => play_candidates(s, z, out),
    }
}

fn play_candidates(s: &State, z: &Zones, out: &mut Vec<Command>) {
    out.push(Command::End);
    for style in 0..super::planner::STYLES {
        out.push(Command::Plan { style });
    }
    let p = s.active;
    for x in s.ship_ids() {
        let ship = s.ship(x);
        if ship.on_planet() && ship.controller == p {
            out.push(Command::TakeOff { ship: x });
            for pod in ship.pods {
                out.push(Command::Repair { pod });
            }
        }
    }
    for u in s.unit_ids() {
        let unit = *s.unit(u);
        if s.controller(u) != Some(p) {
            continue;
        }
        match unit.loc {
            Loc::Map(c) => {
                for n in s.map.neighbours(c) {
                    out.push(Command::Move { unit: u, to: n });
                    out.push(Command::Retreat { unit: u, to: n });
                    if s.ore[n.index()] {
                        out.push(Command::Load {
                            carrier: u,
                            item: Item::Ore(n),
                        });
                    }
                    if let Some(v) = s.unit_at(n) {
                        out.push(Command::Load {
                            carrier: u,
                            item: Item::Unit(v),
                        });
                    }
                    if let Some(x) = s.ship_on(n) {
                        if s.ship(x).pod_index(n).is_some() {
                            out.push(Command::Enter { unit: u, pod: n });
                        }
                    }
                    for cargo in cargo_of(s, u) {
                        out.push(Command::Unload {
                            carrier: u,
                            cargo,
                            to: Target::Cell(n),
                        });
                        if let Some(v) = s.unit_at(n) {
                            out.push(Command::Unload {
                                carrier: u,
                                cargo,
                                to: Target::Carrier(v),
                            });
                        }
                    }
                    if unit.kind == Kind::WeatherLayer {
                        for kind in [Kind::Tank, Kind::Crab] {
                            out.push(Command::Build {
                                layer: u,
                                kind,
                                to: n,
                            });
                        }
                    }
                }
                if unit.kind.is_destroyer() {
                    assault_candidates(s, z, u, c, out);
                }
            }
            Loc::Ship(x) => {
                let ship = s.ship(x);
                for pod in ship.pods {
                    for n in s.map.neighbours(pod) {
                        out.push(Command::Leave {
                            unit: u,
                            pod,
                            to: n,
                        });
                    }
                }
                for v in s.units_in_ship(x) {
                    if v != u {
                        out.push(Command::Load {
                            carrier: u,
                            item: Item::Unit(v),
                        });
                    }
                }
                for cargo in cargo_of(s, u) {
                    out.push(Command::Unload {
                        carrier: u,
                        cargo,
                        to: Target::Ship,
                    });
                }
            }
            _ => {}
        }
    }
    fire_candidates(s, out);
    capture_candidates(s, out);
}

fn cargo_of(s: &State, u: UnitId) -> Vec<Cargo> {
    let mut v: Vec<Cargo> = Vec::new();
    for c in s.unit(u).cargo() {
        let k = match c {
            Slot::Ore => Cargo::Ore,
            Slot::Unit(x) => Cargo::Unit(x),
        };
        if !v.contains(&k) {
            v.push(k);
        }
    }
    v
}

/// Cells worth firing at: an enemy or uncontrolled unit, ore, an enemy turret.
pub fn targets_near(s: &State, c: Cell, r: u16, out: &mut Vec<Cell>) {
    for t in s.map.ball(c, r) {
        let worth = s.ore[t.index()]
            || s.unit_at(t)
                .is_some_and(|v| s.controller(v) != Some(s.active))
            || s.ship_on(t).is_some_and(|x| {
                let ship = s.ship(x);
                ship.controller != s.active && ship.pod_index(t).is_some_and(|i| ship.turrets[i])
            });
        if worth {
            out.push(t);
        }
    }
}

fn fire_candidates(s: &State, out: &mut Vec<Command>) {
    let sh = shooters(s);
    let mut targets = Vec::new();
    for (i, &(a, ca)) in sh.iter().enumerate() {
        targets.clear();
        targets_near(s, ca, 3, &mut targets);
        for &(b, _) in &sh[i + 1..] {
            for &t in &targets {
                out.push(Command::Fire { a, b, target: t });
            }
        }
    }
}

fn assault_candidates(s: &State, z: &Zones, u: UnitId, c: Cell, out: &mut Vec<Command>) {
    let sh = shooters(s);
    let mut targets = Vec::new();
    for to in s.map.neighbours(c) {
        if !z.opponent(to, s.active) || !s.is_empty(to) {
            continue;
        }
        targets.clear();
        targets_near(s, to, 3, &mut targets);
        for &(with, _) in &sh {
            if with == Shooter::Unit(u) {
                continue;
            }
            for &target in &targets {
                out.push(Command::Assault {
                    unit: u,
                    to,
                    with,
                    target,
                });
            }
        }
    }
}

fn capture_candidates(s: &State, out: &mut Vec<Command>) {
    for t in s.unit_ids() {
        let Loc::Map(c) = s.unit(t).loc else { continue };
        if s.controller(t) == Some(s.active) {
            continue;
        }
        let near: Vec<UnitId> = s
            .map
            .neighbours(c)
            .filter_map(|n| s.unit_at(n))
            .filter(|&v| s.controller(v) == Some(s.active) && s.unit(v).kind.is_destroyer())
            .collect();
        for &a in &near {
            for &b in &near {
                if a != b && (a < b || s.unit(a).colour != s.unit(b).colour) {
                    out.push(Command::Capture { a, b, target: t });
                }
            }
        }
    }
}
