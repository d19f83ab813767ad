//! Read-only questions a frontend asks about a position, answered by the rules themselves: the
//! cells a unit reaches by moves this turn with their cost, what a legal command costs, and
//! the next tide card when the player may see it (M3). Nothing here changes a state.
use super::command::Command;
use super::game_impl::forecasts;
use super::ids::{Cell, Seat, UnitId};
use super::movement::path;
use super::state::{Phase, State};
use super::tide::Tide;

/// Cells `u` reaches this turn by legal moves (the `go` command), with the points each costs.
/// Empty outside the play phase or when the unit cannot move.
pub fn move_costs(s: &State, u: UnitId) -> Vec<(Cell, u16)> {
    let mut out = Vec::new();
    let Some(from) = s.unit(u).cell() else {
        return out;
    };
    if s.phase != Phase::Play || s.controller(u) != Some(s.active) {
        return out;
    }
    let have = s.player(s.active).points;
    let z = super::zones::cached(s);
    if have == 0 || super::check::operational(s, &z, u).is_err() {
        return out;
    }
    for c in s.map.ball(from, have) {
        if c == from {
            continue;
        }
        if let Some(p) = path(s, &z, u, c, have) {
            out.push((c, p.len() as u16));
        }
    }
    out
}

/// The action points a legal command spends (what the rules charge when it is applied); `None`
/// when it is illegal or ends the turn.
pub fn cost(s: &State, cmd: &Command) -> Option<u16> {
    if matches!(cmd, Command::End | Command::Plan { .. }) || super::validate(s, cmd).is_err() {
        return None;
    }
    let before = s.player(s.active);
    let (points, reserve, who) = (before.points, before.reserve, s.active);
    let mut after = s.clone();
    super::apply_into(&mut after, *cmd, &mut Vec::new());
    let p = after.player(who);
    Some((points + reserve).saturating_sub(p.points + p.reserve))
}

/// The next tide card if player `p` may look at it now (an operational weather layer, M3).
pub fn forecast_for(s: &State, p: Seat) -> Option<Tide> {
    (s.turn >= 2 && forecasts(s, p))
        .then(|| s.deck.next())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mothership::scenario::{state_of, Scenario};

    fn deployed() -> State {
        let mut s = state_of(&Scenario::fresh(2, 3)).expect("fresh game");
        let mut agents: Vec<_> = (0..2)
            .map(|i| <State as crate::kit::Ruleset>::agent(&crate::agent::AgentSpec::Greedy, 7 + i))
            .collect();
        while s.phase != Phase::Play {
            let p = s.active.index();
            let c = agents[p].choose(&s);
            super::super::play(&mut s, c).expect("legal");
        }
        s
    }

    #[test]
    fn move_costs_agree_with_go_and_cost() {
        let s = deployed();
        let mut checked = 0;
        for u in s.unit_ids() {
            for (c, n) in move_costs(&s, u) {
                let go = Command::Go { unit: u, to: c };
                assert!(super::super::validate(&s, &go).is_ok());
                assert_eq!(cost(&s, &go), Some(n), "go {u} to {c:?}");
                checked += 1;
            }
        }
        assert!(checked > 0, "some unit moves at the start of play");
    }

    #[test]
    fn illegal_commands_have_no_cost() {
        let s = deployed();
        assert_eq!(cost(&s, &Command::End), None);
        assert_eq!(
            cost(
                &s,
                &Command::Move {
                    unit: UnitId(0),
                    to: Cell(0)
                }
            ),
            None
        );
    }
}
