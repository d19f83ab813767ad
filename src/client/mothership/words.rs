//! Mothership in plain words: the log lines for a command's events, the text of a command
//! (menus, the AI's announcement), unit names and the rules' refusals. Wording only; the
//! rules are the engine's.
use crate::client::words::{tell, Entry, Kinds, Names, Teller, Tone};
use crate::ids::PlayerId;
use crate::kit::Outcome;
use crate::mothership::command::{Cargo, Item, Shooter, Target};
use crate::mothership::state::Loc;
use crate::mothership::stats::Kind;
use crate::mothership::{Cell, Command, Event, RuleError, Seat, ShipId, State, UnitId};

/// A kind as players say it.
pub fn kind(k: Kind) -> &'static str {
    match k {
        Kind::Tank => "tank",
        Kind::BigTank => "big tank",
        Kind::PatrolBoat => "patrol boat",
        Kind::Crab => "crab",
        Kind::Barge => "barge",
        Kind::WeatherLayer => "weather layer",
    }
}

/// `col,row` as the rule book writes cells.
pub fn cell(s: &State, c: Cell) -> String {
    s.cell_name(c)
}

fn pid(p: Seat) -> PlayerId {
    PlayerId(p.0)
}

/// Who controls a unit's colour (its ship's controller), for "AI 2's tank".
fn owner(s: &State, u: UnitId) -> Seat {
    s.controller(u)
        .unwrap_or_else(|| s.ship(s.unit(u).colour).controller)
}

fn unit(s: &State, n: &Names, u: UnitId) -> String {
    if u.index() >= s.units().len() {
        // Built during this command (the planner builds, then moves).
        return format!("{} new unit", n.possessive(pid(s.active())));
    }
    let p = owner(s, u);
    let whose = n.possessive(pid(p));
    format!("{whose} {}", kind(s.unit(u).kind))
}

fn ship(s: &State, n: &Names, x: ShipId) -> String {
    format!("{} ship", n.possessive(pid(s.ship(x).controller)))
}

/// A name phrase for the middle of a sentence ("your tank", "AI 2's tank").
fn mid(text: String) -> String {
    match text.strip_prefix("Your ") {
        Some(rest) => format!("your {rest}"),
        None => text,
    }
}

fn line(actor: Option<Seat>, tone: Tone, text: String) -> Entry {
    Entry {
        actor: actor.map(pid),
        tone,
        public: text,
        private: None,
    }
}

/// The log lines for one command's events; `before` is the state the command started from.
pub fn describe(before: &State, events: &[Event], n: &Names) -> Vec<Entry> {
    type T<'a> = Teller<'a, State, Event>;
    let kinds: [Kinds<State, Event>; 4] = [T::turn_line, T::move_line, T::fight_line, T::ship_line];
    tell(before, n, events, &kinds)
}

/// A run of moves is told as one line; a line is the mover's unless it says otherwise.
impl Teller<'_, State, Event> {
    /// Turns, the tide, landing, and what ends a turn or the game.
    fn turn_line(&mut self, e: &Event) -> bool {
        let (s, n) = (self.s, self.names);
        let out = &mut self.out;
        let text = match *e {
            Event::TurnStarted { turn, seat, points } => {
                let tail = match turn {
                    1 => " Land your ship.".to_string(),
                    2 => " Deploy your units.".to_string(),
                    _ => format!(" {points} action points."),
                };
                out.push(line(
                    Some(seat),
                    Tone::Turn,
                    format!("Turn {turn}: {}.{tail}", n.player(pid(seat))),
                ));
                return true;
            }
            Event::TideTurned { tide } => format!("The tide is {} this turn.", tide.name()),
            Event::Landed { ship: x, dome } => {
                format!("{} lands at {}.", ship(s, n, x), cell(s, dome))
            }
            Event::OreRemoved { .. } => return true,
            Event::TurnEnded { seat, reserve } => {
                let kept = if reserve > 0 {
                    format!(", saving {reserve} points")
                } else {
                    String::new()
                };
                out.push(line(
                    Some(seat),
                    Tone::Quiet,
                    format!("{} the turn{kept}.", n.says(pid(seat), "end", "ends")),
                ));
                return true;
            }
            Event::PlayerLost { seat } => {
                out.push(line(
                    Some(seat),
                    Tone::Major,
                    format!("{} out of the game.", n.says(pid(seat), "are", "is")),
                ));
                return true;
            }
            Event::GameOver { outcome } => {
                let text = match outcome {
                    Outcome::Winner(p) => format!(
                        "Game over: {} the game.",
                        n.says(PlayerId(p as u8), "win", "wins")
                    ),
                    Outcome::Draw => "Game over: a draw.".to_string(),
                    _ => "Game over.".to_string(),
                };
                out.push(line(None, Tone::Major, text));
                return true;
            }
            _ => return false,
        };
        self.out
            .push(line(Some(self.s.active()), Tone::Normal, text));
        true
    }

    /// Units deployed, moving (a run of moves is one line), loaded and unloaded, in and out of ships, ore stored, retreats.
    fn move_line(&mut self, e: &Event) -> bool {
        let (s, n, events) = (self.s, self.names, self.events);
        let mut i = self.i;
        let text = match *e {
            Event::Deployed { unit: u, at } => {
                format!("{} is deployed at {}.", unit(s, n, u), cell(s, at))
            }
            Event::Moved { unit: u, to } => {
                // A `go` moves cell by cell: one line for the whole way.
                let mut last = to;
                let mut steps = 1;
                while let Some(Event::Moved { unit: v, to }) = events.get(i) {
                    if *v != u {
                        break;
                    }
                    last = *to;
                    steps += 1;
                    i += 1;
                }
                let cells = if steps == 1 { "" } else { "s" };
                format!(
                    "{} moves {steps} cell{cells} to {}.",
                    unit(s, n, u),
                    cell(s, last)
                )
            }
            Event::Loaded { carrier, unit: u } => match u {
                Some(u) => format!("{} loads {}.", unit(s, n, carrier), mid(unit(s, n, u))),
                None => format!("{} loads ore.", unit(s, n, carrier)),
            },
            Event::Unloaded { carrier, unit: u } => match u {
                Some(u) => format!("{} unloads {}.", unit(s, n, carrier), mid(unit(s, n, u))),
                None => format!("{} unloads ore.", unit(s, n, carrier)),
            },
            Event::OreStored { ship: x, ore } => {
                format!("{ore} ore stored in {}.", mid(ship(s, n, x)))
            }
            Event::Entered { unit: u, ship: x } => {
                format!("{} enters {}.", unit(s, n, u), mid(ship(s, n, x)))
            }
            Event::Left { unit: u, to } => {
                format!("{} leaves the ship to {}.", unit(s, n, u), cell(s, to))
            }
            Event::Retreated { unit: u, to } => {
                format!("{} retreats to {}.", unit(s, n, u), cell(s, to))
            }
            _ => return false,
        };
        self.i = i;
        self.out
            .push(line(Some(self.s.active()), Tone::Normal, text));
        true
    }

    /// Shots and what they destroy or capture.
    fn fight_line(&mut self, e: &Event) -> bool {
        let (s, n, actor) = (self.s, self.names, Some(self.s.active()));
        let out = &mut self.out;
        let text = match *e {
            Event::Fired { target } => {
                out.push(line(
                    actor,
                    Tone::Fight,
                    format!(
                        "{} at {}.",
                        n.says(pid(s.active), "fire", "fires"),
                        cell(s, target)
                    ),
                ));
                return true;
            }
            Event::Destroyed { unit: u } => {
                out.push(line(
                    actor,
                    Tone::Major,
                    format!("{} is destroyed.", unit(s, n, u)),
                ));
                return true;
            }
            Event::OreDestroyed { at } => format!("The ore at {} is destroyed.", cell(s, at)),
            Event::TurretDestroyed { ship: x, pod } => {
                out.push(line(
                    actor,
                    Tone::Major,
                    format!(
                        "A turret of {} is destroyed ({}).",
                        mid(ship(s, n, x)),
                        cell(s, pod)
                    ),
                ));
                return true;
            }
            Event::Captured { unit: u, .. } => {
                out.push(line(
                    actor,
                    Tone::Fight,
                    format!(
                        "{} {}.",
                        n.says(pid(s.active), "capture", "captures"),
                        mid(unit(s, n, u))
                    ),
                ));
                return true;
            }
            Event::ShipCaptured { ship: x, by } => {
                out.push(line(
                    Some(by),
                    Tone::Major,
                    format!(
                        "{} {}!",
                        n.says(pid(by), "capture", "captures"),
                        mid(ship(s, n, x))
                    ),
                ));
                return true;
            }
            Event::Deactivated { .. } => return true,
            _ => return false,
        };
        self.out
            .push(line(Some(self.s.active()), Tone::Normal, text));
        true
    }

    /// Building, repairs, the sealed take-off choices and taking off.
    fn ship_line(&mut self, e: &Event) -> bool {
        let (s, n) = (self.s, self.names);
        let out = &mut self.out;
        let text = match *e {
            Event::Built { kind: k, at, .. } => format!(
                "{} a {} at {}.",
                n.says(pid(s.active()), "build", "builds"),
                kind(k),
                cell(s, at)
            ),
            Event::Repaired { ship: x, pod } => {
                format!("{} turret at {} is repaired.", ship(s, n, x), cell(s, pod))
            }
            Event::Sealed { seat } => format!(
                "{} a sealed take-off choice.",
                n.says(pid(seat), "make", "makes")
            ),
            Event::Chose { seat, leave } => {
                let what = if leave == 0 {
                    "stays".to_string()
                } else {
                    format!("takes off with {} ship(s)", leave.count_ones())
                };
                out.push(line(
                    Some(seat),
                    Tone::Major,
                    format!("Choices revealed: {} {what}.", n.player(pid(seat))),
                ));
                return true;
            }
            Event::TookOff { ship: x, score } => {
                out.push(line(
                    Some(s.ship(x).controller),
                    Tone::Major,
                    format!("{} takes off, scoring {score}.", ship(s, n, x)),
                ));
                return true;
            }
            Event::Stranded { ship: x } => format!("{} is stranded on the planet.", ship(s, n, x)),
            _ => return false,
        };
        self.out
            .push(line(Some(self.s.active()), Tone::Normal, text));
        true
    }
}

/// Cells to flash for a command's events (`bad`: something was destroyed or fired at).
pub fn cells_of(after: &State, before: &State, events: &[Event]) -> Vec<(Cell, bool)> {
    let mut out = Vec::new();
    for e in events {
        match *e {
            Event::Landed { dome, .. } => out.push((dome, false)),
            Event::Deployed { at, .. }
            | Event::Moved { to: at, .. }
            | Event::Left { to: at, .. }
            | Event::Retreated { to: at, .. }
            | Event::Built { at, .. } => out.push((at, false)),
            Event::Repaired { pod, .. } => out.push((pod, false)),
            Event::Fired { target } => out.push((target, true)),
            Event::TurretDestroyed { pod, .. } => out.push((pod, true)),
            Event::Captured { unit: u, .. } => {
                if let Some(c) = after.map_cell(u).or_else(|| before.map_cell(u)) {
                    out.push((c, true));
                }
            }
            Event::ShipCaptured { ship: x, .. } => out.push((after.ship(x).dome, true)),
            _ => {}
        }
    }
    out
}

fn shooter(s: &State, sh: Shooter) -> String {
    match sh {
        Shooter::Unit(u) => format!("{} at {}", kind(s.unit(u).kind), at(s, u)),
        Shooter::Turret(c) => format!("turret {}", cell(s, c)),
    }
}

fn at(s: &State, u: UnitId) -> String {
    match s.unit(u).loc {
        Loc::Map(c) => cell(s, c),
        Loc::Cargo(_) => "(carried)".into(),
        Loc::Ship(_) => "(in the ship)".into(),
        Loc::Gone => "(gone)".into(),
    }
}

fn short(s: &State, u: UnitId) -> String {
    format!("{} {}", kind(s.unit(u).kind), at(s, u))
}

/// A command in plain words (menus and the AI's announcement).
pub fn command(s: &State, c: &Command) -> String {
    match *c {
        Command::Land { dome, orient } => {
            format!(
                "Land with the dome at {} (orientation {orient})",
                cell(s, dome)
            )
        }
        Command::Deploy { unit: u, to } => match to {
            Target::Cell(c) => format!("Deploy the {} at {}", kind(s.unit(u).kind), cell(s, c)),
            Target::Carrier(v) => format!(
                "Deploy the {} into the {}",
                kind(s.unit(u).kind),
                short(s, v)
            ),
            Target::Ship => format!("Keep the {} in the ship", kind(s.unit(u).kind)),
        },
        Command::Move { unit: u, to } | Command::Go { unit: u, to } => {
            format!("Move the {} to {}", short(s, u), cell(s, to))
        }
        Command::Load { carrier, item } => match item {
            Item::Unit(v) => format!("Load the {} into the {}", short(s, v), short(s, carrier)),
            Item::Ore(c) => format!(
                "Load the ore at {} into the {}",
                cell(s, c),
                short(s, carrier)
            ),
        },
        Command::Unload { carrier, cargo, to } => {
            let what = match cargo {
                Cargo::Unit(v) => kind(s.unit(v).kind).to_string(),
                Cargo::Ore => "ore".into(),
            };
            let dest = match to {
                Target::Cell(c) => cell(s, c),
                Target::Carrier(v) => format!("the {}", short(s, v)),
                Target::Ship => "the ship's hold".into(),
            };
            format!("Unload {what} from the {} to {dest}", short(s, carrier))
        }
        Command::Enter { unit: u, pod } => {
            format!(
                "The {} enters the ship at pod {}",
                short(s, u),
                cell(s, pod)
            )
        }
        Command::Leave { unit: u, pod, to } => format!(
            "The {} leaves through pod {} to {}",
            kind(s.unit(u).kind),
            cell(s, pod),
            cell(s, to)
        ),
        Command::Fire { a, b, target } => format!(
            "Fire at {} with the {} and the {}",
            cell(s, target),
            shooter(s, a),
            shooter(s, b)
        ),
        Command::Assault {
            unit: u,
            to,
            with,
            target,
        } => format!(
            "Assault: the {} steps to {} and fires at {} with the {}",
            short(s, u),
            cell(s, to),
            cell(s, target),
            shooter(s, with)
        ),
        Command::Capture { a, b, target } => format!(
            "Capture the {} with the {} and the {}",
            short(s, target),
            short(s, a),
            short(s, b)
        ),
        Command::Retreat { unit: u, to } => {
            format!("Retreat the {} to {}", short(s, u), cell(s, to))
        }
        Command::Build { layer, kind: k, to } => format!(
            "The {} builds a {} at {}",
            short(s, layer),
            kind(k),
            cell(s, to)
        ),
        Command::Repair { pod } => format!("Repair the turret at {}", cell(s, pod)),
        Command::TakeOff { .. } => "Take off".into(),
        Command::Seal { leave } => {
            if leave == 0 {
                "Stay on the planet (sealed)".into()
            } else {
                format!("Take off with {} ship(s) (sealed)", leave.count_ones())
            }
        }
        Command::Plan { style } => format!("Let the planner finish the turn (style {style})"),
        Command::End => "End the turn".into(),
    }
}

/// A refusal of the rules in plain words, with the ruling that forbids it.
pub fn refusal(e: &RuleError) -> String {
    let rule = e.rule();
    let text = e.to_string();
    let why = text
        .strip_prefix(&format!("{rule}: "))
        .unwrap_or(&text)
        .to_string();
    let mut why: Vec<char> = why.chars().collect();
    if let Some(c) = why.first_mut() {
        *c = c.to_ascii_uppercase();
    }
    let why: String = why.into_iter().collect();
    format!("{why} (rule {rule}).")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_ruling() {
        let e = RuleError::Points { need: 2, have: 1 };
        assert_eq!(refusal(&e), "2 points needed, 1 left (rule M6).");
        let e = crate::mothership::error::no("M25", "the cell is under opponent fire");
        assert_eq!(refusal(&e), "The cell is under opponent fire (rule M25).");
    }
}
