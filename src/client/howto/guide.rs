//! The guided first match: a fixed game (Vanguard at Terra against the easy AI's Bastion at
//! Ares Prime, you first) and the table of [`STEPS`] that walks a newcomer through one turn of
//! each phase. Each step names the thing to click and what finishes it; the guide follows the
//! commands the session applies (and the turn and phase they lead to), never the mouse, so it
//! stays right after an undo or a move made another way. Steps the game has already gone past
//! are dropped. [`super::callout`] draws the current step.
use crate::ids::{CardRef, PlayerId};
use crate::kit::session::Session;
use crate::rules::Command;
use crate::state::{Phase, State, Zone};

/// The guided match's seed: with the decks below, you play first.
pub const SEED: u64 = 2;
/// Your deck and the AI's, as files (`assets/guide/`), built in: the guided game stays the
/// same game when the shipped decks in `decks/` change order or cards for balance.
pub const DECKS: [(&str, &str); 2] = [
    (
        "assets/guide/vanguard.yaml",
        include_str!("../../../assets/guide/vanguard.yaml"),
    ),
    (
        "assets/guide/bastion.yaml",
        include_str!("../../../assets/guide/bastion.yaml"),
    ),
];

/// The guided match's two decks, checked against the card table `db`; a deck the cards no
/// longer allow is an error naming its file, line and field.
pub fn decks(db: &crate::data::CardDb) -> Result<[crate::data::Deck; 2], String> {
    let deck = |(path, text): (&str, &str)| {
        crate::data::Deck::parse(std::path::Path::new(path), text, db).map_err(|e| e.to_string())
    };
    Ok([deck(DECKS[0])?, deck(DECKS[1])?])
}

/// The AI's level: the easy one.
pub const AI: &str = "greedy";

/// What a step points at on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Nothing: the callout sits at the top of the table.
    None,
    /// The pass button at the right end of the phase bar.
    PassButton,
    /// The orbit counter's dial at the left end of the phase bar.
    Dial,
    /// Your homeworld card.
    Homeworld,
    /// The first card of this id in your hand.
    HandCard(&'static str),
    /// Your first face-down project.
    Project,
    /// Your first ship in play.
    MyShip,
}

/// What a player does to a step's card or button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Research,
    Start,
    Contribute,
    /// A burn or a transfer.
    Maneuver,
}

impl Kind {
    fn matches(self, c: &Command) -> bool {
        matches!(
            (self, c),
            (Kind::Research, Command::Research { .. })
                | (Kind::Start, Command::Start { .. })
                | (Kind::Contribute, Command::Contribute { .. })
                | (
                    Kind::Maneuver,
                    Command::Burn { .. } | Command::Transfer { .. }
                )
        )
    }
}

/// What finishes a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// The player reads it and clicks "Got it".
    Read,
    /// The player plays a command of this kind.
    Played(Kind),
    /// The game moves past the step's turn and phase (a pass, or the AI's turn ending).
    Passed,
}

/// One step of the guide.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// Your turn (1 = your first) during which the step is shown.
    pub turn: u16,
    /// Your phase then; `None`: the AI's turn after yours.
    pub phase: Option<Phase>,
    pub title: &'static str,
    pub text: &'static str,
    /// What to point at while nothing is selected.
    pub target: Target,
    /// What to point at once a card is selected.
    pub then: Target,
    pub until: Until,
}

const fn step(
    turn: u16,
    phase: Option<Phase>,
    title: &'static str,
    text: &'static str,
    target: Target,
    then: Target,
    until: Until,
) -> Step {
    Step {
        turn,
        phase,
        title,
        text,
        target,
        then,
        until,
    }
}

use Phase::{Construction, Maneuvers, Repair, Research};
use Target::{Dial, HandCard, Homeworld, MyShip, PassButton, Project};

/// The guided match, step by step.
pub const STEPS: &[Step] = &[
    step(1, Some(Maneuvers), "Welcome to Orbitals",
        "You play the bottom side: Terra, your homeworld, with its three orbitals stacked above it. \
         The AI plays Ares Prime at the top. Destroy the other homeworld to win.\n\
         This guide walks you through your first three turns; skip it whenever you like.",
        Target::None, Target::None, Until::Read),
    step(1, Some(Maneuvers), "1. Upkeep happened by itself",
        "Each turn starts with upkeep: the orbit counter (this dial) moves on, which turns every \
         asset's transfer dial, and your ships refill their delta-vee (dv), the fuel every move \
         is paid with. The pills beside it show the six phases; yours is lit.",
        Dial, Dial, Until::Read),
    step(1, Some(Maneuvers), "2. Maneuvers",
        "In Maneuvers your spacecraft fly and fight. You have none yet, so press End maneuvers \
         (or Space).",
        PassButton, PassButton, Until::Passed),
    step(1, Some(Research), "3. Research",
        "Click the Research button on Terra (or click Terra, then Research in the panel on the \
         right): Terra taps and you draw a card.",
        Homeworld, Target::None, Until::Played(Kind::Research)),
    step(1, Some(Research), "Terra is tapped",
        "A tapped asset has acted this turn: research, repair and building each tap an asset, \
         so Terra cannot build now. Press End research.",
        PassButton, PassButton, Until::Passed),
    step(1, Some(Repair), "4. Repair",
        "An untapped asset with damage may tap to remove 1 damage. Nothing of yours is damaged: \
         press End repair.",
        PassButton, PassButton, Until::Passed),
    step(1, Some(Construction), "5. Construction",
        "Click the Wasp in your hand, then Terra: the Wasp becomes a face-down project on Terra. \
         It enters play when assets have added its cost (2 build points) to it.",
        HandCard("wasp"), Homeworld, Until::Played(Kind::Start)),
    step(1, Some(Construction), "6. End of turn",
        "Terra is tapped, so it builds next turn. Press End turn (confirm if asked): at the end \
         of your turn your cards untap.",
        PassButton, PassButton, Until::Passed),
    step(1, None, "The AI's turn",
        "The AI plays now. Each of its moves is announced on the table and written in the log \
         on the right.",
        Target::None, Target::None, Until::Passed),
    step(2, Some(Maneuvers), "Your second turn",
        "Upkeep moved the orbit counter again. Still no ships: press End maneuvers.",
        PassButton, PassButton, Until::Passed),
    step(2, Some(Research), "Keep Terra for building",
        "This time do not research, so that Terra stays untapped and can build: press End \
         research.",
        PassButton, PassButton, Until::Passed),
    step(2, Some(Repair), "Repair",
        "Nothing to repair: press End repair.",
        PassButton, PassButton, Until::Passed),
    step(2, Some(Construction), "Build the Wasp",
        "Click Terra, then your project: Terra adds its 3 build points, enough for the Wasp, \
         which enters Terra's orbital 1. (No project? Start one from your hand first.)",
        Homeworld, Project, Until::Played(Kind::Contribute)),
    step(2, Some(Construction), "A new ship",
        "A ship cannot move on the turn it arrives; it is marked \"new\". Press End turn.",
        PassButton, PassButton, Until::Passed),
    step(2, None, "The AI's turn",
        "The AI plays. Watch its ships: a ship can only attack ships at the same asset.",
        Target::None, Target::None, Until::Passed),
    step(3, Some(Maneuvers), "Fly your Wasp",
        "Click your Wasp. The orbitals it can reach light up with their cost in dv; click one. \
         A burn moves one orbital up or down; from the outermost orbital a transfer flies to \
         another asset.",
        MyShip, Target::None, Until::Played(Kind::Maneuver)),
    step(3, Some(Maneuvers), "You know a whole turn",
        "Play on as you like: research, build ships, send them to Ares Prime to fight its ships \
         and bombard it. Hover any card or word for an explanation; How to play in the menu has \
         the whole rule book. Good luck!",
        Target::None, Target::None, Until::Read),
];

/// Where the game stands for the guide: (your turn, phase order), the AI's turn after yours
/// counting as a seventh phase.
fn position(st: &State, you: PlayerId) -> (u16, u8) {
    let turn = if st.first_player == you {
        st.turn.div_ceil(2)
    } else {
        st.turn / 2
    };
    if st.active == you {
        (turn, st.phase as u8)
    } else {
        (turn, Phase::ALL.len() as u8)
    }
}

fn key(s: &Step) -> (u16, u8) {
    (s.turn, s.phase.map_or(Phase::ALL.len() as u8, |p| p as u8))
}

/// The guide of one game.
#[derive(Clone, Debug)]
pub struct Guide {
    /// Index of the current step in [`STEPS`] (`STEPS.len()`: finished or skipped).
    pub step: usize,
    you: PlayerId,
    /// History entries of the session already looked at.
    seen: usize,
    /// Steps still to be played by [`Guide::demo`] (screenshots and tests).
    pub demo_steps: usize,
}

impl Guide {
    pub fn new(you: PlayerId) -> Guide {
        Guide {
            step: 0,
            you,
            seen: 0,
            demo_steps: 0,
        }
    }

    pub fn current(&self) -> Option<&'static Step> {
        STEPS.get(self.step)
    }

    pub fn finished(&self) -> bool {
        self.step >= STEPS.len()
    }

    /// "Got it" on a step to read.
    pub fn read(&mut self) {
        if self.current().is_some_and(|s| s.until == Until::Read) {
            self.step += 1;
        }
    }

    pub fn skip(&mut self) {
        self.step = STEPS.len();
    }

    /// Follows the commands the session applied since the last call, then drops the steps the
    /// game has gone past.
    pub fn follow(&mut self, session: &Session<State>) {
        let history = session.history();
        self.seen = self.seen.min(history.len());
        for h in &history[self.seen..] {
            let done = match (self.current().map(|s| s.until), &h.command) {
                (Some(Until::Played(kind)), Some(c)) => {
                    h.seat == self.you.0 as usize && kind.matches(c)
                }
                _ => false,
            };
            if done {
                self.step += 1;
            }
        }
        self.seen = history.len();
        let now = position(session.state(), self.you);
        while self.current().is_some_and(|s| key(s) < now) {
            self.step += 1;
        }
    }

    /// The command that does the current step for the player (`None`: nothing to play, e.g.
    /// during the AI's turn or for a step to read).
    pub fn demo_command(&self, st: &State, legal: &[Command]) -> Option<Command> {
        let s = self.current()?;
        match s.until {
            Until::Read => None,
            Until::Passed if st.active == self.you => {
                legal.contains(&Command::Pass).then_some(Command::Pass)
            }
            Until::Passed => None,
            Until::Played(kind) => legal
                .iter()
                .find(|c| kind.matches(c) && self.fits_target(st, s.target, c))
                .or_else(|| legal.iter().find(|c| kind.matches(c)))
                .copied(),
        }
    }

    /// Whether a command uses the card a step points at.
    fn fits_target(&self, st: &State, t: Target, c: &Command) -> bool {
        match (t, *c) {
            (Target::HandCard(_), Command::Start { card, .. }) => {
                Some(card) == target_card(st, self.you, t)
            }
            (
                Target::Homeworld,
                Command::Research { asset } | Command::Contribute { asset, .. },
            ) => Some(asset) == st.homeworld(self.you),
            _ => true,
        }
    }

    /// Plays the current step for the player when [`Guide::demo_steps`] asks for it: a step to
    /// read is read, a step to play is played. Returns the command to submit.
    pub fn demo(&mut self, st: &State, legal: &[Command], human_to_act: bool) -> Option<Command> {
        if self.demo_steps == 0 || self.finished() {
            return None;
        }
        let s = self.current()?;
        if s.until == Until::Read {
            self.demo_steps -= 1;
            self.read();
            return None;
        }
        if !human_to_act {
            return None;
        }
        let c = self.demo_command(st, legal)?;
        self.demo_steps -= 1;
        Some(c)
    }
}

/// The card a target names, when it is a card.
pub fn target_card(st: &State, you: PlayerId, t: Target) -> Option<CardRef> {
    match t {
        Target::Homeworld => st.homeworld(you),
        Target::HandCard(id) => st
            .zone(you, Zone::Hand)
            .find(|(r, _)| st.card_of(*r).id == id)
            .map(|(r, _)| r),
        Target::Project => st.zone(you, Zone::Project).next().map(|(r, _)| r),
        Target::MyShip => st.zone(you, Zone::Ship).next().map(|(r, _)| r),
        Target::None | Target::PassButton | Target::Dial => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::AgentSpec;
    use crate::data::CardDb;
    use crate::kit::session::Seat;
    use std::path::Path;
    use std::sync::Arc;

    fn session() -> Session<State> {
        let db = Arc::new(CardDb::load_dir(Path::new("cards")).expect("cards"));
        let decks = decks(&db).expect("the guide's decks");
        let (st, events) = crate::rules::new_game(db, &decks, SEED);
        let seats = vec![Seat::Human, Seat::Ai(AgentSpec::parse(AI).expect("level"))];
        Session::new(st, Default::default(), None, events, seats, SEED, true)
    }

    /// Every step is reached and finished by doing what it says, against the easy AI, in the
    /// game the menu starts: no step is skipped because the game could not get there.
    #[test]
    fn a_player_following_the_steps_reaches_the_end() {
        let mut s = session();
        assert_eq!(
            s.state().active,
            PlayerId(0),
            "the guided match starts with you"
        );
        let mut g = Guide::new(PlayerId(0));
        let mut shown = Vec::new();
        for _ in 0..2000 {
            g.follow(&s);
            if g.finished() {
                break;
            }
            if shown.last() != Some(&g.step) {
                shown.push(g.step);
            }
            let step = g.current().expect("a step");
            if step.until == Until::Read {
                g.read();
                continue;
            }
            if s.human_to_act() {
                let c = g
                    .demo_command(s.state(), s.legal())
                    .expect("the step can be done");
                s.submit(c).expect("legal");
            } else {
                s.update(10.0);
            }
        }
        assert!(g.finished(), "stuck at step {}", g.step);
        assert_eq!(shown, (0..STEPS.len()).collect::<Vec<_>>(), "steps skipped");
        assert!(s.state().zone(PlayerId(0), Zone::Ship).count() >= 1);
    }

    /// A player who ignores the guide and passes on finds the guide at the step of the phase
    /// they are in, not behind.
    #[test]
    fn steps_the_game_went_past_are_dropped() {
        let mut s = session();
        let mut g = Guide::new(PlayerId(0));
        s.submit(Command::Pass).expect("pass maneuvers");
        s.submit(Command::Pass).expect("pass research");
        g.follow(&s);
        let step = g.current().expect("a step");
        assert_eq!((step.turn, step.phase), (1, Some(Phase::Repair)));
        g.skip();
        assert!(g.finished() && g.current().is_none());
    }
}
