//! The built-in turn planner behind `plan N`: a scripted player that spends the turn's points
//! in one of a few styles, then ends the turn. It issues ordinary commands, each validated
//! first, so it never breaks a rule. Agents choose among the styles (and a few other
//! decisions), which keeps a 25-turn game of 15–35 points a turn to a handful of choices.
//!
//! Styles: 0 ends the turn at once; 1 mines (destroyers stay, the weather layer brings its ore
//! in); 2 mines, builds crabs (tanks once crabs run out) and advances destroyers two cells; 3
//! attacks (destroyers advance as far as they can, assault turrets and units behind fire zones,
//! ships are captured when open) while mining
//! and building tanks; 4 rushes (every unit leaves the ship and advances, no mining); 5 brings
//! every land unit home into the ship (at turn 25 keeping the take-off's cost, then taking off). Every style but
//! 0 retreats neutralized units first, fires at the best targets, captures what it can and, at
//! turn 25, brings units in and takes off. In deployment every style deploys the roster.
use super::command::{Command, Item, Target};
use super::error::{ensure, RuleError};
use super::event::EventSink;
use super::ids::{Cell, UnitId};
use super::legal::{shooters, targets_near};
use super::setup::HOME_RADIUS;
use super::state::{Loc, Phase, ShipStatus, State, LAST_TURN};
use super::stats::{stats, Element, Kind};
use super::zones::{cached, neutralized};
use super::{apply_into, validate};
use std::collections::VecDeque;

/// Number of styles.
pub const STYLES: u8 = 6;

/// The style that brings every land unit home.
pub const HOME: u8 = 5;

#[derive(Clone, Copy)]
struct Style {
    mine: bool,
    /// Steps destroyers advance per turn.
    advance: u16,
    /// Destroyers leave the ship.
    sortie: bool,
    capture_ships: bool,
    /// What a weather layer holding ore builds (else it brings the ore in).
    build: Option<Kind>,
}

fn style(n: u8) -> Style {
    match n {
        1 => Style {
            mine: true,
            advance: 0,
            sortie: false,
            capture_ships: false,
            build: None,
        },
        2 => Style {
            mine: true,
            advance: 2,
            sortie: true,
            capture_ships: true,
            build: Some(Kind::Crab),
        },
        3 => Style {
            mine: true,
            advance: 8,
            sortie: true,
            capture_ships: true,
            build: Some(Kind::Tank),
        },
        _ => Style {
            mine: false,
            advance: 8,
            sortie: true,
            capture_ships: true,
            build: None,
        },
    }
}

/// `plan N`.
pub fn validate_plan(s: &State, n: u8) -> Result<(), RuleError> {
    ensure(n < STYLES, "M4", "planner styles are 0 to 5")?;
    if !matches!(s.phase, Phase::Play | Phase::Deploy) {
        return Err(RuleError::Phase {
            rule: "M4",
            command: "plan",
            phase: s.phase,
        });
    }
    Ok(())
}

struct Run<'a, E: EventSink> {
    s: &'a mut State,
    ev: &'a mut E,
    seat: super::ids::Seat,
    turn: u8,
}

impl<E: EventSink> Run<'_, E> {
    /// Still our turn of play.
    fn ours(&self) -> bool {
        !self.s.outcome.is_over() && self.s.active == self.seat && self.s.turn == self.turn
    }
    fn try_cmd(&mut self, c: Command) -> bool {
        if !self.ours() || validate(self.s, &c).is_err() {
            return false;
        }
        apply_into(self.s, c, self.ev);
        true
    }
    fn points(&self) -> u16 {
        self.s.player(self.seat).points
    }
    fn own_units(&self) -> Vec<UnitId> {
        self.s
            .unit_ids()
            .filter(|&u| self.s.controller(u) == Some(self.seat))
            .collect()
    }
}

pub(crate) fn apply_plan(s: &mut State, n: u8, ev: &mut impl EventSink) {
    let mut r = Run {
        seat: s.active,
        turn: s.turn,
        s,
        ev,
    };
    if r.s.phase == Phase::Deploy {
        deploy(&mut r);
    } else if n == HOME {
        retreat(&mut r);
        fire(&mut r);
        home(&mut r);
        if r.turn == LAST_TURN {
            take_off(&mut r);
        }
    } else if n > 0 {
        let st = style(n);
        retreat(&mut r);
        if st.capture_ships {
            capture_ships(&mut r);
        }
        fire(&mut r);
        if st.capture_ships {
            assault(&mut r);
        }
        capture(&mut r);
        if r.turn == LAST_TURN {
            board(&mut r);
            take_off(&mut r);
        }
        if st.mine {
            mine(&mut r, st.build);
        }
        if st.sortie || st.mine {
            sortie(&mut r, st.mine, st.sortie);
        }
        if st.advance > 0 {
            advance(&mut r, st.advance);
        }
        fire(&mut r);
        if st.capture_ships {
            assault(&mut r);
            capture_ships(&mut r);
        }
        if r.turn == LAST_TURN {
            board(&mut r);
            take_off(&mut r);
        }
    }
    if r.ours() && matches!(r.s.phase, Phase::Play | Phase::Deploy) {
        apply_into(r.s, Command::End, r.ev);
    }
}

fn deploy<E: EventSink>(r: &mut Run<'_, E>) {
    let centre =
        r.s.map
            .cell(i64::from(r.s.map.width / 2), i64::from(r.s.map.height / 2))
            .unwrap_or(Cell(0));
    for u in r.own_units() {
        let Loc::Ship(x) = r.s.unit(u).loc else {
            continue;
        };
        let dome = r.s.ship(x).dome;
        let mut cells: Vec<Cell> = r.s.map.ball(dome, HOME_RADIUS).collect();
        cells.sort_by_key(|&c| (r.s.map.distance(c, centre), c));
        for c in cells {
            if r.try_cmd(Command::Deploy {
                unit: u,
                to: Target::Cell(c),
            }) {
                break;
            }
        }
    }
}

fn retreat<E: EventSink>(r: &mut Run<'_, E>) {
    let z = cached(r.s);
    for u in r.own_units() {
        if !neutralized(r.s, &z, u) {
            continue;
        }
        let Some(c) = r.s.unit(u).cell() else {
            continue;
        };
        let near: Vec<Cell> = r.s.map.neighbours(c).collect();
        for n in near {
            if r.try_cmd(Command::Retreat { unit: u, to: n }) {
                break;
            }
        }
    }
}

fn value(s: &State, c: Cell) -> f32 {
    if let Some(x) = s.ship_on(c) {
        // The last turrets open the ship to capture (M15).
        let open = f32::from(s.ship(x).destroyed_turrets());
        return if s.ship(x).pod_index(c).is_some() {
            4.0 + 2.0 * open
        } else {
            0.0
        };
    }
    match s.unit_at(c) {
        Some(u) => {
            let k = match s.unit(u).kind {
                Kind::BigTank => 4.0,
                Kind::Tank => 3.0,
                Kind::WeatherLayer => 3.5,
                Kind::Crab => 3.0,
                Kind::PatrolBoat | Kind::Barge => 2.0,
            };
            k + s.unit(u).cargo().count() as f32
        }
        None => 0.0,
    }
}

fn fire<E: EventSink>(r: &mut Run<'_, E>) {
    for _ in 0..8 {
        if !r.ours() || r.points() < 2 {
            return;
        }
        let sh = shooters(r.s);
        let mut best: Option<(f32, Command)> = None;
        let z = cached(r.s);
        let mut targets = Vec::new();
        for (i, &(a, ca)) in sh.iter().enumerate() {
            targets.clear();
            targets_near(r.s, ca, 3, &mut targets);
            for &t in &targets {
                let v = value(r.s, t);
                if v <= 0.0 || best.is_some_and(|(b, _)| b >= v) {
                    continue;
                }
                for &(b, _) in &sh[i + 1..] {
                    let c = Command::Fire { a, b, target: t };
                    if super::validate_with(r.s, &z, &c).is_ok() {
                        best = Some((v, c));
                        break;
                    }
                }
            }
        }
        match best {
            Some((_, c)) => {
                r.try_cmd(c);
            }
            None => return,
        }
    }
}

/// Assaults (M11's second unit): a destroyer steps into an opponent's fire zone and fires with
/// a second one at a target worth at least a tank (a turret first), when the shot lifts the
/// zone from the cell it stepped into. Breaks a turret zone one turret at a time.
fn assault<E: EventSink>(r: &mut Run<'_, E>) {
    for _ in 0..4 {
        if !r.ours() || r.points() < 3 {
            return;
        }
        let z = cached(r.s);
        let sh = shooters(r.s);
        let mut best: Option<(f32, Command)> = None;
        let mut targets = Vec::new();
        for &(a, ca) in &sh {
            let super::command::Shooter::Unit(u) = a else {
                continue;
            };
            for to in r.s.map.neighbours(ca) {
                if !z.opponent(to, r.seat) || !r.s.is_empty(to) {
                    continue;
                }
                targets.clear();
                targets_near(r.s, to, 3, &mut targets);
                for &t in &targets {
                    let v = value(r.s, t);
                    if v < 3.0 || best.is_some_and(|(b, _)| b >= v) {
                        continue;
                    }
                    for &(with, _) in &sh {
                        let c = Command::Assault {
                            unit: u,
                            to,
                            with,
                            target: t,
                        };
                        if with != a && super::validate_with(r.s, &z, &c).is_ok() {
                            best = Some((v, c));
                            break;
                        }
                    }
                }
            }
        }
        match best {
            Some((_, c)) => {
                r.try_cmd(c);
            }
            None => return,
        }
    }
}

fn capture<E: EventSink>(r: &mut Run<'_, E>) {
    let mine: Vec<UnitId> = r
        .own_units()
        .into_iter()
        .filter(|&u| r.s.unit(u).kind.is_destroyer() && r.s.unit(u).cell().is_some())
        .collect();
    for t in r.s.unit_ids().collect::<Vec<_>>() {
        if r.s.controller(t) == Some(r.seat) || r.s.unit(t).cell().is_none() {
            continue;
        }
        'pair: for &a in &mine {
            for &b in &mine {
                if a != b && r.try_cmd(Command::Capture { a, b, target: t }) {
                    break 'pair;
                }
            }
        }
    }
}

fn capture_ships<E: EventSink>(r: &mut Run<'_, E>) {
    for x in r.s.ship_ids().collect::<Vec<_>>() {
        let ship = *r.s.ship(x);
        if ship.controller == r.seat || !ship.on_planet() || ship.destroyed_turrets() < 3 {
            continue;
        }
        for u in r.own_units() {
            if r.s.unit(u).kind.is_tank() {
                for pod in ship.pods {
                    if r.try_cmd(Command::Enter { unit: u, pod }) {
                        return;
                    }
                }
            }
        }
    }
}

/// Shortest path of legal moves from `u` to the nearest cell where `goal` holds.
fn path_to(s: &State, u: UnitId, goal: impl Fn(Cell) -> bool) -> Option<Vec<Cell>> {
    let z = cached(s);
    let from = s.unit(u).cell()?;
    if goal(from) {
        return Some(Vec::new());
    }
    let n = s.map.len();
    let mut prev = vec![u16::MAX; n];
    prev[from.index()] = from.0;
    let mut q = VecDeque::from([from]);
    let kind = s.unit(u).kind;
    while let Some(c) = q.pop_front() {
        for nb in s.map.neighbours(c) {
            if prev[nb.index()] != u16::MAX
                || super::check::may_enter(s, &z, u, nb, false).is_err()
                || super::check::mountain_pair(s, s.active, kind, nb, Some(u))
            {
                continue;
            }
            prev[nb.index()] = c.0;
            if goal(nb) {
                let mut p = vec![nb];
                let mut x = nb;
                while prev[x.index()] != from.0 {
                    x = Cell(prev[x.index()]);
                    p.push(x);
                }
                p.reverse();
                return Some(p);
            }
            q.push_back(nb);
        }
    }
    None
}

/// Goes along a path, at most `steps` cells.
fn go_along<E: EventSink>(r: &mut Run<'_, E>, u: UnitId, steps: u16, p: Option<Vec<Cell>>) -> bool {
    let Some(p) = p else {
        return false;
    };
    let k = (steps.min(r.points()) as usize).min(p.len());
    if k == 0 {
        return false;
    }
    r.try_cmd(Command::Go {
        unit: u,
        to: p[k - 1],
    })
}

fn mine<E: EventSink>(r: &mut Run<'_, E>, build: Option<Kind>) {
    let own_pods: Vec<Cell> =
        r.s.ships
            .iter()
            .filter(|x| x.on_planet() && x.controller == r.seat)
            .flat_map(|x| x.pods)
            .collect();
    for u in r.own_units() {
        let kind = r.s.unit(u).kind;
        if !matches!(kind, Kind::Crab | Kind::WeatherLayer) {
            continue;
        }
        for _ in 0..6 {
            if !r.ours() || r.points() == 0 {
                return;
            }
            let unit = *r.s.unit(u);
            let Some(c) = unit.cell() else { break };
            let room = r.s.has_room_for(u, super::state::Slot::Ore);
            let near_ore =
                r.s.map
                    .neighbours(c)
                    .find(|&n| r.s.ore[n.index()] && r.s.element_at(n) == Element::Land);
            if room {
                if let Some(o) = near_ore {
                    if r.try_cmd(Command::Load {
                        carrier: u,
                        item: Item::Ore(o),
                    }) {
                        continue;
                    }
                }
            }
            if let (true, Kind::WeatherLayer, Some(b)) = (unit.ore() > 0, kind, build) {
                let near: Vec<Cell> = r.s.map.neighbours(c).collect();
                let kinds = [b, Kind::Tank];
                if kinds.iter().any(|&k| {
                    near.iter().any(|&n| {
                        r.try_cmd(Command::Build {
                            layer: u,
                            kind: k,
                            to: n,
                        })
                    })
                }) {
                    continue;
                }
            }
            if unit.ore() > 0 && (!room || near_ore.is_none()) {
                if let Some(&pod) = own_pods.iter().find(|&&p| r.s.map.adjacent(c, p)) {
                    if r.try_cmd(Command::Enter { unit: u, pod }) {
                        break;
                    }
                }
                let s = &*r.s;
                let pods = own_pods.clone();
                let goal = |x: Cell| pods.iter().any(|&p| s.map.adjacent(x, p));
                let p = path_to(s, u, goal);
                if let Some(p) = p {
                    let k = (r.points() as usize).min(p.len()).min(6);
                    if k > 0
                        && r.try_cmd(Command::Go {
                            unit: u,
                            to: p[k - 1],
                        })
                    {
                        continue;
                    }
                }
                break;
            }
            if room {
                let s = &*r.s;
                let p = path_to(s, u, |x| {
                    s.map
                        .neighbours(x)
                        .any(|n| s.ore[n.index()] && s.element_at(n) == Element::Land)
                });
                if let Some(p) = p {
                    let k = (r.points() as usize).min(p.len()).min(6);
                    if k > 0
                        && r.try_cmd(Command::Go {
                            unit: u,
                            to: p[k - 1],
                        })
                    {
                        continue;
                    }
                }
            }
            break;
        }
    }
}

fn sortie<E: EventSink>(r: &mut Run<'_, E>, miners: bool, tanks: bool) {
    for u in r.own_units() {
        let Loc::Ship(x) = r.s.unit(u).loc else {
            continue;
        };
        let kind = r.s.unit(u).kind;
        let goes = (tanks && kind.is_tank())
            || (miners && matches!(kind, Kind::Crab | Kind::WeatherLayer));
        if !goes || stats().of(kind).element != Element::Land {
            continue;
        }
        let pods = r.s.ship(x).pods;
        'out: for pod in pods {
            let near: Vec<Cell> = r.s.map.neighbours(pod).collect();
            for n in near {
                if r.try_cmd(Command::Leave {
                    unit: u,
                    pod,
                    to: n,
                }) {
                    break 'out;
                }
            }
        }
    }
}

fn advance<E: EventSink>(r: &mut Run<'_, E>, steps: u16) {
    let enemies: Vec<Cell> = {
        let s = &*r.s;
        let mut v: Vec<Cell> = s
            .unit_ids()
            .filter(|&u| s.controller(u).is_some_and(|p| p != r.seat))
            .filter_map(|u| s.unit(u).cell())
            .collect();
        for x in &s.ships {
            if x.on_planet() && x.controller != r.seat {
                v.extend(x.pods);
            }
        }
        v
    };
    if enemies.is_empty() {
        return;
    }
    for u in r.own_units() {
        if !r.s.unit(u).kind.is_destroyer() || r.s.unit(u).cell().is_none() {
            continue;
        }
        let p = {
            let s = &*r.s;
            path_to(s, u, |x: Cell| {
                enemies.iter().any(|&t| s.map.distance(x, t) <= 2)
            })
        };
        go_along(r, u, steps, p);
    }
}

/// Turn 25: units next to an own pod go in.
fn board<E: EventSink>(r: &mut Run<'_, E>) {
    for u in r.own_units() {
        let Some(c) = r.s.unit(u).cell() else {
            continue;
        };
        let pods: Vec<Cell> =
            r.s.ships
                .iter()
                .filter(|x| x.on_planet() && x.controller == r.seat)
                .flat_map(|x| x.pods)
                .filter(|&p| r.s.map.adjacent(c, p))
                .collect();
        for pod in pods {
            if r.try_cmd(Command::Enter { unit: u, pod }) {
                break;
            }
        }
    }
}

/// Every land unit heads for the nearest pod of one of the player's ships and goes in,
/// keeping the take-off's cost at turn 25.
fn home<E: EventSink>(r: &mut Run<'_, E>) {
    let keep: u16 = if r.turn == LAST_TURN {
        r.s.ship_ids()
            .filter(|&x| r.s.ship(x).on_planet() && r.s.ship(x).controller == r.seat)
            .map(|x| super::takeoff::cost(r.s, x))
            .sum()
    } else {
        0
    };
    let pods: Vec<Cell> =
        r.s.ships
            .iter()
            .filter(|x| x.on_planet() && x.controller == r.seat)
            .flat_map(|x| x.pods)
            .collect();
    for u in r.own_units() {
        if stats().of(r.s.unit(u).kind).element != Element::Land {
            continue;
        }
        let Some(c) = r.s.unit(u).cell() else {
            continue;
        };
        if !pods.iter().any(|&p| r.s.map.adjacent(c, p)) {
            let p = {
                let s = &*r.s;
                path_to(s, u, |x| pods.iter().any(|&p| s.map.adjacent(x, p)))
            };
            let spare = r.points().saturating_sub(keep + 1);
            go_along(r, u, spare, p);
        }
        if r.points() <= keep {
            return;
        }
        let Some(c) = r.s.unit(u).cell() else {
            continue;
        };
        for &pod in &pods {
            if r.s.map.adjacent(c, pod) && r.try_cmd(Command::Enter { unit: u, pod }) {
                break;
            }
        }
    }
}

fn take_off<E: EventSink>(r: &mut Run<'_, E>) {
    for x in r.s.ship_ids().collect::<Vec<_>>() {
        if r.s.ship(x).status == ShipStatus::Landed && r.s.ship(x).controller == r.seat {
            r.try_cmd(Command::TakeOff { ship: x });
        }
    }
}
