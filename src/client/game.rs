//! One card game in the client: the kit's [`Session`] (state, seats, AI worker, pacing,
//! history, undo) plus what the table shows of it: the log, dice, flashes, the hot-seat
//! curtain.
//!
//! Every change goes through the session, which validates and applies through the rules; the
//! client never decides a rule itself.
use super::log::Log;
use super::words::Names;
use super::ClientError;
use crate::agent::AgentSpec;
use crate::data::{CardDb, Deck};
use crate::ids::{CardRef, PlayerId};
use crate::kit::session::{Seat as KitSeat, Session};
use crate::kit::Ruleset;
use crate::rules::{self, Command, Event};
use crate::scenario::{DeckSource, Handles, ScenarioFile};
use crate::state::State;
use std::path::Path;
use std::sync::Arc;

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
    /// The game itself: state, seats, AI, pacing, history (the kit's session).
    pub session: Session<State>,
    /// The seat drawn at the bottom, whose hand is shown.
    pub viewer: PlayerId,
    pub names: Names,
    pub log: Log,
    pub dice: Option<DiceShow>,
    pub flashes: Vec<Flash>,
    /// Hot-seat: the table is hidden until the next player is ready.
    pub curtain: bool,
}

impl Game {
    /// A fresh game whose save names the card folder `cards`.
    pub fn fresh(setup: Setup, cards: &Path, blocking: bool) -> Game {
        let (state, events) = rules::new_game(setup.db.clone(), &setup.decks, setup.seed);
        let cards = std::fs::canonicalize(cards).unwrap_or_else(|_| cards.to_path_buf());
        let file = ScenarioFile::fresh(
            &cards.to_string_lossy(),
            setup.seed,
            state.turn_limit,
            &setup.decks,
            &setup.db,
        );
        Game::start(setup, state, Some(file), events, blocking)
    }

    /// The game a save file holds, with its seats, history and dice as they were; it goes
    /// on saving there.
    pub fn resume(path: &Path, blocking: bool) -> Result<Game, ClientError> {
        let session = Session::<State>::load(path, None, blocking).map_err(ClientError::file)?;
        let file = session.scenario().ok_or(ClientError::SaveWithoutGame)?;
        let db = session.state().card_db().clone();
        let text = std::fs::read_to_string(path).map_err(|e| ClientError::Read {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        let src = crate::data::locate::Source { path, text: &text };
        let dir = path.parent().unwrap_or(Path::new("."));
        let mut decks = Vec::new();
        for d in file.setup.decks.iter().flatten() {
            let deck = match d {
                DeckSource::Inline(raw) => Deck::check(&src, raw, &db),
                DeckSource::Path(p) => Deck::load(&dir.join(p), &db),
            };
            decks.push(deck.map_err(ClientError::file)?);
        }
        let humans = session
            .seats()
            .iter()
            .filter(|s| **s == KitSeat::Human)
            .count();
        let seats = session
            .seats()
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                KitSeat::Human if humans == 1 => Seat {
                    kind: SeatKind::Human,
                    name: "You".into(),
                },
                KitSeat::Human => Seat {
                    kind: SeatKind::Human,
                    name: format!("Player {}", i + 1),
                },
                KitSeat::Ai(spec) => Seat {
                    kind: SeatKind::Ai(spec.to_string()),
                    name: "AI".into(),
                },
            })
            .collect();
        let setup = Setup {
            db,
            decks,
            seats,
            seed: session.seed(),
        };
        let mut g = Game::from_session(setup, session);
        g.session.autosave = Some(path.to_path_buf());
        Ok(g)
    }

    /// A game going on from `state` (`events` led to it and are written to the log).
    pub fn with_state(setup: Setup, state: State, events: &[Event], blocking: bool) -> Game {
        Game::start(setup, state, None, events.to_vec(), blocking)
    }

    fn start(
        setup: Setup,
        state: State,
        file: Option<ScenarioFile>,
        events: Vec<Event>,
        blocking: bool,
    ) -> Game {
        let seats = setup
            .seats
            .iter()
            .map(|s| match &s.kind {
                SeatKind::Ai(spec) => {
                    KitSeat::Ai(AgentSpec::parse(spec).unwrap_or(AgentSpec::Random))
                }
                SeatKind::Human => KitSeat::Human,
            })
            .collect();
        let labels = Handles::defaults(&state);
        let mut session = Session::new(state, labels, file, events, seats, setup.seed, blocking);
        session.sides = setup.decks.iter().map(|d| d.name.clone()).collect();
        Game::from_session(setup, session)
    }

    fn from_session(setup: Setup, mut session: Session<State>) -> Game {
        let humans: Vec<PlayerId> = seats_of(&setup, true);
        let you = (humans.len() == 1).then(|| humans[0]);
        let state = session.state();
        let viewer = match humans.len() {
            0 => PlayerId(0),
            1 => humans[0],
            _ => state.active,
        };
        let names = Names {
            seats: setup.seats.iter().map(|s| s.name.clone()).collect(),
            you,
        };
        session.auto_pass = true;
        session.pause(0.6);
        let mut g = Game {
            session,
            viewer,
            names,
            log: Log::default(),
            dice: None,
            flashes: Vec::new(),
            curtain: humans.len() > 1,
            setup,
        };
        g.take_fresh();
        g
    }

    /// The engine state (read only: every change goes through the session).
    pub fn state(&self) -> &State {
        self.session.state()
    }

    /// Legal commands now (empty unless a human may click).
    pub fn legal(&self) -> &[Command] {
        if self.human_to_act() {
            self.session.legal()
        } else {
            &[]
        }
    }

    /// The AI's next move, shown (arrow and banner) before it is played.
    pub fn announce(&self) -> Option<Announce> {
        self.session.announced().map(|a| Announce {
            cmd: a.command,
            by: PlayerId(a.seat as u8),
            age: a.age,
            duration: a.duration,
        })
    }

    /// The same seats and decks with the next seed.
    pub fn rematch(&self) -> Game {
        let mut setup = self.setup.clone();
        setup.seed = setup.seed.wrapping_add(1);
        let cards = self
            .session
            .scenario()
            .and_then(|f| f.cards.clone())
            .unwrap_or_else(|| "cards".into());
        let mut g = Game::fresh(setup, Path::new(&cards), self.session_blocking());
        g.session.speed = self.session.speed;
        g.session.auto_pass = self.session.auto_pass;
        g.session.autosave = self.session.autosave.clone();
        g
    }

    fn session_blocking(&self) -> bool {
        self.session.blocking()
    }

    pub fn is_human(&self, p: PlayerId) -> bool {
        self.session.is_human(p.index())
    }

    pub fn hotseat(&self) -> bool {
        seats_of(&self.setup, true).len() > 1
    }

    pub fn over(&self) -> bool {
        self.session.over()
    }

    /// A human may click now.
    pub fn human_to_act(&self) -> bool {
        self.session.human_to_act() && !self.curtain && self.state().active == self.viewer
    }

    /// Reader of private log lines.
    pub fn log_reader(&self) -> Option<PlayerId> {
        Some(self.viewer)
    }

    /// Hot-seat: the next player has taken the seat.
    pub fn lift_curtain(&mut self) {
        self.curtain = false;
        self.viewer = self.state().active;
    }

    /// A human's move: checked by the rules; an illegal one is explained in the log.
    pub fn submit(&mut self, cmd: Command) {
        if !self.human_to_act() {
            return;
        }
        self.dice = None;
        if let Err(e) = self.session.submit(cmd) {
            let why = self.state().describe_error(self.session.labels(), &e);
            self.log.note(format!("Not allowed: {why}"));
        }
        self.take_fresh();
    }

    /// Takes back the viewer's last command and the replies to it.
    pub fn undo(&mut self) -> bool {
        let undone = self.session.undo();
        if undone {
            self.dice = None;
            self.log.note("Took back the last move.");
            if self.hotseat() {
                self.viewer = self.state().active;
            }
        }
        undone
    }

    /// Plays again what the last undo took back (the same dice).
    pub fn redo(&mut self) -> bool {
        let redone = self.session.redo();
        if redone {
            self.log.note("Played the move again.");
            self.take_fresh();
        }
        redone
    }

    /// The viewer gives up.
    pub fn concede(&mut self) {
        let player = self.viewer;
        if self.over() || !self.is_human(player) {
            return;
        }
        if let Err(e) = self.session.submit(Command::Concede { player }) {
            let why = self.state().describe_error(self.session.labels(), &e);
            self.log.note(format!("Not allowed: {why}"));
        }
        self.take_fresh();
    }

    /// Advances timers and lets the AI (or auto-pass) move when it is time.
    pub fn update(&mut self, dt: f32) {
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
        if self.curtain && !self.over() {
            return;
        }
        if self.dice.is_some() && !self.session.human_to_act() {
            // Let the dice be read before the AI goes on.
            self.session.pause(dt);
        }
        self.session.update(dt);
        self.take_fresh();
        if let Some(line) = self.session.take_problem() {
            self.log.note(line);
        }
    }

    /// Logs and animates the commands the session played since the last call.
    fn take_fresh(&mut self) {
        let fresh = self.session.fresh_steps();
        if fresh.is_empty() {
            return;
        }
        for i in fresh {
            let step = &self.session.history()[i];
            let after = self
                .session
                .history()
                .get(i + 1)
                .map(|s| &s.before)
                .unwrap_or(self.session.state());
            self.log.record(after, &step.events, &self.names);
            let events = step.events.clone();
            self.take_effects(&events);
        }
        if self.hotseat() && !self.over() && self.state().active != self.viewer {
            self.curtain = true;
        }
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
                    let duration = (1.5 + 0.3 * rolls.len() as f32) / self.session.speed.sqrt();
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
        self.session.thinking().is_some()
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
