//! Undo and redo: how far back a person may take their commands (never past an outcome hidden
//! from them, never into another person's turn), and redo that plays them again exactly.
use super::Session;
use crate::kit::ruleset::Ruleset;

impl<R: Ruleset> Session<R> {
    /// Takes back the last command a person gave, with the AI replies played after it (see
    /// [`Session::can_undo`] for how far back it may go). False when nothing can be taken back.
    pub fn undo(&mut self) -> bool {
        let Some(at) = self.undo_to else {
            return false;
        };
        let undone: Vec<R::Move> = self.history[at..]
            .iter()
            .filter_map(|s| s.command)
            .collect();
        self.state = self.history[at].before.clone();
        self.history.truncate(at);
        self.hidden.get_mut().truncate(at);
        self.redo.push(undone);
        self.after_jump();
        true
    }

    /// Plays again the commands the last undo took back, exactly as they were played (the
    /// generator is where it was, so every die comes out the same). False when there is
    /// nothing to redo.
    pub fn redo(&mut self) -> bool {
        let Some(commands) = self.redo.pop() else {
            return false;
        };
        for command in commands {
            if self.state.validate(&command).is_err() {
                // Cannot happen from the same state; never play a command the rules refuse.
                self.redo.clear();
                break;
            }
            self.play_step(command);
        }
        self.after_jump();
        true
    }

    /// Is there an undo to redo?
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// After undo or redo: nothing pending, the person acts at once.
    pub(super) fn after_jump(&mut self) {
        self.handed = self.handed.min(self.history.len());
        self.pending = None;
        self.ready = None;
        self.announce = None;
        self.ended_for = 0.0;
        self.wait = 0.0;
        self.version += 1;
        self.refresh_legal();
        self.refresh_undo();
        self.write_autosave();
    }

    /// Can [`Session::undo`] take anything back? It can when a person gave a command, and
    /// neither that command nor an AI reply after it had an outcome hidden from them (a die,
    /// a card from a pile they cannot see), and, in hot-seat, no other person is to move.
    pub fn can_undo(&self) -> bool {
        self.undo_to.is_some()
    }

    pub(super) fn refresh_undo(&mut self) {
        self.undo_to = self.find_undo();
    }

    pub(super) fn find_undo(&self) -> Option<usize> {
        let at = self
            .history
            .iter()
            .rposition(|s| s.command.is_some() && self.is_human(s.seat))?;
        let seat = self.history[at].seat;
        let mover = self.state.current_player();
        if !self.over() && self.is_human(mover) && mover != seat {
            return None;
        }
        // Newest first: a recent die ends the search at once. Each step is tried once.
        (at..self.history.len())
            .rev()
            .all(|i| !self.hidden_cached(i, seat))
            .then_some(at)
    }

    pub(super) fn hidden_cached(&self, i: usize, seat: usize) -> bool {
        let mut cache = self.hidden.borrow_mut();
        cache.truncate(self.history.len());
        cache.resize(self.history.len(), None);
        if let Some((s, h)) = cache[i] {
            if s == seat {
                return h;
            }
        }
        let h = self.hidden_outcome(i, seat);
        cache[i] = Some((seat, h));
        h
    }

    /// Did step `i` turn out in a way `seat` could not foresee? Its command is played again
    /// from two positions `seat` cannot tell from the real one ([`crate::agent::game::Game::determinize`]:
    /// other dice, other hidden cards); any difference in the events means it did.
    pub(super) fn hidden_outcome(&self, i: usize, seat: usize) -> bool {
        let step = &self.history[i];
        let Some(command) = step.command else {
            return false;
        };
        let events = |seed: u64| {
            let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
            let mut s = step.before.determinize(seat, &mut rng);
            if s.validate(&command).is_err() {
                return None;
            }
            let mut out = Vec::new();
            s.apply_into(command, &mut out);
            Some(format!("{out:?}"))
        };
        let real = Some(format!("{:?}", step.events));
        events(0x5eed_0001) != real || events(0x5eed_0002) != real
    }
}
