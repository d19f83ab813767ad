//! One game in the client: the engine state, who sits where, the AI worker, and the pacing of
//! moves (announcements, dice, flashes) so that a person can follow them.
//!
//! Every change goes through [`crate::rules::play`]; the client never decides a rule itself.
use super::ai_thread::Worker;
use super::log::Log;
use super::words::Names;
use crate::agent::parse_agent;
use crate::data::{CardDb, Deck};
use crate::ids::{CardRef, PlayerId};
use crate::rules::{self, Command, Event};
use crate::state::{Outcome, State};
use std::sync::Arc;
use std::time::Duration;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatKind {
    Human,
    /// An agent spec for [`parse_agent`].
    Ai(String),
}

#[derive(Clone, Debug)]
pub struct Seat {
    pub kind: SeatKind,
    pub name: String,
}

/// Everything needed to start (or restart) a game.
#[derive(Clone)]
pub struct Setup {
    pub db: Arc<CardDb>,
    pub decks: Vec<Deck>,
    pub seats: Vec<Seat>,
    pub seed: u64,
}

/// Dice of one attack, shown long enough to read.
#[derive(Clone, Debug)]
pub struct DiceShow {
    pub attacker: CardRef,
    pub target: CardRef,
    /// A roll hits when it is lower than this.
    pub need: i16,
    pub rolls: Vec<(u8, bool)>,
    pub age: f32,
    pub duration: f32,
}

/// The AI's next move, shown (arrow and banner) before it is played.
#[derive(Clone, Copy, Debug)]
pub struct Announce {
    pub cmd: Command,
    pub by: PlayerId,
    pub age: f32,
    pub duration: f32,
}

/// A short highlight on a card that something happened to.
#[derive(Clone, Copy, Debug)]
pub struct Flash {
    pub card: CardRef,
    pub bad: bool,
    pub age: f32,
}

pub const FLASH_TIME: f32 = 0.9;

pub struct Game {
    pub setup: Setup,
    pub state: State,
    /// The seat drawn at the bottom, whose hand is shown.
    pub viewer: PlayerId,
    pub names: Names,
    pub log: Log,
    /// Legal commands now (empty unless a human may act).
    pub legal: Vec<Command>,
    pub dice: Option<DiceShow>,
    pub announce: Option<Announce>,
    pub flashes: Vec<Flash>,
    /// Animation speed factor (0.25–4).
    pub speed: f32,
    /// Pass automatically when passing is the only legal command.
    pub auto_skip: bool,
    /// Hot-seat: the table is hidden until the next player is ready.
    pub curtain: bool,
    /// Seconds the AI has been thinking about the current move.
    pub thinking: f32,
    /// Bumped at every applied command (the UI drops stale selections).
    pub version: u64,
    /// Seconds since the game ended.
    pub ended_for: f32,
    ai: Option<Worker<State>>,
    pending: Option<u64>,
    ready: Option<Command>,
    wait: f32,
    /// Wait for AI answers (screenshot runs) instead of polling.
    blocking: bool,
}

impl Game {
    /// A fresh game.
    pub fn new(setup: Setup, blocking: bool) -> Game {
        let (state, events) = rules::new_game(setup.db.clone(), &setup.decks, setup.seed);
        Game::with_state(setup, state, &events, blocking)
    }

    /// A game going on from `state` (`events` led to it and are written to the log).
    pub fn with_state(setup: Setup, state: State, events: &[Event], blocking: bool) -> Game {
        let humans: Vec<PlayerId> = seats_of(&setup, true);
        let you = (humans.len() == 1).then(|| humans[0]);
        let viewer = match humans.len() {
            0 => PlayerId(0),
            1 => humans[0],
            _ => state.active,
        };
        let agents = setup
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.kind {
                SeatKind::Ai(spec) => parse_agent(spec, setup.seed.wrapping_mul(31) + i as u64)
                    .or_else(|_| parse_agent("random", setup.seed + i as u64))
                    .ok(),
                SeatKind::Human => None,
            })
            .collect::<Vec<_>>();
        let ai = agents
            .iter()
            .any(|a| a.is_some())
            .then(|| Worker::spawn(agents));
        let names = Names {
            seats: setup.seats.iter().map(|s| s.name.clone()).collect(),
            you,
        };
        let mut g = Game {
            state,
            viewer,
            names,
            log: Log::default(),
            legal: Vec::new(),
            dice: None,
            announce: None,
            flashes: Vec::new(),
            speed: 1.0,
            auto_skip: true,
            curtain: humans.len() > 1,
            thinking: 0.0,
            version: 0,
            ended_for: 0.0,
            ai,
            pending: None,
            ready: None,
            wait: 0.6,
            blocking,
            setup,
        };
        g.log.record(&g.state, events, &g.names);
        g.refresh_legal();
        g
    }

    /// The same seats and decks with the next seed.
    pub fn rematch(&self) -> Game {
        let mut setup = self.setup.clone();
        setup.seed = setup.seed.wrapping_add(1);
        let mut g = Game::new(setup, self.blocking);
        g.speed = self.speed;
        g.auto_skip = self.auto_skip;
        g
    }

    pub fn is_human(&self, p: PlayerId) -> bool {
        matches!(
            self.setup.seats.get(p.index()).map(|s| &s.kind),
            Some(SeatKind::Human)
        )
    }

    pub fn hotseat(&self) -> bool {
        seats_of(&self.setup, true).len() > 1
    }

    pub fn over(&self) -> bool {
        self.state.outcome != Outcome::Ongoing
    }

    /// A human may click now.
    pub fn human_to_act(&self) -> bool {
        !self.over()
            && !self.curtain
            && self.is_human(self.state.active)
            && self.state.active == self.viewer
    }

    /// Reader of private log lines.
    pub fn log_reader(&self) -> Option<PlayerId> {
        Some(self.viewer)
    }

    fn refresh_legal(&mut self) {
        if self.human_to_act() {
            rules::legal_commands_into(&self.state, &mut self.legal);
        } else {
            self.legal.clear();
        }
    }

    /// Hot-seat: the next player has taken the seat.
    pub fn lift_curtain(&mut self) {
        self.curtain = false;
        self.viewer = self.state.active;
        self.refresh_legal();
    }

    /// A human's move (must come from `legal`).
    pub fn submit(&mut self, cmd: Command) {
        if !self.human_to_act() {
            return;
        }
        self.dice = None;
        self.apply(cmd);
    }

    /// The viewer gives up.
    pub fn concede(&mut self) {
        let player = self.viewer;
        if self.over() || !self.is_human(player) {
            return;
        }
        self.announce = None;
        self.ready = None;
        self.pending = None;
        self.apply(Command::Concede { player });
    }

    /// Advances timers and lets the AI (or auto-pass) move when it is time.
    pub fn update(&mut self, dt: f32) {
        self.wait = (self.wait - dt).max(0.0);
        if let Some(d) = &mut self.dice {
            d.age += dt;
            if d.age >= d.duration {
                self.dice = None;
            }
        }
        for f in &mut self.flashes {
            f.age += dt;
        }
        self.flashes.retain(|f| f.age < FLASH_TIME);
        if self.over() {
            self.ended_for += dt;
            return;
        }
        if self.curtain {
            return;
        }
        let active = self.state.active;
        if self.is_human(active) {
            let only_pass = self.legal.len() == 1 && self.legal[0] == Command::Pass;
            if self.auto_skip && only_pass && self.wait <= 0.0 {
                self.apply(Command::Pass);
            }
            return;
        }
        if let Some(a) = &mut self.announce {
            a.age += dt;
            if a.age >= a.duration {
                let cmd = a.cmd;
                self.announce = None;
                self.apply(cmd);
            }
            return;
        }
        self.poll_ai(active, dt);
        if self.wait > 0.0 || self.dice.is_some() {
            return;
        }
        if let Some(mut cmd) = self.ready.take() {
            if let Err(e) = rules::validate(&self.state, &cmd) {
                self.log
                    .note(format!("The AI tried an illegal move ({e}); it passes."));
                cmd = Command::Pass;
            }
            if cmd == Command::Pass {
                self.apply(cmd);
            } else {
                self.announce = Some(Announce {
                    cmd,
                    by: active,
                    age: 0.0,
                    duration: 0.75 / self.speed,
                });
            }
        }
    }

    fn poll_ai(&mut self, active: PlayerId, dt: f32) {
        if self.ready.is_some() {
            return;
        }
        let Some(ai) = &mut self.ai else {
            self.ready = Some(Command::Pass);
            return;
        };
        if self.pending.is_none() {
            self.pending = ai.request(active.index(), &self.state);
            self.thinking = 0.0;
            if self.pending.is_none() {
                self.ready = Some(Command::Pass);
                return;
            }
        }
        self.thinking += dt;
        let reply = if self.blocking {
            ai.wait(Duration::from_secs(60)).ok()
        } else {
            ai.poll()
        };
        if let Some(r) = reply {
            if Some(r.id) == self.pending {
                self.pending = None;
                if r.mv.is_none() {
                    self.log.note("The AI failed to choose a move; it passes.");
                }
                self.ready = Some(r.mv.unwrap_or(Command::Pass));
            }
        }
    }

    fn apply(&mut self, cmd: Command) {
        let events = match rules::play(&mut self.state, cmd) {
            Ok(ev) => ev,
            Err(e) => {
                self.log.note(format!("Not allowed: {e}"));
                return;
            }
        };
        self.version += 1;
        self.log.record(&self.state, &events, &self.names);
        self.wait = if cmd == Command::Pass { 0.3 } else { 0.55 } / self.speed;
        self.take_effects(&events);
        if self.hotseat() && !self.over() && self.state.active != self.viewer {
            self.curtain = true;
        }
        self.refresh_legal();
    }

    fn take_effects(&mut self, events: &[Event]) {
        let mut i = 0;
        while i < events.len() {
            match events[i] {
                Event::CombatDeclared {
                    ship,
                    target,
                    range,
                    defence,
                    ..
                } => {
                    let mut rolls = Vec::new();
                    while let Some(Event::DieRolled { roll, hit }) = events.get(i + 1) {
                        rolls.push((*roll, *hit));
                        i += 1;
                    }
                    let duration = (1.5 + 0.3 * rolls.len() as f32) / self.speed.sqrt();
                    self.dice = Some(DiceShow {
                        attacker: ship,
                        target,
                        need: range - defence,
                        rolls,
                        age: 0.0,
                        duration: duration.max(1.2),
                    });
                }
                Event::Damaged { card, .. } | Event::DebrisDamage { ship: card, .. } => {
                    self.flash(card, true)
                }
                Event::ShipDestroyed { asset, .. } => self.flash(asset, true),
                Event::AssetDestroyed { asset } => self.flash(asset, true),
                Event::Bombarded { target, .. } => self.flash(target, true),
                Event::ShipEntered { ship, .. } => self.flash(ship, false),
                Event::AssetEntered { asset } => self.flash(asset, false),
                Event::UpgradeInstalled { upgrade, .. } => self.flash(upgrade, false),
                Event::Repaired { asset, .. } => self.flash(asset, false),
                _ => {}
            }
            i += 1;
        }
    }

    fn flash(&mut self, card: CardRef, bad: bool) {
        self.flashes.retain(|f| f.card != card);
        self.flashes.push(Flash {
            card,
            bad,
            age: 0.0,
        });
    }

    /// The AI is working on a move (for the "thinking" indicator).
    pub fn ai_thinking(&self) -> bool {
        self.pending.is_some() && !self.is_human(self.state.active)
    }
}

fn seats_of(setup: &Setup, human: bool) -> Vec<PlayerId> {
    setup
        .seats
        .iter()
        .enumerate()
        .filter(|(_, s)| (s.kind == SeatKind::Human) == human)
        .map(|(i, _)| PlayerId(i as u8))
        .collect()
}
