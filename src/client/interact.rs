//! Turning clicks into commands. Everything offered comes from the engine's legal commands:
//! selecting a ship lights its legal destinations and targets, selecting a hand card lights the
//! assets it can be built at, and so on. A click on a lit target plays that command.
use super::game::Game;
use super::table::layout::{ChipAction, Hit, Layout};
use crate::ids::CardRef;
use crate::rules::Command;
use crate::state::{State, Zone};

/// What the player has picked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sel {
    Ship(CardRef),
    Hand(CardRef),
    Asset(CardRef),
    Project(CardRef),
}

/// An attack being aimed: the slider picks X within the legal range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CombatDraft {
    pub ship: CardRef,
    pub target: CardRef,
    pub x: u8,
    pub lo: u8,
    pub hi: u8,
}

/// How a lit thing should look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The selection itself.
    Selected,
    /// Clicking it plays a command (move, build…).
    Target,
    /// Clicking it starts an attack or bombardment.
    Attack,
    /// It can act now (ships with moves, playable hand cards).
    Ready,
}

#[derive(Default)]
pub struct Interaction {
    pub sel: Option<Sel>,
    pub combat: Option<CombatDraft>,
    pub hover: Option<Hit>,
    pub confirm_concede: bool,
    /// Why the last click did nothing (an illegal target), shown in the panel.
    pub notice: Option<String>,
    /// Ending the turn was asked for with assets or cards unused: the panel asks first.
    pub confirm_end: bool,
    /// Game version the selection belongs to.
    pub(super) version: u64,
    /// Marks for this frame.
    pub marks: Vec<(Hit, Mark)>,
}

/// The commands a selection can lead to, each with the thing to click.
pub fn targets(st: &State, sel: Sel, legal: &[Command]) -> Vec<(Hit, Command)> {
    let mut out = Vec::new();
    for c in legal {
        let hit = match (sel, *c) {
            (Sel::Ship(s), Command::Burn { ship, to_orbital }) if ship == s => {
                st.inst(s).host_ref().map(|a| Hit::Band {
                    asset: a,
                    orbital: to_orbital,
                })
            }
            (Sel::Ship(s), Command::Transfer { ship, to }) if ship == s => Some(Hit::Band {
                asset: to,
                orbital: st.orbital_count(to).saturating_sub(1),
            }),
            (Sel::Ship(s), Command::Combat { ship, target, .. }) if ship == s => {
                Some(Hit::Ship(target))
            }
            (Sel::Ship(s), Command::Bombard { ship, target }) if ship == s => {
                Some(match st.inst(target).zone {
                    Zone::Upgrade => Hit::Upgrade(target),
                    _ => Hit::Asset(target),
                })
            }
            (Sel::Ship(s), Command::Refit { ship, with }) if ship == s => Some(Hit::Hand(with)),
            (Sel::Hand(h), Command::Start { card, host }) if card == h => Some(match host {
                Some(a) => Hit::Asset(a),
                None => Hit::FieldSlot(st.active),
            }),
            (Sel::Hand(h), Command::Refit { ship, with }) if with == h => Some(Hit::Ship(ship)),
            (Sel::Asset(a), Command::Contribute { asset, project }) if asset == a => {
                Some(Hit::Project(project))
            }
            (Sel::Project(p), Command::Contribute { asset, project }) if project == p => {
                Some(Hit::Asset(asset))
            }
            _ => None,
        };
        if let Some(h) = hit {
            // Combat: one entry per target (the largest X); the slider picks the rest.
            if !out.iter().any(|(x, _)| *x == h) {
                out.push((h, *c));
            }
        }
    }
    out
}

/// Commands that belong to a selection but have no target to click (scuttle, research…).
pub fn own_commands(sel: Sel, legal: &[Command]) -> Vec<Command> {
    legal
        .iter()
        .filter(|c| match (sel, **c) {
            (Sel::Ship(s), Command::Scuttle { ship }) => ship == s,
            (Sel::Asset(a), Command::Research { asset } | Command::Repair { asset }) => asset == a,
            _ => false,
        })
        .copied()
        .collect()
}

/// The selection a click on `hit` makes: a thing that can act, or one of the active player's
/// own cards (whose panel then says why it cannot act now).
fn selection_for(hit: Hit, st: &State, legal: &[Command]) -> Option<Sel> {
    let sel = match hit {
        Hit::Ship(r) => Sel::Ship(r),
        Hit::Hand(r) => Sel::Hand(r),
        Hit::Asset(r) => Sel::Asset(r),
        Hit::Project(r) => Sel::Project(r),
        _ => return None,
    };
    let st_free = legal.iter().any(|c| match (sel, *c) {
        (
            Sel::Ship(s),
            Command::Burn { ship, .. }
            | Command::Transfer { ship, .. }
            | Command::Combat { ship, .. }
            | Command::Bombard { ship, .. }
            | Command::Refit { ship, .. }
            | Command::Scuttle { ship },
        ) => ship == s,
        (Sel::Hand(h), Command::Start { card, .. }) => card == h,
        (Sel::Hand(h), Command::Refit { with, .. }) => with == h,
        (
            Sel::Asset(a),
            Command::Contribute { asset, .. }
            | Command::Research { asset }
            | Command::Repair { asset },
        ) => asset == a,
        (Sel::Project(p), Command::Contribute { project, .. }) => project == p,
        _ => false,
    });
    let r = match sel {
        Sel::Ship(r) | Sel::Hand(r) | Sel::Asset(r) | Sel::Project(r) => r,
    };
    let own = st.get(r).is_some_and(|c| c.owner == st.active);
    (st_free || own).then_some(sel)
}

/// The thing a selection was made by clicking.
fn hit_of(sel: Sel) -> Hit {
    match sel {
        Sel::Ship(r) => Hit::Ship(r),
        Sel::Hand(r) => Hit::Hand(r),
        Sel::Asset(r) => Hit::Asset(r),
        Sel::Project(r) => Hit::Project(r),
    }
}

/// Whether a selection has no legal move at all now.
fn idle(game: &Game, sel: Sel) -> bool {
    targets(game.state(), sel, game.legal()).is_empty()
        && own_commands(sel, game.legal()).is_empty()
}

/// The legal X values for an attack on `target`.
pub fn combat_range(legal: &[Command], ship: CardRef, target: CardRef) -> Option<(u8, u8)> {
    let xs = legal.iter().filter_map(|c| match *c {
        Command::Combat {
            ship: s,
            target: t,
            x,
        } if s == ship && t == target => Some(x),
        _ => None,
    });
    xs.fold(None, |acc, x| match acc {
        None => Some((x, x)),
        Some((lo, hi)) => Some((lo.min(x), hi.max(x))),
    })
}

impl Interaction {
    /// Drops a selection made before the last move, and recomputes the marks.
    pub fn refresh(&mut self, game: &Game) {
        if self.version != game.session.version() || !game.human_to_act() {
            self.version = game.session.version();
            // A ship that just moved stays selected while it can still act this phase (several
            // maneuvers in a row need no new click); anything else is put down.
            let keep = self
                .sel
                .filter(|s| game.human_to_act() && matches!(s, Sel::Ship(_)) && !idle(game, *s));
            self.sel = keep;
            self.combat = None;
            self.notice = None;
            self.confirm_end = false;
        }
        self.marks.clear();
        if !game.human_to_act() {
            return;
        }
        let legal = game.legal();
        match self.sel {
            Some(sel) => {
                self.marks.push((hit_of(sel), Mark::Selected));
                for (h, c) in targets(game.state(), sel, legal) {
                    let m = match c {
                        Command::Combat { .. } | Command::Bombard { .. } => Mark::Attack,
                        _ => Mark::Target,
                    };
                    self.marks.push((h, m));
                }
            }
            None => {
                for c in legal.iter() {
                    let h = match *c {
                        Command::Burn { ship, .. }
                        | Command::Transfer { ship, .. }
                        | Command::Combat { ship, .. }
                        | Command::Bombard { ship, .. } => Hit::Ship(ship),
                        Command::Start { card, .. } => Hit::Hand(card),
                        _ => continue,
                    };
                    if !self.marks.iter().any(|(x, _)| *x == h) {
                        self.marks.push((h, Mark::Ready));
                    }
                }
            }
        }
    }

    pub fn mark(&self, h: Hit) -> Option<Mark> {
        self.marks.iter().find(|(x, _)| *x == h).map(|(_, m)| *m)
    }

    /// Handles a left click on the table.
    pub fn click(&mut self, hit: Option<Hit>, layout: &Layout, game: &mut Game) {
        if game.dice.is_some() && !game.human_to_act() {
            game.dice = None;
            return;
        }
        if !game.human_to_act() {
            return;
        }
        self.notice = None;
        let Some(hit) = hit else {
            self.sel = None;
            self.combat = None;
            return;
        };
        match hit {
            Hit::Pass => {
                self.play(game, Command::Pass);
                return;
            }
            Hit::Chip(i) => {
                match layout.chips.get(i).map(|c| c.action) {
                    Some(ChipAction::Play(c)) => self.play(game, c),
                    Some(ChipAction::Select(a)) => self.sel = Some(Sel::Asset(a)),
                    None => {}
                }
                return;
            }
            _ => {}
        }
        if let Some(sel) = self.sel {
            let found = targets(game.state(), sel, game.legal())
                .into_iter()
                .find(|(h, _)| *h == hit);
            if let Some((_, cmd)) = found {
                if let Command::Combat { ship, target, .. } = cmd {
                    if let Some((lo, hi)) = combat_range(game.legal(), ship, target) {
                        self.combat = Some(CombatDraft {
                            ship,
                            target,
                            x: hi,
                            lo,
                            hi,
                        });
                    }
                    return;
                }
                self.play(game, cmd);
                return;
            }
            // An illegal target: say why, and keep the selection.
            if let Some(why) = super::why::refused_click(game.state(), &game.names, sel, hit) {
                self.notice = Some(why);
                return;
            }
        }
        let next = selection_for(hit, game.state(), game.legal());
        self.combat = None;
        match (self.sel, next) {
            (Some(_), None) => {
                self.notice = Some(
                    "Nothing to do there with this card: click a lit target, or Esc to put it down."
                        .into(),
                );
            }
            _ => self.sel = if next == self.sel { None } else { next },
        }
    }

    /// Plays a command chosen in the UI (it must be legal). Ending the turn with build points
    /// unused (assets that could still build) asks first, unless the player said not to ask
    /// again; cards kept in hand do not ask (keeping them is a normal choice).
    pub fn play(&mut self, game: &mut Game, cmd: Command) {
        let ends_turn =
            cmd == Command::Pass && game.state().phase == crate::state::Phase::Construction;
        if ends_turn
            && !self.confirm_end
            && super::settings::get().warn_unused
            && !super::unused::Unused::of(game.state(), game.legal())
                .assets
                .is_empty()
        {
            self.confirm_end = true;
            return;
        }
        self.confirm_end = false;
        self.notice = None;
        if game.legal().contains(&cmd) {
            // The selection is kept or put down by `refresh` once the move is applied: a ship
            // that can move on stays selected.
            self.combat = None;
            game.submit(cmd);
        }
    }

    /// Ends the turn after the player confirmed it.
    pub fn confirm_pass(&mut self, game: &mut Game) {
        self.confirm_end = true;
        self.play(game, Command::Pass);
    }

    /// Escape: step back.
    pub fn cancel(&mut self) {
        self.notice = None;
        if self.confirm_end {
            self.confirm_end = false;
        } else if self.combat.is_some() {
            self.combat = None;
        } else {
            self.sel = None;
        }
    }
}
