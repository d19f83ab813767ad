//! The AI thinks on a background thread so a frontend never freezes, for any game that
//! implements [`crate::agent::game::Game`]. The [`super::session::Session`] drives it.
//!
//! The main thread sends a clone of the state (it is `Clone + Send`) with the seat to play; the
//! worker answers with a move on a channel, which the main thread polls every frame. A panic
//! inside an agent becomes `None` (the session reports it), and dropping the [`Worker`] ends
//! the thread after its current move.
use crate::agent::game::Game;
use crate::agent::Agent;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

struct Request<G> {
    id: u64,
    seat: usize,
    state: Box<G>,
}

/// One answer: the request id and the move (`None` if the agent failed).
pub struct Reply<M> {
    pub id: u64,
    pub mv: Option<M>,
}

/// Handle to the AI thread.
pub struct Worker<G: Game + 'static> {
    tx: Option<Sender<Request<G>>>,
    rx: Receiver<Reply<G::Move>>,
    next_id: u64,
}

impl<G: Game + 'static> Worker<G>
where
    G::Move: Send + 'static,
{
    /// Starts the thread; `agents[seat]` plays that seat (`None` for people).
    pub fn spawn(mut agents: Vec<Option<Box<dyn Agent<G>>>>) -> Worker<G> {
        let (req_tx, req_rx) = channel::<Request<G>>();
        let (rep_tx, rep_rx) = channel::<Reply<G::Move>>();
        let spawned = std::thread::Builder::new()
            .name("orbitals-ai".into())
            .spawn(move || {
                for req in req_rx {
                    let mv = agents
                        .get_mut(req.seat)
                        .and_then(|a| a.as_mut())
                        .and_then(|a| catch_unwind(AssertUnwindSafe(|| a.choose(&req.state))).ok());
                    if rep_tx.send(Reply { id: req.id, mv }).is_err() {
                        break;
                    }
                }
            });
        Worker {
            tx: spawned.ok().map(|_| req_tx),
            rx: rep_rx,
            next_id: 1,
        }
    }

    /// Asks for a move; `None` if the worker is gone.
    pub fn request(&mut self, seat: usize, state: &G) -> Option<u64> {
        let id = self.next_id;
        self.next_id += 1;
        self.tx
            .as_ref()?
            .send(Request {
                id,
                seat,
                state: Box::new(state.clone()),
            })
            .ok()?;
        Some(id)
    }

    /// A finished answer, if any (never blocks).
    pub fn poll(&self) -> Option<Reply<G::Move>> {
        self.rx.try_recv().ok()
    }

    /// Waits up to `timeout` (screenshot runs); `Err(true)` when the worker is gone.
    pub fn wait(&self, timeout: Duration) -> Result<Reply<G::Move>, bool> {
        match self.rx.recv_timeout(timeout) {
            Ok(r) => Ok(r),
            Err(RecvTimeoutError::Timeout) => Err(false),
            Err(RecvTimeoutError::Disconnected) => Err(true),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::parse_agent;
    use crate::agent::random::RandomAgent;
    use crate::data::{CardDb, Deck};
    use crate::globetrotter::{new_game, validate, Config, State};
    use std::path::Path;
    use std::sync::Arc;

    #[test]
    fn worker_answers_with_a_legal_command() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let db = Arc::new(CardDb::load_dir(&root.join("cards")).unwrap());
        let d1 = Deck::load(&root.join("decks/vanguard.yaml"), &db).unwrap();
        let d2 = Deck::load(&root.join("decks/bastion.yaml"), &db).unwrap();
        let (s, _) = crate::rules::new_game(db, &[d1, d2], 5);
        let agents = vec![
            Some(parse_agent("random", 1).unwrap()),
            Some(parse_agent("random", 2).unwrap()),
        ];
        let mut w = Worker::spawn(agents);
        let id = w.request(s.active.index(), &s).unwrap();
        let r = w.wait(Duration::from_secs(10)).unwrap();
        assert_eq!(r.id, id);
        assert!(crate::rules::validate(&s, &r.mv.unwrap()).is_ok());
    }

    #[test]
    fn worker_answers_with_a_legal_globetrotter_command() {
        let (s, _) = new_game(Config::default(), 4).unwrap();
        let agents: Vec<Option<Box<dyn Agent<State>>>> = vec![
            Some(Box::new(RandomAgent::<State>::new(1))),
            Some(Box::new(RandomAgent::<State>::new(2))),
        ];
        let mut w = Worker::spawn(agents);
        let id = w.request(s.active.index(), &s).unwrap();
        let r = w.wait(Duration::from_secs(10)).ok().unwrap();
        assert_eq!(r.id, id);
        assert!(validate(&s, &r.mv.unwrap()).is_ok());
    }
}
