//! The moves the agents consider ([`agent_moves`]): every legal command (see
//! [`super::legal_commands_into`]) less those that cannot help, so a search spends its
//! iterations on real choices. People always get the full list.
//!
//! * **Aim** only at a space holding an enemy piece: the Drill Cannon's fire hits only what
//!   stands on the aimed space (G8), so aiming at anything else only wastes the action.
//! * **Descend** only onto spaces within [`DESCENT_REACH`] of an enemy rover or building on
//!   that planet (a landing near the fight); when no such space exists, onto every legal space.
use super::command::Command;
use super::legal_commands_into;
use super::state::{Loc, State};
use crate::globe::Distances;

/// Landings farther than this from every enemy target are left out (when closer ones exist).
const DESCENT_REACH: u8 = 4;

/// The agents' moves in `s`: the legal commands less useless aims and far landings.
pub fn agent_moves(s: &State, out: &mut Vec<Command>) {
    legal_commands_into(s, out);
    let me = s.active;
    let enemy_at = |at: Loc| {
        let t = s.space(at);
        t.rover.is_some_and(|r| r.owner != me)
            || t.building.is_some_and(|b| b.owner != me)
            || t.fort.is_some_and(|o| o != me)
    };
    out.retain(|c| match *c {
        Command::Aim { at } => enemy_at(at),
        _ => true,
    });
    if !out.iter().any(|c| matches!(c, Command::Descend { .. })) {
        return;
    }
    let d = Distances::get();
    let near = |at: Loc| {
        s.occupied().any(|(l, t)| {
            l.planet == at.planet
                && (t.rover.is_some_and(|r| r.owner != me)
                    || t.building.is_some_and(|b| b.owner != me))
                && d.distance(at.face, l.face)
                    .is_some_and(|x| x <= DESCENT_REACH)
        })
    };
    let close: Vec<bool> = out
        .iter()
        .map(|c| match *c {
            Command::Descend { at, .. } => near(at),
            _ => true,
        })
        .collect();
    let any_close = out
        .iter()
        .zip(&close)
        .any(|(c, &k)| k && matches!(c, Command::Descend { .. }));
    if any_close {
        let mut i = 0;
        out.retain(|_| {
            let keep = close[i];
            i += 1;
            keep
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::globetrotter::scenario::ScenarioFile;
    use crate::globetrotter::state::Config;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn agent_moves_are_legal_and_never_empty() {
        for seed in 0..6u64 {
            let cfg = Config {
                players: 2,
                planets: 2,
                facing: false,
                turn_limit: 400,
            };
            let mut s = ScenarioFile::fresh(cfg, seed)
                .to_state(&mut Vec::new())
                .unwrap();
            let mut moves = Vec::new();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..300 {
                if s.outcome != super::super::Outcome::Ongoing {
                    break;
                }
                agent_moves(&s, &mut moves);
                assert!(!moves.is_empty());
                for m in &moves {
                    assert!(super::super::validate(&s, m).is_ok(), "{m:?}");
                    if let Command::Aim { at } = *m {
                        assert!(!s.space(at).is_empty());
                    }
                }
                let m = moves[rng.gen_range(0..moves.len())];
                super::super::apply_into(&mut s, m, &mut ());
            }
        }
    }
}
