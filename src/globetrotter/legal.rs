//! Every legal command of the active player ([`legal_commands`]).
//!
//! Candidates are generated from the pieces of the active player and the rules' shapes (each
//! rover's neighbours and targets within range, the HQs, the spaces next to the Factory and so
//! on), then each is checked with [`validate`], so the list can never disagree with the rules.
//! Order: `pass` first, then `spend`, `save`, then the actions; setup lists only `place`.
use super::command::{Command, Exit};
use super::facing;
use super::state::{sides, Loc, Phase, PieceKind, Side, State, Structure};
use super::validate;
use crate::globe::{Board, Distances, FaceId, MAX_RANGE};

/// Every legal command of the active player.
pub fn legal_commands(s: &State) -> Vec<Command> {
    let mut out = Vec::with_capacity(64);
    legal_commands_into(s, &mut out);
    out
}

/// [`legal_commands`] into a reused buffer (cleared first).
pub fn legal_commands_into(s: &State, out: &mut Vec<Command>) {
    out.clear();
    if s.outcome != super::Outcome::Ongoing {
        return;
    }
    let mut push = |c: Command| {
        if validate(s, &c).is_ok() {
            out.push(c);
        }
    };
    if s.phase == Phase::Setup {
        for p in s.planet_ids() {
            for &f in Board::get().hqs() {
                for facing in facings(s, f) {
                    push(Command::Place {
                        at: Loc::new(p, f),
                        facing,
                    });
                }
            }
        }
        return;
    }
    push(Command::Pass);
    push(Command::Spend);
    push(Command::Save);
    let me = s.active;
    let rovers: Vec<(Loc, super::Rover)> = s.rovers_of(me).collect();
    for &(from, rover) in &rovers {
        rover_commands(s, from, rover, &mut push);
    }
    for p in s.planet_ids().filter(|p| !s.planet(*p).destroyed) {
        for &hq in Board::get().hqs() {
            let at = Loc::new(p, hq);
            let exits: Vec<Option<Exit>> = if s.space(at).rover.is_some() {
                Board::get()
                    .neighbours(hq)
                    .iter()
                    .flat_map(|&to| sides_opt(s).map(move |side| Some(Exit { to, side })))
                    .collect()
            } else {
                vec![None]
            };
            for kind in Structure::ALL {
                for &exit in &exits {
                    push(Command::Build { at, kind, exit });
                }
            }
        }
    }
    if let Some(f) = s.structure_of(me, Structure::Factory) {
        for &n in Board::get().neighbours(f.face) {
            for facing in facings(s, n) {
                push(Command::Produce {
                    at: f.with(n),
                    facing,
                });
            }
        }
    }
    if let Some(c) = s.structure_of(me, Structure::DrillCannon) {
        push(Command::Ready);
        push(Command::Fire);
        if s.player(me).drill != super::Drill::Idle {
            for &f in Board::get().spaces() {
                push(Command::Aim { at: c.with(f) });
            }
        }
    }
    for (i, r) in s.orbit.iter().enumerate() {
        if r.owner != me {
            continue;
        }
        for p in s.planet_ids().filter(|p| !s.planet(*p).destroyed) {
            for &f in Board::get().spaces() {
                for facing in facings(s, f) {
                    push(Command::Descend {
                        rover: i as u8,
                        at: Loc::new(p, f),
                        facing,
                    });
                }
            }
        }
    }
    for p in s.planet_ids() {
        for &hq in Board::get().hqs() {
            push(Command::Destroy {
                at: Loc::new(p, hq),
            });
        }
    }
}

/// Move, turn, fortify, shoot and heal for one rover.
fn rover_commands(s: &State, from: Loc, rover: super::Rover, push: &mut impl FnMut(Command)) {
    let board = Board::get();
    let targets: Vec<FaceId> = if s.config.facing {
        facing::faced(from.face, rover.facing)
            .filter(|&f| board.is_playable(f))
            .into_iter()
            .collect()
    } else {
        board.neighbours(from.face).to_vec()
    };
    for to in targets {
        push(Command::Move {
            from,
            to,
            side: None,
        });
        if s.config.facing {
            for side in [Side::Left, Side::Right] {
                push(Command::Move {
                    from,
                    to,
                    side: Some(side),
                });
            }
        }
    }
    if s.config.facing {
        for side in [Side::Left, Side::Right] {
            push(Command::Turn { at: from, side });
        }
    }
    for &to in board.neighbours(from.face) {
        push(Command::Fortify { from, to });
    }
    for (to, _) in Distances::get().within(from.face, MAX_RANGE) {
        for target in [PieceKind::Rover, PieceKind::Fort, PieceKind::Building] {
            push(Command::Shoot { from, to, target });
        }
    }
    push(Command::Heal { at: from });
}

/// The facing arguments for a new rover on `f`: `None` without the variant, every edge with it.
fn facings(s: &State, f: FaceId) -> impl Iterator<Item = Option<u8>> {
    let (lo, hi, var) = if s.config.facing {
        (0, sides(f), true)
    } else {
        (0, 1, false)
    };
    (lo..hi).map(move |e| var.then_some(e))
}

/// The side arguments of a move: `None` without the variant, left and right with it.
fn sides_opt(s: &State) -> impl Iterator<Item = Option<Side>> + Clone {
    let v: &'static [Option<Side>] = if s.config.facing {
        &[Some(Side::Left), Some(Side::Right)]
    } else {
        &[None]
    };
    v.iter().copied()
}
