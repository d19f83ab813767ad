//! Watching a recorded game of any ruleset: a scenario, replay or save file played once into
//! every position it passes through, and a cursor over them (step by command, by turn, jump
//! to a turn), with the events of each step and a player that advances at a chosen speed.
//! Graphics-free; the client's replay screen draws what it says.
//!
//! A file is read as the scenario runner reads it (`game:` picks the ruleset, errors carry file
//! and line), but an illegal or unreadable command does not throw the game away: the replay
//! stops before it and says why, so a cut or hand-edited file still shows what it can.
use super::ruleset::{RuleViolation, Ruleset};
use super::scenario::{load, Loaded, ScenarioError};
use std::path::Path;

/// One position of the game and how it was reached.
#[derive(Clone, Debug)]
pub struct Position<R: Ruleset> {
    /// The state after this step.
    pub state: R,
    /// The command of this step in the game's notation (`None` for the setup).
    pub command: Option<String>,
    /// The seat that gave the command (for the setup: the seat to move first).
    pub seat: usize,
    /// Player turns played so far ([`crate::agent::game::Game::turn`]), counted from 1.
    pub turn: u32,
    /// What the step did, in the game's words.
    pub events: Vec<String>,
    /// The same events as the ruleset reports them (frontends animate them).
    pub raw: Vec<R::Event>,
}

/// A whole recorded game and the position being looked at.
pub struct Replay<R: Ruleset> {
    pub file: R::Scenario,
    pub labels: R::Labels,
    /// Position 0 is the setup; position `i` follows command `i`.
    positions: Vec<Position<R>>,
    /// Index into `positions` of the first position of each turn.
    turn_starts: Vec<usize>,
    at: usize,
    /// Why the replay stops before the end of its file, if it does.
    pub stopped: Option<String>,
}

impl<R: Ruleset> Replay<R> {
    /// Reads a scenario, replay or save file of ruleset `R` and plays it through. Errors of
    /// the file itself (YAML, setup) are returned; an illegal command ends the replay early
    /// ([`Replay::stopped`]).
    pub fn open(path: &Path) -> Result<Replay<R>, ScenarioError> {
        Ok(Replay::from_loaded(load::<R>(path)?))
    }

    /// Plays a loaded file through, keeping every position.
    pub fn from_loaded(l: Loaded<R>) -> Replay<R> {
        let Loaded {
            file,
            path,
            state,
            labels,
            events,
            lines,
        } = l;
        let setup_events = events.iter().map(|e| state.format_event(&labels, e));
        let mut positions = vec![Position {
            events: setup_events.collect(),
            raw: events,
            command: None,
            seat: state.current_player(),
            turn: state.turn().max(1),
            state,
        }];
        let mut stopped = None;
        for (line, text) in lines {
            // `reject RULE: command` lines test a refusal: the game goes on without them.
            if text.starts_with("reject ") {
                continue;
            }
            let state = &positions[positions.len() - 1].state;
            let cmd = match state.parse_command(&labels, &text) {
                Ok(c) => c,
                Err(e) => {
                    stopped = Some(format!("{}:{line}: `{text}`: {e}", path.display()));
                    break;
                }
            };
            if let Err(e) = state.validate(&cmd) {
                stopped = Some(format!(
                    "{}:{line}: `{text}` is illegal ({}): {}",
                    path.display(),
                    e.rule(),
                    state.describe_error(&labels, &e)
                ));
                break;
            }
            let seat = state.current_player();
            let mut next = state.clone();
            let mut evs = Vec::new();
            next.apply_into(cmd, &mut evs);
            positions.push(Position {
                events: evs.iter().map(|e| next.format_event(&labels, e)).collect(),
                raw: evs,
                command: Some(text),
                seat,
                turn: next.turn().max(1),
                state: next,
            });
        }
        let turn_starts = turn_starts(&positions);
        Replay {
            file,
            labels,
            positions,
            turn_starts,
            at: 0,
            stopped,
        }
    }

    /// Commands in the replay (positions are one more: the setup).
    pub fn len(&self) -> usize {
        self.positions.len() - 1
    }
    /// True when the replay has no command.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The position looked at: commands played so far.
    pub fn at(&self) -> usize {
        self.at
    }
    pub fn position(&self, i: usize) -> &Position<R> {
        &self.positions[i.min(self.len())]
    }
    /// The position looked at.
    pub fn current(&self) -> &Position<R> {
        &self.positions[self.at]
    }
    pub fn state(&self) -> &R {
        &self.current().state
    }
    /// Every position, the setup first.
    pub fn positions(&self) -> &[Position<R>] {
        &self.positions
    }

    /// Goes to the position after `i` commands (clamped to the replay).
    pub fn go(&mut self, i: usize) {
        self.at = i.min(self.len());
    }
    /// One command forward; false at the end.
    pub fn forward(&mut self) -> bool {
        let was = self.at;
        self.go(self.at + 1);
        self.at != was
    }
    /// One command back; false at the start.
    pub fn back(&mut self) -> bool {
        let was = self.at;
        self.go(self.at.saturating_sub(1));
        self.at != was
    }

    /// The turn of the position looked at.
    pub fn turn(&self) -> u32 {
        self.current().turn
    }
    /// The turns of the game with their first positions, in order.
    pub fn turns(&self) -> impl Iterator<Item = (u32, usize)> + '_ {
        self.turn_starts
            .iter()
            .map(|&i| (self.positions[i].turn, i))
    }
    /// The last turn of the game.
    pub fn last_turn(&self) -> u32 {
        self.positions[self.len()].turn
    }
    /// To the start of the next turn (or the end); false when already at the end.
    pub fn next_turn(&mut self) -> bool {
        let target = self
            .turn_starts
            .iter()
            .copied()
            .find(|&i| i > self.at)
            .unwrap_or(self.len());
        let moved = target != self.at;
        self.at = target;
        moved
    }
    /// To the start of this turn, or of the one before when already there; false at the
    /// start.
    pub fn prev_turn(&mut self) -> bool {
        let target = self
            .turn_starts
            .iter()
            .copied()
            .rev()
            .find(|&i| i < self.at)
            .unwrap_or(0);
        let moved = target != self.at;
        self.at = target;
        moved
    }
    /// To the start of turn `t` (the nearest turn there is when the game has no turn `t`).
    pub fn jump_to_turn(&mut self, t: u32) {
        let start = self
            .turns()
            .filter(|&(turn, _)| turn <= t)
            .last()
            .or_else(|| self.turns().next())
            .map(|(_, i)| i)
            .unwrap_or(0);
        self.at = start;
    }

    /// The log up to and including the position looked at: (position, line) pairs, each step's
    /// command first (as `seat N: command`) then its events.
    pub fn log_until(&self, end: usize) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        for (i, p) in self
            .positions
            .iter()
            .enumerate()
            .take(end.min(self.len()) + 1)
        {
            if let Some(c) = &p.command {
                out.push((i, format!("p{}: {c}", p.seat + 1)));
            }
            out.extend(p.events.iter().map(|e| (i, format!("  {e}"))));
        }
        out
    }

    /// The command file lines that reach the position looked at (a save or a new scenario
    /// from here).
    pub fn commands_until(&self, end: usize) -> Vec<String> {
        self.positions
            .iter()
            .take(end.min(self.len()) + 1)
            .filter_map(|p| p.command.clone())
            .collect()
    }
}

/// The first position of each turn: position 0, then every position whose turn differs from
/// the one before it.
fn turn_starts<R: Ruleset>(positions: &[Position<R>]) -> Vec<usize> {
    let mut out = vec![0];
    for i in 1..positions.len() {
        // The position after the command that ends a turn starts the next one.
        if positions[i].turn != positions[i - 1].turn {
            out.push(i);
        }
    }
    out
}

/// Automatic stepping at a speed, driven by the frame time (never by the clock).
#[derive(Clone, Copy, Debug)]
pub struct Player {
    pub playing: bool,
    /// Commands per second.
    pub speed: f32,
    owed: f32,
}

impl Default for Player {
    fn default() -> Self {
        Player {
            playing: false,
            speed: 2.0,
            owed: 0.0,
        }
    }
}

/// The speeds a viewer offers, in commands per second.
pub const SPEEDS: [f32; 7] = [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0];

impl Player {
    /// Advances `replay` by the commands due after `dt` seconds; stops at the end.
    pub fn tick<R: Ruleset>(&mut self, replay: &mut Replay<R>, dt: f32) -> usize {
        if !self.playing {
            self.owed = 0.0;
            return 0;
        }
        self.owed += dt.max(0.0) * self.speed.clamp(0.1, 100.0);
        let mut n = 0;
        while self.owed >= 1.0 {
            self.owed -= 1.0;
            if !replay.forward() {
                self.playing = false;
                self.owed = 0.0;
                break;
            }
            n += 1;
        }
        n
    }

    /// Starts or stops; starting at the end starts over.
    pub fn toggle<R: Ruleset>(&mut self, replay: &mut Replay<R>) {
        self.playing = !self.playing;
        if self.playing && replay.at() == replay.len() {
            replay.go(0);
        }
        self.owed = 0.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::globetrotter::State;
    use crate::kit::scenario::{prepare, run_file};

    /// A finished Globetrotter game between greedy and random, as a replay file's text.
    fn recorded(seed: u64) -> String {
        use crate::agent::AgentSpec;
        use crate::globetrotter::series::GlobeTable;
        use crate::kit::series::{play_one, Series};
        let s = Series {
            agents: vec![AgentSpec::Greedy, AgentSpec::Random],
            games: 1,
            seed,
            jobs: 1,
        };
        play_one(&GlobeTable(Default::default()), &s, 0)
            .unwrap()
            .replay_yaml()
    }

    fn write(name: &str, text: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("kit-replay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn every_position_matches_the_runner_and_the_cursor_walks_them() {
        let path = write("walk.yaml", &recorded(5));
        let mut r = Replay::<State>::open(&path).unwrap();
        assert!(r.stopped.is_none());
        let run = run_file::<State>(&path).unwrap();
        assert_eq!(r.len(), run.applied);
        r.go(usize::MAX);
        assert_eq!(r.at(), r.len());
        assert_eq!(r.state().view(&()), run.state.view(&()));
        // Every event of the run, in order, across the steps.
        let all: Vec<String> = r
            .positions()
            .iter()
            .flat_map(|p| p.events.clone())
            .collect();
        assert_eq!(all, run.event_lines());
        assert!(!r.forward());
        assert!(r.back());
        assert_eq!(r.at(), r.len() - 1);
        r.go(0);
        assert!(!r.back());
        assert_eq!(r.state().view(&()), r.position(0).state.view(&()));
    }

    #[test]
    fn turns_step_to_their_starts_and_jumps_land_on_them() {
        let path = write("turns.yaml", &recorded(9));
        let mut r = Replay::<State>::open(&path).unwrap();
        let starts: Vec<(u32, usize)> = r.turns().collect();
        assert!(starts.len() > 3, "{starts:?}");
        // Turn numbers never go down, and every start is where the turn changes.
        for w in starts.windows(2) {
            assert!(w[0].0 < w[1].0 && w[0].1 < w[1].1, "{w:?}");
            assert_ne!(r.position(w[1].1 - 1).turn, r.position(w[1].1).turn);
        }
        r.go(0);
        let mut visited = vec![0];
        while r.next_turn() {
            visited.push(r.at());
        }
        let mut want: Vec<usize> = starts.iter().map(|s| s.1).collect();
        if *want.last().unwrap() != r.len() {
            want.push(r.len());
        }
        assert_eq!(visited, want);
        // Back by turns: from the middle of a turn to its start, then to the turn before.
        let k = (0..starts.len() - 1)
            .find(|&k| starts[k + 1].1 - starts[k].1 >= 2)
            .unwrap_or_else(|| panic!("a turn of two commands: {starts:?} {}", r.len()));
        let (t, s) = starts[k];
        r.go(s + 1);
        assert_eq!(r.turn(), t);
        assert!(r.prev_turn());
        assert_eq!(r.at(), s);
        if k == 0 {
            assert!(!r.prev_turn());
        } else {
            assert!(r.prev_turn());
            assert_eq!(r.at(), starts[k - 1].1);
        }
        r.jump_to_turn(t);
        assert_eq!((r.turn(), r.at()), (t, s));
        r.jump_to_turn(10_000);
        assert_eq!(r.turn(), r.last_turn());
        r.jump_to_turn(0);
        assert_eq!(r.at(), 0);
    }

    #[test]
    fn the_log_is_aligned_with_the_position() {
        let path = write("log.yaml", &recorded(3));
        let mut r = Replay::<State>::open(&path).unwrap();
        r.go(7);
        let log = r.log_until(r.at());
        assert!(log.iter().all(|(i, _)| *i <= 7));
        let commands: Vec<_> = log.iter().filter(|(_, l)| l.starts_with('p')).collect();
        assert_eq!(commands.len(), 7);
        assert_eq!(r.commands_until(7).len(), 7);
        // The last command line names the seventh command.
        let seventh = r.position(7).command.clone().unwrap();
        assert!(commands[6].1.ends_with(&seventh));
    }

    #[test]
    fn an_illegal_command_ends_the_replay_early_with_its_line() {
        let text = recorded(4);
        let mut v: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
        let cmds = v["commands"].as_str().unwrap().to_string();
        let mut lines: Vec<&str> = cmds.lines().collect();
        lines.insert(3, "fire"); // not legal on the first turns
        v["commands"] = lines.join("\n").into();
        v["expect"] = serde_yaml::Value::Null;
        let path = write("cut.yaml", &serde_yaml::to_string(&v).unwrap());
        let r = Replay::<State>::open(&path).unwrap();
        assert_eq!(r.len(), 3);
        let why = r.stopped.clone().unwrap();
        assert!(why.contains("cut.yaml:") && why.contains("`fire`"), "{why}");
        let path = write("bad.yaml", "game: globetrotter\nseed: [\n");
        assert!(Replay::<State>::open(&path).is_err());
    }

    #[test]
    fn the_player_steps_at_its_speed_and_stops_at_the_end() {
        let path = write("play.yaml", &recorded(6));
        let text = std::fs::read_to_string(&path).unwrap();
        let file = crate::kit::scenario::parse::<State>(&path, &text).unwrap();
        let mut r = Replay::from_loaded(prepare::<State>(&path, &text, file).unwrap());
        let mut p = Player {
            speed: 4.0,
            ..Player::default()
        };
        assert_eq!(p.tick(&mut r, 1.0), 0, "paused");
        p.toggle(&mut r);
        assert_eq!(p.tick(&mut r, 0.5), 2);
        assert_eq!(p.tick(&mut r, 0.1), 0);
        assert_eq!(p.tick(&mut r, 0.15), 1);
        assert_eq!(r.at(), 3);
        while p.playing {
            p.tick(&mut r, 10.0);
        }
        assert_eq!(r.at(), r.len());
        p.toggle(&mut r);
        assert!(p.playing);
        assert_eq!(r.at(), 0, "playing at the end starts over");
    }
}
