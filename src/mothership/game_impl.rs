//! Mothership for the kit and the agents: the [`Ruleset`] impl (scenario files, validation,
//! notation, the printed position, invariants) and the agents' [`Game`].
//!
//! * **Agents' moves.** Agents choose among the planner's styles (`plan N`, see
//!   [`super::planner`]) during play and deployment, among a few of the best landing sites,
//!   between the sealed take-off choices (M21) and, at turn 25, whether to take off first.
//!   The full command list is [`Ruleset::legal_commands_into`].
//! * **Hidden information (M23).** The unseen tide cards (the pile and the six aside; the
//!   next card stays when the viewer's weather layer forecasts it, M3) are reshuffled, other
//!   players' sealed turn-21 choices are replaced by random affordable ones, and the generator
//!   is reseeded. Nothing else is hidden: ship loads are public (§9).
use super::command::Command;
use super::ids::Seat;
use super::scenario::{state_of, Position, Scenario};
use super::state::{Phase, State};
use super::stats::Kind;
use super::takeoff::{choice_budget, cost, own_ships};
use super::zones::neutralized;
use super::{legal_commands_into, validate};
use crate::agent::game::Game;
use crate::core::ruleset::InvariantBroken;
use crate::core::{Outcome, Ruleset};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The agents' knowledge of Mothership (evaluation in [`super::eval`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct MothershipHeuristic;

/// Landing sites offered to agents.
pub const LANDING_CHOICES: usize = 6;

impl Ruleset for State {
    const NAME: &'static str = "mothership";
    type Scenario = Scenario;
    type Heuristic = MothershipHeuristic;
    crate::ruleset_from_module!(mothership, |file, source, events| state_of(file)
        .map_err(|p| p.into_iter().map(|e| with_line(source.text, e)).collect()));
    fn outcome(&self) -> Outcome {
        self.outcome
    }
    fn view(&self, _labels: &()) -> serde_yaml::Value {
        serde_yaml::to_value(Position::of(self)).unwrap_or(serde_yaml::Value::Null)
    }
    fn check_invariants(&self) -> Result<(), InvariantBroken> {
        self.check()
    }
}

/// Prefixes a setup problem with the line of the field it names (`position.units[3]` is the
/// fourth item under `units:`; otherwise the first line holding the field's last key).
pub fn with_line(text: &str, problem: String) -> String {
    let field = problem.split(':').next().unwrap_or("");
    let line = item_line(text, field).unwrap_or_else(|| {
        let key = field
            .rsplit('.')
            .next()
            .unwrap_or(field)
            .split(['[', ' '])
            .next()
            .unwrap_or("");
        super::map::line_of_key(text, key)
    });
    format!("line {line}: {problem}")
}

/// The line of `position.units[i]` / `position.ships[i]`.
fn item_line(text: &str, field: &str) -> Option<usize> {
    for list in ["units", "ships"] {
        let Some(rest) = field.strip_prefix(&format!("position.{list}[")) else {
            continue;
        };
        let i: usize = rest.split(']').next()?.parse().ok()?;
        let start = super::map::line_of_key(text, list);
        return text
            .lines()
            .enumerate()
            .skip(start)
            .filter(|(_, l)| l.trim_start().starts_with("- "))
            .nth(i)
            .map(|(n, _)| n + 1);
    }
    None
}

/// Ore within reach of a landing site, beyond the cleared circle and not nearer to a ship
/// already landed (doubled, so that shared ore still counts one).
fn site_value(s: &State, c: super::ids::Cell) -> i32 {
    let ore = (2.0 * super::eval::ore_share(s, c, super::setup::HOME_RADIUS, None)) as i32;
    let centre = s
        .map
        .cell(i64::from(s.map.width / 2), i64::from(s.map.height / 2))
        .unwrap_or(c);
    ore * 2 - s.map.distance(c, centre) as i32
}

/// The moves agents choose among.
pub fn agent_moves(s: &State, out: &mut Vec<Command>) {
    out.clear();
    if s.outcome.is_over() {
        return;
    }
    match s.phase {
        Phase::Landing => {
            let mut all = Vec::new();
            legal_commands_into(s, &mut all);
            let mut scored: Vec<(i32, Command)> = all
                .into_iter()
                .map(|c| match c {
                    Command::Land { dome, .. } => (site_value(s, dome), c),
                    _ => (i32::MIN, c),
                })
                .collect();
            scored.sort_by_key(|&(v, c)| (std::cmp::Reverse(v), format!("{c:?}")));
            let mut seen = Vec::new();
            for (_, c) in scored {
                if let Command::Land { dome, .. } = c {
                    if seen.iter().any(|&d| s.map.distance(d, dome) < 3) {
                        continue;
                    }
                    seen.push(dome);
                    out.push(c);
                    if out.len() == LANDING_CHOICES {
                        break;
                    }
                }
            }
        }
        Phase::Deploy => out.push(Command::Plan { style: 1 }),
        Phase::Choose => {
            let mine = own_ships(s, s.active);
            for leave in 0..=mine {
                let c = Command::Seal { leave };
                if leave & !mine == 0 && validate(s, &c).is_ok() {
                    out.push(c);
                }
            }
        }
        Phase::Play => {
            for style in 0..super::planner::STYLES {
                out.push(Command::Plan { style });
            }
            if s.turn == super::state::LAST_TURN {
                for x in s.ship_ids() {
                    let c = Command::TakeOff { ship: x };
                    if validate(s, &c).is_ok() {
                        out.push(c);
                    }
                }
            }
        }
        Phase::Over => {}
    }
}

impl Game for State {
    type Move = Command;
    type Hidden = ();

    fn num_players(&self) -> usize {
        self.players.len()
    }
    fn current_player(&self) -> usize {
        self.active.index()
    }
    crate::game_rules_from_ruleset!();
    fn legal_moves(&self, out: &mut Vec<Command>) {
        agent_moves(self, out);
    }
    /// Moves are deterministic; the tide deck is determinized instead.
    fn is_random(&self, _m: &Command) -> bool {
        false
    }
    fn is_pass(&self, m: &Command) -> bool {
        matches!(m, Command::End | Command::Plan { style: 0 })
    }
    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
    fn determinize(&self, viewer: usize, rng: &mut ChaCha8Rng) -> State {
        let mut g = self.clone();
        let v = Seat(viewer as u8);
        g.deck.resample(forecasts(self, v), rng);
        for p in g.seats().collect::<Vec<_>>() {
            if p == v || g.player(p).sealed.is_none() {
                continue;
            }
            let mine = own_ships(&g, p);
            let budget = choice_budget(&g, p);
            let options: Vec<u8> = (0..=mine)
                .filter(|&l| l & !mine == 0)
                .filter(|&l| {
                    g.ship_ids()
                        .filter(|x| l & (1 << x.0) != 0)
                        .map(|x| cost(&g, x))
                        .sum::<u16>()
                        <= budget
                })
                .collect();
            g.player_mut(p).sealed = options.choose(rng).copied().or(Some(0));
        }
        g.reseed(rng.gen());
        g
    }
    fn turn(&self) -> u32 {
        self.turns_played
    }
}

/// Does `p` see the next tide card: an operational weather layer (on the map, in its element,
/// not under opponent fire, M3)?
pub fn forecasts(s: &State, p: Seat) -> bool {
    let z = super::zones::cached(s);
    s.unit_ids().any(|u| {
        s.unit(u).kind == Kind::WeatherLayer
            && s.controller(u) == Some(p)
            && s.in_element(u)
            && !neutralized(s, &z, u)
    })
}
