//! The seed's controls (R16) as a small state machine, the same for keys, mouse clicks and
//! scripted key sequences: W/A/S/D drive (into an entity: ram; a factory, with 5 data: access);
//! 1–3 select a module slot (again: deselect), then W/A/S/D aim and Enter uses it; a selected
//! local module fires by driving toward an entity; L toggles whether keys act on hostiles only
//! or on every entity; Space waits. The client decides no rule: it proposes commands, and only
//! legal ones are played.
use crate::client::error::ClientError;
use crate::rover::geom::{Dir, Pos};
use crate::rover::ids::Slot;
use crate::rover::module::Class;
use crate::rover::notation::key_command;
use crate::rover::targeting::rover_targets;
use crate::rover::{validate, Command, State};

/// A control, from the keyboard, the mouse, the panel or a script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Dir(Dir),
    Slot(u8),
    Enter,
    Targeting,
    Wait,
    Undo,
    Help,
    Cancel,
    Faster,
    Slower,
    /// Install the newest bay module into the first empty slot (the panel's buttons choose).
    Install,
    /// Remove the selected slot's module into the bay.
    Remove,
    /// Refit to the chassis underfoot.
    Refit,
}

impl Key {
    /// Reads a script word: `w a s d 1 2 3 enter l space undo help esc + -`.
    pub fn parse(word: &str) -> Result<Key, ClientError> {
        Ok(match word.to_ascii_lowercase().as_str() {
            "w" => Key::Dir(Dir::N),
            "a" => Key::Dir(Dir::W),
            "s" => Key::Dir(Dir::S),
            "d" => Key::Dir(Dir::E),
            "1" => Key::Slot(0),
            "2" => Key::Slot(1),
            "3" => Key::Slot(2),
            "enter" | "return" => Key::Enter,
            "l" => Key::Targeting,
            "space" | "wait" => Key::Wait,
            "undo" | "ctrl+z" => Key::Undo,
            "h" | "?" | "help" => Key::Help,
            "esc" | "escape" => Key::Cancel,
            "+" => Key::Faster,
            "-" => Key::Slower,
            "i" | "install" => Key::Install,
            "r" | "remove" => Key::Remove,
            "f" | "refit" => Key::Refit,
            w => return Err(ClientError::UnknownControl(w.to_string())),
        })
    }

    /// A whole script, words separated by spaces or commas; `#` starts a comment line.
    pub fn parse_script(text: &str) -> Result<Vec<Key>, ClientError> {
        text.lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .flat_map(|l| l.split(|c: char| c.is_whitespace() || c == ','))
            .filter(|w| !w.is_empty())
            .map(Key::parse)
            .collect()
    }
}

/// What a control asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reaction {
    Play(Command),
    /// Nothing is played; this is why (shown to the player).
    Note(String),
    Undo,
    Help,
    Faster,
    Slower,
    /// The selection or the aim changed.
    Changed,
}

/// The player's selection: slot, aim, targeting filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Controls {
    pub slot: Option<Slot>,
    /// Where the rover faces: its last move or aim.
    pub aim: Dir,
    /// Keys act on every entity (L), not only hostiles.
    pub all: bool,
}

impl Default for Controls {
    fn default() -> Self {
        Controls {
            slot: None,
            aim: Dir::N,
            all: false,
        }
    }
}

/// The selected slot's module class, range and name.
pub fn module_of(s: &State, slot: Slot) -> Option<(Class, u8, String)> {
    let m = s.rover().slot(slot)?;
    let d = s.db().module(m.module);
    Some((d.class, d.range, d.name.clone()))
}

/// Why a command would not act, for the player: the rule's own words.
fn why(s: &State, c: &Command) -> Option<String> {
    validate(s, c).err().map(|e| format!("Not possible: {e}"))
}

impl Controls {
    /// Drops a selection that no longer holds (an emptied slot after a disintegration or a
    /// refit).
    pub fn refresh(&mut self, s: &State) {
        if let Some(k) = self.slot {
            if s.rover().slot(k).is_none() || k.0 >= s.rover_chassis().slots {
                self.slot = None;
            }
        }
    }

    /// The filter of L: with "hostiles only", an attack whose targets hold no hostile is not
    /// made (it would hit a rock, an archive or a factory).
    fn filtered(&self, s: &State, targets: &[crate::rover::ids::EntityId]) -> Option<String> {
        if self.all || targets.is_empty() {
            return None;
        }
        if targets
            .iter()
            .any(|&id| s.db().kind(s.entity(id).kind).hostile)
        {
            return None;
        }
        let name = super::rv_words::entity_name(s, targets[0]);
        Some(format!(
            "{name} is not hostile: targeting is on hostiles only (press L to act on every entity)"
        ))
    }

    fn play(&self, s: &State, c: Command) -> Reaction {
        match why(s, &c) {
            Some(n) => Reaction::Note(n),
            None => Reaction::Play(c),
        }
    }

    /// Drives (or rams, or accesses) toward `d`, as W/A/S/D with no slot selected.
    fn drive(&mut self, s: &State, d: Dir) -> Reaction {
        self.aim = d;
        let c = key_command(s, d);
        if let Command::Ram(_) = c {
            let t = rover_targets(s, Class::Local, 1, Some(d));
            if let Some(n) = self.filtered(s, &t) {
                return Reaction::Note(n);
            }
        }
        self.play(s, c)
    }

    /// Uses the selected module toward the aim (Enter).
    fn activate(&mut self, s: &State) -> Reaction {
        let Some(k) = self.slot else {
            return Reaction::Note("Select a module first: keys 1, 2, 3".into());
        };
        let Some((class, range, _)) = module_of(s, k) else {
            return Reaction::Note(format!("Slot {k} is empty"));
        };
        let dir = class.aimed().then_some(self.aim);
        let t = rover_targets(s, class, range, dir);
        if let Some(n) = self.filtered(s, &t) {
            return Reaction::Note(n);
        }
        self.play(s, Command::Use(k, dir))
    }

    /// One control.
    pub fn press(&mut self, s: &State, key: Key) -> Reaction {
        self.refresh(s);
        match key {
            Key::Dir(d) => match self.slot.and_then(|k| module_of(s, k).map(|m| (k, m))) {
                None => self.drive(s, d),
                Some((k, (class, _, _))) => match class {
                    // A local module fires by driving toward an entity (R16).
                    Class::Local => {
                        let t = rover_targets(s, class, 1, Some(d));
                        if t.is_empty() {
                            return self.drive(s, d);
                        }
                        self.aim = d;
                        if let Some(n) = self.filtered(s, &t) {
                            return Reaction::Note(n);
                        }
                        self.play(s, Command::Use(k, Some(d)))
                    }
                    Class::Ranged | Class::Piercing | Class::Transport => {
                        self.aim = d;
                        Reaction::Changed
                    }
                    // Modules without a direction leave the keys to drive.
                    Class::Internal | Class::Burst => self.drive(s, d),
                },
            },
            Key::Slot(n) => {
                let k = Slot(n);
                if self.slot == Some(k) {
                    self.slot = None;
                    return Reaction::Changed;
                }
                if n >= s.rover_chassis().slots {
                    return Reaction::Note(format!(
                        "The {} chassis has no slot {k}",
                        s.rover_chassis().name
                    ));
                }
                if s.rover().slot(k).is_none() {
                    return Reaction::Note(format!(
                        "Slot {k} is empty: install a module from the bay"
                    ));
                }
                self.slot = Some(k);
                Reaction::Changed
            }
            Key::Enter => self.activate(s),
            Key::Targeting => {
                self.all = !self.all;
                Reaction::Changed
            }
            Key::Wait => self.play(s, Command::Wait),
            Key::Undo => Reaction::Undo,
            Key::Help => Reaction::Help,
            Key::Cancel => {
                self.slot = None;
                Reaction::Changed
            }
            Key::Faster => Reaction::Faster,
            Key::Slower => Reaction::Slower,
            Key::Install => {
                let n = s.rover().bay_len();
                if n == 0 {
                    return Reaction::Note("The bay is empty: caches (K) fill it".into());
                }
                let free = (0..s.rover_chassis().slots)
                    .map(Slot)
                    .find(|&k| s.rover().slot(k).is_none());
                let Some(slot) = free else {
                    return Reaction::Note(
                        "Every slot is full: select one (1–3) and press R to move its module to the bay".into(),
                    );
                };
                self.play(
                    s,
                    Command::Install {
                        bay: (n - 1) as u8,
                        slot,
                    },
                )
            }
            Key::Remove => match self.slot {
                Some(k) => {
                    let r = self.play(s, Command::Remove(k));
                    if matches!(r, Reaction::Play(_)) {
                        self.slot = None;
                    }
                    r
                }
                None => Reaction::Note("Select the slot to empty first (1–3), then R".into()),
            },
            Key::Refit => self.play(s, Command::Refit),
        }
    }

    /// A click on a cell of the grid, as the keys it stands for: a neighbour drives (or, with
    /// an aimed module, aims; a second click on the aimed line uses it); a cell further in a
    /// straight line aims; the rover's own cell uses a module that takes no direction.
    pub fn click(&mut self, s: &State, at: Pos) -> Reaction {
        self.refresh(s);
        let from = s.rover().at;
        let line = if at.x == from.x && at.y != from.y {
            Some(if at.y < from.y { Dir::N } else { Dir::S })
        } else if at.y == from.y && at.x != from.x {
            Some(if at.x < from.x { Dir::W } else { Dir::E })
        } else {
            None
        };
        let module = self.slot.and_then(|k| module_of(s, k));
        match (module, line) {
            (Some((c, _, _)), None) if at == from && !c.aimed() => self.activate(s),
            (Some((Class::Ranged | Class::Piercing | Class::Transport, _, _)), Some(d)) => {
                if self.aim == d {
                    self.activate(s)
                } else {
                    self.press(s, Key::Dir(d))
                }
            }
            (_, Some(d)) if at.manhattan(from) == 1 => self.press(s, Key::Dir(d)),
            (None, _) if at != from => {
                // Far away: one step along the larger gap (the other axis if that is blocked).
                let dx = at.x as i32 - from.x as i32;
                let dy = at.y as i32 - from.y as i32;
                let h = if dx > 0 { Dir::E } else { Dir::W };
                let v = if dy > 0 { Dir::S } else { Dir::N };
                let order = if dx.abs() >= dy.abs() { [h, v] } else { [v, h] };
                let gaps = [dx != 0, dy != 0];
                let first = order
                    .into_iter()
                    .filter(|d| gaps[usize::from(matches!(d, Dir::N | Dir::S))])
                    .find(|&d| validate(s, &Command::Move(d)).is_ok())
                    .unwrap_or(order[0]);
                self.press(s, Key::Dir(first))
            }
            _ => Reaction::Changed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rover::scenario::{RoverSetup, Scenario};
    use std::path::Path;

    fn state(rows: &str) -> State {
        let mut f = Scenario::fresh(crate::rover::series::RoverTable::Default, 1);
        f.level = None;
        f.rows = Some(rows.into());
        f.rover = Some(RoverSetup {
            slots: Some(vec![
                Some("magnetic_piston".into()),
                Some("gas_laser".into()),
                Some("repair_kit".into()),
            ]),
            ..Default::default()
        });
        f.to_state(Path::new(".")).unwrap()
    }

    #[test]
    fn keys_drive_select_aim_and_fire() {
        // Rover on the pod at 0,0; a PropRove two cells east; a rock south.
        let s = state("P.m.\n#...\n");
        let mut c = Controls::default();
        assert_eq!(
            c.press(&s, Key::Dir(Dir::E)),
            Reaction::Play(Command::Move(Dir::E))
        );
        assert_eq!(c.aim, Dir::E);
        // A rock is no hostile: with hostiles-only targeting the ram is not made.
        assert!(matches!(c.press(&s, Key::Dir(Dir::S)), Reaction::Note(_)));
        assert_eq!(c.press(&s, Key::Targeting), Reaction::Changed);
        assert_eq!(
            c.press(&s, Key::Dir(Dir::S)),
            Reaction::Play(Command::Ram(Dir::S))
        );
        // 2 selects the Gas Laser; D aims; Enter fires east.
        assert_eq!(c.press(&s, Key::Slot(1)), Reaction::Changed);
        assert_eq!(c.press(&s, Key::Dir(Dir::E)), Reaction::Changed);
        assert_eq!(
            c.press(&s, Key::Enter),
            Reaction::Play(Command::Use(Slot(1), Some(Dir::E)))
        );
        // 2 again deselects; Enter then asks for a slot.
        c.press(&s, Key::Slot(1));
        assert_eq!(c.slot, None);
        assert!(matches!(c.press(&s, Key::Enter), Reaction::Note(_)));
        // The repair kit takes no direction: Enter uses it.
        c.press(&s, Key::Slot(2));
        assert_eq!(
            c.press(&s, Key::Enter),
            Reaction::Play(Command::Use(Slot(2), None))
        );
        assert_eq!(c.press(&s, Key::Wait), Reaction::Play(Command::Wait));
        // R empties the selected slot into the bay; I installs the newest bay module.
        assert_eq!(
            c.press(&s, Key::Remove),
            Reaction::Play(Command::Remove(Slot(2)))
        );
        assert_eq!(c.slot, None);
        assert!(
            matches!(c.press(&s, Key::Install), Reaction::Note(_)),
            "all slots full"
        );
        assert!(
            matches!(c.press(&s, Key::Refit), Reaction::Note(_)),
            "no chassis here"
        );
    }

    #[test]
    fn a_local_module_fires_by_driving_toward_an_entity() {
        let s = state("Pm..\n....\n");
        let mut c = Controls::default();
        c.press(&s, Key::Slot(0));
        assert_eq!(
            c.press(&s, Key::Dir(Dir::E)),
            Reaction::Play(Command::Use(Slot(0), Some(Dir::E)))
        );
        // No entity south: the rover drives.
        assert_eq!(
            c.press(&s, Key::Dir(Dir::S)),
            Reaction::Play(Command::Move(Dir::S))
        );
    }

    #[test]
    fn clicks_stand_for_keys() {
        let s = state("P.m.\n....\n");
        let mut c = Controls::default();
        assert_eq!(
            c.click(&s, Pos::new(0, 1)),
            Reaction::Play(Command::Move(Dir::S))
        );
        // Far cell: a step along the larger gap.
        assert_eq!(
            c.click(&s, Pos::new(3, 1)),
            Reaction::Play(Command::Move(Dir::E))
        );
        // With the laser: the first click aims, the second fires.
        c.press(&s, Key::Slot(1));
        c.aim = Dir::N;
        assert_eq!(c.click(&s, Pos::new(2, 0)), Reaction::Changed);
        assert_eq!(
            c.click(&s, Pos::new(1, 0)),
            Reaction::Play(Command::Use(Slot(1), Some(Dir::E)))
        );
    }

    #[test]
    fn scripts_parse() {
        assert_eq!(
            Key::parse_script("d, 2 enter space").unwrap(),
            vec![Key::Dir(Dir::E), Key::Slot(1), Key::Enter, Key::Wait]
        );
        assert!(Key::parse_script("d x").is_err());
        assert_eq!(
            Key::parse_script("i r f").unwrap(),
            vec![Key::Install, Key::Remove, Key::Refit]
        );
    }
}
