//! What the player has selected and what it may do: the legal commands that involve the
//! selection, grouped by the cell they aim at (with their cost), the cells a unit reaches by
//! moves, and the command to try for a click on a cell no legal command aims at (so that the
//! rules can say why it is refused). Everything comes from the engine's legal commands and
//! queries; nothing here decides a rule.
use super::words;
use crate::mothership::command::{Cargo, Item, Shooter, Target};
use crate::mothership::query::{cost, move_costs};
use crate::mothership::setup::pods_of;
use crate::mothership::state::{Loc, Phase};
use crate::mothership::{Cell, Command, ShipId, State, UnitId};

/// The selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Sel {
    #[default]
    None,
    Unit(UnitId),
    /// A ship (its turrets, take-off, the units inside).
    Ship(ShipId),
}

/// A legal command with its cost and its text.
#[derive(Clone, Debug)]
pub struct Choice {
    pub cmd: Command,
    pub cost: Option<u16>,
    pub text: String,
}

/// What the selection may do now.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Commands aimed at a cell, by cell.
    pub cells: Vec<(Cell, Vec<Choice>)>,
    /// Cells reached by moves (`go`), with their cost.
    pub moves: Vec<(Cell, u16)>,
    /// Commands aimed at no cell (take off, into the hold...).
    pub other: Vec<Choice>,
}

impl Options {
    pub fn at(&self, c: Cell) -> &[Choice] {
        self.cells
            .iter()
            .find(|(x, _)| *x == c)
            .map_or(&[], |(_, v)| v.as_slice())
    }
    pub fn move_cost(&self, c: Cell) -> Option<u16> {
        self.moves.iter().find(|(x, _)| *x == c).map(|m| m.1)
    }
}

/// The cell a command aims at, if any.
pub fn target_cell(s: &State, c: &Command) -> Option<Cell> {
    let unit_cell = |u: UnitId| s.map_cell(u);
    match *c {
        Command::Land { dome, .. } => Some(dome),
        Command::Deploy { to, .. } | Command::Unload { to, .. } => match to {
            Target::Cell(c) => Some(c),
            Target::Carrier(v) => unit_cell(v),
            Target::Ship => None,
        },
        Command::Move { to, .. }
        | Command::Go { to, .. }
        | Command::Retreat { to, .. }
        | Command::Leave { to, .. }
        | Command::Build { to, .. } => Some(to),
        Command::Load { item, .. } => match item {
            Item::Unit(v) => unit_cell(v),
            Item::Ore(c) => Some(c),
        },
        Command::Enter { pod, .. } | Command::Repair { pod } => Some(pod),
        Command::Fire { target, .. } | Command::Assault { target, .. } => Some(target),
        Command::Capture { target, .. } => unit_cell(target),
        Command::TakeOff { .. } | Command::Seal { .. } | Command::Plan { .. } | Command::End => {
            None
        }
    }
}

fn is_shooter(sh: Shooter, sel: Sel, s: &State) -> bool {
    match (sh, sel) {
        (Shooter::Unit(u), Sel::Unit(v)) => u == v,
        (Shooter::Turret(p), Sel::Ship(x)) => s.ship(x).pods.contains(&p),
        _ => false,
    }
}

/// Does the command involve the selection?
pub fn involves(s: &State, c: &Command, sel: Sel) -> bool {
    if let (Sel::Unit(u), Some(a)) = (sel, c.actor()) {
        if a == u {
            return true;
        }
    }
    match (*c, sel) {
        (Command::Fire { a, b, .. }, _) => is_shooter(a, sel, s) || is_shooter(b, sel, s),
        (Command::Assault { with, .. }, _) => is_shooter(with, sel, s),
        (
            Command::Unload {
                cargo: Cargo::Unit(v),
                ..
            },
            Sel::Unit(u),
        ) => v == u,
        (Command::Capture { b, .. }, Sel::Unit(u)) => b == u,
        (Command::TakeOff { ship }, Sel::Ship(x)) => ship == x,
        (Command::Repair { pod }, Sel::Ship(x)) => s.ship(x).pods.contains(&pod),
        (Command::Leave { pod, .. }, Sel::Ship(x)) => s.ship(x).pods.contains(&pod),
        _ => false,
    }
}

/// The options of the selection among `legal`.
pub fn options(s: &State, legal: &[Command], sel: Sel) -> Options {
    let mut o = Options::default();
    if sel == Sel::None {
        return o;
    }
    for c in legal {
        if !involves(s, c, sel) {
            continue;
        }
        let choice = Choice {
            cmd: *c,
            cost: cost(s, c),
            text: words::command(s, c),
        };
        match target_cell(s, c) {
            Some(cell) => match o.cells.iter_mut().find(|(x, _)| *x == cell) {
                Some((_, v)) => v.push(choice),
                None => o.cells.push((cell, vec![choice])),
            },
            None => o.other.push(choice),
        }
    }
    if let Sel::Unit(u) = sel {
        if !legal.is_empty() {
            o.moves = move_costs(s, u)
                .into_iter()
                .filter(|(c, _)| o.at(*c).is_empty())
                .collect();
        }
    }
    o
}

/// The command a click on `cell` asks for when no legal one aims there: tried so that the
/// rules can say why it is refused.
pub fn attempt(s: &State, sel: Sel, cell: Cell, orient: u8) -> Option<Command> {
    match (s.phase(), sel) {
        (Phase::Landing, _) => Some(Command::Land { dome: cell, orient }),
        (Phase::Deploy, Sel::Unit(u)) => Some(Command::Deploy {
            unit: u,
            to: Target::Cell(cell),
        }),
        (Phase::Play, Sel::Unit(u)) => {
            let from = s.unit(u).cell()?;
            if from == cell {
                return None;
            }
            if let Some(x) = s.ship_on(cell) {
                let pod = s.ship(x).pod_index(cell).is_some();
                return pod.then_some(Command::Enter { unit: u, pod: cell });
            }
            if s.ore_cells()[cell.index()] && s.map().adjacent(from, cell) {
                return Some(Command::Load {
                    carrier: u,
                    item: Item::Ore(cell),
                });
            }
            Some(if s.map().adjacent(from, cell) {
                Command::Move { unit: u, to: cell }
            } else {
                Command::Go { unit: u, to: cell }
            })
        }
        _ => None,
    }
}

/// What a click on a cell selects: one's own unit there, else one's own ship there.
pub fn select_at(s: &State, cell: Cell) -> Sel {
    if let Some(u) = s.unit_at(cell) {
        if s.controller(u) == Some(s.active()) {
            return Sel::Unit(u);
        }
    }
    if let Some(x) = s.ship_on(cell) {
        if s.ship_controller(x) == Some(s.active()) {
            return Sel::Ship(x);
        }
    }
    Sel::None
}

/// The cells of a ship that would land with its dome at `dome` (the landing preview).
pub fn footprint(s: &State, dome: Cell, orient: u8) -> Option<[Cell; 4]> {
    pods_of(s.map(), dome, orient).map(|p| [dome, p[0], p[1], p[2]])
}

/// Units of the active player inside a ship or carried: listed in the panel to select.
pub fn inside(s: &State, sel: Sel) -> Vec<UnitId> {
    s.unit_ids()
        .filter(|&u| match (s.unit(u).loc, sel) {
            (Loc::Ship(x), Sel::Ship(y)) => x == y,
            (Loc::Cargo(c), Sel::Unit(v)) => c == v,
            _ => false,
        })
        .collect()
}

/// During deployment: the first unit still inside the player's ship.
pub fn next_to_deploy(legal: &[Command]) -> Option<UnitId> {
    legal.iter().find_map(|c| match *c {
        Command::Deploy { unit, .. } => Some(unit),
        _ => None,
    })
}
