//! Setup (G11): the table is checked, players roll off for the first player, then each places
//! one rover on an empty HQ in turn order, starting with the first player; then play begins with
//! the first player's turn.
//!
//! **Roll-off.** Every player rolls a d6 (forced dice first, then the state's RNG); the players
//! tied for the highest roll roll again until one is highest.
use super::actions::first_turn;
use super::error::RuleError;
use super::event::{Event, EventSink};
use super::state::{
    Config, Loc, Phase, Rover, State, MAX_HP, MAX_PLANETS, MAX_PLAYERS, MIN_PLAYERS,
};
use crate::globe::Board;
use crate::ids::PlayerId;

/// G11, G13, G17: is this a table Globetrotter can be played on?
pub fn check_config(c: &Config) -> Result<(), RuleError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&c.players) {
        return Err(RuleError::PlayerCount { players: c.players });
    }
    if !(1..=MAX_PLANETS).contains(&c.planets) {
        return Err(RuleError::PlanetCount { planets: c.planets });
    }
    if c.turn_limit == 0 {
        return Err(RuleError::NoTurns);
    }
    Ok(())
}

/// A new game: the table checked, the roll-off made. The state is in setup, waiting for the
/// first player's `place`.
pub fn new_game(config: Config, seed: u64) -> Result<(State, Vec<Event>), RuleError> {
    check_config(&config)?;
    let mut s = State::empty(config, seed);
    let mut ev = Vec::new();
    start(&mut s, &mut ev);
    Ok((s, ev))
}

/// The roll-off of a state made by [`State::empty`] (set `forced_dice` first to choose it).
pub(crate) fn start(s: &mut State, ev: &mut impl EventSink) {
    let mut contenders: Vec<PlayerId> = s.player_ids().collect();
    while contenders.len() > 1 {
        let mut best = 0;
        let mut rolls = Vec::with_capacity(contenders.len());
        for &p in &contenders {
            let roll = s.roll_d6();
            ev.push(Event::RollOff { player: p, roll });
            best = best.max(roll);
            rolls.push((p, roll));
        }
        contenders = rolls
            .into_iter()
            .filter(|&(_, r)| r == best)
            .map(|(p, _)| p)
            .collect();
    }
    let first = contenders.first().copied().unwrap_or(PlayerId(0));
    s.first_player = first;
    s.active = first;
    s.phase = Phase::Setup;
    ev.push(Event::FirstPlayer { player: first });
}

pub fn validate_place(s: &State, at: Loc, facing: Option<u8>) -> Result<(), RuleError> {
    if s.outcome != super::Outcome::Ongoing {
        return Err(RuleError::GameOver);
    }
    if s.phase != Phase::Setup {
        return Err(RuleError::NotSetup { command: "place" });
    }
    s.playable(at)?;
    if !Board::get().is_hq(at.face) {
        return Err(RuleError::PlaceNotHq(at));
    }
    if !s.space(at).is_empty() {
        return Err(RuleError::PlaceOccupied(at));
    }
    s.new_facing(at.face, facing)?;
    Ok(())
}

pub(crate) fn apply_place(s: &mut State, at: Loc, facing: Option<u8>, ev: &mut impl EventSink) {
    let player = s.active;
    let facing = s.new_facing(at.face, facing).unwrap_or(0);
    s.space_mut(at).rover = Some(Rover {
        owner: player,
        hp: MAX_HP,
        facing,
    });
    ev.push(Event::Placed { player, at });
    if s.config.facing {
        ev.push(Event::Faced { at, facing });
    }
    let next = s.next_player(player);
    if next == s.first_player {
        s.phase = Phase::Play;
        first_turn(s, ev);
    } else {
        s.active = next;
    }
}
